/* SPDX-License-Identifier: MIT */
/*
 * result.c - classifies the value of a Result tag (standard, section 3.2):
 * the Default set (1-0, 0-1, 1/2-1/2), the International set (2-0, 0-2,
 * 1-1), the loss for both (0-0) and the unknown values.  Anything else, like
 * the ResultFormat values "1+ - 1-" or "4-6", is OTHER and kept verbatim by
 * the caller.
 */
#include "values.h"

#include <string.h>

/* Each text with its length, so that a lookup compares a length and the
 * first byte before it compares the rest (games end with a Result tag:
 * this runs once per game). */
static const struct {
    const char *text;
    size_t len;
    pdn_result result;
} results[] = {
    {"1-0", 3, PDN_RESULT_WHITE},
    {"2-0", 3, PDN_RESULT_WHITE},
    {"0-1", 3, PDN_RESULT_BLACK},
    {"0-2", 3, PDN_RESULT_BLACK},
    {"1/2-1/2", 7, PDN_RESULT_DRAW},
    {"1-1", 3, PDN_RESULT_DRAW},
    {"\xC2\xBD-\xC2\xBD", 5, PDN_RESULT_DRAW}, /* "½-½" in UTF-8 */
    {"0-0", 3, PDN_RESULT_FORFEIT},
    {"*", 1, PDN_RESULT_UNKNOWN},
    {"?", 1, PDN_RESULT_UNKNOWN},
    {"", 0, PDN_RESULT_UNKNOWN},
};

/*
 * The longest text above is 7 bytes; a value with more non-space bytes than
 * this cannot be one of them even with its spaces removed.
 */
#define MAX_PACKED 8

static pdn_result lookup(const char *s, size_t n)
{
    for (size_t k = 0; k < sizeof results / sizeof results[0]; k++)
        if (results[k].len == n &&
            (n == 0 || (results[k].text[0] == s[0] && memcmp(results[k].text, s, n) == 0)))
            return results[k].result;
    return PDN_RESULT_OTHER;
}

/* The standard's texts as they are nearly always written, decided on
 * their bytes; -1 for any other text, which lookup() and the general path
 * read. */
static int quick_result(const char *s, size_t n)
{
    if (n == 3 && s[1] == '-') {
        /* "a-b" with a, b in 0..2, by 3a + b; 1-2, 2-1 and 2-2 are not
         * results. */
        static const signed char by_pair[9] = {PDN_RESULT_FORFEIT,
                                               PDN_RESULT_BLACK,
                                               PDN_RESULT_BLACK,
                                               PDN_RESULT_WHITE,
                                               PDN_RESULT_DRAW,
                                               -1,
                                               PDN_RESULT_WHITE,
                                               -1,
                                               -1};
        unsigned a = (unsigned)(unsigned char)s[0] - '0', b = (unsigned)(unsigned char)s[2] - '0';
        return a <= 2 && b <= 2 ? by_pair[3 * a + b] : -1;
    }
    if (n == 7 && memcmp(s, "1/2-1/2", 7) == 0)
        return PDN_RESULT_DRAW;
    if (n == 1 && *s == '*')
        return PDN_RESULT_UNKNOWN;
    return -1;
}

pdn_result pdn_parse_result(const char *text, size_t len)
{
    int quick = text != NULL ? quick_result(text, len) : -1;
    return quick >= 0 ? (pdn_result)quick : pdn_values__result_general(text, len);
}

pdn_result pdn_values__result_general(const char *text, size_t len)
{
    size_t begin = 0, end = text != NULL ? len : 0, n = 0;
    char packed[MAX_PACKED];
    pdn_result r;

    if (text == NULL)
        return PDN_RESULT_UNKNOWN; /* no text: like "" */
    pdn_values__trim(text, &begin, &end);
    r = lookup(text + begin, end - begin);
    if (r != PDN_RESULT_OTHER)
        return r;

    /* "1 - 0", "1/2 - 1/2": the same results with spaces around the dash. */
    for (size_t i = begin; i < end; i++) {
        if (pdn_values__is_space(text[i]))
            continue;
        if (n == MAX_PACKED)
            return PDN_RESULT_OTHER;
        packed[n++] = text[i];
    }
    r = lookup(packed, n);
    return r == PDN_RESULT_UNKNOWN ? PDN_RESULT_OTHER : r;
}
