/* SPDX-License-Identifier: MIT */
/*
 * test_nul_gaps.c - NUL bytes where the reader allows blanks inside a move
 * or after it ("32 - 28", "47x36 <42,29>", "- -", "1. ..."): a text must
 * read as the same text with each NUL made a space, less one nul-byte
 * diagnostic per run of NULs, and the quick loops must read it as the
 * general parser does.  Fixed cases of each kind, then random movetexts.
 */
#include "harness.h"
#include "support/both_ways.h"
#include "support/rng.h"

#include <stdlib.h>

/* The canonical PDN of the first game of s and its diagnostics, through
 * the public reader; 0 when reading failed. */
typedef struct reading {
    test_text pdn;
    pdn_diag diags[256];
    size_t ndiags;
    uint64_t end; /* where the game ends in the text */
} reading;

static int read_text(const char *s, size_t len, int default_gametype, reading *out)
{
    memset(out, 0, sizeof *out);
    pdn_read_options ro = PDN_READ_OPTIONS_INIT;
    ro.default_gametype = default_gametype;
    pdn_reader *r;
    if (pdn_reader_new_buffer(&r, s, len, &ro) != PDN_OK)
        return 0;
    const pdn_game *g;
    int ok = pdn_reader_next(r, &g) == PDN_OK;
    if (ok) {
        pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
        ok = pdn_write_pdn(g, &wo, (pdn_sink){test_text_sink, &out->pdn}) == PDN_OK;
        size_t n;
        const pdn_diag *d = pdn_game_diags(g, &n);
        ok = ok && n <= sizeof out->diags / sizeof out->diags[0];
        if (ok && n)
            memcpy(out->diags, d, n * sizeof *d);
        out->ndiags = ok ? n : 0;
        out->end = pdn_reader_offset(r);
    }
    pdn_reader_free(r);
    return ok;
}

static int same_diag(const pdn_diag *a, const pdn_diag *b)
{
    return a->code == b->code && a->offset == b->offset && a->length == b->length;
}

/* 1 when s reads as s with its NULs made spaces, the NUL runs reported
 * each once; and the same with the quick loops as without. */
static int nul_is_blank(const char *s, size_t len, int default_gametype)
{
    char *spaced = malloc(len ? len : 1);
    if (spaced == NULL)
        return 0;
    for (size_t i = 0; i < len; i++)
        spaced[i] = s[i] ? s[i] : ' ';
    reading *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    int ok = a && b && read_text(s, len, default_gametype, a) &&
             read_text(spaced, len, default_gametype, b);
    ok = ok && a->end == b->end && a->pdn.len == b->pdn.len &&
         memcmp(a->pdn.buf, b->pdn.buf, a->pdn.len) == 0;
    /* The diagnostics of s: those of the spaced text, with the runs of
     * NULs of the game in their places. */
    size_t j = 0, i = 0, game_end = ok ? (size_t)a->end : 0;
    for (size_t at = 0; ok && at < game_end;) {
        if (s[at] != 0) {
            at++;
            continue;
        }
        size_t end = at;
        while (end < len && s[end] == 0)
            end++;
        int found = 0;
        for (size_t k = 0; k < a->ndiags; k++)
            found += a->diags[k].code == PDN_D_NUL_BYTE && a->diags[k].offset == at &&
                     a->diags[k].length == end - at;
        ok = found == 1 || end > game_end;
        at = end;
    }
    for (; ok && i < a->ndiags; i++) {
        if (a->diags[i].code == PDN_D_NUL_BYTE)
            continue;
        ok = j < b->ndiags && same_diag(&a->diags[i], &b->diags[j]);
        j++;
    }
    ok = ok && j == (b ? b->ndiags : 0);
    if (!ok && a && b) {
        fprintf(stderr, "    NUL read otherwise than a space: \"%.*s\"\n", (int)len, spaced);
        for (size_t k = 0; k < a->ndiags; k++)
            fprintf(stderr, "    with NUL: %s at %u+%u\n", pdn_diag_name(a->diags[k].code),
                    (unsigned)a->diags[k].offset, (unsigned)a->diags[k].length);
        for (size_t k = 0; k < b->ndiags; k++)
            fprintf(stderr, "    spaced: %s at %u+%u\n", pdn_diag_name(b->diags[k].code),
                    (unsigned)b->diags[k].offset, (unsigned)b->diags[k].length);
    }
    ok = ok && test_same_both_ways(s, len, PDN_MODE_LIBERAL, default_gametype);
    if (a)
        free(a->pdn.buf);
    if (b)
        free(b->pdn.buf);
    free(a);
    free(b);
    free(spaced);
    return ok;
}

/* Each kind of gap once, with the diagnostics that say it was taken. */
static void test_nul_gaps__cases(void)
{
    static const struct {
        const char *text;
        size_t len;
        int gametype;
        pdn_diag_code code; /* what says the gap was taken */
        unsigned nuls;      /* runs of NULs */
    } cases[] = {
#define CASE(s, gt, code, nuls) {s, sizeof s - 1, gt, code, nuls}
        /* the fuzz case: "f6 xd2" is one draughts move, not chess */
        CASE("[Event \"x\"]\n\nf6\0xd2 *\n", -1, PDN_D_MOVE_SPACE, 1),
        CASE("[Event \"x\"]\n\n1. 28x19\0X14 *\n", -1, PDN_D_MOVE_SPACE, 1),
        CASE("[GameType \"20\"]\n\n1. 32\0-\0 28 19-23 *\n", -1, PDN_D_MOVE_SPACE, 2),
        CASE("[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 \0\0x\t\0"
             "14 *\n",
             -1, PDN_D_MOVE_SPACE, 2),
        CASE("[GameType \"21\"]\n\n1. c3\0-d4 f6-g5 *\n", -1, PDN_D_MOVE_SPACE, 1),
        CASE("[GameType \"21\"]\n\n1. c3-d4 f6-g5 2. d4 \0x\0 f6 *\n", -1, PDN_D_MOVE_SPACE, 2),
        CASE("[GameType \"20\"]\n\n1. 32-28 19-23 2. 47x36\0<42,29> *\n", -1, PDN_D_CAPTURED_LIST,
             1),
        CASE("[GameType \"20\"]\n\n1. 47x36 \0< 42,\0 29\0> 33-28 *\n", -1, PDN_D_CAPTURED_LIST, 3),
        CASE("[GameType \"20\"]\n\n1. 32-28 -\0- 2. 33-28 *\n", -1, PDN_D_UNKNOWN_MOVE, 1),
        CASE("[GameType \"20\"]\n\n1.\0... 32-28 2. 33-28 *\n", -1, PDN_D_ELLIPSIS, 1),
        CASE("[GameType \"20\"]\n\n1. 32-28 19-23 2. \0... 9-14 *\n", -1, PDN_D_ELLIPSIS, 1),
        /* chess: a move has no gaps, but "- -" and "1. ..." do */
        CASE("[GameType \"0\"]\n\n1. e4 e5 2. Nf3 -\0- 3. Bb5 *\n", -1, PDN_D_UNKNOWN_MOVE, 1),
        CASE("[GameType \"0\"]\n\n1. e4 e5 2.\0... Nc6 3. Bb5 a6 4. Ba4 *\n", -1, PDN_D_ELLIPSIS,
             1),
        CASE("[GameType \"0\"]\n\n1. e4\0e5 2. Nf3 *\n", -1, PDN_D_NUL_BYTE, 1),
        /* long enough for the quick loops, with "…" that only the number
         * takes */
        CASE("[GameType \"0\"]\n\n1. e4 e5 2.\0\xE2\x80\xA6 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 "
             "6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *\n",
             -1, PDN_D_ELLIPSIS, 1),
        CASE("[GameType \"20\"]\n\n1. 32-28 19-23 2.\0\xE2\x80\xA6 9-14 3. 33-29 14-19 4. 39-33 "
             "10-14 5. 44-39 5-10 6. 31-26 20-25 7. 36-31 *\n",
             -1, PDN_D_ELLIPSIS, 1),
        CASE("[GameType \"20\"]\n\n1. 32-28 19-23 2. 33-29 14-19 3. 28x19 \0x\0\00014 4. 39-33 "
             "10-14 5. 44-39 5-10 6. 31-26 20-25 7. 36-31 *\n",
             -1, PDN_D_MOVE_SPACE, 2),
#undef CASE
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *s = cases[i].text;
        size_t len = cases[i].len;
        CHECK(nul_is_blank(s, len, cases[i].gametype));
        reading *a = malloc(sizeof *a);
        if (!CHECK(a && read_text(s, len, cases[i].gametype, a))) {
            free(a);
            continue;
        }
        unsigned nuls = 0, code = 0;
        for (size_t k = 0; k < a->ndiags; k++) {
            nuls += a->diags[k].code == PDN_D_NUL_BYTE;
            code += a->diags[k].code == cases[i].code;
        }
        if (!CHECK(nuls == cases[i].nuls && code >= 1))
            fprintf(stderr, "    case %zu: %u nul-byte, %u of the code\n", i, nuls, code);
        free(a->pdn.buf);
        free(a);
    }
}

/* Pieces of moves and what attaches to them, so that gaps fall inside
 * moves, captured lists, "- -" and "1. ..." as well as between tokens. */
static const char *const draughts_pieces[] = {
    "32-28", "19-23", "28x19",        "1.",    "12.", "9...",  "32",   "28", "-",     "x",
    "X",     ":",     "14",           "c3",    "d4",  "f6",    "xd2",  "<",  "42,29", ">",
    ",",     "<42>",  "\xE2\x80\xA6", "...",   "- -", "26x17", "!",    "$1", "{c}",   "(",
    ")",     "1-0",   "2-0",          "c3-d4", "-14", "x14",   "3228", "06", "a1-b2", "1 - 1",
    "e5"};
static const char *const chess_pieces[] = {
    "\xE2\x80\xA6", "e4", "e5",   "Nf3", "Nc6", "1.",    "2.",  "9...", "...", "-",
    "- -",          "--", "exd5", "xd2", "O-O", "!",     "{c}", "(",    ")",   "f6",
    "d2",           "x",  "e2",   "1-0", "$1",  "e2-e4", "Pe4"};
static const char *const gaps[] = {" ", " ", "\n", "\t", "", "\0", " \0", "\0 ", "\0\0", "\t\0 "};
static const size_t gap_len[] = {1, 1, 1, 1, 0, 1, 2, 2, 2, 3};

static size_t random_game(char *t, size_t cap, int chess)
{
    static const char *const heads[] = {"[Event \"x\"]\n\n", "[GameType \"20\"]\n\n",
                                        "[GameType \"21\"]\n\n", "[GameType \"0\"]\n\n"};
    const char *h = chess ? heads[rnd(2) ? 3 : 0] : heads[rnd(3)];
    size_t len = strlen(h);
    memcpy(t, h, len);
    /* A body that has started: text before it is prose up to the line's
     * end, where a NUL and a space differ. */
    const char *start = chess ? "1. e4 " : "1. 32-28 ";
    memcpy(t + len, start, strlen(start));
    len += strlen(start);
    const char *const *pieces = chess ? chess_pieces : draughts_pieces;
    unsigned count = chess ? sizeof chess_pieces / sizeof chess_pieces[0]
                           : sizeof draughts_pieces / sizeof draughts_pieces[0];
    unsigned n = 10 + rnd(60);
    for (unsigned i = 0; i < n && len + 16 < cap; i++) {
        const char *p = pieces[rnd(count)];
        memcpy(t + len, p, strlen(p));
        len += strlen(p);
        unsigned g = rnd(3) ? rnd(10) : 0;
        memcpy(t + len, gaps[g], gap_len[g]);
        len += gap_len[g];
    }
    memcpy(t + len, " *\n", 3);
    return len + 3;
}

static void test_nul_gaps__random(void)
{
    char t[2048];
    int failed = 0;
    for (int k = 0; k < 4000 && failed < 3; k++) {
        int chess = k % 3 == 0;
        size_t len = random_game(t, sizeof t, chess);
        if (!CHECK(nul_is_blank(t, len, -1)))
            failed++;
    }
}

int main(void)
{
    RUN(test_nul_gaps__cases);
    RUN(test_nul_gaps__random);
    return harness_report();
}
