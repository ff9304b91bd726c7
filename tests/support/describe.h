/* SPDX-License-Identifier: MIT */
/*
 * describe.h - a game as a text that two ways of reading it must agree on:
 * its canonical PDN, its number, place and encoding, and its diagnostics
 * with line and column.  For the tests and the fuzz target of reading in
 * parts.  Include after append.h.
 */
#ifndef PDN_TEST_DESCRIBE_H
#define PDN_TEST_DESCRIBE_H

#include "pdn.h"
#include "support/append.h"

#include <stdio.h>

/* Appends the description of `g` to `t`; false when the writer failed. */
static inline bool test_describe_game(const pdn_game *g, test_text *t)
{
    pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    bool ok = pdn_write_pdn(g, &wo, (pdn_sink){test_text_sink, t}) == PDN_OK;
    char line[160];
    snprintf(line, sizeof line, "#%llu at %llu enc %d\n", (unsigned long long)pdn_game_index(g),
             (unsigned long long)pdn_game_input_offset(g), (int)pdn_game_encoding(g));
    test_puts(t, line);
    size_t n;
    const pdn_diag *d = pdn_game_diags(g, &n);
    for (size_t i = 0; i < n; i++) {
        uint64_t ln;
        uint32_t col;
        pdn_game_locate(g, d[i].offset, &ln, &col);
        snprintf(line, sizeof line, "%s %llu:%u\n", pdn_diag_name(d[i].code),
                 (unsigned long long)ln, col);
        test_puts(t, line);
    }
    return ok;
}

#endif
