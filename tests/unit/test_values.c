/* SPDX-License-Identifier: MIT */
/*
 * test_values.c - unit tests of the typed-value parsers (src/values/):
 * GameType, Date, Result, TimeControl, WhiteTime/BlackTime, comment commands
 * and FEN syntax.  Covers the standard's own examples, the corpus's wild
 * forms, boundaries (overflow, NUL bytes, empty text) and a small fuzz loop.
 * Every input is copied into a heap block of its exact length, so a sanitizer
 * build catches any read beyond `len`.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"

/* ---------------------------------------------------------------------- */
/* Exact-size copies                                                      */
/* ---------------------------------------------------------------------- */

/* Up to this many inputs are alive at once: each test frees its own. */
#define MAX_COPIES 256
static char *copies[MAX_COPIES];
static size_t copy_count;

/* A heap copy of n bytes with nothing after them. */
static const char *exact(const char *s, size_t n)
{
    char *p = malloc(n ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    memcpy(p, s, n);
    if (copy_count == MAX_COPIES) {
        fprintf(stderr, "too many inputs in one test: raise MAX_COPIES\n");
        exit(2);
    }
    copies[copy_count++] = p;
    return p;
}

static void release_all(void)
{
    for (size_t k = 0; k < copy_count; k++)
        free(copies[k]);
    copy_count = 0;
}

/* Runs one test and frees its inputs. */
#define RUN_TEST(fn) (RUN(fn), release_all())

/* A string literal with embedded NULs: pointer and length. */
#define LIT(s) exact(s, sizeof(s) - 1), sizeof(s) - 1

static pdn_diag_code gametype(const char *s, pdn_gametype *g, size_t *at)
{
    return pdn_parse_gametype(g, exact(s, strlen(s)), strlen(s), at);
}

static pdn_diag_code date(const char *s, pdn_date *d, size_t *at)
{
    return pdn_parse_date(d, exact(s, strlen(s)), strlen(s), at);
}

static pdn_result result(const char *s)
{
    return pdn_parse_result(exact(s, strlen(s)), strlen(s));
}

static pdn_diag_code timecontrol(const char *s, pdn_timecontrol *tc, size_t *at)
{
    return pdn_parse_timecontrol(tc, exact(s, strlen(s)), strlen(s), at);
}

static pdn_diag_code duration(const char *s, long *sec, size_t *at)
{
    return pdn_parse_duration(sec, exact(s, strlen(s)), strlen(s), at);
}

static pdn_diag_code clock_time(const char *s, long long *ms, size_t *at)
{
    return pdn_parse_clock_time(ms, exact(s, strlen(s)), strlen(s), at);
}

static pdn_diag_code clock_value(const char *s, pdn_clock *c, size_t *at)
{
    return pdn_parse_clock(c, exact(s, strlen(s)), strlen(s), at);
}

static pdn_diag_code eval(const char *s, pdn_eval *e, size_t *at)
{
    return pdn_parse_eval(e, exact(s, strlen(s)), strlen(s), at);
}

static pdn_diag_code marks(const char *s, int arrows, pdn_mark *m, size_t cap, size_t *n,
                           size_t *at)
{
    return pdn_parse_marks(m, cap, n, exact(s, strlen(s)), strlen(s), arrows, at);
}

static pdn_diag_code fen(const char *s, int chess, size_t *at)
{
    return pdn_check_fen_syntax(exact(s, strlen(s)), strlen(s), chess, at);
}

static pdn_str str_of(const char *s)
{
    pdn_str t;
    t.ptr = exact(s, strlen(s));
    t.len = strlen(s);
    return t;
}

/* ---------------------------------------------------------------------- */
/* GameType                                                               */
/* ---------------------------------------------------------------------- */

static void check_gametype_fields(const pdn_gametype *g, int type, char start, int w, int h,
                                  char notation, int corner, int invert)
{
    CHECK_EQ_INT(g->type, type);
    CHECK_EQ_INT(g->start, start);
    CHECK_EQ_INT(g->width, w);
    CHECK_EQ_INT(g->height, h);
    CHECK_EQ_INT(g->notation, notation);
    CHECK_EQ_INT(g->corner, corner);
    CHECK_EQ_INT(g->invert, invert);
}

/* The whole table of chapter 11: the bare number and the full tag agree. */
static void test_gametype__table(void)
{
    static const struct {
        const char *bare, *full;
        int type;
        char start;
        int w, h;
        char notation;
        int corner, invert;
    } rows[] = {
        {"0", "0,W,8,8,S0,0", 0, 'W', 8, 8, 'S', 0, 0},
        {"20", "20,W,10,10,N2,0", 20, 'W', 10, 10, 'N', 2, 0},
        {"21", "21,B,8,8,N1,0", 21, 'B', 8, 8, 'N', 1, 0},
        {"22", "22,W,8,8,N2,1", 22, 'W', 8, 8, 'N', 2, 1},
        {"23", "23,B,8,8,N1,0", 23, 'B', 8, 8, 'N', 1, 0},
        {"24", "24,W,8,8,N1,1", 24, 'W', 8, 8, 'N', 1, 1},
        {"25", "25,W,8,8,A0,0", 25, 'W', 8, 8, 'A', 0, 0},
        {"26", "26,W,8,8,A0,0", 26, 'W', 8, 8, 'A', 0, 0},
        {"27", "27,W,12,12,N2,0", 27, 'W', 12, 12, 'N', 2, 0},
        {"28", "28,W,8,8,N1,1", 28, 'W', 8, 8, 'N', 1, 1},
        {"29", "29,W,8,8,A0,0", 29, 'W', 8, 8, 'A', 0, 0},
        {"30", "30,W,8,8,A0,0", 30, 'W', 8, 8, 'A', 0, 0},
        {"31", "31,B,8,8,N2,0", 31, 'B', 8, 8, 'N', 2, 0},
        {"40", "40,W,10,10,N2,0", 40, 'W', 10, 10, 'N', 2, 0},
        {"41", "41,W,10,8,A0,0", 41, 'W', 10, 8, 'A', 0, 0},
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        pdn_gametype g, d;
        size_t at = 77;
        CHECK_EQ_INT(gametype(rows[k].bare, &g, &at), PDN_D_NONE);
        CHECK_EQ_INT(at, 77); /* untouched on success */
        check_gametype_fields(&g, rows[k].type, rows[k].start, rows[k].w, rows[k].h,
                              rows[k].notation, rows[k].corner, rows[k].invert);
        CHECK_EQ_INT(g.expanded, 1);

        CHECK_EQ_INT(gametype(rows[k].full, &g, NULL), PDN_D_NONE);
        check_gametype_fields(&g, rows[k].type, rows[k].start, rows[k].w, rows[k].h,
                              rows[k].notation, rows[k].corner, rows[k].invert);
        CHECK_EQ_INT(g.expanded, 0);

        CHECK_EQ_INT(pdn_gametype_default(&d, rows[k].type), PDN_OK);
        check_gametype_fields(&d, rows[k].type, rows[k].start, rows[k].w, rows[k].h,
                              rows[k].notation, rows[k].corner, rows[k].invert);
    }
}

static void test_gametype__standard_examples(void)
{
    pdn_gametype g;
    /* Chapter 11.1 */
    CHECK_EQ_INT(gametype("0", &g, NULL), PDN_D_NONE);
    CHECK_EQ_INT(g.notation, 'S');
    CHECK_EQ_INT(gametype("0,W,8,8,S0", &g, NULL), PDN_D_NONE);
    check_gametype_fields(&g, 0, 'W', 8, 8, 'S', 0, 0);
    CHECK_EQ_INT(gametype("20", &g, NULL), PDN_D_NONE);
    CHECK_EQ_INT(gametype("21,B,8,8,N1,0", &g, NULL), PDN_D_NONE);
    /* The other type-23 rows, and both Jamaican versions. */
    CHECK_EQ_INT(gametype("23,W,8,8,A0,0", &g, NULL), PDN_D_NONE);
    check_gametype_fields(&g, 23, 'W', 8, 8, 'A', 0, 0);
    CHECK_EQ_INT(gametype("23,W,8,8,A1,1", &g, NULL), PDN_D_NONE);
    check_gametype_fields(&g, 23, 'W', 8, 8, 'A', 1, 1);
    CHECK_EQ_INT(gametype("23,B,8,8,A1,1", &g, NULL), PDN_D_NONE);
    check_gametype_fields(&g, 23, 'B', 8, 8, 'A', 1, 1);
    /* A full tag that differs from the table row (met in the corpus). */
    CHECK_EQ_INT(gametype("20,W,10,10,N1,0", &g, NULL), PDN_D_NONE);
    CHECK_EQ_INT(g.corner, 1);
    /* Leading zeros match the regex "[0-9]+". */
    CHECK_EQ_INT(gametype("020", &g, NULL), PDN_D_NONE);
    CHECK_EQ_INT(g.type, 20);
}

static void test_gametype__bad(void)
{
    pdn_gametype g;
    size_t at;
    static const struct {
        const char *text;
        size_t at;
    } bad[] = {
        {"20,W,0,0,N,0", 5},     /* corpus: width 0 */
        {"20,W,10,10,N,0", 12},  /* notation without its digit */
        {"20,X,10,10,N2,0", 3},  /* start colour */
        {"20,W,10,10,Q2,0", 11}, /* notation letter */
        {"20,W,10,10,N4,0", 12}, /* corner digit */
        {"20,W,10,10,N2,2", 14}, /* invert flag */
        {"20,W,10,10,N2,0,1", 15},
        {"20,W,10,10,N2,", 14},
        {"20,W,10", 7},
        {"20,W,3,10,N2", 5},  /* width below 4 */
        {"20,W,27,10,N2", 5}, /* width above 26 */
        {"20,W,10,99999999999999999999,N2", 8},
        {"20,", 3},
        {"20,W", 4},
        {"x", 0},
        {"-1", 0},
        {"20x", 2},
        {"20;W", 2},
        {"99999999999999999999", 0},
        {"12345", 0},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        at = 999;
        CHECK_EQ_INT(gametype(bad[k].text, &g, &at), PDN_D_BAD_GAMETYPE);
        CHECK_EQ_INT(at, bad[k].at);
        CHECK_EQ_INT(g.type, -1);
    }
    CHECK_EQ_INT(pdn_parse_gametype(&g, LIT("20\0"), &at), PDN_D_BAD_GAMETYPE);
    CHECK_EQ_INT(at, 2);
    CHECK_EQ_INT(pdn_parse_gametype(&g,
                                    LIT("2\0"
                                        "0"),
                                    &at),
                 PDN_D_BAD_GAMETYPE);
    CHECK_EQ_INT(at, 1);
    CHECK_EQ_INT(pdn_parse_gametype(&g, LIT("\xff"), &at), PDN_D_BAD_GAMETYPE);
    /* err_at and out may be NULL. */
    CHECK_EQ_INT(gametype("20,W,0,0,N,0", NULL, NULL), PDN_D_BAD_GAMETYPE);
}

static void test_gametype__odd(void)
{
    pdn_gametype g;
    size_t at;
    static const char *unknown[] = {"1", "2", "19", "42", "49", "50", "51", "1000"};

    CHECK_EQ_INT(gametype(" 20", &g, &at), PDN_D_ODD_GAMETYPE);
    CHECK_EQ_INT(at, 0);
    CHECK_EQ_INT(g.type, 20);
    CHECK_EQ_INT(g.width, 10);
    CHECK_EQ_INT(gametype("20 ", &g, &at), PDN_D_ODD_GAMETYPE);
    CHECK_EQ_INT(at, 2);
    CHECK_EQ_INT(gametype("20, W, 10, 10, N2, 0", &g, &at), PDN_D_ODD_GAMETYPE);
    CHECK_EQ_INT(at, 3);
    check_gametype_fields(&g, 20, 'W', 10, 10, 'N', 2, 0);
    CHECK_EQ_INT(gametype("20 ,W,10,10,N2,0", &g, &at), PDN_D_ODD_GAMETYPE);
    CHECK_EQ_INT(at, 2);
    CHECK_EQ_INT(gametype("20,w,10,10,n2,0", &g, &at), PDN_D_ODD_GAMETYPE);
    CHECK_EQ_INT(at, 3);
    check_gametype_fields(&g, 20, 'W', 10, 10, 'N', 2, 0);
    CHECK_EQ_INT(gametype("   ", &g, &at), PDN_D_ODD_GAMETYPE);
    CHECK_EQ_INT(g.type, -1);

    /* Numbers the standard reserves for other games or the future. */
    for (size_t k = 0; k < sizeof unknown / sizeof unknown[0]; k++) {
        at = 9;
        CHECK_EQ_INT(gametype(unknown[k], &g, &at), PDN_D_ODD_GAMETYPE);
        CHECK_EQ_INT(at, 0);
        CHECK_EQ_INT(g.type, atoi(unknown[k]));
        CHECK_EQ_INT(g.width, 0);
        CHECK_EQ_INT(g.expanded, 0);
    }
    CHECK_EQ_INT(gametype("42,W,10,10,N2,0", &g, &at), PDN_D_ODD_GAMETYPE);
    check_gametype_fields(&g, 42, 'W', 10, 10, 'N', 2, 0);

    /* lidraughts 96-99 map to the 10x10 rows; the number stays as written. */
    for (int t = 96; t <= 99; t++) {
        char buf[3] = {(char)('0' + t / 10), (char)('0' + t % 10), 0};
        CHECK_EQ_INT(gametype(buf, &g, &at), PDN_D_ODD_GAMETYPE);
        CHECK_EQ_INT(at, 0);
        check_gametype_fields(&g, t, 'W', 10, 10, 'N', 2, 0);
        CHECK_EQ_INT(g.expanded, 1);
    }
    CHECK_EQ_INT(gametype("97,W,10,10,N2,0", &g, &at), PDN_D_ODD_GAMETYPE);
    check_gametype_fields(&g, 97, 'W', 10, 10, 'N', 2, 0);
}

static void test_gametype__empty(void)
{
    pdn_gametype g;
    CHECK_EQ_INT(gametype("", &g, NULL), PDN_D_NONE);
    CHECK_EQ_INT(g.type, -1);
    CHECK_EQ_INT(g.width, 0);
    CHECK_EQ_INT(pdn_parse_gametype(&g, NULL, 5, NULL), PDN_D_NONE);
}

static void test_gametype__default_and_separator(void)
{
    pdn_gametype g;
    static const int none[] = {-1, 1, 2, 19, 32, 39, 42, 50, 96, 99, 1000};
    for (size_t k = 0; k < sizeof none / sizeof none[0]; k++) {
        CHECK_EQ_INT(pdn_gametype_default(&g, none[k]), PDN_EINVAL);
        CHECK_EQ_INT(g.width, 0);
    }
    CHECK_EQ_INT(pdn_gametype_default(NULL, 20), PDN_EINVAL);
    CHECK_EQ_INT(pdn_gametype_default(&g, 23), PDN_OK);
    CHECK_EQ_INT(g.start, 'B');
    CHECK_EQ_INT(g.notation, 'N');
    CHECK_EQ_INT(g.expanded, 1);

    CHECK_EQ_INT(pdn_gametype_capture_separator(25), ':');
    CHECK_EQ_INT(pdn_gametype_capture_separator(41), ':');
    CHECK_EQ_INT(pdn_gametype_capture_separator(31), '-');
    for (int t = 20; t <= 40; t++)
        if (t != 25 && t != 31)
            CHECK_EQ_INT(pdn_gametype_capture_separator(t), 'x');
    CHECK_EQ_INT(pdn_gametype_capture_separator(0), 'x');
    CHECK_EQ_INT(pdn_gametype_capture_separator(-1), 'x');
    CHECK_EQ_INT(pdn_gametype_capture_separator(97), 'x');
}

/* ---------------------------------------------------------------------- */
/* Date                                                                   */
/* ---------------------------------------------------------------------- */

static void check_date(const char *text, pdn_diag_code code, int y, int m, int d)
{
    pdn_date v = {-5, -5, -5};
    pdn_diag_code got = date(text, &v, NULL);
    if (!CHECK(got == code))
        fprintf(stderr, "    date \"%s\": got code %d, expected %d\n", text, got, code);
    if (code == PDN_D_NONE || code == PDN_D_ODD_DATE) {
        if (!CHECK(v.year == y && v.month == m && v.day == d))
            fprintf(stderr, "    date \"%s\": got %d.%d.%d, expected %d.%d.%d\n", text, v.year,
                    v.month, v.day, y, m, d);
    }
}

static void check_date_at(const char *text, pdn_diag_code code, size_t at)
{
    size_t got = 999;
    CHECK_EQ_INT(date(text, NULL, &got), code);
    if (!CHECK(got == at))
        fprintf(stderr, "    date \"%s\": error at %zu, expected %zu\n", text, got, at);
}

static void test_date__standard(void)
{
    check_date("1996.12.28", PDN_D_NONE, 1996, 12, 28);
    check_date("2007.05.19", PDN_D_NONE, 2007, 5, 19);
    check_date("2012.02.01", PDN_D_NONE, 2012, 2, 1);
    check_date("????.??.??", PDN_D_NONE, 0, 0, 0);
    check_date("1996.??.??", PDN_D_NONE, 1996, 0, 0);
    check_date("2003.03.??", PDN_D_NONE, 2003, 3, 0);
    check_date("????.12.??", PDN_D_NONE, 0, 12, 0);
    check_date("", PDN_D_NONE, 0, 0, 0);
    check_date("2024.02.29", PDN_D_NONE, 2024, 2, 29);
    check_date("2000.02.29", PDN_D_NONE, 2000, 2, 29);
    check_date("0000.02.29", PDN_D_NONE, 0, 2, 29); /* year unknown: any 29 February */
    check_date("????.02.29", PDN_D_NONE, 0, 2, 29);
    check_date("2024.12.31", PDN_D_NONE, 2024, 12, 31);
    check_date("0001.01.01", PDN_D_NONE, 1, 1, 1);
    /* The standard's second example is garbled: not a date. */
    check_date("2007.?.??.??", PDN_D_BAD_DATE, 0, 0, 0);
    /* Only `len` bytes count. */
    {
        pdn_date v;
        CHECK_EQ_INT(pdn_parse_date(&v, exact("2024.01.019", 11), 10, NULL), PDN_D_NONE);
        CHECK_EQ_INT(v.day, 1);
    }
    CHECK_EQ_INT(pdn_parse_date(NULL, NULL, 10, NULL), PDN_D_NONE);
}

static void test_date__odd(void)
{
    check_date("????.???.??", PDN_D_ODD_DATE, 0, 0, 0); /* the standard's 3.1 table */
    check_date("??", PDN_D_ODD_DATE, 0, 0, 0);          /* the old description */
    check_date("2024-12-14", PDN_D_ODD_DATE, 2024, 12, 14);
    check_date("2024-12-15", PDN_D_ODD_DATE, 2024, 12, 15);
    check_date("13-01-1996", PDN_D_ODD_DATE, 1996, 1, 13);
    check_date("25.11.2000", PDN_D_ODD_DATE, 2000, 11, 25);
    check_date("1.1.1965", PDN_D_ODD_DATE, 1965, 1, 1);
    check_date("7.12.1983", PDN_D_ODD_DATE, 1983, 12, 7);
    check_date("1970.4.2", PDN_D_ODD_DATE, 1970, 4, 2);
    check_date("1995.11.9", PDN_D_ODD_DATE, 1995, 11, 9);
    check_date("1847-?\?-??", PDN_D_ODD_DATE, 1847, 0, 0); /* "1847-??-??" */
    check_date("1945.10.??", PDN_D_NONE, 1945, 10, 0);
    check_date("1950.", PDN_D_ODD_DATE, 1950, 0, 0);
    check_date("1950", PDN_D_ODD_DATE, 1950, 0, 0);
    check_date("1996.12", PDN_D_ODD_DATE, 1996, 12, 0);
    check_date("11.2000", PDN_D_ODD_DATE, 2000, 11, 0);
    check_date("2004.10.27 - 2004.11.01", PDN_D_ODD_DATE, 2004, 10, 27);
    check_date("2007/2008", PDN_D_ODD_DATE, 2007, 0, 0);
    check_date("17 april 2009", PDN_D_ODD_DATE, 2009, 4, 17);
    check_date("19-Oct-2003", PDN_D_ODD_DATE, 2003, 10, 19);
    check_date("April 17, 2009", PDN_D_ODD_DATE, 2009, 4, 17);
    check_date("mei 2009", PDN_D_ODD_DATE, 2009, 5, 0);
    check_date("3 okt 1999", PDN_D_ODD_DATE, 1999, 10, 3);
    check_date("12-25-2001", PDN_D_ODD_DATE, 2001, 12, 25); /* American order */
    check_date("19??.??.??", PDN_D_ODD_DATE, 0, 0, 0);
    check_date("2024.1?.01", PDN_D_ODD_DATE, 2024, 0, 1);
    check_date(" 2024.01.01", PDN_D_ODD_DATE, 2024, 1, 1);
    check_date("2024.01.01 ", PDN_D_ODD_DATE, 2024, 1, 1);
    check_date("   ", PDN_D_ODD_DATE, 0, 0, 0);
    check_date("2024/01/02", PDN_D_ODD_DATE, 2024, 1, 2);

    check_date_at("2024-12-14", PDN_D_ODD_DATE, 4);
    check_date_at("13-01-1996", PDN_D_ODD_DATE, 2);
    check_date_at("1970.4.2", PDN_D_ODD_DATE, 6);
    check_date_at("19??.??.??", PDN_D_ODD_DATE, 0);
    check_date_at("2024.1?.01", PDN_D_ODD_DATE, 5);
    check_date_at(" 2024.01.01", PDN_D_ODD_DATE, 0);
    check_date_at("2024.01.01 ", PDN_D_ODD_DATE, 10);
    check_date_at("2004.10.27 - 2004.11.01", PDN_D_ODD_DATE, 10);
    check_date_at("1950.", PDN_D_ODD_DATE, 5);
}

static void test_date__bad(void)
{
    check_date_at("2024.13.01", PDN_D_BAD_DATE, 5);
    check_date_at("2024.00.01", PDN_D_BAD_DATE, 5);
    check_date_at("2024.01.32", PDN_D_BAD_DATE, 8);
    check_date_at("2024.01.00", PDN_D_BAD_DATE, 8);
    check_date_at("2023.02.29", PDN_D_BAD_DATE, 8);
    check_date_at("1900.02.29", PDN_D_BAD_DATE, 8);
    check_date_at("2024.1a.01", PDN_D_BAD_DATE, 6);
    {
        /* A failed date leaves zeros, not what the caller had. */
        pdn_date v = {-5, -5, -5};
        CHECK_EQ_INT(date("2024.02.30", &v, NULL), PDN_D_BAD_DATE);
        CHECK(v.year == 0 && v.month == 0 && v.day == 0);
    }
    check_date_at("2024.04.31", PDN_D_BAD_DATE, 8);
    check_date_at("13-13-2001", PDN_D_BAD_DATE, 3);
    check_date_at("03.07.20", PDN_D_BAD_DATE, 6); /* two-digit year */
    check_date_at("2007.?.??.??", PDN_D_BAD_DATE, 9);
    check_date_at("2024.01.01x", PDN_D_BAD_DATE, 10);
    check_date_at("abc", PDN_D_BAD_DATE, 0);
    check_date_at("12", PDN_D_BAD_DATE, 0);
    check_date_at("99999999999.01.01", PDN_D_BAD_DATE, 0);
    check_date_at("2024.01.01 - x", PDN_D_BAD_DATE, 10);
    check_date_at("17 april", PDN_D_BAD_DATE, 8);
    check_date_at("2024#01#01", PDN_D_BAD_DATE, 4);
    check_date_at("1.1.1.1.1.1.1.1.1.1.1.1.1.1.1", PDN_D_BAD_DATE, 24);
    {
        size_t at;
        CHECK_EQ_INT(pdn_parse_date(NULL, LIT("2024\0.01.01"), &at), PDN_D_BAD_DATE);
        CHECK_EQ_INT(at, 4);
        CHECK_EQ_INT(pdn_parse_date(NULL, LIT("2024.01.0\xc3"), &at), PDN_D_BAD_DATE);
        CHECK_EQ_INT(at, 9);
    }
}

/* ---------------------------------------------------------------------- */
/* Result                                                                 */
/* ---------------------------------------------------------------------- */

static void test_result__values(void)
{
    CHECK_EQ_INT(result("1-0"), PDN_RESULT_WHITE);
    CHECK_EQ_INT(result("2-0"), PDN_RESULT_WHITE);
    CHECK_EQ_INT(result("0-1"), PDN_RESULT_BLACK);
    CHECK_EQ_INT(result("0-2"), PDN_RESULT_BLACK);
    CHECK_EQ_INT(result("1/2-1/2"), PDN_RESULT_DRAW);
    CHECK_EQ_INT(result("1-1"), PDN_RESULT_DRAW);
    CHECK_EQ_INT(result("\xC2\xBD-\xC2\xBD"), PDN_RESULT_DRAW);
    CHECK_EQ_INT(result("0-0"), PDN_RESULT_FORFEIT);
    CHECK_EQ_INT(result("*"), PDN_RESULT_UNKNOWN);
    CHECK_EQ_INT(result("?"), PDN_RESULT_UNKNOWN);
    CHECK_EQ_INT(result(""), PDN_RESULT_UNKNOWN);
    CHECK_EQ_INT(result("   "), PDN_RESULT_UNKNOWN);
    CHECK_EQ_INT(result(" 0-1"), PDN_RESULT_BLACK); /* corpus */
    CHECK_EQ_INT(result("1-0 \t"), PDN_RESULT_WHITE);
    CHECK_EQ_INT(result("1 - 0"), PDN_RESULT_WHITE);
    CHECK_EQ_INT(result("1/2 - 1/2"), PDN_RESULT_DRAW);
    /* ResultFormat values and the corpus's oddities. */
    CHECK_EQ_INT(result("4-6"), PDN_RESULT_OTHER);
    CHECK_EQ_INT(result("1-9"), PDN_RESULT_OTHER);
    CHECK_EQ_INT(result("1+ - 1-"), PDN_RESULT_OTHER);
    CHECK_EQ_INT(result("1 1/2 - 1/2"), PDN_RESULT_OTHER);
    CHECK_EQ_INT(result("-0.98-1.02"), PDN_RESULT_OTHER);
    CHECK_EQ_INT(result("1/2"), PDN_RESULT_OTHER);
    CHECK_EQ_INT(result("* *"), PDN_RESULT_OTHER);
    CHECK_EQ_INT(result("1-0 1-0 1-0 1-0"), PDN_RESULT_OTHER);
    CHECK_EQ_INT(pdn_parse_result(LIT("1-0\0")), PDN_RESULT_OTHER);
    CHECK_EQ_INT(pdn_parse_result(exact("1-00", 4), 3), PDN_RESULT_WHITE);
    CHECK_EQ_INT(pdn_parse_result(NULL, 3), PDN_RESULT_UNKNOWN);
}

/* ---------------------------------------------------------------------- */
/* TimeControl                                                            */
/* ---------------------------------------------------------------------- */

static void check_period(const pdn_timecontrol *tc, int k, int moves, long seconds, long inc,
                         int sand)
{
    CHECK_EQ_INT(tc->periods[k].moves, moves);
    CHECK_EQ_INT(tc->periods[k].seconds, seconds);
    CHECK_EQ_INT(tc->periods[k].increment, inc);
    CHECK_EQ_INT(tc->periods[k].sandclock, sand);
}

static void test_timecontrol__standard_examples(void)
{
    pdn_timecontrol tc;
    CHECK_EQ_INT(timecontrol("40/7200:3600", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.kind, 0);
    CHECK_EQ_INT(tc.period_count, 2);
    check_period(&tc, 0, 40, 7200, 0, 0);
    check_period(&tc, 1, 0, 3600, 0, 0);

    CHECK_EQ_INT(timecontrol("4800+60", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.period_count, 1);
    check_period(&tc, 0, 0, 4800, 60, 0);

    CHECK_EQ_INT(timecontrol("40/7200:3600+60", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.period_count, 2);
    check_period(&tc, 1, 0, 3600, 60, 0);

    CHECK_EQ_INT(timecontrol("40/7200:20/2400:600+5", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.period_count, 3);
    check_period(&tc, 0, 40, 7200, 0, 0);
    check_period(&tc, 1, 20, 2400, 0, 0);
    check_period(&tc, 2, 0, 600, 5, 0);

    CHECK_EQ_INT(timecontrol("*120", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.period_count, 1);
    check_period(&tc, 0, 0, 120, 0, 1);

    CHECK_EQ_INT(timecontrol("?", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.kind, 1);
    CHECK_EQ_INT(tc.period_count, 0);
    CHECK_EQ_INT(timecontrol("-", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.kind, 2);
    CHECK_EQ_INT(timecontrol("", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.kind, 0);
    CHECK_EQ_INT(tc.period_count, 0);
}

static void test_timecontrol__corpus_and_limits(void)
{
    pdn_timecontrol tc;
    size_t at;
    CHECK_EQ_INT(timecontrol("45/5400:30/1800", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.period_count, 2);
    CHECK_EQ_INT(timecontrol("40/7200:20/3600:900+30", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.period_count, 3);
    CHECK_EQ_INT(timecontrol("60+0", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(timecontrol("40/5400+30:1800+30", &tc, NULL), PDN_D_NONE);
    check_period(&tc, 0, 40, 5400, 30, 0);
    CHECK_EQ_INT(timecontrol("300:*60", &tc, NULL), PDN_D_NONE);
    check_period(&tc, 1, 0, 60, 0, 1);
    CHECK_EQ_INT(timecontrol("1:2:3:4:5:6:7:8", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.period_count, PDN_TC_MAX_PERIODS);
    check_period(&tc, 7, 0, 8, 0, 0);
    CHECK_EQ_INT(timecontrol("1:2:3:4:5:6:7:8:9", &tc, &at), PDN_D_BAD_TIMECONTROL);
    CHECK_EQ_INT(at, 16);
    CHECK_EQ_INT(timecontrol("999999999", &tc, NULL), PDN_D_NONE);
    CHECK_EQ_INT(tc.periods[0].seconds, 999999999L);
}

static void test_timecontrol__bad(void)
{
    static const struct {
        const char *text;
        size_t at;
    } bad[] = {
        {"40/", 3},
        {"/60", 0},
        {"40/7200:", 8},
        {":", 0},
        {"60+", 3},
        {"*", 1},
        {"**5", 1},
        {"1 0", 1},
        {"? ", 0},
        {" 60", 0},
        {"0/60", 0},
        {"9999999999", 0},
        {"40/99999999999", 3},
        {"60+x", 3},
        {"60x", 2},
        {"?:60", 0},
        {"60:-", 3},
        {"40/60/60", 5},
        {"99999999/60", 0},
        {"+5", 0},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        pdn_timecontrol tc;
        size_t at = 999;
        CHECK_EQ_INT(timecontrol(bad[k].text, &tc, &at), PDN_D_BAD_TIMECONTROL);
        if (!CHECK(at == bad[k].at))
            fprintf(stderr, "    \"%s\": at %zu, expected %zu\n", bad[k].text, at, bad[k].at);
    }
    {
        size_t at;
        CHECK_EQ_INT(pdn_parse_timecontrol(NULL, LIT("60\0+5"), &at), PDN_D_BAD_TIMECONTROL);
        CHECK_EQ_INT(at, 2);
    }
}

/* ---------------------------------------------------------------------- */
/* WhiteTime / BlackTime                                                  */
/* ---------------------------------------------------------------------- */

static void test_duration__values(void)
{
    long s = -1;
    CHECK_EQ_INT(duration("1:59:20", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 7160);
    CHECK_EQ_INT(duration("1:17:28", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 4648);
    CHECK_EQ_INT(duration("1:36", &s, NULL), PDN_D_NONE); /* 1 hour 36 minutes */
    CHECK_EQ_INT(s, 5760);
    CHECK_EQ_INT(duration("1:17", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 4620);
    CHECK_EQ_INT(duration("2.23", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 8580);
    CHECK_EQ_INT(duration("2.40", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 9600);
    CHECK_EQ_INT(duration("1.17.28", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 4648);
    CHECK_EQ_INT(duration("0:31:00", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 1860);
    CHECK_EQ_INT(duration("01:00", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 3600);
    CHECK_EQ_INT(duration("123:00", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 442800);
    CHECK_EQ_INT(duration("99999:59:59", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 99999L * 3600 + 59 * 60 + 59);
    s = 5;
    CHECK_EQ_INT(duration("", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 0);
    CHECK_EQ_INT(duration("?", &s, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 0);
    CHECK_EQ_INT(pdn_parse_duration(&s, exact("1:301", 5), 4, NULL), PDN_D_NONE);
    CHECK_EQ_INT(s, 5400);
}

static void test_duration__bad(void)
{
    static const struct {
        const char *text;
        size_t at;
    } bad[] = {
        {"1:60", 2},       {"1:5", 2},   {"1:59:60", 5}, {"1:59.20", 4},
        {":30", 0},        {"1", 1},     {"1:300", 2},   {"1:30:", 5},
        {"1:30:00:00", 7}, {" 1:30", 0}, {"1:30 ", 4},   {"999999:00", 0},
        {"1h30", 1},       {"1:3x", 2},  {"??:??", 0},   {"1:30:0", 5},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        long s = 7;
        size_t at = 999;
        CHECK_EQ_INT(duration(bad[k].text, &s, &at), PDN_D_BAD_TIME);
        if (!CHECK(at == bad[k].at))
            fprintf(stderr, "    \"%s\": at %zu, expected %zu\n", bad[k].text, at, bad[k].at);
        CHECK_EQ_INT(s, 0);
    }
    {
        size_t at;
        CHECK_EQ_INT(pdn_parse_duration(NULL,
                                        LIT("1:\0"
                                            "0"),
                                        &at),
                     PDN_D_BAD_TIME);
        CHECK_EQ_INT(at, 2);
    }
}

/* ---------------------------------------------------------------------- */
/* Commands                                                               */
/* ---------------------------------------------------------------------- */

static void test_command__next(void)
{
    pdn_command c;
    size_t pos = 0;
    pdn_str t = str_of("[%clk 1:55:21]");
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 1);
    CHECK_STR(c.name.ptr, c.name.len, "clk");
    CHECK_STR(c.value.ptr, c.value.len, "1:55:21");
    CHECK_EQ_INT(c.offset, 0);
    CHECK_EQ_INT(c.length, 14);
    CHECK_EQ_INT(pos, 14);
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 0);

    /* Chapter 5: a command among text. */
    t = str_of("Optional leading comments\n[%clock 0:49:11] optional trailing comments");
    pos = 0;
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 1);
    CHECK_STR(c.name.ptr, c.name.len, "clock");
    CHECK_STR(c.value.ptr, c.value.len, "0:49:11");
    CHECK_EQ_INT(c.offset, 26);
    CHECK_EQ_INT(c.length, 16);
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 0);

    /* Several commands, a command without value, trimmed values. */
    t = str_of(" [%clk 0:01:00][%eval 0.17,23] text [%inbook] [%csl  Ga4,Rd1 ]x");
    pos = 0;
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 1);
    CHECK_STR(c.name.ptr, c.name.len, "clk");
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 1);
    CHECK_STR(c.name.ptr, c.name.len, "eval");
    CHECK_STR(c.value.ptr, c.value.len, "0.17,23");
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 1);
    CHECK_STR(c.name.ptr, c.name.len, "inbook");
    CHECK_EQ_INT(c.value.len, 0);
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 1);
    CHECK_STR(c.name.ptr, c.name.len, "csl");
    CHECK_STR(c.value.ptr, c.value.len, "Ga4,Rd1");
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 0);
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 0);

    /* A line break between name and value; names with digits and '_'. */
    t = str_of("[%clk\n0:00:10][%my_cmd2 x]");
    pos = 0;
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 1);
    CHECK_STR(c.value.ptr, c.value.len, "0:00:10");
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 1);
    CHECK_STR(c.name.ptr, c.name.len, "my_cmd2");
}

static void test_command__not_commands(void)
{
    pdn_command c;
    size_t pos = 0;
    pdn_str t = str_of("[% x] [x] % [%");
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 0);

    pos = 0;
    t = str_of("[%clk 1:00");
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 0);
    CHECK_EQ_INT(pos, t.len);

    /* An unclosed command before a closed one. */
    pos = 0;
    t = str_of("[%foo bar [%clk 0:01:00] rest");
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 1);
    CHECK_STR(c.name.ptr, c.name.len, "clk");
    CHECK_EQ_INT(c.offset, 10);

    pos = 100;
    CHECK_EQ_INT(pdn_command_next(&c, t, &pos), 0);
    CHECK_EQ_INT(pdn_command_next(&c, t, NULL), 0);
    pos = 0;
    CHECK_EQ_INT(pdn_command_next(&c, str_of(""), &pos), 0);
    {
        pdn_str none = {NULL, 7};
        pos = 0;
        CHECK_EQ_INT(pdn_command_next(&c, none, &pos), 0);
    }
    /* A NUL inside stays in the value for the value parser to reject. */
    {
        pdn_str n;
        size_t at;
        long long ms;
        n.ptr = exact("[%clk 0:00\0:10]", 15);
        n.len = 15;
        pos = 0;
        CHECK_EQ_INT(pdn_command_next(&c, n, &pos), 1);
        CHECK_EQ_INT(c.value.len, 8);
        CHECK_EQ_INT(pdn_parse_clock_time(&ms, c.value.ptr, c.value.len, &at), PDN_D_BAD_COMMAND);
        CHECK_EQ_INT(at, 4);
    }
    /* out may be NULL: the command is skipped. */
    pos = 0;
    CHECK_EQ_INT(pdn_command_next(NULL, str_of("[%clk 1:00:00]"), &pos), 1);
    CHECK_EQ_INT(pos, 14);
}

static void test_command__clock_time(void)
{
    long long ms = -1;
    size_t at;
    CHECK_EQ_INT(clock_time("1:55:21", &ms, NULL), PDN_D_NONE);
    CHECK_EQ_INT(ms, 6921000);
    CHECK_EQ_INT(clock_time("1:05:23", &ms, NULL), PDN_D_NONE);
    CHECK_EQ_INT(ms, 3923000);
    CHECK_EQ_INT(clock_time("0:00:37", &ms, NULL), PDN_D_NONE);
    CHECK_EQ_INT(ms, 37000);
    CHECK_EQ_INT(clock_time("0:0:10.08", &ms, NULL), PDN_D_NONE); /* corpus egt */
    CHECK_EQ_INT(ms, 10080);
    CHECK_EQ_INT(clock_time("0:0:0.00", &ms, NULL), PDN_D_NONE);
    CHECK_EQ_INT(ms, 0);
    CHECK_EQ_INT(clock_time("1:05:23.5", &ms, NULL), PDN_D_NONE);
    CHECK_EQ_INT(ms, 3923500);
    CHECK_EQ_INT(clock_time("10:00:00.1239", &ms, NULL), PDN_D_NONE);
    CHECK_EQ_INT(ms, 36000123);
    CHECK_EQ_INT(clock_time(" 2:00:00 ", &ms, NULL), PDN_D_NONE);
    CHECK_EQ_INT(ms, 7200000);
    CHECK_EQ_INT(clock_time("999999:59:59.999", &ms, NULL), PDN_D_NONE);
    CHECK_EQ_INT(ms, (999999LL * 3600 + 59 * 60 + 59) * 1000 + 999);

    {
        static const struct {
            const char *text;
            size_t at;
        } bad[] = {
            {"5:00", 4},          {"", 0},         {"a", 0},        {"1:60:00", 2},
            {"1:00:60", 5},       {"1:00:00.", 8}, {"1:000:00", 2}, {"1:00:00x", 7},
            {"9999999:00:00", 0}, {"1::00", 2},    {"-1:00:00", 0}, {"1:00:00 1", 7},
        };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            at = 999;
            CHECK_EQ_INT(clock_time(bad[k].text, &ms, &at), PDN_D_BAD_COMMAND);
            if (!CHECK(at == bad[k].at))
                fprintf(stderr, "    \"%s\": at %zu, expected %zu\n", bad[k].text, at, bad[k].at);
            CHECK_EQ_INT(ms, 0);
        }
    }
}

static void test_command__clock(void)
{
    pdn_clock c;
    size_t at;
    /* Chapter 5 and the live game of chapter 8. */
    CHECK_EQ_INT(clock_value("w0:00:10 B0:00:03", &c, NULL), PDN_D_NONE);
    CHECK_EQ_INT(c.count, 2);
    CHECK_EQ_INT(c.times[0].side, 'w');
    CHECK_EQ_INT(c.times[0].running, 0);
    CHECK_EQ_INT(c.times[0].ms, 10000);
    CHECK_EQ_INT(c.times[1].side, 'b');
    CHECK_EQ_INT(c.times[1].running, 1);
    CHECK_EQ_INT(c.times[1].ms, 3000);

    CHECK_EQ_INT(clock_value("0:49:11", &c, NULL), PDN_D_NONE);
    CHECK_EQ_INT(c.count, 1);
    CHECK_EQ_INT(c.times[0].side, 0);
    CHECK_EQ_INT(c.times[0].ms, 2951000);

    CHECK_EQ_INT(clock_value("1:05:23", &c, NULL), PDN_D_NONE);
    CHECK_EQ_INT(clock_value("w0:00:00 b0:00:05", &c, NULL), PDN_D_NONE);
    CHECK_EQ_INT(c.times[1].running, 0);
    CHECK_EQ_INT(clock_value("w0:05:40 b0:05:45", &c, NULL), PDN_D_NONE);
    CHECK_EQ_INT(c.times[1].ms, 345000);
    CHECK_EQ_INT(clock_value("W1:00:00", &c, NULL), PDN_D_NONE);
    CHECK_EQ_INT(c.times[0].side, 'w');
    CHECK_EQ_INT(c.times[0].running, 1);
    CHECK_EQ_INT(clock_value("0:01:00 0:02:00", &c, NULL), PDN_D_NONE);
    CHECK_EQ_INT(c.count, 2);
    CHECK_EQ_INT(c.times[1].ms, 120000);
    CHECK_EQ_INT(clock_value("w0:00:10B0:00:03", &c, NULL), PDN_D_NONE); /* \s* */
    CHECK_EQ_INT(c.count, 2);
    CHECK_EQ_INT(clock_value(" b0:00:10\t", &c, NULL), PDN_D_NONE);

    {
        static const struct {
            const char *text;
            size_t at;
        } bad[] = {
            {"", 0},      {"x0:00:10", 0},        {"w0:00:10 b0:00:10 w0:00:10", 18},
            {"w", 1},     {"w0:00:10 junk", 9},   {"w 0:00:10", 1},
            {"w0:00", 5}, {"0:00:10,0:00:20", 7},
        };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            at = 999;
            CHECK_EQ_INT(clock_value(bad[k].text, &c, &at), PDN_D_BAD_COMMAND);
            if (!CHECK(at == bad[k].at))
                fprintf(stderr, "    \"%s\": at %zu, expected %zu\n", bad[k].text, at, bad[k].at);
            CHECK_EQ_INT(c.count, 0);
        }
    }
}

static void test_command__eval(void)
{
    pdn_eval e;
    static const struct {
        const char *text;
        long cp;
        int depth;
    } good[] = {
        {"+0.69", 69, -1},      {"-1.25", -125, -1},
        {"0.00", 0, -1},        {"0.17,23", 17, 23},
        {"-0.048", -5, -1},     {"0.008", 1, -1},
        {"0.004", 0, -1},       {"-0.004", 0, -1},
        {"1", 100, -1},         {".5", 50, -1},
        {"-.5", -50, -1},       {"12.", 1200, -1},
        {" 3.14159 ", 314, -1}, {"999999.99", 99999999, -1},
        {"0.005", 1, -1},       {"-0.005", -1, -1},
    };
    for (size_t k = 0; k < sizeof good / sizeof good[0]; k++) {
        CHECK_EQ_INT(eval(good[k].text, &e, NULL), PDN_D_NONE);
        CHECK_EQ_INT(e.is_mate, 0);
        if (!CHECK(e.centipawns == good[k].cp))
            fprintf(stderr, "    \"%s\": %ld cp, expected %ld\n", good[k].text, e.centipawns,
                    good[k].cp);
        CHECK_EQ_INT(e.depth, good[k].depth);
    }
    CHECK_EQ_INT(eval("#3", &e, NULL), PDN_D_NONE);
    CHECK_EQ_INT(e.is_mate, 1);
    CHECK_EQ_INT(e.mate, 3);
    CHECK_EQ_INT(eval("#-2", &e, NULL), PDN_D_NONE);
    CHECK_EQ_INT(e.mate, -2);
    CHECK_EQ_INT(eval("#+4,30", &e, NULL), PDN_D_NONE);
    CHECK_EQ_INT(e.mate, 4);
    CHECK_EQ_INT(e.depth, 30);

    {
        static const struct {
            const char *text;
            size_t at;
        } bad[] = {
            {"", 0},          {"+", 1},      {"abc", 0},
            {"#", 1},         {"#x", 1},     {"0.5,", 4},
            {"0.5,x", 4},     {"1.2.3", 3},  {"99999999999", 0},
            {"#99999999", 1}, {"0.5 ,3", 3}, {"0.5,99999999", 4},
            {"1e3", 1},       {"--1", 1},
        };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            size_t at = 999;
            CHECK_EQ_INT(eval(bad[k].text, &e, &at), PDN_D_BAD_COMMAND);
            if (!CHECK(at == bad[k].at))
                fprintf(stderr, "    \"%s\": at %zu, expected %zu\n", bad[k].text, at, bad[k].at);
        }
    }
}

static void test_command__marks(void)
{
    pdn_mark m[4];
    size_t n = 99, at;

    CHECK_EQ_INT(marks("Ga4", 0, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(m[0].color, 'G');
    CHECK_EQ_INT(m[0].from, PDN_SQUARE_MAKE_ALPHA(0, 4));
    CHECK_EQ_INT(m[0].to, m[0].from);

    CHECK_EQ_INT(marks("Ga4,Rd1", 0, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(n, 2);
    CHECK_EQ_INT(m[1].color, 'R');
    CHECK_EQ_INT(m[1].from, PDN_SQUARE_MAKE_ALPHA(3, 1));
    CHECK_EQ_INT(marks(" Ga4, Rd1 ,  Yh8 ", 0, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(n, 3);

    CHECK_EQ_INT(marks("Ge2e4", 1, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(m[0].from, PDN_SQUARE_MAKE_ALPHA(4, 2));
    CHECK_EQ_INT(m[0].to, PDN_SQUARE_MAKE_ALPHA(4, 4));
    CHECK_EQ_INT(marks("Ge2e4,Rd1d8", 1, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(n, 2);
    CHECK_EQ_INT(marks("Ge2-e4", 1, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(marks("Ga10j10", 1, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(m[0].from, PDN_SQUARE_MAKE_ALPHA(0, 10));
    CHECK_EQ_INT(m[0].to, PDN_SQUARE_MAKE_ALPHA(9, 10));
    CHECK_EQ_INT(marks("Bp16", 0, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(m[0].from, PDN_SQUARE_MAKE_ALPHA(15, 16));

    /* Draughts squares. */
    CHECK_EQ_INT(marks("G32", 0, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(m[0].from, 32);
    CHECK_EQ_INT(marks("G32-28,R1-50", 1, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(n, 2);
    CHECK_EQ_INT(m[0].from, 32);
    CHECK_EQ_INT(m[0].to, 28);
    CHECK_EQ_INT(m[1].to, 50);

    /* Unknown colours are kept; the count may exceed the capacity. */
    CHECK_EQ_INT(marks("Xa1", 0, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(m[0].color, 'X');
    m[2].color = '!';
    CHECK_EQ_INT(marks("Ga1,Gb2,Gc3,Gd4,Ge5,Gf6", 0, m, 2, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(n, 6);
    CHECK_EQ_INT(m[1].from, PDN_SQUARE_MAKE_ALPHA(1, 2));
    CHECK_EQ_INT(m[2].color, '!');
    CHECK_EQ_INT(marks("Ga1,Gb2,Gc3", 0, NULL, 0, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(n, 3);
    CHECK_EQ_INT(marks("", 0, m, 4, &n, NULL), PDN_D_NONE);
    CHECK_EQ_INT(n, 0);
    CHECK_EQ_INT(marks("Ga1", 0, m, 4, NULL, NULL), PDN_D_NONE);

    {
        static const struct {
            const char *text;
            int arrows;
            size_t at;
        } bad[] = {
            {"Ga4,", 0, 4},   {"G", 0, 1},        {"4a", 0, 0},   {"Ga0", 0, 1},    {"Ga17", 0, 1},
            {"Gq1", 0, 1},    {"Ge2e4", 0, 3},    {"Ge2", 1, 3},  {"G3228", 1, 1},  {"G32-", 1, 4},
            {"G32e4", 1, 3},  {"Ga1;Gb2", 0, 3},  {"G100", 0, 1}, {"G05", 0, 1},    {"G32", 1, 3},
            {"G32-28", 0, 3}, {"Ga1,,Gb2", 0, 4}, {"GA1", 0, 1},  {"Ge2-32", 1, 4},
        };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            at = 999;
            CHECK_EQ_INT(marks(bad[k].text, bad[k].arrows, m, 4, &n, &at), PDN_D_BAD_COMMAND);
            if (!CHECK(at == bad[k].at))
                fprintf(stderr, "    \"%s\": at %zu, expected %zu\n", bad[k].text, at, bad[k].at);
            CHECK_EQ_INT(n, 0);
        }
    }
}

/* ---------------------------------------------------------------------- */
/* FEN syntax                                                             */
/* ---------------------------------------------------------------------- */

static void test_fen__draughts_good(void)
{
    static const char *good[] = {
        /* Chapter 10.2 and the setup examples of chapter 5. */
        "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
        "B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,4,6,7,9,10,11,12",
        "W:W31-50:B1-20",
        "B:B1-16,18-21:W26,28,33-50",
        "B:W28,31,33-50:B1-18,20",
        "B::", /* the null move */
        /* Extensions: trailing dot, empty sides, unknown colour, kings on ranges. */
        "W:W27,19,18,11,7,6,5:B28,26,25,20,17,10,9,4,3,2.",
        "W::.",
        "?:W1:B2",
        "W:W:B1,2",
        "W:W1,2:B",
        "B:",
        "W:WK1-5:B46",
        "W:B1:W2",
        "W:W0,01,0050:B9999",
        /* Past the short path for common FENs: five digits, and a value
         * longer than its local copy. */
        "W:W00001,9999:B1",
        "W:WKK1", /* a king on k1 */
        ("W:W1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,"
         "32,33,34,35,36,37,38,39,40:BK41,42,43"),
        /* Algebraic squares, also uppercase. */
        "W:Wa1,c3,Ke5:Bh8,Kb8",
        "W:WA3,KB4:Bh8",
        "W:Wj10:Ba1",
        " W:W31-50:B1-20 ",
    };
    for (size_t k = 0; k < sizeof good / sizeof good[0]; k++) {
        size_t at = 999;
        pdn_diag_code c = fen(good[k], 0, &at);
        if (!CHECK(c == PDN_D_NONE))
            fprintf(stderr, "    \"%s\": code %d at %zu\n", good[k], c, at);
    }
}

static void test_fen__draughts_bad(void)
{
    static const struct {
        const char *text;
        size_t at;
    } bad[] = {
        {"", 0},
        {"   ", 3},
        {"w:W31-50:B1-20", 0},
        {"W", 1},
        {"W:W31-50:W1-20", 9},
        {"W:W31-50:B1-20:", 14},
        {"B:::", 3},
        {"W:W31-50:b1-20", 9},
        {"W:W31-50,:B1-20", 9},
        {"W:W31-50:B1-20..", 15},
        {"W:W31 ,32:B1", 5},
        {"W:W31, 32:B1", 6},
        {"W:Wa1-c3", 5},
        {"W:W1,a3", 5},
        {"W:Wa3,1", 6},
        {"W:W12345", 3},
        {"W:W1-", 5},
        {"W:W1-x", 5},
        {"W:Wa", 4},
        {"W:Wa0", 4},
        {"W:Wa100", 6},
        {"W:?1", 2},
        {"W:X1", 2},
        {"W:W1:B2 x", 7},
        {"W:W1,,2", 5},
        {"W:W1,", 5},
        {"W;W1", 1},
        {"W:W1-2-3", 6},
        {"W:WK", 4},
        {"W:W1-2,K", 8},
        {"W:W1:B2:W3", 7},
        {"B:W1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,"
         "32,33,34,35,36,37,38,39,40:B41,42,K",
         122},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        size_t at = 999;
        CHECK_EQ_INT(fen(bad[k].text, 0, &at), PDN_D_BAD_FEN);
        if (!CHECK(at == bad[k].at))
            fprintf(stderr, "    \"%s\": at %zu, expected %zu\n", bad[k].text, at, bad[k].at);
    }
    {
        size_t at;
        CHECK_EQ_INT(pdn_check_fen_syntax(LIT("W:W1\0"), 0, &at), PDN_D_BAD_FEN);
        CHECK_EQ_INT(at, 4);
        CHECK_EQ_INT(pdn_check_fen_syntax(NULL, 4, 0, &at), PDN_D_BAD_FEN);
        CHECK_EQ_INT(pdn_check_fen_syntax(exact("W:W1-20", 7), 5, 0, NULL), PDN_D_BAD_FEN);
    }
}

static void test_fen__chess(void)
{
    static const char *good[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 200",
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w  KQkq  -  0  1",
        " 8/8/8/8/8/8/8/8 w Kq - 0 1 ",
    };
    static const struct {
        const char *text;
        size_t at;
    } bad[] = {
        {"", 0},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", 34},
        {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 17},
        {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 19},
        {"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 19},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", 42},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", 43},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", 44},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", 47},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", 50},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", 49},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", 52},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i3 0 1", 51},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", 54},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", 56},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 53},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999", 55},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 45},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 43},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1", 45},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 18},
        {"W:W31-50:B1-20", 0},
    };
    for (size_t k = 0; k < sizeof good / sizeof good[0]; k++) {
        size_t at = 999;
        pdn_diag_code c = fen(good[k], 1, &at);
        if (!CHECK(c == PDN_D_NONE))
            fprintf(stderr, "    \"%s\": code %d at %zu\n", good[k], c, at);
    }
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        size_t at = 999;
        CHECK_EQ_INT(fen(bad[k].text, 1, &at), PDN_D_BAD_FEN);
        if (!CHECK(at == bad[k].at))
            fprintf(stderr, "    \"%s\": at %zu, expected %zu\n", bad[k].text, at, bad[k].at);
    }
}

/* ---------------------------------------------------------------------- */
/* Robustness                                                             */
/* ---------------------------------------------------------------------- */

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;

static unsigned next_random(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng_state >> 33);
}

/* A code is a valid answer of a value parser, with err_at inside the text. */
static int plausible(pdn_diag_code c, size_t at, size_t len)
{
    return c == PDN_D_NONE || (c > PDN_D_NONE && c < PDN_D_COUNT && at <= len);
}

/*
 * Inputs near the grammars: valid values of every parser, cut, with bytes
 * replaced, inserted or deleted; and half of the time plain random text.
 */
static size_t fuzz_input(char *buf, size_t cap, const char *alphabet, size_t alen)
{
    static const char *seeds[] = {
        "20,W,10,10,N2,0",
        "23,B,8,8,A1,1",
        "97",
        "1996.12.28",
        "2004.10.27 - 2004.11.01",
        "17 april 2009",
        "13-01-1996",
        "1/2-1/2",
        "40/7200:20/2400:600+5",
        "*120",
        "1:17:28",
        "2.23",
        "w0:00:10 B0:00:03",
        "0:0:10.08",
        "#-2",
        "0.17,23",
        "Ge2e4,Rd1d8",
        "G32-28",
        "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
        "W:W31-50:B1-20.",
        "B::",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "{[%clk 1:55:21] text [%eval #3] [%csl Ga4]}",
    };
    size_t len;
    if (next_random() % 2 == 0) {
        len = next_random() % cap;
        for (size_t i = 0; i < len; i++)
            buf[i] = alphabet[next_random() % alen];
        return len;
    }
    {
        const char *seed = seeds[next_random() % (sizeof seeds / sizeof seeds[0])];
        int edits = 1 + (int)(next_random() % 3);
        len = strlen(seed) < cap ? strlen(seed) : cap;
        memcpy(buf, seed, len);
        while (edits-- > 0) {
            size_t at = len ? next_random() % len : 0;
            switch (next_random() % 4) {
            case 0: /* replace */
                if (len)
                    buf[at] = alphabet[next_random() % alen];
                break;
            case 1: /* insert */
                if (len < cap) {
                    memmove(buf + at + 1, buf + at, len - at);
                    buf[at] = alphabet[next_random() % alen];
                    len++;
                }
                break;
            case 2: /* delete */
                if (len) {
                    memmove(buf + at, buf + at + 1, len - at - 1);
                    len--;
                }
                break;
            default: /* cut */
                len = at;
                break;
            }
        }
    }
    return len;
}

/*
 * Random texts over an alphabet of the characters the grammars use (plus NUL,
 * a lone UTF-8 byte and a space) through every parser: none may crash, read
 * beyond the text (run under a sanitizer) or report a location outside it.
 */
static void test_values__fuzz(void)
{
    static const char alphabet[] = "0123456789::..//--++**??,,WBKNASwbkx []%#e\0\xC2\xBD \t";
    char buf[48];
    int bad = 0;
    for (int iter = 0; iter < 200000; iter++) {
        size_t len = fuzz_input(buf, sizeof buf, alphabet, sizeof alphabet - 1), at = 0;
        const char *p;
        pdn_gametype g;
        pdn_date d;
        pdn_timecontrol tc;
        pdn_clock clk;
        pdn_eval e;
        pdn_mark m[2];
        pdn_command cmd;
        long sec;
        long long ms;
        size_t n, pos = 0;
        pdn_diag_code code;
        pdn_str str;
        p = exact(buf, len);
        code = pdn_parse_gametype(&g, p, len, &at);
        bad += !plausible(code, at, len);
        if (code == PDN_D_NONE || code == PDN_D_ODD_GAMETYPE)
            bad += g.width != 0 && (g.width < 4 || g.width > 26 || g.height < 4 || g.height > 26 ||
                                    g.corner < 0 || g.corner > 3);
        code = pdn_parse_date(&d, p, len, &at);
        bad += !plausible(code, at, len);
        if (code == PDN_D_NONE || code == PDN_D_ODD_DATE)
            bad += d.month < 0 || d.month > 12 || d.day < 0 || d.day > 31 || d.year < 0;
        bad += pdn_parse_result(p, len) > PDN_RESULT_OTHER;
        code = pdn_parse_timecontrol(&tc, p, len, &at);
        bad += !plausible(code, at, len);
        bad += tc.period_count < 0 || tc.period_count > PDN_TC_MAX_PERIODS;
        code = pdn_parse_duration(&sec, p, len, &at);
        bad += !plausible(code, at, len);
        bad += sec < 0;
        code = pdn_parse_clock_time(&ms, p, len, &at);
        bad += !plausible(code, at, len);
        code = pdn_parse_clock(&clk, p, len, &at);
        bad += !plausible(code, at, len);
        bad += clk.count < 0 || clk.count > 2;
        code = pdn_parse_eval(&e, p, len, &at);
        bad += !plausible(code, at, len);
        code = pdn_parse_marks(m, 2, &n, p, len, 0, &at);
        bad += !plausible(code, at, len);
        code = pdn_parse_marks(m, 2, &n, p, len, 1, &at);
        bad += !plausible(code, at, len);
        code = pdn_check_fen_syntax(p, len, 0, &at);
        bad += !plausible(code, at, len);
        code = pdn_check_fen_syntax(p, len, 1, &at);
        bad += !plausible(code, at, len);
        str.ptr = p;
        str.len = len;
        while (pdn_command_next(&cmd, str, &pos)) {
            bad += cmd.offset + cmd.length > len || pos > len;
            code = pdn_parse_clock(&clk, cmd.value.ptr, cmd.value.len, &at);
            bad += !plausible(code, at, cmd.value.len);
        }
        if ((iter & 63) == 63)
            release_all();
    }
    CHECK_EQ_INT(bad, 0);
}

int main(void)
{
    RUN_TEST(test_gametype__table);
    RUN_TEST(test_gametype__standard_examples);
    RUN_TEST(test_gametype__bad);
    RUN_TEST(test_gametype__odd);
    RUN_TEST(test_gametype__empty);
    RUN_TEST(test_gametype__default_and_separator);
    RUN_TEST(test_date__standard);
    RUN_TEST(test_date__odd);
    RUN_TEST(test_date__bad);
    RUN_TEST(test_result__values);
    RUN_TEST(test_timecontrol__standard_examples);
    RUN_TEST(test_timecontrol__corpus_and_limits);
    RUN_TEST(test_timecontrol__bad);
    RUN_TEST(test_duration__values);
    RUN_TEST(test_duration__bad);
    RUN_TEST(test_command__next);
    RUN_TEST(test_command__not_commands);
    RUN_TEST(test_command__clock_time);
    RUN_TEST(test_command__clock);
    RUN_TEST(test_command__eval);
    RUN_TEST(test_command__marks);
    RUN_TEST(test_fen__draughts_good);
    RUN_TEST(test_fen__draughts_bad);
    RUN_TEST(test_fen__chess);
    RUN_TEST(test_values__fuzz);
    return harness_report();
}
