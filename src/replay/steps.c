/* SPDX-License-Identifier: MIT */
/*
 * steps.c - one draughts move of the replay: the written move resolved
 * against the legal moves of the position, the diagnostics of what is wrong
 * with it, and the move played; the questions the walk asks of a position.
 * A move that fits exactly one legal move is resolved and played on the
 * live bitboards alone; anything else takes the general path, on the
 * public position.
 */
#include "board/board.h"
#include "replay/replay.h"

size_t pdn_replay__legal_count(pdn_replay *r, const pdn_position *pos, const pdn_draughts_state *st,
                               bool *oom)
{
    if (r->geo.chess) {
        pdn_chess_move moves[PDN_CHESS_MOVES_MAX];
        size_t n = 0;
        pdn_chess_moves(moves, &n, pos);
        return n;
    }
    if (pos->turn != 'W' && pos->turn != 'B')
        return 1; /* unknown side to move: nothing to decide */
    pdn_status s = pdn_draughts_moves(r->list, r->engine, pos, st, PDN_MOVES_UNIQUE);
    if (s == PDN_ENOMEM)
        *oom = true;
    return s == PDN_OK ? pdn_movelist_count(r->list) : 1;
}

void pdn_replay__sync(pdn_replay *r, pdn_position *pos, pdn_draughts_state *st)
{
    if (!r->pos_stale)
        return;
    if (r->geo.chess)
        pdn_chess__store(&r->chess_live, pos);
    else
        pdn_rules__live_store(&r->live, r->engine, pos, st);
    r->pos_stale = false;
}

bool pdn_replay__can_move(pdn_replay *r, const pdn_position *pos, const pdn_draughts_state *st,
                          bool *oom)
{
    if (r->live_ok)
        return pdn_rules__live_can_move(r->engine, &r->live);
    return pdn_replay__legal_count(r, pos, st, oom) > 0;
}

bool pdn_replay__fits(pdn_replay *r, const pdn_node *node, const pdn_position *pos,
                      const pdn_draughts_state *st, const pdn_chess__board *board, bool *oom)
{
    pdn_move m;
    if (pdn_node_move(&m, node) != PDN_OK)
        return false;
    if (r->geo.chess) {
        pdn_chess_move cm;
        pdn_san san;
        if (m.kind != PDN_MOVE_SAN)
            return false;
        if (board == NULL)
            return pdn_chess_parse_san(&cm, NULL, pos, m.san.ptr, m.san.len, NULL) == PDN_SAN_OK;
        /* What pdn_chess_parse_san() does once the board is loaded. */
        return pdn_san_parse(&san, m.san.ptr, m.san.len, NULL) == PDN_SAN_OK &&
               pdn_chess__resolve(&cm, NULL, NULL, board, &san) == PDN_SAN_OK;
    }
    if (m.kind != PDN_MOVE_SQUARES)
        return false;
    /* Two squares: on bitboards, as pdn_draughts_resolve() would count. */
    pdn_rules__live lv;
    if (m.square_count == 2 && !r->general_only && pdn_rules__live_load(&lv, r->engine, pos, st)) {
        pdn_rules__found found;
        size_t n = 0;
        pdn_status s = pdn_rules__live_resolve(&found, &n, r->engine, &lv, m.squares, m.captured,
                                               m.captured_count);
        if (s == PDN_ENOMEM)
            *oom = true;
        if (s != PDN_EINVAL)
            return s == PDN_OK && n > 0;
    }
    pdn_status s = pdn_draughts_resolve(r->list, r->engine, pos, st, &m);
    if (s == PDN_ENOMEM)
        *oom = true;
    return s == PDN_OK && pdn_movelist_count(r->list) > 0;
}

/* A failed move: illegal, or a move after the end of the game. */
step_result pdn_replay__fail_move(pdn_replay *r, const pdn_node *node, const pdn_position *pos,
                                  const pdn_draughts_state *st, played_rec *rec)
{
    bool oom = false;
    size_t legal;
    if (r->live_ok && !r->geo.chess) /* `pos` is synced: the live position is it */
        oom = pdn_rules__live_count(&legal, r->engine, &r->live) != PDN_OK;
    else
        legal = pdn_replay__legal_count(r, pos, st, &oom);
    if (oom)
        return STEP_OOM;
    rec->status = PDN_PLAY_ILLEGAL;
    pdn_diag_code code = legal == 0 ? PDN_D_MOVE_AFTER_END : PDN_D_ILLEGAL_MOVE;
    return pdn_replay__diag(r, code, pdn_node_offset(node), pdn_node_length(node), (uint32_t)legal)
               ? STEP_FAILED
               : STEP_OOM;
}

/* Restriction 9: a path written with more than two squares gives exactly
 * the move's intermediate squares. */
static bool path_as_written(const pdn_replay *r, const pdn_move *m, const pdn_draughts_move *dm)
{
    if (m->square_count != dm->path_count)
        return false;
    for (size_t i = 0; i < m->square_count; i++)
        if (pdn_geometry_cell(&r->geo, m->squares[i]) != dm->path[i])
            return false;
    return true;
}

/* How many moves the short form (first and last square) of a long form
 * fits; -1 on out-of-memory. */
static int short_form_count(pdn_replay *r, const pdn_move *move, const pdn_position *pos,
                            const pdn_draughts_state *st)
{
    pdn_square ends[2] = {move->squares[0], move->squares[move->square_count - 1]};
    pdn_move shorter = *move;
    shorter.squares = ends;
    shorter.square_count = 2;
    shorter.captured = NULL;
    shorter.captured_count = 0;
    pdn_status s = pdn_draughts_resolve(r->list, r->engine, pos, st, &shorter);
    if (s == PDN_ENOMEM)
        return -1;
    return s == PDN_OK ? (int)pdn_movelist_count(r->list) : 0;
}

/* Records a move that is played: what it is, and its cells. */
static inline bool record(pdn_replay *r, const pdn_draughts_move *dm, played_rec *rec,
                          bool ambiguous)
{
    rec->status = ambiguous ? PDN_PLAY_AMBIGUOUS : PDN_PLAY_OK;
    rec->from = (int16_t)dm->from;
    rec->to = (int16_t)dm->to;
    rec->king = (uint8_t)dm->king;
    rec->promotes = (uint8_t)dm->promotes;
    if (!pdn_replay__records(r))
        return true;
    size_t n = dm->path_count + dm->capture_count;
    if (!pdn_vec__reserve(&r->cells, &r->alloc, sizeof(int16_t), n))
        return false;
    /* Loops, not memcpy(): most moves have two or three cells. */
    int16_t *c = (int16_t *)r->cells.data + r->cells.len;
    for (size_t i = 0; i < dm->path_count; i++)
        *c++ = dm->path[i];
    for (size_t i = 0; i < dm->capture_count; i++)
        *c++ = dm->captured[i];
    rec->cells = (uint32_t)r->cells.len;
    r->cells.len += n;
    rec->path_count = (uint16_t)dm->path_count;
    rec->capture_count = (uint16_t)dm->capture_count;
    return true;
}

/* The next move of the sequence after `node`, or NULL. */
static const pdn_node *next_move(const pdn_node *node)
{
    for (const pdn_node *x = pdn_node_next(node); x != NULL; x = pdn_node_next(x)) {
        pdn_node_kind k = pdn_node_kind_of(x);
        if (k == PDN_NODE_MOVE)
            return x;
        if (k == PDN_NODE_SETUP)
            return NULL; /* the position is set anew: no clue there */
    }
    return NULL;
}

/* How far ahead an ambiguous move looks for the line that goes on: far
 * enough that two captures a long way apart are told apart by the game. */
#define LOOKAHEAD 1000

/* How many of the next moves of the line (up to LOOKAHEAD) are legal from
 * `pos` on, each played as the first move that fits it: on the bitboards
 * while the moves have two squares (pdn_rules__live_resolve() finds the
 * same first move), else on `pos`, which the bitboards are written back to
 * first. */
static size_t moves_that_follow(pdn_replay *r, const pdn_node *node, pdn_position *pos,
                                pdn_draughts_state *st, bool *oom)
{
    size_t count = 0;
    pdn_rules__live lv;
    bool live = !r->general_only && pdn_rules__live_load(&lv, r->engine, pos, st);
    for (const pdn_node *x = next_move(node); x != NULL && count < LOOKAHEAD; x = next_move(x)) {
        pdn_move written;
        if (pdn_node_move(&written, x) != PDN_OK || written.kind != PDN_MOVE_SQUARES)
            break;
        if (live && written.square_count == 2) {
            pdn_rules__found found;
            size_t n = 0;
            pdn_status s = pdn_rules__live_resolve(&found, &n, r->engine, &lv, written.squares,
                                                   written.captured, written.captured_count);
            if (s == PDN_ENOMEM)
                *oom = true;
            if (s != PDN_EINVAL) {
                if (s != PDN_OK || n == 0)
                    break;
                pdn_rules__live_play(&lv, &found);
                count++;
                continue;
            }
        }
        if (live) {
            pdn_rules__live_store(&lv, r->engine, pos, st);
            live = false;
        }
        pdn_status s = pdn_draughts_resolve(r->list, r->engine, pos, st, &written);
        if (s == PDN_ENOMEM)
            *oom = true;
        if (s != PDN_OK || pdn_movelist_count(r->list) == 0)
            break;
        pdn_draughts_move dm = pdn_movelist_get(r->list, 0);
        if (pdn_draughts_play(pos, st, r->engine, &dm) != PDN_OK)
            break;
        count++;
    }
    return count;
}

/*
 * Of several moves that fit, the one after which the line goes on longest:
 * a record that leaves out the path means the capture its game went on
 * from.  Ties go to the first.  SIZE_MAX on out-of-memory.
 */
static size_t choose_by_next(pdn_replay *r, const pdn_node *node, const pdn_position *pos,
                             const pdn_draughts_state *st, size_t n)
{
    pdn_move here;
    pdn_node_move(&here, node);
    size_t best = 0, best_count = 0;
    for (size_t i = 0; i < n; i++) {
        /* The list is refilled by the look ahead: take candidate i afresh. */
        pdn_status s0 = pdn_draughts_resolve(r->list, r->engine, pos, st, &here);
        if (s0 != PDN_OK)
            return s0 == PDN_ENOMEM ? SIZE_MAX : 0;
        pdn_draughts_move dm = pdn_movelist_get(r->list, i);
        pdn_position after = *pos;
        pdn_draughts_state st2 = st != NULL ? *st : (pdn_draughts_state)PDN_DRAUGHTS_STATE_INIT;
        if (pdn_draughts_play(&after, &st2, r->engine, &dm) != PDN_OK)
            continue;
        bool oom = false;
        size_t count = moves_that_follow(r, node, &after, &st2, &oom);
        if (oom)
            return SIZE_MAX;
        if (count > best_count) {
            best = i;
            best_count = count;
        }
    }
    return best;
}

/* Records and plays a move of the general path (the position is synced). */
static step_result play(pdn_replay *r, const pdn_node *node, pdn_position *pos,
                        pdn_draughts_state *st, played_rec *rec, const pdn_draughts_move *dm,
                        bool ambiguous)
{
    if (!record(r, dm, rec, ambiguous))
        return STEP_OOM;
    if (pdn_draughts_play(pos, st, r->engine, dm) != PDN_OK)
        return pdn_replay__fail_move(r, node, pos, st, rec);
    /* The live position is taken in again at the next move (this path is rare). */
    r->live_ok = false;
    return ambiguous ? STEP_AMBIGUOUS : STEP_OK;
}

/* The general path: any written move, resolved on the public position. */
static step_result general(pdn_replay *r, const pdn_node *node, pdn_position *pos,
                           pdn_draughts_state *st, played_rec *rec)
{
    pdn_move written, *move = &written;
    pdn_node_move(&written, node);
    pdn_status s = pdn_draughts_resolve(r->list, r->engine, pos, st, move);
    if (s == PDN_ENOMEM)
        return STEP_OOM;
    size_t n = s == PDN_OK ? pdn_movelist_count(r->list) : 0;
    if (n == 0)
        return pdn_replay__fail_move(r, node, pos, st, rec);
    size_t pick = n > 1 ? choose_by_next(r, node, pos, st, n) : 0;
    if (pick == SIZE_MAX)
        return STEP_OOM;
    if (n > 1) {
        /* choose_by_next() used the list: resolve again to get the moves back. */
        pdn_status again = pdn_draughts_resolve(r->list, r->engine, pos, st, move);
        if (again != PDN_OK || pdn_movelist_count(r->list) <= pick)
            return again == PDN_ENOMEM ? STEP_OOM : pdn_replay__fail_move(r, node, pos, st, rec);
    }
    pdn_draughts_move dm = pdn_movelist_get(r->list, pick);
    int16_t kept[2 * PDN_CELL_MAX]; /* its cells, when the list is refilled below */
    uint32_t off = pdn_node_offset(node), len = pdn_node_length(node);
    if (n > 1 && !pdn_replay__diag(r, PDN_D_AMBIGUOUS_MOVE, off, len, (uint32_t)n))
        return STEP_OOM;
    if (n == 1 && move->square_count > 2) {
        /* Restrictions 8 and 9 on long forms; cheap, as long forms are rare. */
        pdn_diag_code form = PDN_D_NONE;
        if (!path_as_written(r, move, &dm))
            form = PDN_D_PATH_SQUARES;
        if (form == PDN_D_NONE) {
            /* short_form_count() refills the list: the move's cells are
             * kept here instead of resolving the move a third time (fewer
             * than `cells` pieces are captured, and the path has one cell
             * more than the captures). */
            size_t np = dm.path_count, nc = dm.capture_count;
            for (size_t i = 0; i < np; i++)
                kept[i] = dm.path[i];
            for (size_t i = 0; i < nc; i++)
                kept[np + i] = dm.captured[i];
            int short_fits = short_form_count(r, move, pos, st);
            if (short_fits < 0)
                return STEP_OOM;
            if (short_fits == 1)
                form = PDN_D_LONG_CAPTURE;
            dm.path = kept;
            dm.captured = kept + np;
        }
        if (form != PDN_D_NONE && !pdn_replay__diag(r, form, off, len, 0))
            return STEP_OOM;
    }
    return play(r, node, pos, st, rec, &dm, n > 1);
}

/* Whether the live position holds the walk's (loading it when it can). */
static bool live(pdn_replay *r, const pdn_position *pos, const pdn_draughts_state *st)
{
    if (!r->live_ok && !r->general_only)
        r->live_ok = pdn_rules__live_load(&r->live, r->engine, pos, st);
    return r->live_ok;
}

/* Records and plays a move found on the live position. */
static inline step_result play_found(pdn_replay *r, pdn_position *pos, played_rec *rec,
                                     const pdn_rules__found *found)
{
    if (!record(r, &found->move, rec, false))
        return STEP_OOM;
    pdn_rules__live_play(&r->live, found);
    pos->turn = pos->turn == 'W' ? 'B' : 'W';
    r->pos_stale = true;
    return STEP_OK;
}

step_result pdn_replay__draughts_live(pdn_replay *r, const pdn_node *node, pdn_position *pos,
                                      pdn_draughts_state *st, played_rec *rec)
{
    const struct pdn_game *g = node->game;
    const pdn_move_rec *mr = (const pdn_move_rec *)g->moves.data + node->a;
    const pdn_square *squares = (const pdn_square *)g->squares.data;
    pdn_rules__found found;
    size_t n;
    const pdn_square *captured = mr->captured_count ? squares + mr->captured : NULL;
    pdn_status s = pdn_rules__live_resolve(&found, &n, r->engine, &r->live, squares + mr->squares,
                                           captured, mr->captured_count);
    if (s == PDN_ENOMEM)
        return STEP_OOM;
    if (s == PDN_OK && n == 1)
        return play_found(r, pos, rec, &found);
    pdn_replay__sync(r, pos, st);
    if (s == PDN_OK && n == 0)
        return pdn_replay__fail_move(r, node, pos, st, rec);
    return general(r, node, pos, st, rec);
}

step_result pdn_replay__draughts_jump(pdn_replay *r, const pdn_node *node, pdn_position *pos,
                                      pdn_draughts_state *st, played_rec *rec, int from, int to)
{
    pdn_rules__found found;
    if (pdn_rules__live_quick(&found, r->engine, &r->live, from, to))
        return play_found(r, pos, rec, &found);
    return pdn_replay__draughts_live(r, node, pos, st, rec);
}

step_result pdn_replay__draughts_other(pdn_replay *r, const pdn_node *node, pdn_position *pos,
                                       pdn_draughts_state *st, played_rec *rec)
{
    const struct pdn_game *g = node->game;
    const pdn_move_rec *mr = (const pdn_move_rec *)g->moves.data + node->a;
    const pdn_square *squares = (const pdn_square *)g->squares.data;
    if (pos->turn != 'W' && pos->turn != 'B' && mr->square_count > 0) {
        /* A FEN with '?' to move: the piece on the first square tells.  (No
         * live position holds a '?' turn: `pos` is the walk's.) */
        int cell = pdn_geometry_cell(&r->geo, squares[mr->squares]);
        unsigned color = cell >= 0 ? PDN_PIECE_COLOR(pos->board[cell]) : 0;
        if (color == PDN_WHITE || color == PDN_BLACK)
            pos->turn = color == PDN_WHITE ? 'W' : 'B';
        rec->side = pos->turn;
    }
    if (mr->square_count == 2 && (mr->captured_count == 0 || mr->has_captured) &&
        live(r, pos, st)) {
        /* The move is resolved and played on the live bitboards, and `pos`
         * is left behind (pos_stale).  A man's step when no capture is on
         * comes here when the live position was just loaded, or its
         * squares are not numbers. */
        const pdn_square *sq = squares + mr->squares;
        int from = pdn_board__cell(&r->geo, sq[0]), to = pdn_board__cell(&r->geo, sq[1]);
        if (mr->captured_count > 0 || from < 0 || to < 0)
            return pdn_replay__draughts_live(r, node, pos, st, rec);
        if (!pdn_vec__reserve(&r->cells, &r->alloc, sizeof(int16_t), 2))
            return STEP_OOM;
        int crowned = pdn_rules__live_step(&r->live, r->engine, from, to);
        if (crowned < 0)
            return pdn_replay__draughts_jump(r, node, pos, st, rec, from, to);
        int16_t path[2] = {(int16_t)from, (int16_t)to};
        pdn_draughts_move dm = {
            .from = from, .to = to, .promotes = crowned, .path_count = 2, .path = path};
        record(r, &dm, rec, false); /* the room is there */
        pos->turn = pos->turn == 'W' ? 'B' : 'W';
        r->pos_stale = true;
        return STEP_OK;
    }
    pdn_replay__sync(r, pos, st);
    return general(r, node, pos, st, rec);
}
