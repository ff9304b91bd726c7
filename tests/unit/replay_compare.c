/* SPDX-License-Identifier: MIT */
/*
 * replay_compare.c - see replay_compare.h.
 */
#include "replay_compare.h"

/* Every field of the two records; pdn_replay_move() clears what a move
 * does not fill, so chess and draughts moves compare alike. */
static int same_played(const pdn_played *a, const pdn_played *b)
{
    if (a->status != b->status || a->side != b->side || a->ply != b->ply ||
        a->chess.from != b->chess.from || a->chess.to != b->chess.to ||
        a->chess.piece != b->chess.piece || a->chess.promotion != b->chess.promotion ||
        a->chess.flags != b->chess.flags)
        return 0;
    const pdn_draughts_move *x = &a->draughts, *y = &b->draughts;
    if (x->from != y->from || x->to != y->to || x->king != y->king || x->promotes != y->promotes ||
        x->path_count != y->path_count || x->capture_count != y->capture_count)
        return 0;
    for (size_t i = 0; i < x->path_count; i++)
        if (x->path[i] != y->path[i])
            return 0;
    for (size_t i = 0; i < x->capture_count; i++)
        if (x->captured[i] != y->captured[i])
            return 0;
    return 1;
}

void replay_compare_nodes(const pdn_replay *a, const pdn_replay *b, const pdn_node *node,
                          int positions, replay_tally *n)
{
    for (const pdn_node *x = pdn_node_first_child(node); x != NULL; x = pdn_node_next(x)) {
        pdn_node_kind k = pdn_node_kind_of(x);
        if (k == PDN_NODE_VARIATION) {
            replay_compare_nodes(a, b, x, positions, n);
            continue;
        }
        if (k != PDN_NODE_MOVE)
            continue;
        pdn_played pa, pb;
        n->moves++;
        if (pdn_replay_move(&pa, a, x) != PDN_OK || pdn_replay_move(&pb, b, x) != PDN_OK ||
            !same_played(&pa, &pb)) {
            n->failed++;
            continue;
        }
        n->ok += pa.status == PDN_PLAY_OK;
        n->captures += pa.status == PDN_PLAY_OK && pa.draughts.capture_count > 0;
        n->ambiguous += pa.status == PDN_PLAY_AMBIGUOUS;
        n->illegal += pa.status == PDN_PLAY_ILLEGAL;
        n->skipped += pa.status == PDN_PLAY_SKIPPED;
        for (int after = 0; positions && after < 2; after++) {
            pdn_position qa, qb;
            pdn_status sa = pdn_replay_position(&qa, a, x, after);
            pdn_status sb = pdn_replay_position(&qb, b, x, after);
            n->failed += sa != sb || (sa == PDN_OK && !pdn_position_equal(&qa, &qb));
        }
    }
}

int replay_same_diags(const pdn_replay *a, const pdn_replay *b)
{
    size_t na, nb;
    const pdn_diag *da = pdn_replay_diags(a, &na), *db = pdn_replay_diags(b, &nb);
    if (na != nb)
        return 0;
    for (size_t i = 0; i < na; i++)
        if (da[i].code != db[i].code || da[i].severity != db[i].severity ||
            da[i].offset != db[i].offset || da[i].length != db[i].length || da[i].arg != db[i].arg)
            return 0;
    return 1;
}
