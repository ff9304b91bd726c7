/* SPDX-License-Identifier: MIT */
/*
 * fuzz_fen.c - fuzz target of the board layer: FEN reading on every kind of
 * board and the properties the writer promises.  A FEN that reads must write
 * canonically, read back to an equal position, and write the same text
 * again; an error must point inside the text.  Any broken invariant calls
 * abort().
 *
 * Input layout: the first byte selects the board, the rest is the FEN.
 *   board = boards[byte % BOARD_COUNT]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every table row's kind of board, and custom ones at the limits. */
static const char *const boards[] = {
    "20",
    "21",
    "22",
    "23",
    "23,W,8,8,A0,0",
    "23,B,8,8,A1,1",
    "24",
    "25",
    "27",
    "30",
    "31",
    "40",
    "41",
    "0",
    "99,W,4,4,N0,0",
    "99,B,26,26,A3,1",
    "99,W,11,7,N1,1",
};
#define BOARD_COUNT (sizeof boards / sizeof boards[0])

static void fail(const char *what, const char *fen, size_t n)
{
    fprintf(stderr, "fuzz_fen: %s: '%.*s'\n", what, (int)n, fen);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *tuple = boards[data[0] % BOARD_COUNT];
    pdn_gametype gt;
    size_t at;
    pdn_geometry g;
    pdn_parse_gametype(&gt, tuple, strlen(tuple), &at);
    if (pdn_geometry_init(&g, &gt) != PDN_OK)
        abort(); /* every board of the table is a board */
    const char *fen = (const char *)data + 1;
    size_t n = size - 1;
    pdn_position pos, again;
    at = SIZE_MAX;
    pdn_diag_code c = pdn_fen_read(&pos, &g, fen, n, &at);
    if (c != PDN_D_NONE && at > n)
        fail("error offset outside the text", fen, n);
    if (c != PDN_D_NONE && c != PDN_D_FEN_FORM)
        return 0;
    static const char notations[3] = {0, 'A', 'N'};
    for (size_t k = 0; k < (g.chess ? 1u : 3u); k++) {
        char notation = notations[k];
        size_t len = pdn_fen_write(&pos, notation, NULL, 0);
        char *text = malloc(len + 1), *text2 = malloc(len + 1);
        if (text == NULL || text2 == NULL)
            abort();
        if (pdn_fen_write(&pos, notation, text, len + 1) != len || strlen(text) != len)
            fail("size query and written length differ", fen, n);
        if (pdn_fen_read(&again, &g, text, len, &at) != PDN_D_NONE)
            fail("canonical FEN does not read back", text, len);
        if (!pdn_position_equal(&pos, &again))
            fail("canonical FEN reads back to another position", text, len);
        pdn_fen_write(&again, notation, text2, len + 1);
        if (strcmp(text, text2) != 0)
            fail("canonical FEN is not stable", text, len);
        free(text);
        free(text2);
    }
    return 0;
}
