/* SPDX-License-Identifier: MIT */
/*
 * test_tag_speedpaths.c - the quick paths of the header must give what the
 * general code gives: tag lines read by the reader's quick loop against the
 * general tag parser (random headers, cut anywhere), the common Date forms
 * and Result texts against their general parsers, the block copy and the
 * runs of high bytes of the single-byte decoder against decoding byte by
 * byte, the UTF-8
 * validator against a byte loop.
 */
#include "harness.h"
#include "support/all_strings.h"
#include "support/append.h"
#include "support/both_ways.h"
#include "support/rng.h"
#include "syntax/parse.h"
#include "values/values.h"

#include <stdlib.h>

/* The first game of s both ways (support/both_ways.h). */
static int same_both_ways(const char *s, size_t len, pdn_mode mode)
{
    return test_same_both_ways(s, len, mode, 20);
}

/* Names the quick loop takes and those it must leave: lower case, digits,
 * '_', 15 and 16 characters, spaces, entities, nothing; the names it
 * knows by their words and their near misses. */
static const char *const names[] = {"Event",
                                    "Events",
                                    "Even",
                                    "SetUp",
                                    "Setup",
                                    "SetUP",
                                    "PlyCount",
                                    "PlyCounts",
                                    "GameTypes",
                                    "FEN_",
                                    "Result2",
                                    "Whit",
                                    "WhiteClock",
                                    "Site",
                                    "Date",
                                    "Round",
                                    "White",
                                    "Black",
                                    "Result",
                                    "GameType",
                                    "FEN",
                                    "event",
                                    "_x1",
                                    "9lives",
                                    "PublicationDat",
                                    "PublicationDate",
                                    "TimeControlWhite",
                                    "TimeControlWhiteX",
                                    "Type de jeu",
                                    "Na&me",
                                    "",
                                    "Result",
                                    "Date",
                                    "GameType"};

/* Values, including those with escapes, inner quotes, line breaks and
 * brackets, and values of the tags the movetext depends on. */
static const char *const values[] = {"",
                                     "x",
                                     "Campionato Italiano di Dama Internazionale",
                                     "1-0",
                                     "0-1",
                                     "1/2-1/2",
                                     "2-0",
                                     "1-1",
                                     "4-6",
                                     "*",
                                     "?",
                                     "1-0 ",
                                     "20",
                                     "21",
                                     "0",
                                     "20,W,10,10,N1,0",
                                     "a\\\"b",
                                     "a\\\\b",
                                     "a\"b",
                                     "two\nlines",
                                     "cr\rhere",
                                     "]",
                                     "a] b",
                                     "W:W31,32,33:B1,2,3",
                                     "1996.12.28",
                                     "\xC3\xA8\xC3\xA0 Bert\xC3\xA8",
                                     "0123456789abcdef0123456789abcdef0123456789"};

static const char *const between[] = {"\n", "\n", "\n", "\r\n", "\n\n", " ", "", "\t\n", "\r"};

static void random_header(test_text *t)
{
    unsigned count = 1 + rnd(9);
    for (unsigned i = 0; i < count; i++) {
        const char *name = names[rnd(sizeof names / sizeof names[0])];
        const char *value = values[rnd(sizeof values / sizeof values[0])];
        test_puts(t, "[");
        test_puts(t, name);
        test_puts(t, rnd(8) ? " " : rnd(2) ? "" : "  ");
        test_puts(t, rnd(12) ? "\"" : "");
        test_puts(t, value);
        test_puts(t, rnd(12) ? "\"" : "");
        test_puts(t, rnd(10) ? "]" : rnd(2) ? " ]" : "");
        test_puts(t, between[rnd(sizeof between / sizeof between[0])]);
    }
    static const char *const bodies[] = {
        "\n1. 32-28 19-23 2. 37-32 *\n", "\n4-6\n", "\n1-0\n", "\n{c} 1. 32-28 1-0", "",
        "\n[Event \"next\"]\n"};
    test_puts(t, bodies[rnd(sizeof bodies / sizeof bodies[0])]);
}

static void test_tag_speedpaths__headers(void)
{
    int failed = 0;
    for (int k = 0; k < 6000 && failed < 3; k++) {
        test_text t = {0};
        random_header(&t);
        /* Whole, and cut short where the quick loop's look-ahead ends. */
        size_t cut = t.len > 0 ? rnd((unsigned)t.len + 1) : 0;
        pdn_mode mode = rnd(2) ? PDN_MODE_LIBERAL : PDN_MODE_STRICT;
        if (!CHECK(same_both_ways(t.buf, t.len, mode)) || !CHECK(same_both_ways(t.buf, cut, mode)))
            failed++;
        free(t.buf);
    }
}

/* The tag lines the quick loop takes, once each, and their neighbours. */
static void test_tag_speedpaths__edges(void)
{
    static const char *const cases[] = {
        "[Event \"x\"]\n[Site \"y\"]\n[Event \"z\"]\n1. 32-28 *",
        "[event \"x\"]\n[Result \"4-6\"]\n\n1. 32-28 4-6",
        "[GameType \"21\"]\n[Result \"1-0\"]\n\n1. 11-15 1-0",
        "[Event \""
        "0123456789012345678901234567890123456789012345678901234567890123\"]\n*",
        "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. 32-28 *",
        "[Event \"a\"][Site \"b\"]\n*",
        "[A \"b\"]\n[B \"c\"]",
        "[Abcdefghijklmno \"b\"]\n[Abcdefghijklmnop \"c\"]\n*",
        "[Event \"a\\\"b\"]\n[Site \"c\"]\n*",
        "[Event \"a\nb\"]\n[Site \"c\"]\n*",
        "[Event \"a\" ]\n[Site \"c\"]\n*",
        "[Event  \"a\"]\n[Site \"c\"]\n*",
        "[Event \"x\"]\n[ \"y\"]\n[Site \"z\"]\n*",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (size_t cut = 0; cut <= strlen(cases[i]); cut++)
            CHECK(same_both_ways(cases[i], cut, PDN_MODE_STRICT));
}

/* ---- values ------------------------------------------------------------------ */

static int same_date(const char *s, size_t n)
{
    pdn_date a, b;
    size_t at_a = 777, at_b = 777;
    pdn_diag_code ca = pdn_parse_date(&a, s, n, &at_a);
    pdn_diag_code cb = pdn_values__date_general(&b, s, n, &at_b);
    int same = ca == cb && at_a == at_b && a.year == b.year && a.month == b.month && a.day == b.day;
    if (!same)
        fprintf(stderr,
                "    date \"%.*s\": quick %d at %zu (%d.%d.%d), general %d at %zu (%d.%d.%d)\n",
                (int)n, s, (int)ca, at_a, a.year, a.month, a.day, (int)cb, at_b, b.year, b.month,
                b.day);
    return same;
}

/* The forms the quick path reads, their bytes drawn from what makes them
 * differ: digits near the limits, '?', other separators, spaces. */
static void test_tag_speedpaths__dates(void)
{
    static const char *const shapes[] = {
        "YYYY.MM.DD", "YYYY-MM-DD", "YYYY/MM.DD", "DD.MM.YYYY",
        "DD-MM-YYYY", "DD/MM-YYYY", "YYYY.",      "YYYY.MM.DD - YYYY.MM.DD",
        "YYYY.MM.D",  "YY.MM.DD",   "YYYY,MM,DD", "DD MM YYYY"};
    static const char digits_year[] = "0123456789?";
    int failed = 0;
    for (int k = 0; k < 200000 && failed < 5; k++) {
        const char *shape = shapes[rnd(sizeof shapes / sizeof shapes[0])];
        char s[32];
        size_t n = strlen(shape);
        for (size_t i = 0; i < n; i++) {
            char c = shape[i];
            if (c == 'Y')
                c = rnd(10) ? (char)('0' + (i % 5 == 0 ? 1 + rnd(2) : rnd(10)))
                            : digits_year[rnd(11)];
            else if (c == 'M' || c == 'D')
                /* Fields near their limits: 0, 1, 2, 3 first digits. */
                c = rnd(12) ? (char)('0' + ((i + 1 < n && (shape[i + 1] == c)) ? rnd(4) : rnd(10)))
                            : "?x 9"[rnd(4)];
            s[i] = c;
        }
        /* Now and then one byte of any kind anywhere. */
        if (rnd(8) == 0)
            s[rnd((unsigned)n)] = " .-/?0a\t"[rnd(8)];
        if (!CHECK(same_date(s, n)))
            failed++;
    }
    static const char *const fixed[] = {"2000.02.29",
                                        "1900.02.29",
                                        "????.02.29",
                                        "2001.02.29",
                                        "2001.00.10",
                                        "2001.13.10",
                                        "2001.12.32",
                                        "2001.12.00",
                                        "12-25-1996",
                                        "25-12-1996",
                                        "00-13-1996",
                                        "13-13-1996",
                                        "29.02.1900",
                                        "1996.",
                                        "????.",
                                        "????.??.??",
                                        "1996-?\?-?\?",
                                        "1996.1?.01",
                                        "2004.10.27 - 2004.11.01",
                                        "2004.10.27 - 2004.13.01",
                                        "2004.10.32 - 2004.11.01",
                                        "2004.10.27 - 2004.11.0?",
                                        "",
                                        "0000.02.29"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        CHECK(same_date(fixed[i], strlen(fixed[i])));
}

/* Counts in *(int *)failed a result read otherwise by the general code. */
static void same_result(const char *s, size_t n, void *failed)
{
    if (pdn_parse_result(s, n) != pdn_values__result_general(s, n) && (*(int *)failed)++ < 5)
        CHECK(!"result differs");
}

/* Every text of up to three bytes over the bytes that matter, and the
 * seven-byte draw with each byte changed. */
static void test_tag_speedpaths__results(void)
{
    static const char alphabet[] = "0123-/* ?\xC2";
    size_t a = sizeof alphabet - 1;
    char s[8];
    int failed = 0;
    test_all_strings(alphabet, a, 0, 3, same_result, &failed);
    for (size_t i = 0; i < 7; i++) {
        for (size_t k = 0; k < a; k++) {
            memcpy(s, "1/2-1/2", 7);
            s[i] = alphabet[k];
            if (pdn_parse_result(s, 7) != pdn_values__result_general(s, 7) && failed++ < 5)
                CHECK(!"result differs");
        }
    }
    CHECK(pdn_parse_result(NULL, 0) == pdn_values__result_general(NULL, 0));
    CHECK_EQ_INT(failed, 0);
}

/* ---- decoding ---------------------------------------------------------------- */

/* A text of ASCII and runs of other bytes of every length, across block
 * edges and at times whole blocks of them, in s[0..n). */
static void fill_runs(char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        /* A run of ASCII (often long: the two-block copy), then a run of
         * other bytes (decoded at once). */
        size_t a = rnd(4) ? rnd(20) : rnd(300), h = rnd(8) ? rnd(12) : rnd(140);
        for (; a && i < n; a--, i++)
            s[i] = (char)(0x20 + rnd(95));
        for (; h && i < n; h--, i++)
            s[i] = (char)(0x80 + rnd(128));
    }
}

/* Whole texts against the same bytes decoded one at a time (which never
 * reach the block copy or the runs of high bytes), in every single-byte
 * encoding. */
static void test_tag_speedpaths__decode(void)
{
    static const pdn_encoding encs[] = {PDN_ENC_LATIN1, PDN_ENC_CP1251, PDN_ENC_CP866};
    pdn_alloc al = pdn_alloc__resolve(NULL);
    int failed = 0;
    for (int k = 0; k < 6000 && failed < 3; k++) {
        size_t n = rnd(700);
        char *s = malloc(n + 1);
        if (!s)
            return;
        /* Long ASCII runs with high bytes now and then, or dense; or runs
         * of each. */
        unsigned density = 1 + rnd(200);
        if (k % 2)
            fill_runs(s, n);
        else
            for (size_t i = 0; i < n; i++)
                s[i] = rnd(density) == 0 ? (char)(0x80 + rnd(128)) : (char)(0x20 + rnd(95));
        pdn_encoding enc = encs[rnd(3)];
        pdn_vec whole = {0}, bytes = {0};
        bool ok = pdn_text__decode(&whole, &al, s, n, enc);
        for (size_t i = 0; ok && i < n; i++)
            ok = pdn_text__decode(&bytes, &al, s + i, 1, enc);
        if (!CHECK(ok && whole.len == bytes.len &&
                   (whole.len == 0 || memcmp(whole.data, bytes.data, whole.len) == 0)))
            failed++;
        pdn_vec__free(&whole, &al, 1);
        pdn_vec__free(&bytes, &al, 1);
        free(s);
    }
}

/* The raw length of a decoded prefix against the byte-by-byte decoded
 * length: the longest raw prefix whose decoding fits. */
static void test_tag_speedpaths__raw_len(void)
{
    static const pdn_encoding encs[] = {PDN_ENC_LATIN1, PDN_ENC_CP1251, PDN_ENC_CP866};
    int failed = 0;
    for (int k = 0; k < 3000 && failed < 3; k++) {
        size_t n = rnd(600);
        unsigned char *s = malloc(n + 1);
        if (!s)
            return;
        unsigned density = 1 + rnd(100);
        for (size_t i = 0; i < n; i++)
            s[i] = (unsigned char)(rnd(density) == 0 ? 0x80 + rnd(128) : 0x20 + rnd(95));
        pdn_encoding enc = encs[rnd(3)];
        size_t total = pdn_text__decoded_len((const char *)s, n, enc);
        size_t decoded = rnd((unsigned)total + 8);
        size_t want = 0;
        while (want < n && pdn_text__decoded_len((const char *)s, want + 1, enc) <= decoded)
            want++;
        size_t got = pdn_text__raw_len((const char *)s, n, decoded, enc);
        if (!CHECK(got == want)) {
            fprintf(stderr, "    n %zu decoded %zu: got %zu, want %zu\n", n, decoded, got, want);
            failed++;
        }
        free(s);
    }
}

/* The valid UTF-8 prefix of s[0..n) found a byte at a time, as RFC 3629
 * puts it: no overlong forms, no surrogates, nothing above U+10FFFF. */
static size_t utf8_prefix_bytewise(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        size_t len = c < 0x80                 ? 1
                     : c >= 0xC2 && c <= 0xDF ? 2
                     : c >= 0xE0 && c <= 0xEF ? 3
                     : c >= 0xF0 && c <= 0xF4 ? 4
                                              : 0;
        if (len == 0 || n - i < len)
            return i;
        unsigned long cp = len == 1 ? c : c & (0xFFu >> (len + 1));
        for (size_t k = 1; k < len; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return i;
            cp = cp << 6 | (s[i + k] & 0x3Fu);
        }
        unsigned long min = len == 2 ? 0x80 : len == 3 ? 0x800 : len == 4 ? 0x10000 : 0;
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return n;
}

/* The validator's runs of ASCII (16 bytes at a time) against the byte loop:
 * ASCII with characters of every length, good and broken, now and then. */
static void test_tag_speedpaths__utf8_prefix(void)
{
    static const char *const pieces[] = {"\xC3\xA9",     "\xE2\x82\xAC", "\xF0\x9F\x98\x80",
                                         "\xC0\x80",     "\xED\xA0\x80", "\xF4\x90\x80\x80",
                                         "\xE0\x80\xAF", "\xC3",         "\xE2\x82",
                                         "\x80",         "\xFF",         "\xF0\x9F\x98"};
    int failed = 0;
    for (int k = 0; k < 20000 && failed < 3; k++) {
        unsigned char s[300];
        size_t n = 0, want = rnd(sizeof s - 8);
        unsigned density = 1 + rnd(80);
        while (n < want) {
            if (rnd(density) == 0) {
                const char *p = pieces[rnd(rnd(4) ? 3 : sizeof pieces / sizeof pieces[0])];
                size_t len = strlen(p);
                memcpy(s + n, p, len);
                n += len;
            } else {
                s[n++] = (unsigned char)(0x20 + rnd(95));
            }
        }
        size_t got = pdn_utf8__valid_prefix(s, n), ref = utf8_prefix_bytewise(s, n);
        if (!CHECK(got == ref)) {
            fprintf(stderr, "    n %zu: got %zu, want %zu\n", n, got, ref);
            failed++;
        }
    }
}

int main(void)
{
    RUN(test_tag_speedpaths__edges);
    RUN(test_tag_speedpaths__headers);
    RUN(test_tag_speedpaths__dates);
    RUN(test_tag_speedpaths__results);
    RUN(test_tag_speedpaths__decode);
    RUN(test_tag_speedpaths__raw_len);
    RUN(test_tag_speedpaths__utf8_prefix);
    return harness_report();
}
