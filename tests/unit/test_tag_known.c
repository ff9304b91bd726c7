/* SPDX-License-Identifier: MIT */
/*
 * test_tag_known.c - the names the quick tag reader knows by two words
 * (tags.c, both of its tables): each is known with its length and shape,
 * and any other text is either not known or a name of word bytes followed
 * by ' ' and '"' as long as the general reading makes it.  Near misses of
 * the names (a byte changed, added or cut), random words and random bytes.
 */
#include "harness.h"
#include "support/rng.h"
#include "syntax/parser.h"

#include <stdio.h>
#include <string.h>

static const char *const names[] = {
    "Event",       "Site",       "Date",       "Round",      "White",       "Black",
    "Result",      "FEN",        "ECO",        "SetUp",      "Setup",       "GameType",
    "PlyCount",    "EventDate",  "WhiteElo",   "BlackElo",   "WhiteFideId", "BlackFideId",
    "Opening",     "Variation",  "WhiteTitle", "BlackTitle", "Annotator",   "TimeControl",
    "Termination", "WhiteClock", "BlackClock", "WhiteTime",  "BlackTime",   "UTCDate",
    "UTCTime",     "Variant",    "WhiteTeam",  "BlackTeam"};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int is_word(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The length the quick reader may take for the text at b (32 bytes): what
 * pdn_parse__known_name() says must be 0 or this, and this only for a
 * name of the list. */
static size_t word_name(const unsigned char *b)
{
    size_t k = 0;
    while (k < 16 && is_word(b[k]))
        k++;
    if (k == 0 || k >= 16 || b[k] != ' ' || b[k + 1] != '"')
        return 0;
    for (size_t i = 0; i < COUNT(names); i++)
        if (strlen(names[i]) == k && memcmp(names[i], b, k) == 0)
            return k;
    return 0;
}

/* What pdn_parse__known_name() says of b, its shape checked. */
static size_t known(const unsigned char *b)
{
    uint64_t shape = 0;
    size_t n = pdn_parse__known_name((const char *)b, &shape);
    if (n > 0 && n < 16 && shape != pdn_game__tag_shape(n, b[0])) {
        fprintf(stderr, "    %.20s: wrong shape\n", (const char *)b);
        return SIZE_MAX;
    }
    return n;
}

static int agrees(const unsigned char *b)
{
    size_t got = known(b), want = word_name(b);
    if (got != want)
        fprintf(stderr, "    %.20s: known %zu, want %zu\n", (const char *)b, got, want);
    return got == want;
}

static void test_tag_known__names(void)
{
    for (size_t i = 0; i < COUNT(names); i++) {
        unsigned char b[32];
        memset(b, 'x', sizeof b);
        size_t n = strlen(names[i]);
        memcpy(b, names[i], n);
        b[n] = ' ';
        b[n + 1] = '"';
        CHECK_EQ_INT((int)known(b), (int)n);
        /* The value's bytes do not matter. */
        memset(b + n + 2, '"', sizeof b - n - 2);
        CHECK_EQ_INT((int)known(b), (int)n);
        b[n + 1] = 'x';
        CHECK_EQ_INT((int)known(b), 0);
    }
}

static void test_tag_known__near_misses(void)
{
    static const char bytes[] = "EventSiDaRoundWhBlckRsFNUpGmTyPCOFlo \"]_9xe\t\n";
    int failed = 0;
    for (int k = 0; k < 300000 && failed < 5; k++) {
        unsigned char b[32];
        for (size_t i = 0; i < sizeof b; i++)
            b[i] = (unsigned char)bytes[rnd(sizeof bytes - 1)];
        unsigned how = rnd(4);
        if (how < 3) {
            /* A name of the list, then a byte changed, added or cut. */
            const char *name = names[rnd(COUNT(names))];
            size_t n = strlen(name);
            memcpy(b, name, n);
            b[n] = ' ';
            b[n + 1] = '"';
            size_t at = rnd((unsigned)n + 2);
            if (how == 0) {
                b[at] =
                    rnd(2) ? (unsigned char)bytes[rnd(sizeof bytes - 1)] : (unsigned char)rnd(256);
            } else if (how == 1) {
                memmove(b + at + 1, b + at, sizeof b - at - 1);
                b[at] = (unsigned char)bytes[rnd(sizeof bytes - 1)];
            } else {
                memmove(b + at, b + at + 1, sizeof b - at - 1);
            }
        } else {
            for (size_t i = 0; i < 16; i++)
                b[i] = (unsigned char)rnd(256);
        }
        if (!CHECK(agrees(b)))
            failed++;
    }
}

int main(void)
{
    RUN(test_tag_known__names);
    RUN(test_tag_known__near_misses);
    return harness_report();
}
