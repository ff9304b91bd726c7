/* SPDX-License-Identifier: MIT */
/*
 * both_ways.h - the first game of a text parsed with the reader's quick
 * paths and with the general parser alone (pdn_parse_in.general_only), for
 * the tests of the quick paths: the JSON, the PDN and the extent of the
 * game must agree.  Each test program is one translation unit and includes
 * this once, after append.h.
 */
#ifndef PDN_TEST_BOTH_WAYS_H
#define PDN_TEST_BOTH_WAYS_H

#include "support/append.h"
#include "syntax/parse.h"

/* 1 when both ways give the same, 0 (with the outputs on stderr) when not
 * or when memory ran out. */
static int test_same_both_ways(const char *s, size_t len, pdn_mode mode, int default_gametype)
{
    test_text out[2] = {{0}, {0}};
    size_t end[2];
    for (int way = 0; way < 2; way++) {
        struct pdn_game g;
        pdn_game__init(&g, pdn_alloc__resolve(NULL));
        pdn_parse_in in = {.text = s,
                           .len = len,
                           .mode = mode,
                           .default_gametype = default_gametype,
                           .general_only = way == 1};
        pdn_parse_out po;
        pdn_parse__game(&g, &in, &po);
        bool high;
        g.line0 = 1;
        g.col0 = 1;
        if (po.nomem || !pdn_game__index_lines(&g, len, &high)) {
            pdn_game__release(&g);
            free(out[0].buf);
            free(out[1].buf);
            return 0;
        }
        end[way] = po.empty ? len + 1 : po.end;
        pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
        pdn_sink sink = {test_text_sink, &out[way]};
        if (!po.empty) {
            pdn_write_json(&g, &wo, sink);
            pdn_write_pdn(&g, &wo, sink);
        }
        pdn_game__release(&g);
    }
    int same = end[0] == end[1] && out[0].len == out[1].len &&
               (out[0].len == 0 || memcmp(out[0].buf, out[1].buf, out[0].len) == 0);
    if (!same) {
        fprintf(stderr, "    input: \"%.*s\"\n", (int)len, s);
        fprintf(stderr, "    quick:   %.*s\n", (int)out[0].len, out[0].buf ? out[0].buf : "");
        fprintf(stderr, "    general: %.*s\n", (int)out[1].len, out[1].buf ? out[1].buf : "");
    }
    free(out[0].buf);
    free(out[1].buf);
    return same;
}

#endif
