/* SPDX-License-Identifier: MIT */
/*
 * values.h - private helpers shared by the typed-value parsers in
 * src/values/ (GameType, Date, Result, TimeControl, durations, comment
 * commands, FEN syntax).  Every parser reads a (pointer, length) pair that
 * is not NUL-terminated, so each helper takes the end index explicitly and
 * never looks at s[end] or beyond.
 */
#ifndef PDN_VALUES_H
#define PDN_VALUES_H

#include <stddef.h>

#include "pdn.h"

/*
 * The largest number any field of a typed value may hold.  It fits a 32-bit
 * long and int, so results never depend on the platform's long, and it is far
 * beyond every meaningful value (seconds in a TimeControl, a move count, a
 * square number); bigger numbers are reported as malformed.
 */
#define PDN_VALUES_MAX_NUMBER 999999999L

static inline int pdn_values__is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static inline int pdn_values__is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* ASCII white space; other bytes (NUL, NBSP, invalid UTF-8) are not. */
static inline int pdn_values__is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static inline char pdn_values__lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

/* Narrows [*begin, *end) so that it neither starts nor ends with white space. */
static inline void pdn_values__trim(const char *s, size_t *begin, size_t *end)
{
    while (*begin < *end && pdn_values__is_space(s[*begin]))
        (*begin)++;
    while (*end > *begin && pdn_values__is_space(s[*end - 1]))
        (*end)--;
}

/*
 * Reads the run of ASCII digits starting at s[i] (stopping before `end`) and
 * returns the index just after it; i itself when there is no digit.
 * OUT: *value is the number, or -1 when it exceeds `max` (the whole run is
 * consumed anyway, so the caller can report it as one bad field).
 */
static inline size_t pdn_values__number(const char *s, size_t i, size_t end, long max, long *value)
{
    long v = 0;
    int over = 0;
    while (i < end && pdn_values__is_digit(s[i])) {
        long d = (long)(s[i] - '0');
        if (!over && v > (max - d) / 10)
            over = 1;
        if (!over)
            v = v * 10 + d;
        i++;
    }
    *value = over ? -1 : v;
    return i;
}

/* Stores `at` in *err_at when the caller asked for it, and returns `code`. */
static inline pdn_diag_code pdn_values__fail(size_t *err_at, size_t at, pdn_diag_code code)
{
    if (err_at != NULL)
        *err_at = at;
    return code;
}

/* pdn_parse_date() and pdn_parse_result() without their quick paths for
 * the common forms: the tests compare the two ways. */
pdn_diag_code pdn_values__date_general(pdn_date *out, const char *text, size_t len, size_t *err_at);
pdn_result pdn_values__result_general(const char *text, size_t len);

/* 1 when text[0..len) is a draughts FEN that pdn_check_fen_syntax() accepts
 * and that holds no white space (so no trimming and no FEN_FORM space); 0
 * when it cannot tell.  The short path of the FEN checks (fen_syntax.c). */
int pdn_values__fen_plain(const char *text, size_t len);

#endif /* PDN_VALUES_H */
