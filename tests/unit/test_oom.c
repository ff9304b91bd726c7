/* SPDX-License-Identifier: MIT */
/*
 * test_oom.c - out-of-memory behaviour: an allocator that fails its Nth call
 * is handed to the reader (buffer and callback), pdn_game_parse() and
 * pdn_game_clone(), for N = 1, 2, 3, ... until a run no longer reaches the
 * failure.  Every run must end in success or PDN_ENOMEM, never crash, and
 * give back every byte it took (the allocator keeps the balance; the
 * sanitizer build also checks for leaks).  The objects must stay freeable
 * after PDN_ENOMEM.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"

/* ---------------------------------------------------------------------- */
/* A counting allocator that fails on request                             */
/* ---------------------------------------------------------------------- */

typedef struct failing {
    uint64_t calls;   /* allocations and resizes (frees are not counted) */
    uint64_t fail_at; /* the call that returns NULL; 0: never */
    int failed;
    int64_t live_blocks;
    int64_t live_bytes;
    uint64_t bad_frees; /* frees of NULL or of size 0 */
} failing;

static void *failing_realloc(void *ctx, void *ptr, size_t old_size, size_t new_size)
{
    failing *f = ctx;
    if (new_size == 0) {
        if (!ptr || old_size == 0)
            f->bad_frees++;
        free(ptr);
        if (ptr) {
            f->live_blocks--;
            f->live_bytes -= (int64_t)old_size;
        }
        return NULL;
    }
    if (++f->calls == f->fail_at) {
        f->failed = 1;
        return NULL;
    }
    void *p = realloc(ptr, new_size);
    if (!p)
        return NULL;
    if (!ptr)
        f->live_blocks++;
    f->live_bytes += (int64_t)new_size - (int64_t)(ptr ? old_size : 0);
    return p;
}

static void failing_init(failing *f, uint64_t fail_at)
{
    memset(f, 0, sizeof *f);
    f->fail_at = fail_at;
}

static pdn_allocator failing_allocator(failing *f)
{
    pdn_allocator a = {failing_realloc, f};
    return a;
}

/* ---------------------------------------------------------------------- */
/* The input                                                              */
/* ---------------------------------------------------------------------- */

/* Small, but it reaches every allocation site of the reading pipeline:
 * tags (escaped values go to a side buffer), header comments, comments with
 * commands, nested and unclosed variations, setups, NAGs, captured lists,
 * many diagnostics, chess, and a Latin-1 game that has to be decoded. */
static const char input[] =
    "% header line\n"
    "[Event \"Club \\\"match\\\" \\\\ x\"]\n"
    "[Site \"Utrecht\"]\n"
    "[Date \"2024.03.09\"]\n"
    "[Result \"2-0\"]\n"
    "[GameType \"20\"]\n"
    "[TimeControl \"40/7200:3600\"]\n"
    "{start} 1. {before} 32-28! {[%clk 1:55:21] [%eval 0.3] after} $1 19-23 "
    "(18-23 38-32 (37-32? 23-29! {[%clock w0:00:10 B0:00:03]}) 12-18) "
    "2. 28x19 14x23 <19> 3. 33-28 ... 18-22 4. - - 27x18 5. 3228 A3-B4 06-11 2-0\n"
    "[Event \"setup\"]\n"
    "/FEN \"W:W31-50:B1-20\"/ 1. 31-26 17-21 ; semi\n"
    "/FEN \"B::\"/ ( /FEN \"W:WK10:B12\"/ 10-5 ) $7 $14 *\n"
    "[Event \"chess\"]\n"
    "[GameType \"0\"]\n"
    "1. e4 e5 2. Nf3 {[%clk 0:05:00]} Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 1-0\n"
    "[Event \"Tournoi \xe0 Montr\xe9\x61l\"]\n"
    "[White \"Fran\xe7ois\"]\n"
    "1. 32-28 {tr\xe8s bien} (1. 33-28 (1. 34-29 *\n"
    "[event \"lower\"][Site \"glued\"]\n"
    "1. 32-28 } ) 19-23\n"
    "[Event \"last\"]\n"
    "1. 32-28 { unclosed";

/* ---------------------------------------------------------------------- */
/* One run                                                                */
/* ---------------------------------------------------------------------- */

static int null_write(void *ctx, const char *p, size_t n)
{
    (void)p;
    *(uint64_t *)ctx += n;
    return 0;
}

typedef struct outcome {
    pdn_status status; /* PDN_OK when the whole run succeeded */
    uint64_t games;
    uint64_t bytes_written;
} outcome;

/* Reads every game through `r` with the allocator of `al` for clones too. */
static outcome read_everything(pdn_reader *r, const pdn_allocator *al)
{
    outcome o = {PDN_OK, 0, 0};
    pdn_sink sink = {null_write, &o.bytes_written};
    const pdn_game *g;
    pdn_status st;
    while ((st = pdn_reader_next(r, &g)) == PDN_OK) {
        o.games++;
        pdn_game *copy = NULL;
        pdn_status cs = pdn_game_clone(&copy, g, al);
        if (cs != PDN_OK) {
            CHECK(copy == NULL);
            o.status = cs;
            return o;
        }
        /* The writers never allocate. */
        CHECK_EQ_INT(pdn_write_pdn(g, NULL, sink), PDN_OK);
        CHECK_EQ_INT(pdn_write_json(g, NULL, sink), PDN_OK);
        CHECK_EQ_INT(pdn_write_pdn(copy, NULL, sink), PDN_OK);
        CHECK_EQ_INT(pdn_write_json(copy, NULL, sink), PDN_OK);
        pdn_game_free(copy);
    }
    o.status = st == PDN_DONE ? PDN_OK : st;
    return o;
}

/* A callback over `input`, 5 bytes a call. */
typedef struct feed {
    size_t pos;
} feed;

static size_t feed_read(void *ctx, char *out, size_t size)
{
    feed *f = ctx;
    size_t n = sizeof input - 1 - f->pos;
    if (n > 5)
        n = 5;
    if (n > size)
        n = size;
    memcpy(out, input + f->pos, n);
    f->pos += n;
    return n;
}

enum { VIA_BUFFER, VIA_CALLBACK };

static outcome run_reader(int via, pdn_mode mode, failing *f)
{
    pdn_allocator al = failing_allocator(f);
    pdn_read_options opts = PDN_READ_OPTIONS_INIT;
    opts.mode = mode;
    opts.allocator = &al;
    pdn_reader *r = NULL;
    feed fd = {0};
    pdn_status st = via == VIA_BUFFER
                        ? pdn_reader_new_buffer(&r, input, sizeof input - 1, &opts)
                        : pdn_reader_new_callback(&r, feed_read, &fd, &opts);
    outcome o = {st, 0, 0};
    if (st != PDN_OK) {
        CHECK(r == NULL);
        return o;
    }
    o = read_everything(r, &al);
    pdn_reader_free(r);
    return o;
}

/* ---------------------------------------------------------------------- */
/* The sweep                                                              */
/* ---------------------------------------------------------------------- */

/* Limits the sweep should never reach: a run of this input makes a few
 * hundred allocations. */
#define MAX_SWEEP 100000

typedef outcome (*run_fn)(failing *f, void *arg);

static void sweep(const char *name, run_fn run, void *arg)
{
    /* The reference: no failure. */
    failing f;
    failing_init(&f, 0);
    outcome ref = run(&f, arg);
    CHECK_EQ_INT(ref.status, PDN_OK);
    CHECK_EQ_INT(f.live_blocks, 0);
    CHECK_EQ_INT(f.live_bytes, 0);
    CHECK_EQ_INT(f.bad_frees, 0);
    uint64_t total_calls = f.calls;
    CHECK(total_calls > 0);

    uint64_t n, enomem = 0, bad = 0;
    for (n = 1; n <= MAX_SWEEP; n++) {
        failing_init(&f, n);
        outcome o = run(&f, arg);
        if (f.live_blocks != 0 || f.live_bytes != 0 || f.bad_frees != 0) {
            bad++;
            fprintf(stderr, "    %s: failing allocation %llu: %lld blocks, %lld bytes left, "
                            "%llu bad frees\n",
                    name, (unsigned long long)n, (long long)f.live_blocks,
                    (long long)f.live_bytes, (unsigned long long)f.bad_frees);
        }
        if (!f.failed) {
            /* The failure was not reached: the run is complete. */
            CHECK_EQ_INT(o.status, PDN_OK);
            CHECK_EQ_INT(o.games, ref.games);
            CHECK_EQ_INT(o.bytes_written, ref.bytes_written);
            break;
        }
        if (o.status == PDN_ENOMEM) {
            enomem++;
        } else if (o.status == PDN_OK) {
            /* A failed allocation that was recovered from internally must
             * not change the result. */
            CHECK_EQ_INT(o.games, ref.games);
            CHECK_EQ_INT(o.bytes_written, ref.bytes_written);
        } else {
            bad++;
            fprintf(stderr, "    %s: failing allocation %llu gave status %d\n", name,
                    (unsigned long long)n, (int)o.status);
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(n <= MAX_SWEEP);
    CHECK_EQ_INT(n, total_calls + 1);
    CHECK(enomem > 0);
    printf("%-32s %4llu allocations, %4llu runs ended in PDN_ENOMEM\n", name,
           (unsigned long long)total_calls, (unsigned long long)enomem);
}

typedef struct reader_arg {
    int via;
    pdn_mode mode;
} reader_arg;

static outcome run_reader_fn(failing *f, void *arg)
{
    const reader_arg *a = arg;
    return run_reader(a->via, a->mode, f);
}

static void test_oom__buffer_reader(void)
{
    reader_arg a = {VIA_BUFFER, PDN_MODE_LIBERAL};
    sweep("buffer reader, liberal", run_reader_fn, &a);
    a.mode = PDN_MODE_STRICT;
    sweep("buffer reader, strict", run_reader_fn, &a);
}

static void test_oom__callback_reader(void)
{
    reader_arg a = {VIA_CALLBACK, PDN_MODE_LIBERAL};
    sweep("callback reader, liberal", run_reader_fn, &a);
    a.mode = PDN_MODE_STANDARD;
    sweep("callback reader, standard", run_reader_fn, &a);
}

/* pdn_game_parse() of each game of the input on its own. */
static outcome run_parse_fn(failing *f, void *arg)
{
    (void)arg;
    pdn_allocator al = failing_allocator(f);
    pdn_read_options opts = PDN_READ_OPTIONS_INIT;
    opts.allocator = &al;
    outcome o = {PDN_OK, 0, 0};
    pdn_sink sink = {null_write, &o.bytes_written};
    /* Each game starts at a line beginning with "[Event" or "[event". */
    const char *p = input, *end = input + sizeof input - 1;
    while (p < end) {
        const char *q = p + 1;
        while (q < end && !(q[-1] == '\n' && (memcmp(q, "[Event", 6) == 0 ||
                                              memcmp(q, "[event", 6) == 0)))
            q++;
        pdn_game *g = NULL;
        pdn_status st = pdn_game_parse(&g, p, (size_t)(q - p), &opts);
        if (st != PDN_OK) {
            CHECK(g == NULL);
            o.status = st;
            return o;
        }
        o.games++;
        CHECK_EQ_INT(pdn_write_json(g, NULL, sink), PDN_OK);
        pdn_game_free(g);
        p = q;
    }
    return o;
}

static void test_oom__game_parse(void)
{
    sweep("pdn_game_parse", run_parse_fn, NULL);
}

/* pdn_game_clone() alone, from games read with the C library's allocator. */
static outcome run_clone_fn(failing *f, void *arg)
{
    (void)arg;
    pdn_allocator al = failing_allocator(f);
    outcome o = {PDN_OK, 0, 0};
    pdn_sink sink = {null_write, &o.bytes_written};
    pdn_reader *r = NULL;
    if (!CHECK(pdn_reader_new_buffer(&r, input, sizeof input - 1, NULL) == PDN_OK))
        return o;
    const pdn_game *g;
    while (pdn_reader_next(r, &g) == PDN_OK) {
        pdn_game *copy = (pdn_game *)1;
        pdn_status st = pdn_game_clone(&copy, g, &al);
        if (st != PDN_OK) {
            CHECK(copy == NULL);
            o.status = st;
            break;
        }
        o.games++;
        CHECK_EQ_INT(pdn_write_json(copy, NULL, sink), PDN_OK);
        /* A clone of the clone, with the same allocator. */
        pdn_game *copy2 = (pdn_game *)1;
        st = pdn_game_clone(&copy2, copy, &al);
        pdn_game_free(copy);
        if (st != PDN_OK) {
            CHECK(copy2 == NULL);
            o.status = st;
            break;
        }
        CHECK_EQ_INT(pdn_write_pdn(copy2, NULL, sink), PDN_OK);
        pdn_game_free(copy2);
    }
    pdn_reader_free(r);
    return o;
}

static void test_oom__clone(void)
{
    sweep("pdn_game_clone", run_clone_fn, NULL);
}

/* After PDN_ENOMEM the reader may be called again (the API promises only
 * that it can be freed): whatever it does then, it must not crash, must
 * return a status from the list, and must give back all its memory. */
static void test_oom__reader_after_enomem(void)
{
    for (uint64_t n = 1; n < 400; n += 7) {
        failing f;
        failing_init(&f, n);
        pdn_allocator al = failing_allocator(&f);
        pdn_read_options opts = PDN_READ_OPTIONS_INIT;
        opts.allocator = &al;
        pdn_reader *r = NULL;
        if (pdn_reader_new_buffer(&r, input, sizeof input - 1, &opts) != PDN_OK)
            continue;
        const pdn_game *g;
        pdn_status st;
        int rounds = 0;
        while ((st = pdn_reader_next(r, &g)) != PDN_DONE && rounds++ < 50)
            CHECK(st == PDN_OK || st == PDN_ENOMEM);
        pdn_reader_free(r);
        CHECK_EQ_INT(f.live_blocks, 0);
        CHECK_EQ_INT(f.live_bytes, 0);
    }
}

int main(void)
{
    RUN(test_oom__buffer_reader);
    RUN(test_oom__callback_reader);
    RUN(test_oom__game_parse);
    RUN(test_oom__clone);
    RUN(test_oom__reader_after_enomem);
    return harness_report();
}
