/* SPDX-License-Identifier: MIT */
/*
 * test_tag_checks.c - the tag checks that depend on another tag wherever
 * it stands: a Result read by the first ResultFormat's rules and a FEN
 * checked against the first GameType's board, before and after them, with
 * names of the same length and first letter around (the pass that finds
 * the two is skipped when the shapes of the names read rule both out).
 */
#include "harness.h"
#include "pdn.h"

#include <stdio.h>
#include <string.h>

/* How many diagnostics of `code` the first game of `text` has, strict. */
static int count_code(const char *text, pdn_diag_code code)
{
    pdn_read_options o = PDN_READ_OPTIONS_INIT;
    o.mode = PDN_MODE_STRICT;
    pdn_game *g;
    if (pdn_game_parse(&g, text, strlen(text), &o) != PDN_OK)
        return -1;
    size_t n;
    const pdn_diag *d = pdn_game_diags(g, &n);
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += d[i].code == code;
    pdn_game_free(g);
    return k;
}

static void test_tag_checks__result_format(void)
{
    /* "Goes" scores are allowed only by their ResultFormat. */
    static const char *const others[] = {"", "[Rxxxxxxxxxxx \"a\"]\n", "[Resultformat \"Goes\"]\n",
                                         "[GameType \"20\"]\n"};
    for (size_t k = 0; k < sizeof others / sizeof others[0]; k++) {
        char text[300];
        snprintf(text, sizeof text, "%s[Result \"1.01-0.99\"]\n[ResultFormat \"Goes\"]\n*\n",
                 others[k]);
        CHECK_EQ_INT(count_code(text, PDN_D_BAD_RESULT), 0);
        snprintf(text, sizeof text, "[ResultFormat \"Goes\"]\n%s[Result \"1.01-0.99\"]\n*\n",
                 others[k]);
        CHECK_EQ_INT(count_code(text, PDN_D_BAD_RESULT), 0);
        snprintf(text, sizeof text, "%s[Result \"1.01-0.99\"]\n*\n", others[k]);
        CHECK_EQ_INT(count_code(text, PDN_D_BAD_RESULT), 1);
    }
}

static void test_tag_checks__gametype_board(void)
{
    /* Square 40 is off the 32 squares of GameType 21. */
    static const char *const others[] = {"", "[Gxxxxxxx \"a\"]\n", "[Gametype \"20\"]\n",
                                         "[ResultFormat \"Goes\"]\n"};
    for (size_t k = 0; k < sizeof others / sizeof others[0]; k++) {
        char text[300];
        snprintf(text, sizeof text, "%s[FEN \"W:W1,2,40:B3\"]\n[GameType \"21\"]\n*\n", others[k]);
        CHECK_EQ_INT(count_code(text, PDN_D_FEN_SQUARE), 1);
        snprintf(text, sizeof text, "[GameType \"21\"]\n%s[FEN \"W:W1,2,40:B3\"]\n*\n", others[k]);
        CHECK_EQ_INT(count_code(text, PDN_D_FEN_SQUARE), 1);
        /* Tags read apart, with the game loop between them. */
        snprintf(text, sizeof text, "[FEN \"W:W1,2,40:B3\"]\n\n%s\n[GameType \"21\"]\n*\n",
                 others[k]);
        CHECK_EQ_INT(count_code(text, PDN_D_FEN_SQUARE), 1);
        snprintf(text, sizeof text, "%s[FEN \"W:W1,2,40:B3\"]\n*\n", others[k]);
        CHECK_EQ_INT(count_code(text, PDN_D_FEN_SQUARE), 0);
    }
}

int main(void)
{
    RUN(test_tag_checks__result_format);
    RUN(test_tag_checks__gametype_board);
    return harness_report();
}
