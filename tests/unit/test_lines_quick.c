/* SPDX-License-Identifier: MIT */
/*
 * test_lines_quick.c - the line index of src/tree/lines.c (its short path
 * for text whose CRs are followed by LF, and the full path it leaves the
 * rest to) against line starts found byte by byte, on random texts of LF,
 * CRLF, lone CRs, high bytes and NULs at every length around the 64-byte
 * blocks, followed by any bytes (the next game's), and on texts longer than
 * the index's chunks; and the columns (continuation bytes not counted, 16
 * at a time) against a count byte by byte, through pdn_game_locate().
 */
#include "harness.h"
#include "tree/game.h"
#define TEST_RNG_SEED 0x6A09E667F3BCC909ull
#include "support/rng.h"

#include <stdlib.h>
#include <string.h>

/* The definition in lines.c's header: a line starts after an LF (but for
 * an LF first in the text after a CR ending the previous one) and after a
 * CR not followed by LF, a CR last in the text included. */
static size_t reference(const unsigned char *u, size_t n, bool after_cr, uint32_t *out)
{
    size_t k = 0;
    for (size_t j = 0; j < n; j++)
        if ((u[j] == '\n' && !(j == 0 && after_cr)) ||
            (u[j] == '\r' && (j + 1 == n || u[j + 1] != '\n')))
            out[k++] = (uint32_t)(j + 1);
    return k;
}

static unsigned char some_byte(unsigned kind)
{
    /* kind 0: LF text; 1: CRLF text; 2: anything (lone CRs, controls). */
    static const unsigned char hot[] = {'1', '-', ' ', '[', '"', 'x', 0xC3, 0xA9, 0x80, 0};
    unsigned r = rnd(16);
    if (r == 0)
        return '\n';
    if (r == 1 && kind == 2)
        return '\r';
    if (r < 5)
        return hot[rnd(sizeof hot)];
    return (unsigned char)(kind == 2 ? rnd(256) : 'a' + rnd(26));
}

/* A random text: lines of random length, ended by LF or CRLF, with lone
 * CRs and other bytes in some. */
static size_t make_text(unsigned char *b, size_t cap, unsigned kind)
{
    size_t n = rnd(4) == 0 ? rnd(8) : rnd((unsigned)cap);
    size_t i = 0;
    while (i < n) {
        size_t line = rnd(4) == 0 ? rnd(4) : rnd(90);
        for (size_t k = 0; k < line && i < n; k++) {
            unsigned char c = some_byte(kind);
            if (c == '\n' && kind == 1 && i + 1 < n) {
                b[i++] = '\r';
                c = '\n';
            }
            b[i++] = c;
        }
        if (i < n && kind == 1 && i + 1 < n)
            b[i++] = '\r';
        if (i < n)
            b[i++] = '\n';
    }
    /* Sometimes a CR or an LF at the very ends. */
    if (n && rnd(8) == 0)
        b[n - 1] = '\r';
    if (n && rnd(8) == 0)
        b[0] = '\n';
    return n;
}

/* Texts of up to cap bytes, `count` of them. */
static void starts(size_t cap, int count)
{
    enum { PAD = 80 };
    unsigned char *buf = malloc(cap + PAD);
    uint32_t *ref = malloc((cap + 1) * sizeof *ref);
    int failed = 0, lone = 0, high = 0;
    struct pdn_game g;
    pdn_game__init(&g, pdn_alloc__resolve(NULL));
    for (int t = 0; t < count && failed < 5; t++) {
        unsigned kind = rnd(3);
        memset(buf, rnd(2) ? '\n' : 'z', cap + PAD);
        size_t n = make_text(buf, cap, kind);
        bool after_cr = rnd(3) == 0;
        /* The bytes after the text are the next game's: LFs, for the worst
         * case, or anything (high bytes, lone CRs), which the last block
         * must not count. */
        if (rnd(2))
            for (size_t j = n; j < n + PAD; j++)
                buf[j] = some_byte(2);
        /* Readable exactly to the end, a few bytes more, or a block more. */
        unsigned how = rnd(3);
        size_t readable = how == 0 ? n : how == 1 ? n + 1 + rnd(64) : n + PAD;
        /* A copy as long as what may be read, for the sanitizers. */
        unsigned char *text = malloc(readable ? readable : 1);
        memcpy(text, buf, readable);
        pdn_game__reset(&g);
        g.text = (const char *)text;
        g.text_len = n;
        g.after_cr = after_cr;
        bool got_high = false;
        bool ok = pdn_game__index_lines(&g, readable, &got_high);
        free(text);
        if (!CHECK(ok))
            break;
        size_t k = reference(buf, n, after_cr, ref);
        bool want_high = false;
        for (size_t j = 0; j < n; j++) {
            want_high |= buf[j] >= 0x80;
            lone += buf[j] == '\r' && j + 1 < n && buf[j + 1] != '\n';
        }
        high += want_high;
        int same = g.line_starts.len == k && got_high == want_high && g.ascii == !want_high &&
                   (k == 0 || memcmp(g.line_starts.data, ref, k * sizeof ref[0]) == 0);
        if (!CHECK(same)) {
            fprintf(stderr, "    text %d: length %zu, kind %u, after_cr %d: %zu starts, want %zu\n",
                    t, n, kind, (int)after_cr, g.line_starts.len, k);
            failed++;
        }
    }
    /* Both paths and both answers of the high-byte test were taken. */
    CHECK(lone > count / 60 && high > count / 60);
    pdn_game__release(&g);
    free(ref);
    free(buf);
}

static void test_lines_quick__starts(void)
{
    starts(700, 60000);
}

/* Texts longer than the index's chunks, whose starts need more room than
 * a chunk's (a text of LFs alone). */
static void test_lines_quick__long(void)
{
    starts(9000, 1500);
    enum { N = 5000 };
    unsigned char *lf = malloc(N + 64);
    memset(lf, '\n', N + 64);
    struct pdn_game g;
    pdn_game__init(&g, pdn_alloc__resolve(NULL));
    g.text = (const char *)lf;
    g.text_len = N;
    bool high = true;
    if (CHECK(pdn_game__index_lines(&g, N + 64, &high)) && CHECK(g.line_starts.len == N)) {
        const uint32_t *s = g.line_starts.data;
        size_t wrong = 0;
        for (size_t j = 0; j < N; j++)
            wrong += s[j] != j + 1;
        CHECK(wrong == 0 && !high);
    }
    pdn_game__release(&g);
    free(lf);
}

/* Line and column of every offset, against counting from the start. */
static void test_lines_quick__columns(void)
{
    enum { CAP = 400 };
    unsigned char buf[CAP + 64];
    struct pdn_game g;
    pdn_game__init(&g, pdn_alloc__resolve(NULL));
    int failed = 0;
    for (int t = 0; t < 3000 && failed < 5; t++) {
        size_t n = make_text(buf, CAP, rnd(3));
        pdn_game__reset(&g);
        g.text = (const char *)buf;
        g.text_len = n;
        g.after_cr = false;
        g.line0 = 1 + rnd(5);
        g.col0 = 1 + rnd(5);
        bool high;
        if (!CHECK(pdn_game__index_lines(&g, n, &high)))
            break;
        uint64_t line = g.line0;
        uint32_t col = g.col0;
        for (size_t off = 0; off <= n && failed < 5; off++) {
            uint64_t l;
            uint32_t c;
            pdn_game_locate(&g, (uint32_t)off, &l, &c);
            if (!CHECK(l == line && c == col)) {
                fprintf(stderr, "    text %d, offset %zu: %llu:%u, want %llu:%u\n", t, off,
                        (unsigned long long)l, c, (unsigned long long)line, col);
                failed++;
            }
            if (off == n)
                break;
            unsigned char b = buf[off];
            if (b == '\n' || (b == '\r' && (off + 1 == n || buf[off + 1] != '\n'))) {
                line++;
                col = 1;
            } else if ((b & 0xC0) != 0x80 || !high) {
                col++;
            }
        }
        uint64_t l;
        uint32_t c;
        pdn_game__line_after(&g, &l, &c);
        CHECK(l == line && c == col);
    }
    pdn_game__release(&g);
}

int main(void)
{
    RUN(test_lines_quick__starts);
    RUN(test_lines_quick__long);
    RUN(test_lines_quick__columns);
    return harness_report();
}
