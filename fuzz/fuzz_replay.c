/* SPDX-License-Identifier: MIT */
/*
 * fuzz_replay.c - fuzz target of the replay pass on whatever the reader
 * makes of the input: every move node gets a record, a move that was played
 * has the positions around it, diagnostics lie inside the game's text, and
 * the writer can rewrite the moves from the replay.  Any broken invariant
 * calls abort().
 *
 * Input layout: the first byte selects the options, the rest is the text.
 *   mode             = byte % 3        (liberal, standard, strict)
 *   default GameType = table[(byte / 3) % 6] with table = {-1, 0, 20, 21, 25, 40}
 *   captures         = (byte / 18) % 3 (asis, minimal, full)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int discard(void *ctx, const char *p, size_t n)
{
    (void)p;
    *(size_t *)ctx += n;
    return 0;
}

static void check_game(const pdn_game *g, pdn_replay *r, pdn_capture_form captures)
{
    if (pdn_replay_run(r, g, NULL) != PDN_OK)
        abort(); /* no allocation fails here: any other status is a bug */
    size_t count, text_len = pdn_game_text(g).len;
    const pdn_diag *d = pdn_replay_diags(r, &count);
    for (size_t i = 0; i < count; i++)
        if (d[i].offset > text_len || d[i].code <= PDN_D_NONE || d[i].code >= PDN_D_COUNT)
            abort();
    pdn_iter it;
    pdn_iter_init(&it, pdn_game_root(g));
    while (pdn_iter_next(&it) != PDN_EVENT_DONE) {
        if (it.event != PDN_EVENT_ENTER || pdn_node_kind_of(it.node) != PDN_NODE_MOVE)
            continue;
        pdn_played p;
        pdn_position before, after;
        if (pdn_replay_move(&p, r, it.node) != PDN_OK || p.status == PDN_PLAY_NONE)
            abort();
        if (p.status == PDN_PLAY_OK &&
            (pdn_replay_position(&before, r, it.node, 0) != PDN_OK ||
             pdn_replay_position(&after, r, it.node, 1) != PDN_OK || before.turn == after.turn))
            abort();
    }
    pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    wo.replay = r;
    wo.captures = captures;
    size_t written = 0;
    pdn_sink sink = {discard, &written};
    if (pdn_write_pdn(g, &wo, sink) != PDN_OK || written == 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int types[6] = {-1, 0, 20, 21, 25, 40};
    if (size < 1)
        return 0;
    pdn_read_options o = PDN_READ_OPTIONS_INIT;
    o.mode = (pdn_mode)(data[0] % 3);
    o.default_gametype = types[(data[0] / 3) % 6];
    pdn_capture_form captures = (pdn_capture_form)((data[0] / 18) % 3);
    pdn_reader *reader;
    pdn_replay *r;
    if (pdn_reader_new_buffer(&reader, (const char *)data + 1, size - 1, &o) != PDN_OK)
        abort();
    if (pdn_replay_new(&r, NULL) != PDN_OK)
        abort();
    const pdn_game *g;
    while (pdn_reader_next(reader, &g) == PDN_OK)
        check_game(g, r, captures);
    pdn_replay_free(r);
    pdn_reader_free(reader);
    return 0;
}
