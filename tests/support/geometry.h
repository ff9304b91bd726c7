/* SPDX-License-Identifier: MIT */
/*
 * geometry.h - boards for the board and FEN tests: the geometry of a
 * GameType tuple, and the GameTypes of the standard's table.
 */
#ifndef PDN_TEST_GEOMETRY_H
#define PDN_TEST_GEOMETRY_H

#include "pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The draughts rows of the standard's GameType table, as tuples. */
#define TEST_TABLE_GAMETYPES                                                                       \
    "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "40", "41"

/* The geometry of `tuple`; the tests list only tuples the library takes,
 * so one it refuses ends the test program. */
static inline pdn_geometry test_geometry(const char *tuple)
{
    pdn_gametype gt;
    pdn_geometry g;
    size_t at;
    pdn_diag_code c = pdn_parse_gametype(&gt, tuple, strlen(tuple), &at);
    if ((c != PDN_D_NONE && c != PDN_D_ODD_GAMETYPE) || pdn_geometry_init(&g, &gt) != PDN_OK) {
        fprintf(stderr, "no geometry for %s\n", tuple);
        exit(2);
    }
    return g;
}

#endif
