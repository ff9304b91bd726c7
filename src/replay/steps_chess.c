/* SPDX-License-Identifier: MIT */
/*
 * steps_chess.c - one chess move of the replay: the SAN text resolved on the
 * live board, the warnings about its form, and the move played; whether the
 * game ended in mate or stalemate.
 */
#include "replay/replay.h"

bool pdn_replay__chess_end(pdn_replay *r, const pdn_position *pos, int *mate, int *stalemate)
{
    if (!r->live_ok) {
        pdn_chess_facts f;
        if (pdn_chess_examine(&f, pos) != PDN_OK)
            return false;
        *mate = f.checkmate;
        *stalemate = f.stalemate;
        return true;
    }
    /* The live board is the position's: the same facts without loading it
     * or computing its repetition key, and without listing the moves when
     * there is one (then neither mate nor stalemate: the answer a list too
     * long to count also comes to in check_result()). */
    int none = !pdn_chess__has_move(&r->chess_live);
    /* The short path leaves whether the side to move is in check known. */
    int check =
        r->chess_live.check >= 0 ? r->chess_live.check : pdn_chess__in_check(&r->chess_live);
    *mate = check && none;
    *stalemate = !check && none;
    return true;
}

bool pdn_replay__san_notes(pdn_replay *r, unsigned notes, const pdn_node *node)
{
    uint32_t off = pdn_node_offset(node), len = pdn_node_length(node);
    static const struct {
        unsigned bits;
        pdn_diag_code code;
    } map[] = {
        {PDN_SAN_LONG | PDN_SAN_NON_STANDARD, PDN_D_SAN_FORM},
        {PDN_SAN_OVERSPECIFIED, PDN_D_SAN_OVERSPECIFIED},
        {PDN_SAN_CHECK_MISSING | PDN_SAN_CHECK_WRONG, PDN_D_CHECK_MARK},
        {PDN_SAN_CAPTURE_MISSING | PDN_SAN_CAPTURE_WRONG, PDN_D_CAPTURE_MARK},
        {PDN_SAN_NULL_MOVE, PDN_D_NULL_MOVE},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if ((notes & map[i].bits) && !pdn_replay__diag(r, map[i].code, off, len, 0))
            return false;
    return true;
}

/* The move is played on the live board: the record and the side to move. */
static step_result played(pdn_replay *r, pdn_position *pos, played_rec *rec, pdn_chess_move cm)
{
    /* The board is stored into `pos` only when someone reads it. */
    pos->turn = r->chess_live.us ? 'B' : 'W';
    r->pos_stale = true;
    rec->status = PDN_PLAY_OK;
    rec->chess = cm;
    rec->from = (int16_t)cm.from;
    rec->to = (int16_t)cm.to;
    return STEP_OK;
}

/* The general path: any SAN, on the live board or the position.  Out of
 * line: the short path would save and restore its registers otherwise. */
static PDN_NOINLINE step_result general_step(pdn_replay *r, const pdn_node *node, pdn_str text,
                                             pdn_position *pos, played_rec *rec)
{
    pdn_chess_move cm;
    unsigned notes = 0;
    pdn_san san;
    size_t at = 0;
    pdn_san_status s = pdn_san_parse(&san, text.ptr, text.len, &at);
    if (s == PDN_SAN_MALFORMED) {
        rec->status = PDN_PLAY_ILLEGAL;
        /* The SAN text starts where the node does, after any move number. */
        uint32_t san_off = (uint32_t)(text.ptr - pdn_game_text(r->game).ptr);
        return pdn_replay__diag(r, PDN_D_BAD_SAN, san_off + (uint32_t)at,
                                (uint32_t)(text.len > at ? text.len - at : 1), 0)
                   ? STEP_FAILED
                   : STEP_OOM;
    }
    int checks = -1;
    /* The live board saves loading the position for every move; it is the
     * position's own board, so resolving on it is the same. */
    if (!r->live_ok)
        r->live_ok = pdn_chess__load(&r->chess_live, pos) == 0;
    if (s == PDN_SAN_OK)
        s = r->live_ok ? pdn_chess__resolve(&cm, &notes, &checks, &r->chess_live, &san)
                       : pdn_san_resolve(&cm, &notes, pos, &san);
    switch (s) {
    case PDN_SAN_OK:
        break;
    case PDN_SAN_BAD_PROMOTION:
        rec->status = PDN_PLAY_ILLEGAL;
        return pdn_replay__diag(r, PDN_D_BAD_PROMOTION, pdn_node_offset(node),
                                pdn_node_length(node), 0)
                   ? STEP_FAILED
                   : STEP_OOM;
    case PDN_SAN_AMBIGUOUS:
        /* Without the rules' choice there is no one position to go on from. */
        rec->status = PDN_PLAY_AMBIGUOUS;
        return pdn_replay__diag(r, PDN_D_AMBIGUOUS_MOVE, pdn_node_offset(node),
                                pdn_node_length(node), 0)
                   ? STEP_FAILED
                   : STEP_OOM;
    case PDN_SAN_BAD_POSITION:
        rec->status = PDN_PLAY_UNKNOWN;
        return STEP_FAILED;
    default:
        pdn_replay__sync(r, pos, NULL);
        return pdn_replay__fail_move(r, node, pos, NULL, rec);
    }
    if (notes != 0 && !pdn_replay__san_notes(r, notes, node))
        return STEP_OOM;
    if (r->live_ok) {
        /* What pdn_chess_play() does, without generating the moves again:
         * `cm` is the generator's own move on this board. */
        if (cm.flags & PDN_CHESS_NULL)
            pdn_chess__make_null(&r->chess_live);
        else
            pdn_chess__make(&r->chess_live, cm);
        /* Resolving found out whether the move checks: the next move's
         * legality test is cheaper for knowing it. */
        r->chess_live.check = (int8_t)checks;
        return played(r, pos, rec, cm);
    }
    if (pdn_chess_play(pos, cm) != PDN_OK)
        return pdn_replay__fail_move(r, node, pos, NULL, rec);
    rec->status = PDN_PLAY_OK;
    rec->chess = cm;
    rec->from = (int16_t)cm.from;
    rec->to = (int16_t)cm.to;
    return STEP_OK;
}

step_result pdn_replay__chess_step(pdn_replay *r, const pdn_node *node, pdn_str text,
                                   pdn_position *pos, played_rec *rec)
{
    unsigned notes;
    /* The first move of a game finds no live board yet: loaded here, as
     * general_step() would, it lets that move take the short path too. */
    if (!r->live_ok && !r->general_only)
        r->live_ok = pdn_chess__load(&r->chess_live, pos) == 0;
    /* Canonical SAN on the live board, nearly every move of a real file,
     * takes the short path; it hands anything else back with the board
     * untouched (the record's move is written again by the general path
     * when that plays it). */
    if (!r->live_ok || r->general_only)
        return general_step(r, node, text, pos, rec);
    /* The reader's reading of the text where it has one (the moves before
     * a variation, which the walk's run leaves to this step). */
    unsigned code = ((const pdn_move_rec *)r->game->moves.data)[node->a].san_code;
    notes = code != 0 ? pdn_chess__quick_code(&r->chess_live, code, &rec->chess)
                      : pdn_chess__quick_play(&r->chess_live, text.ptr, text.len, &rec->chess);
    if (notes == 0)
        return general_step(r, node, text, pos, rec);
    notes >>= 1;
    if (notes != 0 && !pdn_replay__san_notes(r, notes, node))
        return STEP_OOM;
    return played(r, pos, rec, rec->chess);
}
