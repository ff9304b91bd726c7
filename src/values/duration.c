/* SPDX-License-Identifier: MIT */
/*
 * duration.c - the WhiteTime and BlackTime tags (standard, section 3.9.1):
 * the time a player used, "[H]H:MM[:SS]", and "[H]H.MM[.SS]" which the
 * standard notes is used in practice.  "1:36" is 1 hour 36 minutes.
 */
#include "values.h"

/*
 * Hours are not limited to two digits (a correspondence game may take
 * longer), but to this, which keeps the seconds within a 32-bit long.
 */
#define MAX_HOURS 99999L

/* Two digits forming a value below 60 at s[i]; -1 otherwise. */
static long sixty(const char *s, size_t i, size_t len)
{
    long v;
    if (i + 2 > len || !pdn_values__is_digit(s[i]) || !pdn_values__is_digit(s[i + 1]))
        return -1;
    if (i + 2 < len && pdn_values__is_digit(s[i + 2]))
        return -1;
    v = (s[i] - '0') * 10 + (s[i + 1] - '0');
    return v < 60 ? v : -1;
}

/* Duration : HOURS SEP MM (SEP SS)?   with SEP one of ':' '.', the same twice */
pdn_diag_code pdn_parse_duration(long *out_seconds, const char *text, size_t len, size_t *err_at)
{
    const char *s = text;
    size_t i;
    long hours, minutes, seconds = 0;
    char sep;

    if (s == NULL)
        len = 0;
    if (out_seconds != NULL)
        *out_seconds = 0;
    if (len == 0 || (len == 1 && s[0] == '?'))
        return PDN_D_NONE; /* "" and "?": not known */

    i = pdn_values__number(s, 0, len, MAX_HOURS, &hours);
    if (i == 0 || hours < 0)
        return pdn_values__fail(err_at, 0, PDN_D_BAD_TIME);
    if (i == len || (s[i] != ':' && s[i] != '.'))
        return pdn_values__fail(err_at, i, PDN_D_BAD_TIME);
    sep = s[i++];
    minutes = sixty(s, i, len);
    if (minutes < 0)
        return pdn_values__fail(err_at, i, PDN_D_BAD_TIME);
    i += 2;
    if (i < len) {
        if (s[i] != sep)
            return pdn_values__fail(err_at, i, PDN_D_BAD_TIME);
        i++;
        seconds = sixty(s, i, len);
        if (seconds < 0)
            return pdn_values__fail(err_at, i, PDN_D_BAD_TIME);
        i += 2;
        if (i < len)
            return pdn_values__fail(err_at, i, PDN_D_BAD_TIME);
    }
    if (out_seconds != NULL)
        *out_seconds = hours * 3600 + minutes * 60 + seconds;
    return PDN_D_NONE;
}
