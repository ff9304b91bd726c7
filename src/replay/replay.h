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
    char dot_side; /* the side "12." numbers in this game ('W'/'B'), 0 until seen */
    /* The walk's live position in the generator's forms (`live` for
     * draughts, `chess_live` for chess), while live_ok: anything that sets
     * the position other than playing a move clears it.  Draughts moves are
     * mostly played on `live` alone: then the board and history of the
     * walk's position lag behind (pos_stale, never without live_ok) until
     * pdn_replay__sync(); its side to move is always up to date. */
    bool live_ok, pos_stale;
    pdn_rules__live live;
    pdn_chess__board chess_live;
    bool main_broken; /* a move of the main line failed or was skipped */
};

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
 * draughts step may leave `pos` and `st` behind the live position. */
step_result pdn_replay__draughts_step(pdn_replay *r, const pdn_node *node, pdn_position *pos,
                                      pdn_draughts_state *st, played_rec *rec);
step_result pdn_replay__chess_step(pdn_replay *r, const pdn_node *node, const pdn_move *move,
                                   pdn_position *pos, played_rec *rec);

/* Brings the walk's position and history up to date (see pos_stale). */
void pdn_replay__sync(pdn_replay *r, pdn_position *pos, pdn_draughts_state *st);

/* A move that cannot be played: an illegal move, or a move after the end
 * of the game (no legal move left); reported, and rec->status set. */
step_result pdn_replay__fail_move(pdn_replay *r, const pdn_node *node, const pdn_position *pos,
                                  const pdn_draughts_state *st, played_rec *rec);

/* Whether a written move fits some legal move of `pos` (nothing is played). */
bool pdn_replay__fits(pdn_replay *r, const pdn_node *node, const pdn_position *pos,
                      const pdn_draughts_state *st, bool *oom);

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
