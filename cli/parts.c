/* SPDX-License-Identifier: MIT */
/*
 * parts.c - the games of a file handed to a command, on several threads
 * when the file can be mapped.
 *
 * The file is cut into parts at guessed game starts
 * (pdn_reader_guess_start()).  A thread reads a part with a reader of its
 * own, started at a mark made up for the guess, and prints to a buffer of
 * its own.  A part's result holds when the reader of the part before it
 * stops at the very mark the part started from; a reader that does not (the
 * guess fell inside a comment, say) goes on into the next part, whose
 * result is dropped.  The buffers are printed in order, so the output is
 * the one a single reader gives, game numbers put in as they are printed.
 */
/* fopencookie() where the C library has it (glibc), else open_memstream(). */
#define _GNU_SOURCE

#include "cli.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* A file smaller than this is read by one thread: setting up the threads
 * would be most of the time. */
#define SERIAL_BELOW ((size_t)512 * 1024)
/* Parts are this size or larger, so that setting one up is nothing beside
 * reading it ... */
#define PART_MIN ((size_t)128 * 1024)
/* ... and at most this size, so that the output waiting to be printed
 * stays small. */
#define PART_MAX ((size_t)2 * 1024 * 1024)
/* A part is the rest of the input over this many times the threads: parts
 * shrink toward the end, so that the threads finish close together. */
#define SHARES_PER_JOB 4
/* Parts read ahead of the one printed, for each thread: bounds the memory
 * their output takes. */
#define AHEAD_PER_JOB 4

enum { UNCOUNTED, COUNTING, COUNTED };

/* A part's output.  Where the C library allows, the memory goes back to a
 * pool once printed, so that a later part writes to pages already in use
 * rather than to new ones, each a page fault. */
typedef struct outbuf {
    char *data;
    size_t len, cap;
} outbuf;

#if defined(__GLIBC__)
static ssize_t outbuf_write(void *cookie, const char *data, size_t n)
{
    outbuf *o = cookie;
    if (n > o->cap - o->len) {
        size_t cap = o->cap ? o->cap : 64 * 1024;
        while (cap - o->len < n)
            cap *= 2;
        char *d = realloc(o->data, cap);
        if (d == NULL)
            return 0;
        o->data = d;
        o->cap = cap;
    }
    memcpy(o->data + o->len, data, n);
    o->len += n;
    return (ssize_t)n;
}

static FILE *open_out(outbuf *o)
{
    o->len = 0;
    return fopencookie(o, "w", (cookie_io_functions_t){NULL, outbuf_write, NULL, NULL});
}
#else
static FILE *open_out(outbuf *o)
{
    free(o->data);
    o->data = NULL;
    o->len = o->cap = 0;
    return open_memstream(&o->data, &o->len);
}
#endif

typedef struct slot {
    size_t start;         /* guessed offset of its first game */
    pdn_text_facts facts; /* of the input from `start` to the next part */
    int counted;          /* UNCOUNTED, COUNTING, COUNTED: of `facts`, under mu */
    pdn_reader_mark mark; /* made up for `start` once `marked` covers it */
    cli_part part;
    outbuf ob;     /* the output, when printing */
    size_t joined; /* the part its reader stopped at (nparts: the end) */
    pdn_status st;
    bool done;
    atomic_bool dropped; /* its result will not be printed: stop early */
} slot;

typedef struct run {
    const char *data;
    size_t len;
    const char *name;
    pdn_read_options opts;
    cli_game_fn fn;
    FILE *out; /* NULL: nothing printed */
    const char *out_name;
    size_t part_min; /* PART_MIN, or PDN_PART_BYTES */
    size_t released; /* the input before is let go (release_before()) */
    slot *slots;
    size_t nparts;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    /* under mu: */
    size_t marked;         /* slots[0..marked) have their marks */
    pdn_text_facts before; /* of the input before slots[marked - 1].start */
    size_t not_utf8_from;  /* without printing: a reader met a game that is not
                            * UTF-8 before this offset (SIZE_MAX: none yet) */
    size_t taken;          /* parts handed out */
    size_t printing;       /* the part the printer waits for */
    size_t ahead;          /* parts handed out beyond `printing`, at most */
    outbuf *pool;          /* outputs printed, for reuse: `ahead` of them at most */
    size_t pooled;
    bool stop;
} run;

typedef struct worker_arg {
    run *run;
    void *worker;
} worker_arg;

unsigned cli_default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > CLI_JOBS_MAX ? CLI_JOBS_MAX : (unsigned)n;
}

int cli_jobs_option(unsigned *jobs, const char *cmd, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (strcmp(a, "--jobs") != 0 && strcmp(a, "-j") != 0)
        return 0;
    char *end = NULL;
    long v = *i + 1 < argc ? strtol(argv[*i + 1], &end, 10) : -1;
    if (*i + 1 >= argc || end == argv[*i + 1] || *end != '\0' || v < 1 || v > CLI_JOBS_MAX) {
        cli_usage_error(cmd, "%s needs a number of threads from 1 to %d", a, CLI_JOBS_MAX);
        return -1;
    }
    *jobs = (unsigned)v;
    ++*i;
    return 1;
}

void cli_game_number(cli_part *p, const pdn_game *g)
{
    if (!p->deferred) {
        fprintf(p->out, "%llu", (unsigned long long)pdn_game_index(g));
        return;
    }
    if (p->n_numbers == p->cap_numbers) {
        size_t cap = p->cap_numbers ? 2 * p->cap_numbers : 16;
        cli_number *n = realloc(p->numbers, cap * sizeof *n);
        if (n == NULL) {
            p->failed = true;
            return;
        }
        p->numbers = n;
        p->cap_numbers = cap;
    }
    if (fflush(p->out) != 0) {
        p->failed = true;
        return;
    }
    /* A reader started at a made-up mark counts its games from 0. */
    p->numbers[p->n_numbers++] = (cli_number){*p->out_len, pdn_game_index(g)};
}

/* Counts the facts of part k, unless another thread does, and waits for
 * them.  Under mu, which it lets go while counting. */
static void count_part(run *rn, size_t k)
{
    slot *s = &rn->slots[k];
    if (s->counted == UNCOUNTED && rn->out == NULL) {
        /* Without printing, nothing is counted (see mark_upto()). */
        s->counted = COUNTED;
        return;
    }
    if (s->counted == UNCOUNTED) {
        s->counted = COUNTING;
        pthread_mutex_unlock(&rn->mu);
        size_t end = k + 1 < rn->nparts ? rn->slots[k + 1].start : rn->len;
        pdn_text_facts_add(&s->facts, rn->data + s->start, end - s->start);
        pthread_mutex_lock(&rn->mu);
        s->counted = COUNTED;
        pthread_cond_broadcast(&rn->cv);
    }
    while (s->counted != COUNTED)
        pthread_cond_wait(&rn->cv, &rn->mu);
}

/* Gives slots[0..k] their marks, adding up the facts of the parts before
 * in order.  Without printing, lines go unused (what a game reads as does
 * not depend on them, only where its diagnostics are said to be), and the
 * encoding is what the readers found so far: a part after a game that is
 * not UTF-8 starts in the fallback.  Under mu. */
static void mark_upto(run *rn, size_t k)
{
    while (rn->marked <= k) {
        size_t m = rn->marked;
        if (m > 0 && rn->slots[m - 1].counted != COUNTED) {
            /* mu is let go meanwhile: another thread may mark m first. */
            count_part(rn, m - 1);
            continue;
        }
        if (m > 0) {
            rn->before.lines += rn->slots[m - 1].facts.lines;
            rn->before.not_utf8 |= rn->slots[m - 1].facts.not_utf8;
        }
        if (rn->out == NULL)
            rn->before.not_utf8 = rn->slots[m].start >= rn->not_utf8_from;
        pdn_reader_mark_guess(&rn->slots[m].mark, rn->data, rn->slots[m].start, &rn->before,
                              &rn->opts);
        rn->marked++;
    }
}

/* Whether a part started from `guess` reads what the reader that stands at
 * `m` reads; without printing, lines and columns need not agree. */
static bool same_mark(const pdn_reader_mark *m, const pdn_reader_mark *guess, bool print)
{
    return m->offset == guess->offset && m->encoding == guess->encoding &&
           (!print || (m->line == guess->line && m->column == guess->column &&
                       !m->after_cr == !guess->after_cr));
}

/* Reads part k from its mark until the reader stands at the mark of a
 * later part, or at the end. */
static void read_part(run *rn, void *worker, size_t k, pdn_reader_mark start)
{
    slot *s = &rn->slots[k];
    s->part.name = rn->name;
    s->part.deferred = true;
    s->part.out_len = &s->ob.len;
    s->joined = rn->nparts;
    if (rn->out != NULL && (s->part.out = open_out(&s->ob)) == NULL) {
        s->st = PDN_ENOMEM;
        return;
    }
    pdn_reader *reader = NULL;
    pdn_status st = pdn_reader_new_buffer_at(&reader, rn->data, rn->len, &start, &rn->opts);
    size_t target = k + 1;
    /* Whether the reader may still tell of a game that is not UTF-8. */
    bool may_tell = rn->out == NULL && start.encoding == PDN_ENC_AUTO;
    const pdn_game *g;
    while (st == PDN_OK && (st = pdn_reader_next(reader, &g)) == PDN_OK) {
        s->part.games++;
        if ((st = rn->fn(worker, g, &s->part)) != PDN_OK)
            break;
        if (s->part.failed) {
            st = PDN_ENOMEM;
            break;
        }
        if (atomic_load_explicit(&s->dropped, memory_order_relaxed))
            break;
        pdn_reader_mark m;
        pdn_reader_mark_get(reader, &m);
        if (may_tell && m.encoding != PDN_ENC_AUTO) {
            pthread_mutex_lock(&rn->mu);
            if (m.offset < rn->not_utf8_from)
                rn->not_utf8_from = m.offset;
            pthread_mutex_unlock(&rn->mu);
            may_tell = false;
        }
        while (target < rn->nparts && m.offset > rn->slots[target].start)
            target++;
        if (target < rn->nparts && m.offset == rn->slots[target].start) {
            pthread_mutex_lock(&rn->mu);
            mark_upto(rn, target);
            pdn_reader_mark guess = rn->slots[target].mark;
            pthread_mutex_unlock(&rn->mu);
            if (same_mark(&m, &guess, rn->out != NULL)) {
                s->joined = target;
                break;
            }
            target++;
        }
    }
    s->st = st == PDN_DONE ? PDN_OK : st;
    pdn_reader_free(reader);
    if (s->part.out != NULL && fclose(s->part.out) != 0 && s->st == PDN_OK)
        s->st = PDN_ENOMEM;
    s->part.out = NULL;
}

static void *work(void *arg)
{
    worker_arg *wa = arg;
    run *rn = wa->run;
    pthread_mutex_lock(&rn->mu);
    for (;;) {
        while (!rn->stop && rn->taken < rn->nparts && rn->taken >= rn->printing + rn->ahead)
            pthread_cond_wait(&rn->cv, &rn->mu);
        if (rn->stop || rn->taken >= rn->nparts)
            break;
        size_t k = rn->taken++;
        if (atomic_load(&rn->slots[k].dropped)) {
            rn->slots[k].done = true;
            continue;
        }
        /* Counted first, so that the thread that takes the next part finds
         * the facts it needs ready or nearly. */
        if (k + 1 < rn->nparts)
            count_part(rn, k);
        mark_upto(rn, k);
        pdn_reader_mark start = rn->slots[k].mark;
        if (rn->pooled > 0)
            rn->slots[k].ob = rn->pool[--rn->pooled];
        pthread_mutex_unlock(&rn->mu);
        read_part(rn, wa->worker, k, start);
        pthread_mutex_lock(&rn->mu);
        rn->slots[k].done = true;
        pthread_cond_broadcast(&rn->cv);
    }
    pthread_mutex_unlock(&rn->mu);
    return NULL;
}

static void free_part(slot *s)
{
    free(s->ob.data);
    free(s->part.numbers);
    s->ob = (outbuf){NULL, 0, 0};
    s->part.numbers = NULL;
}

/* Keeps a printed part's output memory for a later part.  Under mu. */
static void reuse_part(run *rn, slot *s)
{
    if (rn->pooled < rn->ahead && s->ob.data != NULL) {
        rn->pool[rn->pooled++] = s->ob;
        s->ob = (outbuf){NULL, 0, 0};
    }
    free_part(s);
}

/* Lets the pages of the input before `end`, printed, go from memory, so
 * that it holds the parts being read rather than the whole file.  A page
 * touched again (a part dropped, still being read) is read in again. */
static void release_before(run *rn, size_t end)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    end -= end % page;
    if (end > rn->released) {
        madvise((char *)rn->data + rn->released, end - rn->released, MADV_DONTNEED);
        rn->released = end;
    }
}

/* Prints a part's output with its game numbers, the games before it being
 * `before`; false on a write error. */
static bool print_part(const slot *s, unsigned long long before, FILE *out)
{
    size_t at = 0;
    bool ok = true;
    for (size_t i = 0; i <= s->part.n_numbers; i++) {
        size_t to = i < s->part.n_numbers ? s->part.numbers[i].at : s->ob.len;
        if (to > at)
            ok &= fwrite(s->ob.data + at, 1, to - at, out) == to - at;
        if (i < s->part.n_numbers)
            ok &= fprintf(out, "%llu", before + s->part.numbers[i].nth) > 0;
        at = to;
    }
    return ok;
}

/* The parts of data[0..len), each starting where a game is guessed to
 * start. */
static size_t cut(slot *slots, size_t max, const char *data, size_t len, unsigned jobs,
                  size_t part_min)
{
    size_t n = 0, from = 0;
    while (n < max && from < len) {
        size_t start = n == 0 ? 0 : pdn_reader_guess_start(data, len, from);
        if (start >= len)
            break;
        slots[n++].start = start;
        size_t size = (len - start) / ((size_t)jobs * SHARES_PER_JOB);
        size = size > PART_MAX ? PART_MAX : size;
        from = start + (size < part_min ? part_min : size);
    }
    return n;
}

static int read_parallel(run *rn, unsigned jobs, void *const *workers, cli_totals *t)
{
    size_t max = rn->len / rn->part_min + 2;
    rn->slots = calloc(max, sizeof *rn->slots);
    if (rn->slots == NULL)
        return cli_fatal(rn->name, PDN_ENOMEM);
    rn->nparts = cut(rn->slots, max, rn->data, rn->len, jobs, rn->part_min);
    rn->ahead = (size_t)jobs * AHEAD_PER_JOB;
    rn->not_utf8_from = SIZE_MAX;
    rn->pool = calloc(rn->ahead, sizeof *rn->pool);
    if (rn->pool == NULL) {
        free(rn->slots);
        return cli_fatal(rn->name, PDN_ENOMEM);
    }
    pthread_mutex_init(&rn->mu, NULL);
    pthread_cond_init(&rn->cv, NULL);
    pthread_t threads[CLI_JOBS_MAX];
    worker_arg args[CLI_JOBS_MAX];
    unsigned started = 0;
    for (unsigned j = 0; j < jobs; j++) {
        args[j] = (worker_arg){rn, workers[j]};
        if (pthread_create(&threads[j], NULL, work, &args[j]) != 0)
            break;
        started++;
    }
    pdn_status st = started ? PDN_OK : PDN_ENOMEM;
    bool write_failed = false;
    unsigned long long before = 0;
    size_t k = 0;
    pthread_mutex_lock(&rn->mu);
    while (st == PDN_OK && k < rn->nparts) {
        rn->printing = k;
        pthread_cond_broadcast(&rn->cv);
        while (!rn->slots[k].done)
            pthread_cond_wait(&rn->cv, &rn->mu);
        slot *s = &rn->slots[k];
        pthread_mutex_unlock(&rn->mu);
        if (rn->out != NULL && !print_part(s, before, rn->out))
            write_failed = true;
        for (int v = 0; v < 4; v++)
            t->counts[v] += s->part.counts[v];
        t->games += s->part.games;
        before += s->part.games;
        st = s->st;
        pthread_mutex_lock(&rn->mu);
        reuse_part(rn, s);
        /* The parts a reader went through are read by it. */
        for (size_t d = k + 1; d < s->joined; d++)
            atomic_store(&rn->slots[d].dropped, true);
        k = s->joined;
        release_before(rn, k < rn->nparts ? rn->slots[k].start : rn->len);
    }
    rn->stop = true;
    pthread_cond_broadcast(&rn->cv);
    pthread_mutex_unlock(&rn->mu);
    for (unsigned j = 0; j < started; j++)
        pthread_join(threads[j], NULL);
    for (size_t d = 0; d < rn->nparts; d++)
        free_part(&rn->slots[d]);
    for (size_t d = 0; d < rn->pooled; d++)
        free(rn->pool[d].data);
    free(rn->pool);
    free(rn->slots);
    pthread_cond_destroy(&rn->cv);
    pthread_mutex_destroy(&rn->mu);
    if (st != PDN_OK)
        return cli_fatal(rn->name, st);
    if (write_failed)
        return cli_fatal(rn->out_name, PDN_EIO);
    return EXIT_OK_;
}

/* A mapped file that shrinks while it is read (another program truncates
 * it) raises SIGBUS on the pages gone: the command then says so and exits,
 * rather than crash.  The message is made before the mapping, as a signal
 * handler may only write it; a signal handler has no other way to it than
 * this. */
static char bus_message[512];
static size_t bus_length;

static void on_bus(int sig)
{
    (void)sig;
    ssize_t w = write(STDERR_FILENO, bus_message, bus_length);
    (void)w;
    _exit(EXIT_SYSTEM);
}

/* One reader over the input as it comes: standard input, a pipe, a file
 * too small to share out, or one thread. */
static int read_serial(cli_input *in, const cli_read *r, const cli_games *how, cli_totals *t)
{
    pdn_reader *reader;
    pdn_status st = cli_reader_open(&reader, in, r);
    if (st != PDN_OK)
        return cli_fatal(in->name, st);
    cli_part p = {0};
    p.name = in->name;
    p.out = how->out;
    const pdn_game *g;
    while ((st = pdn_reader_next(reader, &g)) == PDN_OK) {
        p.games++;
        if ((st = how->fn(how->workers[0], g, &p)) != PDN_OK)
            break;
    }
    for (int v = 0; v < 4; v++)
        t->counts[v] += p.counts[v];
    t->games += p.games;
    pdn_reader_free(reader);
    if (st == PDN_DONE)
        return EXIT_OK_;
    /* An I/O error not in reading is in writing. */
    return cli_fatal(st == PDN_EIO && !in->failed ? how->out_name : in->name, st);
}

int cli_read_games(const char *path, const cli_read *r, const cli_games *how, cli_totals *t)
{
    cli_input in;
    if (!cli_input_open(&in, path))
        return EXIT_SYSTEM;
    /* Tests cut small files into small parts, to join parts at every kind
     * of game end the corpus has. */
    size_t part_min = PART_MIN, serial_below = SERIAL_BELOW;
    const char *env = getenv("PDN_PART_BYTES");
    if (env != NULL && atol(env) > 0)
        part_min = (size_t)atol(env), serial_below = 1;
    struct stat sb;
    int fd = in.fp != stdin ? fileno(in.fp) : -1;
    void *map = MAP_FAILED;
    size_t len = 0;
    if (how->jobs >= 2 && fd >= 0 && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
        (uint64_t)sb.st_size >= serial_below && (uint64_t)sb.st_size <= SIZE_MAX) {
        len = (size_t)sb.st_size;
        map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
    }
    int rc;
    if (map == MAP_FAILED) {
        rc = read_serial(&in, r, how, t);
    } else {
        run rn = {0};
        rn.data = map;
        rn.len = len;
        rn.name = in.name;
        rn.opts = cli_input_options(&in, r);
        rn.fn = how->fn;
        rn.out = how->out;
        rn.out_name = how->out_name;
        rn.part_min = part_min;
        int n = snprintf(bus_message, sizeof bus_message,
                         "pdn: %s: the file shrank while it was read\n", in.name);
        bus_length = n < 0 ? 0 : (size_t)n < sizeof bus_message ? (size_t)n : sizeof bus_message;
        struct sigaction bus, old_bus;
        memset(&bus, 0, sizeof bus);
        bus.sa_handler = on_bus;
        sigemptyset(&bus.sa_mask);
        sigaction(SIGBUS, &bus, &old_bus);
        rc = read_parallel(&rn, how->jobs, how->workers, t);
        munmap(map, len);
        sigaction(SIGBUS, &old_bus, NULL);
    }
    cli_input_close(&in);
    return rc;
}
