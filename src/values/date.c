/* SPDX-License-Identifier: MIT */
/*
 * date.c - the Date, EventDate, UTCDate and PublicationDate tags: the
 * standard's "YYYY.MM.DD" with '?' for unknown digits, and the wild forms
 * real files use ("2024-12-14", "13-01-1996", "1.1.1965", "17 april 2009",
 * "2004.10.27 - 2004.11.01"), which are read and reported as odd.
 *
 * The text is first cut into tokens (numbers that may hold '?', words, and
 * runs of separators); the forms are then matched on the token list.
 */
#include "values.h"

#include <stdbool.h>
#include <string.h>

/* ---------------------------------------------------------------------- */
/* Tokens                                                                 */
/* ---------------------------------------------------------------------- */

typedef enum tok_kind { TOK_NUM, TOK_WORD, TOK_SEP } tok_kind;

typedef struct tok {
    tok_kind kind;
    size_t at, n;    /* offset and length in the text */
    long value;      /* TOK_NUM: the number; 0 when any '?' is in it */
    size_t question; /* TOK_NUM: how many '?' it holds */
} tok;

/*
 * The longest wild form met is a range of two full dates with words
 * ("17 april 2009 - 18 april 2009": 11 tokens); 24 leaves room and keeps
 * the array on the stack small.  Longer texts are not dates.
 */
#define MAX_TOKENS 24

typedef struct tok_list {
    tok t[MAX_TOKENS];
    size_t count;
} tok_list;

static int is_sep(char c)
{
    return c == '.' || c == '-' || c == '/' || c == ',' || c == ' ' || c == '\t';
}

/* Cuts s[begin, end) into tokens.  Returns 0 and *bad on a foreign byte. */
static int tokenize(tok_list *list, const char *s, size_t begin, size_t end, size_t *bad)
{
    size_t i = begin;
    list->count = 0;
    while (i < end) {
        tok *t;
        char c = s[i];
        if (list->count == MAX_TOKENS) {
            *bad = i;
            return 0;
        }
        t = &list->t[list->count];
        t->at = i;
        t->value = 0;
        t->question = 0;
        if (pdn_values__is_digit(c) || c == '?') {
            t->kind = TOK_NUM;
            while (i < end && (pdn_values__is_digit(s[i]) || s[i] == '?')) {
                if (s[i] == '?')
                    t->question++;
                else if (t->value <= 99999) /* longer numbers fail as fields */
                    t->value = t->value * 10 + (s[i] - '0');
                i++;
            }
            if (t->question)
                t->value = 0;
        } else if (pdn_values__is_alpha(c)) {
            t->kind = TOK_WORD;
            while (i < end && pdn_values__is_alpha(s[i]))
                i++;
        } else if (is_sep(c)) {
            t->kind = TOK_SEP;
            while (i < end && is_sep(s[i]))
                i++;
        } else {
            *bad = i;
            return 0;
        }
        t->n = i - t->at;
        list->count++;
    }
    return 1;
}

/* ---------------------------------------------------------------------- */
/* Month names                                                            */
/* ---------------------------------------------------------------------- */

/*
 * English and Dutch month names: Dutch because most draughts files come from
 * the Netherlands ("17 april 2009").  A word matches a name it equals or, with
 * three letters or more, a name it begins ("Oct", "okt", "sept").
 */
static const struct {
    const char *name;
    int month;
} months[] = {
    {"january", 1},   {"januari", 1},   {"february", 2}, {"februari", 2}, {"march", 3},
    {"maart", 3},     {"mrt", 3},       {"april", 4},    {"may", 5},      {"mei", 5},
    {"june", 6},      {"juni", 6},      {"july", 7},     {"juli", 7},     {"august", 8},
    {"augustus", 8},  {"september", 9}, {"october", 10}, {"oktober", 10}, {"november", 11},
    {"december", 12},
};

static int month_of_word(const char *s, const tok *t)
{
    for (size_t k = 0; k < sizeof months / sizeof months[0]; k++) {
        const char *name = months[k].name;
        size_t j = 0;
        while (j < t->n && name[j] != '\0' && pdn_values__lower(s[t->at + j]) == name[j])
            j++;
        if (j == t->n && (name[j] == '\0' || j >= 3))
            return months[k].month;
    }
    return 0;
}

/* ---------------------------------------------------------------------- */
/* Forms                                                                  */
/* ---------------------------------------------------------------------- */

#define NO_TOKEN ((size_t)-1)

typedef struct date_match {
    pdn_date d;
    int odd;      /* not the standard form */
    size_t next;  /* index of the first token after the date */
    size_t bad;   /* on failure: offset of the offending character */
    size_t m_tok; /* tokens of the month and day fields, or NO_TOKEN */
    size_t d_tok;
} date_match;

static int is_num(const tok_list *l, size_t k, size_t min, size_t max)
{
    return k < l->count && l->t[k].kind == TOK_NUM && l->t[k].n >= min && l->t[k].n <= max;
}

static int is_kind(const tok_list *l, size_t k, tok_kind kind)
{
    return k < l->count && l->t[k].kind == kind;
}

/* Offset of token k, or of the end of the text when there is none. */
static size_t at_of(const tok_list *l, size_t k, size_t end)
{
    return k < l->count ? l->t[k].at : end;
}

/*
 * A month or day field: one or two digits, or up to three '?' (the standard's
 * own "????.???.??").  Digits mixed with '?' read as unknown.
 */
static int small_field(const tok_list *l, size_t k)
{
    const tok *t;
    if (!is_kind(l, k, TOK_NUM))
        return 0;
    t = &l->t[k];
    if (t->question == t->n)
        return t->n <= 3;
    return t->n <= 2;
}

/* A month given as a field or a word; 0 if token k is neither. */
static int month_token(const char *s, const tok_list *l, size_t k, long *month)
{
    if (small_field(l, k)) {
        *month = l->t[k].value;
        return 1;
    }
    if (is_kind(l, k, TOK_WORD)) {
        *month = month_of_word(s, &l->t[k]);
        return *month != 0;
    }
    return 0;
}

static void set_month(date_match *m, size_t k, long month)
{
    m->d.month = (int)month;
    m->m_tok = k;
}

static void set_day(date_match *m, const tok_list *l, size_t k)
{
    m->d.day = (int)l->t[k].value;
    m->d_tok = k;
}

/*
 * One date starting at token k.
 *   year first:  YYYY [SEP MONTH [SEP DD]]        "1996.12.28", "1950.", "2024-12-14"
 *   day first:   D SEP MONTH SEP YYYY              "13-01-1996", "17 april 2009"
 *                M SEP YYYY                        "11.2000"
 *   month word:  WORD SEP [D SEP] YYYY             "April 17, 2009"
 * MONTH is a field or a month name; a year has four characters.  In the
 * day-first form a first field of at most 12 followed by one above 12 is read
 * as month-day (American order); otherwise day-month (European order).
 * Two-digit years ("03.07.20") are ambiguous and are not read.
 */
static int match_date(date_match *m, const char *s, const tok_list *l, size_t k, size_t end)
{
    long month;
    m->d.year = m->d.month = m->d.day = 0;
    m->odd = 1;
    m->m_tok = m->d_tok = NO_TOKEN;

    if (is_num(l, k, 4, 4)) {
        m->d.year = (int)l->t[k].value;
        m->next = k + 1;
        if (!is_kind(l, k + 1, TOK_SEP) || !month_token(s, l, k + 2, &month))
            return 1; /* a year alone */
        set_month(m, k + 2, month);
        m->next = k + 3;
        if (is_kind(l, k + 3, TOK_SEP) && small_field(l, k + 4)) {
            set_day(m, l, k + 4);
            m->next = k + 5;
            m->odd = 0; /* maybe the standard form: checked by the caller */
        }
        return 1;
    }

    if (small_field(l, k) && is_kind(l, k + 1, TOK_SEP)) {
        if (is_num(l, k + 2, 4, 4)) { /* M SEP YYYY */
            set_month(m, k, l->t[k].value);
            m->d.year = (int)l->t[k + 2].value;
            m->next = k + 3;
            return 1;
        }
        if (!month_token(s, l, k + 2, &month)) {
            m->bad = at_of(l, k + 2, end);
            return 0;
        }
        if (!is_kind(l, k + 3, TOK_SEP) || !is_num(l, k + 4, 4, 4)) {
            m->bad = at_of(l, is_kind(l, k + 3, TOK_SEP) ? k + 4 : k + 3, end);
            return 0;
        }
        m->d.year = (int)l->t[k + 4].value;
        if (l->t[k + 2].kind == TOK_NUM && l->t[k].value <= 12 && month > 12) {
            set_month(m, k, l->t[k].value);
            set_day(m, l, k + 2);
        } else {
            set_day(m, l, k);
            set_month(m, k + 2, month);
        }
        m->next = k + 5;
        return 1;
    }

    if (is_kind(l, k, TOK_WORD)) {
        if (!month_token(s, l, k, &month)) {
            m->bad = l->t[k].at;
            return 0;
        }
        set_month(m, k, month);
        if (is_kind(l, k + 1, TOK_SEP) && is_num(l, k + 2, 4, 4)) {
            m->d.year = (int)l->t[k + 2].value;
            m->next = k + 3;
            return 1;
        }
        if (is_kind(l, k + 1, TOK_SEP) && small_field(l, k + 2) && is_kind(l, k + 3, TOK_SEP) &&
            is_num(l, k + 4, 4, 4)) {
            set_day(m, l, k + 2);
            m->d.year = (int)l->t[k + 4].value;
            m->next = k + 5;
            return 1;
        }
        m->bad = at_of(l, k + 1, end);
        return 0;
    }

    m->bad = at_of(l, k, end);
    return 0;
}

static int is_leap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/*
 * Checks that a known month is 1..12 and a known day exists in its month
 * (29 February only in leap years, when the year is known).  Returns 0, or
 * 1 with *bad at the offending field.
 */
static int check_range(const date_match *m, const tok_list *l, size_t *bad)
{
    static const signed char days[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m->m_tok != NO_TOKEN && l->t[m->m_tok].kind == TOK_NUM && l->t[m->m_tok].question == 0 &&
        (m->d.month < 1 || m->d.month > 12)) {
        *bad = l->t[m->m_tok].at;
        return 1;
    }
    if (m->d_tok != NO_TOKEN && l->t[m->d_tok].question == 0) {
        int max = m->d.month == 0 ? 31 : days[m->d.month - 1];
        if (m->d.month == 2 && m->d.year != 0 && !is_leap(m->d.year))
            max = 28;
        if (m->d.day < 1 || m->d.day > max) {
            *bad = l->t[m->d_tok].at;
            return 1;
        }
    }
    return 0;
}

/*
 * Where a text first departs from "DDDD.DD.DD" (D a digit or '?'), for the
 * location of PDN_D_ODD_DATE.  A field mixing digits and '?' departs at its
 * start.  NO_TOKEN when the text has the standard form.
 */
static size_t odd_position(const char *s, size_t len)
{
    static const size_t field_at[3] = {0, 5, 8};
    static const size_t field_n[3] = {4, 2, 2};
    size_t i;
    for (i = 0; i < len && i < 10; i++) {
        int dot = i == 4 || i == 7;
        if (dot ? s[i] != '.' : !(pdn_values__is_digit(s[i]) || s[i] == '?'))
            return i;
    }
    if (len != 10)
        return i;
    for (size_t f = 0; f < 3; f++) {
        size_t q = 0;
        for (size_t j = 0; j < field_n[f]; j++)
            q += s[field_at[f] + j] == '?';
        if (q != 0 && q != field_n[f])
            return field_at[f];
    }
    return NO_TOKEN;
}

/* ---------------------------------------------------------------------- */
/* Entry point                                                            */
/* ---------------------------------------------------------------------- */

/* Value of the n digits at s; 0 when all n are '?' (*unknown set); -1 for
 * anything else, a mix included. */
static inline int field(const char *s, size_t n, bool *unknown)
{
    /* Counts, not early exits: the loop of constant length unrolls. */
    int v = 0;
    size_t q = 0, digits = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned d = (unsigned)(unsigned char)s[i] - '0';
        q += s[i] == '?';
        digits += d <= 9;
        v = v * 10 + (int)(d & 15);
    }
    *unknown = q == n;
    return digits == n ? v : q == n ? 0 : -1;
}

/* The value of the two digits at s, -1 when they are not both digits. */
static inline int digits2(const char *s)
{
    unsigned a = (unsigned)(unsigned char)s[0] - '0', b = (unsigned)(unsigned char)s[1] - '0';
    return a < 10 && b < 10 ? (int)(10 * a + b) : -1;
}

/* A year, month and day read from their fields, with the checks of
 * check_range(); -1 when a field is not plain digits or '?' (the general
 * path decides), else PDN_D_NONE or PDN_D_BAD_DATE at `mat` or `dat`. */
static int fields_date(pdn_date *d, const char *s, size_t y, size_t m, size_t mat, size_t dd,
                       size_t dat, size_t *err_at)
{
    static const signed char days[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool yq = false, mq = false, dq = false;
    int year = digits2(s + y), month = digits2(s + m), day = digits2(s + dd),
        low = digits2(s + y + 2);
    /* Digits nearly always; field() tells '?' and anything else. */
    year = year >= 0 && low >= 0 ? 100 * year + low : field(s + y, 4, &yq);
    if (month < 0)
        month = field(s + m, 2, &mq);
    if (day < 0)
        day = field(s + dd, 2, &dq);
    if (year < 0 || month < 0 || day < 0)
        return -1;
    if (!mq && (month < 1 || month > 12))
        return (int)pdn_values__fail(err_at, mat, PDN_D_BAD_DATE);
    int max = month == 0 ? 31 : days[month - 1];
    if (month == 2 && year != 0 && !is_leap(year))
        max = 28;
    if (!dq && (day < 1 || day > max))
        return (int)pdn_values__fail(err_at, dat, PDN_D_BAD_DATE);
    d->year = year;
    d->month = month;
    d->day = day;
    return (int)PDN_D_NONE;
}

static bool plain_sep(char c)
{
    return c == '.' || c == '-' || c == '/';
}

/*
 * The forms nearly every date has, read without tokens and with the same
 * results as the general path: "YYYY.MM.DD" (each field digits or all '?',
 * '-' or '/' between them read as odd), "YYYY." (a year alone), a range
 * "YYYY.MM.DD - YYYY.MM.DD" and the day first "DD-MM-YYYY" (month first
 * when the second field cannot be a month).  -1 for any other text, which
 * the general path reads.
 */
static int quick_date(pdn_date *out, const char *s, size_t len, size_t *err_at)
{
    pdn_date d = {0, 0, 0};
    int c;
    if (len == 10 && plain_sep(s[4]) && plain_sep(s[7])) {
        c = fields_date(&d, s, 0, 5, 5, 8, 8, err_at);
        if (c == (int)PDN_D_NONE && (s[4] != '.' || s[7] != '.'))
            c = (int)pdn_values__fail(err_at, s[4] != '.' ? 4 : 7, PDN_D_ODD_DATE);
    } else if (len == 10 && plain_sep(s[2]) && plain_sep(s[5])) {
        bool q = false;
        int first = field(s, 2, &q), second = field(s + 3, 2, &q);
        if (first < 0 || second < 0 || memchr(s, '?', 10) != NULL)
            return -1;
        /* Month first when the first field may be a month and the second
         * not: "12-25-1996". */
        if (first <= 12 && second > 12)
            c = fields_date(&d, s, 6, 0, 0, 3, 3, err_at);
        else
            c = fields_date(&d, s, 6, 3, 3, 0, 0, err_at);
        if (c == (int)PDN_D_NONE)
            c = (int)pdn_values__fail(err_at, 2, PDN_D_ODD_DATE);
    } else if (len == 5 && s[4] == '.') {
        bool q = false;
        d.year = field(s, 4, &q);
        if (d.year < 0 || q)
            return -1;
        c = (int)pdn_values__fail(err_at, 5, PDN_D_ODD_DATE);
    } else if (len == 23 && s[4] == '.' && s[7] == '.' && memcmp(s + 10, " - ", 3) == 0 &&
               s[17] == '.' && s[20] == '.') {
        pdn_date second;
        if (memchr(s, '?', 23) != NULL)
            return -1;
        c = fields_date(&d, s, 0, 5, 5, 8, 8, err_at);
        if (c < 0 || c == (int)PDN_D_BAD_DATE)
            return c;
        c = fields_date(&second, s, 13, 18, 18, 21, 21, err_at);
        if (c < 0)
            return -1;
        c = (int)pdn_values__fail(err_at, 10,
                                  c == (int)PDN_D_NONE ? PDN_D_ODD_DATE : PDN_D_BAD_DATE);
    } else {
        return -1;
    }
    if (out != NULL && c != (int)PDN_D_BAD_DATE)
        *out = d;
    return c;
}

pdn_diag_code pdn_parse_date(pdn_date *out, const char *text, size_t len, size_t *err_at)
{
    if (out != NULL)
        out->year = out->month = out->day = 0;
    int quick = text != NULL ? quick_date(out, text, len, err_at) : -1;
    if (quick >= 0)
        return (pdn_diag_code)quick;
    return pdn_values__date_general(out, text, len, err_at);
}

pdn_diag_code pdn_values__date_general(pdn_date *out, const char *text, size_t len, size_t *err_at)
{
    if (out != NULL)
        out->year = out->month = out->day = 0;
    tok_list list;
    date_match first, second;
    size_t begin = 0, end = text != NULL ? len : 0, bad = 0, k, at;
    int odd;

    if (end == 0)
        return PDN_D_NONE; /* "" is allowed for every tag */

    pdn_values__trim(text, &begin, &end);
    if (begin == end)
        return pdn_values__fail(err_at, 0, PDN_D_ODD_DATE);
    if (!tokenize(&list, text, begin, end, &bad))
        return pdn_values__fail(err_at, bad, PDN_D_BAD_DATE);

    /* The old descriptions' "??" for a wholly unknown date. */
    if (list.count == 1 && list.t[0].kind == TOK_NUM && list.t[0].question == list.t[0].n)
        return pdn_values__fail(err_at, begin, PDN_D_ODD_DATE);

    if (!match_date(&first, text, &list, 0, end))
        return pdn_values__fail(err_at, first.bad, PDN_D_BAD_DATE);
    if (check_range(&first, &list, &bad))
        return pdn_values__fail(err_at, bad, PDN_D_BAD_DATE);
    odd = first.odd;

    k = first.next;
    if (k < list.count) {
        /* Something follows: a trailing separator ("1950.") or a range. */
        if (list.t[k].kind != TOK_SEP)
            return pdn_values__fail(err_at, list.t[k].at, PDN_D_BAD_DATE);
        odd = 1;
        if (k + 1 < list.count && (!match_date(&second, text, &list, k + 1, end) ||
                                   second.next != list.count || check_range(&second, &list, &bad)))
            return pdn_values__fail(err_at, list.t[k].at, PDN_D_BAD_DATE);
    }

    if (out != NULL)
        *out = first.d;
    /* The standard form is exactly "YYYY.MM.DD", each field digits or '?'. */
    at = odd_position(text, len);
    if (odd || at != NO_TOKEN)
        return pdn_values__fail(err_at, at == NO_TOKEN ? 0 : at, PDN_D_ODD_DATE);
    return PDN_D_NONE;
}
