/* SPDX-License-Identifier: MIT */
/*
 * timecontrol.c - the TimeControl, TimeControlWhite and TimeControlBlack
 * tags (standard, section 3.9.1):
 *
 *   TimeControl   : "?" | "-" | TimeElement (":" TimeElement)*
 *   TimeElement   : MOVES "/" SECONDS ("+" INCREMENT)?
 *                 | SECONDS ("+" INCREMENT)?
 *                 | "*" SECONDS
 *
 * The standard's INCREMENTAL token is garbled in the text ("[0-9]+/[0-9]+");
 * its examples ("4800+60", "40/7200:3600+60") show SECONDS "+" INCREMENT.
 * An increment after a moves period ("40/5400+30", the FIDE control) is read
 * as well: it is the same grammar applied to the period.
 */
#include "values.h"

/* A moves count above this is not a time control (it fits any int). */
#define MAX_MOVES 99999L

static void clear_period(pdn_timecontrol *tc, int k)
{
    tc->periods[k].moves = 0;
    tc->periods[k].seconds = 0;
    tc->periods[k].increment = 0;
    tc->periods[k].sandclock = 0;
}

/* Reads a required number at *i; 0 (and *at) when missing or too big. */
static int required(const char *s, size_t *i, size_t len, long max, long *v, size_t *at)
{
    size_t end = pdn_values__number(s, *i, len, max, v);
    if (end == *i || *v < 0) {
        *at = *i;
        return 0;
    }
    *i = end;
    return 1;
}

pdn_diag_code pdn_parse_timecontrol(pdn_timecontrol *out, const char *text, size_t len,
                                    size_t *err_at)
{
    pdn_timecontrol tc;
    size_t i = 0, at = 0;
    const char *s = text;

    if (s == NULL)
        len = 0;
    tc.kind = 0;
    tc.period_count = 0;
    for (int k = 0; k < PDN_TC_MAX_PERIODS; k++)
        clear_period(&tc, k);
    if (out != NULL)
        *out = tc;
    if (len == 0)
        return PDN_D_NONE; /* "" is allowed for every tag */

    if (len == 1 && (s[0] == '?' || s[0] == '-')) {
        tc.kind = s[0] == '?' ? 1 : 2;
        if (out != NULL)
            *out = tc;
        return PDN_D_NONE;
    }

    for (;;) {
        int k = tc.period_count;
        long a, b;
        if (k == PDN_TC_MAX_PERIODS)
            return pdn_values__fail(err_at, i, PDN_D_BAD_TIMECONTROL);
        if (i < len && s[i] == '*') {
            i++;
            if (!required(s, &i, len, PDN_VALUES_MAX_NUMBER, &a, &at))
                return pdn_values__fail(err_at, at, PDN_D_BAD_TIMECONTROL);
            tc.periods[k].seconds = a;
            tc.periods[k].sandclock = 1;
        } else {
            size_t first = i;
            if (!required(s, &i, len, PDN_VALUES_MAX_NUMBER, &a, &at))
                return pdn_values__fail(err_at, at, PDN_D_BAD_TIMECONTROL);
            if (i < len && s[i] == '/') {
                /* "0/..." would be a period of no moves. */
                if (a == 0 || a > MAX_MOVES)
                    return pdn_values__fail(err_at, first, PDN_D_BAD_TIMECONTROL);
                i++;
                if (!required(s, &i, len, PDN_VALUES_MAX_NUMBER, &b, &at))
                    return pdn_values__fail(err_at, at, PDN_D_BAD_TIMECONTROL);
                tc.periods[k].moves = (int)a;
                tc.periods[k].seconds = b;
            } else {
                tc.periods[k].seconds = a;
            }
            if (i < len && s[i] == '+') {
                i++;
                if (!required(s, &i, len, PDN_VALUES_MAX_NUMBER, &b, &at))
                    return pdn_values__fail(err_at, at, PDN_D_BAD_TIMECONTROL);
                tc.periods[k].increment = b;
            }
        }
        tc.period_count = k + 1;
        if (i == len)
            break;
        if (s[i] != ':')
            return pdn_values__fail(err_at, i, PDN_D_BAD_TIMECONTROL);
        i++;
    }

    if (out != NULL)
        *out = tc;
    return PDN_D_NONE;
}
