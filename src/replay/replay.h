/* SPDX-License-Identifier: MIT */
/*
 * replay.h - private parts of the replay pass (src/replay/): the replayer's
 * state, the per-move records, position snapshots, and the steps that
 * resolve one draughts or chess move.
 */
#ifndef PDN_REPLAY_H
#define PDN_REPLAY_H

#include "base/base.h"
#include "chess/chess.h"
#include "rules/live.h"
#include "tree/game.h"

#define REPLAY_NONE UINT32_MAX

/* What the replay learnt about one move node, indexed like game->moves. */
typedef struct played_rec {
    uint8_t status; /* pdn_play_status */
    char side;
    uint8_t king, promotes;
    uint32_t ply;
    int16_t from, to;
    uint16_t path_count, capture_count;
    uint32_t cells;         /* index into replay->cells: path, then captured */
    uint32_t before, after; /* snapshot numbers, REPLAY_NONE when unknown */
    pdn_chess_move chess;
} played_rec;

/*
 * The status of a record written by the walk's run loop for a man's step
 * or a man taking one piece, in place of PDN_PLAY_OK: only status, side,
 * promotes, ply and cells are written (four stores, where the whole record
 * took ten), and cells holds four cells: from, to, the piece taken or -1,
 * and -1 (one store).  The rest is that of every such move (no king, a path
 * of two cells, no position kept: the loop runs without positions), and
 * pdn_replay_move() gives it from these.
 */
#define REPLAY_QUICK 0x80

/* The fixed part of a position snapshot; the cells follow. */
typedef struct snap_head {
    char turn;
    int8_t castling[4];
    int16_t en_passant;
    int32_t halfmove, fullmove;
    pdn_draughts_state state;
} snap_head;

struct pdn_replay {
    pdn_alloc alloc;
    const struct pdn_game *game;
    pdn_replay_options opts;
    int gametype;
    pdn_geometry geo;
    pdn_rules rules;
    pdn_draughts *engine; /* the game's: one of engines[] */
    /* Engines of the last few variants, kept from game to game: building
     * one precomputes its tables, files mix tuples, and inferring the type
     * of a game tries up to seven. */
    pdn_draughts *engines[8];
    unsigned engines_made;
    pdn_gametype geo_key; /* the tuple `geo` was made for, while geo_keyed */
    bool geo_keyed;
    /* Geometries of the last few tuples, copied into `geo` when one comes
     * again: files mix tuples, inferring a game's type tries up to seven,
     * and a copy costs a tenth of pdn_geometry_init(). */
    pdn_geometry geos[8];
    pdn_gametype geos_key[8];
    unsigned geos_made; /* how many were made; geos[i] holds one when i < this */
    /* The arguments of the last pdn_replay__setup() that succeeded, while
     * setup_keyed: the tuple, and whether rules were given (then in `rules`). */
    pdn_gametype setup_key;
    bool setup_keyed, setup_custom;
    /* The first candidate of pdn_replay__first_candidate() last read (a
     * literal of infer.c, or NULL) and its tuple. */
    const char *candidate;
    pdn_gametype candidate_gt;
    pdn_movelist *list;
    pdn_vec recs;   /* played_rec, one per move of the game */
    pdn_vec cells;  /* int16_t: paths and captured pieces */
    pdn_vec snaps;  /* bytes: snapshots of positions, snap_size each */
    pdn_vec slots;  /* bytes: two snapshots per nesting level of the walk */
    pdn_vec frames; /* the walk's stack */
    pdn_vec diags;  /* pdn_diag */
    size_t snap_size;
    uint32_t start_snap;
    bool quiet;    /* trial runs of the inference: no records, no diagnostics */
    bool no_moves; /* the options' moves is 0: no records either */
    char dot_side; /* the side "12." numbers in this game ('W'/'B'), 0 until seen */
    /* The walk's live position in the generator's forms (`live` for
     * draughts, `chess_live` for chess), while live_ok: anything that sets
     * the position other than playing a move or going back to a position
     * the walk kept clears it.  Moves are mostly played on the live form
     * alone: then the board (and draughts history) of the walk's position
     * lag behind (pos_stale, never without live_ok) until
     * pdn_replay__sync(); its side to move is always up to date. */
    bool live_ok, pos_stale;
    pdn_rules__live live;
    pdn_chess__board chess_live;
    bool main_broken; /* a move of the main line failed or was skipped */
    /* Every draughts move on the general path, never a live position, and
     * every chess move resolved by pdn_chess__resolve() (no short path, no
     * run of moves): what the quick paths are compared with
     * (tests/unit/test_replay_paths.c, tests/unit/test_chess_walk.c). */
    bool general_only;
};

/* Whether the moves' records (recs, cells) are written: not in trial runs,
 * nor when the options ask for the diagnostics alone (moves 0). */
static inline bool pdn_replay__records(const pdn_replay *r)
{
    return !(r->quiet | r->no_moves);
}

/* Adds a diagnostic with the severity `code` has in the game's mode. */
bool pdn_replay__diag(pdn_replay *r, pdn_diag_code code, uint32_t off, uint32_t len, uint32_t arg);

/* Saves a position in `dst` (snap_size bytes) / loads it back. */
void pdn_replay__save(const pdn_replay *r, unsigned char *dst, const pdn_position *pos,
                      const pdn_draughts_state *st);
void pdn_replay__load(const pdn_replay *r, const unsigned char *src, pdn_position *pos,
                      pdn_draughts_state *st);

/* Sets r->geo, r->rules and r->engine for a GameType tuple; false when the
 * tuple has no board or no rules, PDN_ENOMEM via *oom. */
bool pdn_replay__setup(pdn_replay *r, const pdn_gametype *gt, const pdn_rules *rules, bool *oom);

/* The outcome of one step. */
typedef enum step_result {
    STEP_OK = 0,    /* played; the position is the one after the move */
    STEP_AMBIGUOUS, /* played the first of several fits */
    STEP_FAILED,    /* not played; the position is unknown from here */
    STEP_OOM
} step_result;

/* Resolves and plays one written move; reports what is wrong with it.  A
 * draughts step may leave `pos` and `st` behind the live position.  The
 * draughts step is pdn_replay__draughts_step() below; this is its part for
 * any move but a man's step on the live position. */
step_result pdn_replay__draughts_other(pdn_replay *r, const pdn_node *node, pdn_position *pos,
                                       pdn_draughts_state *st, played_rec *rec);
/* The part for a move of two squares (and perhaps the pieces it captures)
 * on the live position (live_ok) that is not a man's step with no capture
 * on: resolved on the live bitboards, else on the public position. */
step_result pdn_replay__draughts_live(pdn_replay *r, const pdn_node *node, pdn_position *pos,
                                      pdn_draughts_state *st, played_rec *rec);
/* The same for a move written from cell `from` to cell `to` (no list of
 * captured pieces) that is not a man's step with no capture on: a man
 * taking one piece and a king's plain move are resolved here
 * (pdn_rules__live_quick()), anything else as above. */
step_result pdn_replay__draughts_jump(pdn_replay *r, const pdn_node *node, pdn_position *pos,
                                      pdn_draughts_state *st, played_rec *rec, int from, int to);
/* `text` is the move's SAN text. */
step_result pdn_replay__chess_step(pdn_replay *r, const pdn_node *node, pdn_str text,
                                   pdn_position *pos, played_rec *rec);

/* Records the path from-to of a played move in r->cells, where the caller
 * made room; returns where it went, so that a captured cell can follow. */
static inline int16_t *pdn_replay__put_path2(pdn_replay *r, played_rec *rec, int from, int to)
{
    int16_t *c = (int16_t *)r->cells.data + r->cells.len;
    c[0] = (int16_t)from;
    c[1] = (int16_t)to;
    rec->cells = (uint32_t)r->cells.len;
    rec->path_count = 2;
    r->cells.len += 2;
    return c;
}

/*
 * The draughts step: most moves of a game are a man's step with no capture
 * on, which is resolved and played on the live bitboards here, inline in
 * the walk (pdn_rules__live_step()); `pos` is left behind (pos_stale) but
 * for its side to move.  A live position always has White or Black to
 * move.  `mr` is the move's record, `squares` the game's squares.
 */
static inline step_result pdn_replay__draughts_step(pdn_replay *r, const pdn_node *node,
                                                    const pdn_move_rec *mr,
                                                    const pdn_square *squares, pdn_position *pos,
                                                    pdn_draughts_state *st, played_rec *rec)
{
    if (mr->square_count != 2 || mr->captured_count != 0 || !r->live_ok)
        return pdn_replay__draughts_other(r, node, pos, st, rec);
    const pdn_square *sq = squares + mr->squares;
    /* Numbered squares by the geometry's table, as pdn_board__cell() has
     * them; anything else (and a number off the board) the long way. */
    unsigned count = (unsigned)r->geo.square_count;
    if (sq[0] - 1u >= count || sq[1] - 1u >= count)
        return pdn_replay__draughts_other(r, node, pos, st, rec);
    int from = r->geo.cell_of[sq[0]], to = r->geo.cell_of[sq[1]];
    if (from < 0 || to < 0)
        return pdn_replay__draughts_other(r, node, pos, st, rec);
    /* Room for the cells first: a move once played is recorded. */
    bool records = pdn_replay__records(r);
    if (records && !pdn_vec__reserve(&r->cells, &r->alloc, sizeof(int16_t), 2))
        return STEP_OOM;
    int crowned = pdn_rules__live_step(&r->live, r->engine, from, to);
    if (crowned < 0)
        return pdn_replay__draughts_jump(r, node, pos, st, rec, from, to);
    if (records)
        pdn_replay__put_path2(r, rec, from, to);
    rec->status = PDN_PLAY_OK;
    rec->from = (int16_t)from;
    rec->to = (int16_t)to;
    rec->promotes = (uint8_t)crowned;
    pos->turn = (char)(r->live.color == PDN_WHITE ? 'W' : 'B');
    r->pos_stale = true;
    return STEP_OK;
}

/* Reports the notes of a resolved SAN move (pdn_chess__quick_play(),
 * pdn_chess__resolve()), each a warning of its own; false on out-of-memory. */
bool pdn_replay__san_notes(pdn_replay *r, unsigned notes, const pdn_node *node);

/* Brings the walk's position and history up to date (see pos_stale). */
void pdn_replay__sync(pdn_replay *r, pdn_position *pos, pdn_draughts_state *st);

/* A move that cannot be played: an illegal move, or a move after the end
 * of the game (no legal move left); reported, and rec->status set. */
step_result pdn_replay__fail_move(pdn_replay *r, const pdn_node *node, const pdn_position *pos,
                                  const pdn_draughts_state *st, played_rec *rec);

/* Whether a written move fits some legal move of `pos` (nothing is played);
 * `board`, when not NULL, is the chess board of `pos`, saving its loading. */
bool pdn_replay__fits(pdn_replay *r, const pdn_node *node, const pdn_position *pos,
                      const pdn_draughts_state *st, const pdn_chess__board *board, bool *oom);

/* The number of legal moves of the side to move (0: the game is over). */
size_t pdn_replay__legal_count(pdn_replay *r, const pdn_position *pos, const pdn_draughts_state *st,
                               bool *oom);

/* Whether the side to move of the walk's position `pos` (synced unless
 * live_ok) has a legal move (draughts). */
bool pdn_replay__can_move(pdn_replay *r, const pdn_position *pos, const pdn_draughts_state *st,
                          bool *oom);

/* Whether the side to move of the walk's live chess position `pos` is mated
 * or stalemated, as pdn_chess_examine() tells; false when it cannot. */
bool pdn_replay__chess_end(pdn_replay *r, const pdn_position *pos, int *mate, int *stalemate);

/* The size of one element of replay->frames (the walk's own type). */
size_t pdn_replay__frame_size(void);

/* Walks the game; with `main_only` only the main line, stopping at the first
 * move that fails, and *plies receives the number of moves played. */
pdn_status pdn_replay__walk(pdn_replay *r, bool main_only, size_t *plies, bool *complete);

/* The GameType a game without a GameType tag is most likely played in. */
pdn_status pdn_replay__infer(pdn_replay *r, pdn_gametype *out);
/* The first type pdn_replay__infer() tries; it is the answer when the whole
 * main line replays under it.  False when there is none. */
bool pdn_replay__first_candidate(pdn_replay *r, pdn_gametype *out);

#endif
