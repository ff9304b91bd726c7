/* SPDX-License-Identifier: MIT */
/*
 * rules.h - private structures of the draughts rules engine (src/rules/):
 * the engine with its direction tables, the move lists, the mailbox move
 * generator that gives full capture paths, the bitboard perft, and the
 * replay's resolver on bitboards.
 */
#ifndef PDN_RULES_H
#define PDN_RULES_H

#include "base/base.h"
#include "pdn.h"

/*
 * Absolute directions in White's frame (rank grows towards Black).  The
 * diagonal ones come first so that a diagonal-only variant loops over 0-3.
 */
enum { D_NE, D_NW, D_SE, D_SW, D_N, D_S, D_E, D_W, D_COUNT };

/* The direction straight back (NE-SW, NW-SE, N-S, E-W). */
static inline int pdn_rules__reverse(int d)
{
    return d < 4 ? 3 - d : d ^ 1;
}
#define DIR_BIT(d) (1u << (d))
#define LINE_BITS(d) (DIR_BIT(d) | DIR_BIT(pdn_rules__reverse(d)))

/*
 * Cell contents in the generator's working board: 0 empty, a pdn_piece, or
 * one of these.  OFF stands on the sentinel cell beyond every edge (no colour
 * bits, so it is never captured and stops every line); TAKEN marks a piece
 * captured earlier in the move that stays until the end.
 */
#define CELL_OFF 0x40u
#define CELL_TAKEN 0x80u

/*
 * Bitboard layout of a board whose playing squares fit in 64 bits: the
 * squares of a rank side by side, one ghost bit after each pair of ranks of
 * a board of alternating colours, so that every diagonal step is one shift
 * whatever the rank (h = squares per rank: forward-left h, forward-right
 * h + 1).  `pre[d]` holds the squares that have a neighbour in direction d,
 * so a step never wraps round an edge.
 */
typedef struct bb_layout {
    int ok;                                 /* 1 when the board fits */
    int shape;                              /* 1-3: a BB_SHAPE_* below; 0 another */
    int shift[D_COUNT];                     /* > 0 left shift, < 0 right shift */
    unsigned left[D_COUNT], right[D_COUNT]; /* the same as two shifts, one 0 */
    uint64_t pre[D_COUNT];
    uint64_t board;    /* every playing square */
    uint64_t promo[2]; /* far rank of White, of Black */
    int16_t cell[64];  /* bitboard square -> cell, -1 for a ghost */
} bb_layout;

/*
 * The layouts bitboard.c compiles with constant shifts (NE, NW, SE, SW, N, S,
 * E, W): 10x10 and 10x8 (five squares a rank), 8x8 with a1 dark, and 8x8
 * with a1 light, which the layout mirrors.  engine.c gives a board one of
 * them only when its shifts are these and the ghost squares catch every
 * diagonal step off the board, so that those steps need no mask.
 */
/* clang-format off */
#define BB_SHAPE_10 {6, 5, -5, -6, 11, -11, 1, -1}
#define BB_SHAPE_8 {5, 4, -4, -5, 9, -9, 1, -1}
#define BB_SHAPE_8M {4, 5, -5, -4, 9, -9, -1, 1}
/* clang-format on */
#define BB_SHAPES 3

/* A position as bitboards: men and kings of White [0] and Black [1], and
 * pieces of unknown colour, which only block. */
typedef struct pdn_rules__bits {
    uint64_t men[2], kings[2], other;
} pdn_rules__bits;

/* The size of the table of square numbers of an engine (number_bb). */
#define PDN_RULES__NUMBERS 128

/*
 * What the replay's inline steps (live.h) read of an engine, in one
 * struct: the replay's run loop keeps a copy in a local, which the stores
 * of its records cannot alias, where the engine's own fields would be read
 * again after every store.
 */
typedef struct pdn_rules__steps {
    uint64_t board, promo[2]; /* bb.board, bb.promo */
    uint64_t kings_taken;     /* all ones when men capture kings, else 0 */
    const uint64_t *man_steps[2];
    /* per colour: the board is BB_SHAPE_10 and men capture on the four
     * diagonals (a capture is then found with four shifts) */
    uint8_t diag10[2];
    /* the rules let one capture be as good as another of as many pieces:
     * 1 free choice, 2 the most pieces, 0 other precedence rules */
    uint8_t choice;
    uint8_t promotion; /* pdn_promotion */
    /* pdn_rules__bb_intl(): the bitboard code may take International's
     * rules as constants */
    uint8_t intl;
    /* the board is BB_SHAPE_10 with White's men stepping by +5 and +6 and
     * Black's by -5 and -6: man_steps is then two shifts and a mask */
    uint8_t shifts10;
} pdn_rules__steps;

struct pdn_draughts {
    pdn_alloc alloc;
    pdn_geometry geometry;
    pdn_rules rules;
    int cells; /* width * height; also the sentinel cell */
    /* direction bit sets by colour index (0 White, 1 Black) */
    unsigned man_move[2], man_cap[2], king_move[2], king_cap[2];
    uint8_t promo[PDN_CELL_MAX]; /* bit 0: White crowns here, bit 1: Black */
    /* CELL_OFF off the playing squares and at the sentinel, 0 elsewhere:
     * the empty board of pdn_rules__board() */
    uint8_t off[PDN_CELL_MAX + 1];
    int16_t next[D_COUNT][PDN_CELL_MAX + 1];
    int16_t bit_of[PDN_CELL_MAX]; /* cell -> bitboard square, -1 none */
    bb_layout bb;
    /* where a man of each colour on each bitboard square may step, and the
     * GameType's start position (both when bb.ok) */
    uint64_t man_steps[2][64];
    /* the squares beyond each bitboard square in each direction, to the
     * edge (when bb.ok): a flying king's first piece on a line is then the
     * nearest bit of ray & occupied */
    uint64_t ray[D_COUNT][64];
    pdn_rules__bits start;
    pdn_rules__steps steps; /* its man_steps point into this engine */
    /* square number -> cell << 6 | bitboard square, -1 for none (0, past
     * the last number, a board without bitboards): the replay's loop reads
     * a written square with one lookup.  A board that fits has at most 64
     * numbers, so two of them or'ed stay below PDN_RULES__NUMBERS, and
     * fewer than 128 cells, so the entry fits. */
    int16_t number_bb[PDN_RULES__NUMBERS];
    /* the same as the bit of the square, 0 for none: the replay's loop
     * needs no more of a man's move (bb.cell has the cell) */
    uint64_t number_bit[PDN_RULES__NUMBERS];
};

/* One step in direction d on a layout (see bb_layout), any shifts. */
static inline uint64_t pdn_rules__step(const bb_layout *L, uint64_t b, int d)
{
    return ((b & L->pre[d]) << L->left[d]) >> L->right[d];
}

/*
 * A move in a list.  Its cells live in the list's pool from `at` on: the
 * path (path_count cells), the captured pieces (ncap cells), then one entry
 * per captured piece saying whether it was a king (for the precedence
 * rules).  `hash` is a sum over the captured set, to find duplicates fast.
 */
typedef struct gen_move {
    int16_t from, to;
    uint16_t ncap, npath;
    uint8_t king, promotes;
    uint32_t at;
    uint32_t hash;
} gen_move;

struct pdn_movelist {
    pdn_alloc alloc;
    const pdn_draughts *engine; /* of the last fill */
    pdn_vec moves;              /* gen_move */
    pdn_vec pool;               /* int16_t */
};

/* Colour index of a piece colour bit. */
static inline int pdn_rules__ci(unsigned color)
{
    return color == PDN_BLACK;
}

/* 1 when a position on geometry `g` (NULL: the engine's) fits the engine's
 * board. */
int pdn_rules__same_board(const pdn_draughts *d, const pdn_geometry *g);

/* Checks a position against the engine; fills the working board (cells bytes
 * plus the sentinel) and gives the colour to move. */
pdn_status pdn_rules__board(const pdn_draughts *d, const pdn_position *pos, uint8_t *board,
                            unsigned *color);

/*
 * The mailbox generator: every legal move of `color` on `board` (the working
 * board of pdn_rules__board(); left as it was) appended to the emptied
 * `list`.  PDN_OK or PDN_ENOMEM.
 */
pdn_status pdn_rules__generate(pdn_movelist *list, const pdn_draughts *d, uint8_t *board,
                               unsigned color, const pdn_draughts_state *st, unsigned flags);

/*
 * The same as pdn_rules__generate() as far as the moves starting on `from`
 * go, for a resolver that keeps no others: every capture when there is one
 * (so that the precedence rules see them all), else only the plain moves of
 * the piece on `from`.  Captures are searched only from `able` (n cells in
 * increasing order): the pieces that pdn_rules__bb_able() says can
 * capture.
 */
pdn_status pdn_rules__generate_from(pdn_movelist *list, const pdn_draughts *d, uint8_t *board,
                                    unsigned color, const pdn_draughts_state *st,
                                    const int16_t *able, size_t n, int from);

/* The position a replay plays move after move, as bitboards (live.h). */
typedef struct pdn_rules__live {
    pdn_rules__bits bits;  /* the pieces; never `other` (see live_load) */
    unsigned color;        /* the side to move: PDN_WHITE or PDN_BLACK */
    pdn_draughts_state st; /* the history the Frisian king-move limit reads */
} pdn_rules__live;

/* The bitboards of a working board; only for boards that fit (bb.ok). */
void pdn_rules__bb_load(pdn_rules__bits *out, const pdn_draughts *d, const uint8_t *board);
/* pdn_rules__board() with the bitboards of the board (pdn_rules__bb_load()
 * of it) filled in the same pass; only for boards that fit (bb.ok). */
pdn_status pdn_rules__board_bits(const pdn_draughts *d, const pdn_position *pos, uint8_t *board,
                                 unsigned *color, pdn_rules__bits *bits);
/* The pieces of `color` that can make a capture, as a bitboard. */
uint64_t pdn_rules__bb_able(const pdn_draughts *d, const pdn_rules__bits *b, unsigned color);
/* The kings' part of pdn_rules__bb_able(): which of `kings`, of colour
 * index ci, can capture a piece of `avail` (the other side's pieces) with
 * `empty` the empty playing squares. */
uint64_t pdn_rules__bb_kings_able(const pdn_draughts *d, int ci, uint64_t kings, uint64_t empty,
                                  uint64_t avail);
/* The cells of the squares of bitboard `set`, in increasing order, into
 * `out` (room for 64); their number. */
size_t pdn_rules__bb_cells(int16_t *out, const pdn_draughts *d, uint64_t set);

/* A move found by a resolver on bitboards, with room for its cells: the
 * path, then the captured pieces (a bitboard has at most 63 to capture). */
typedef struct pdn_rules__found {
    pdn_draughts_move move; /* path and captured point into cells */
    uint64_t from, to, cap; /* the same as bits */
    /* set by pdn_rules__live_quick(): 0 when the caller wants no path and
     * no captured pieces (see pdn_rules__live_quick_bare()) */
    uint8_t paths;
    int16_t cells[2 * 63 + 1];
} pdn_rules__found;

/* The king of `color` that may not make another plain move (Frisian), as a
 * bit, or 0: limited_king() in generate.c on bitboards. */
static inline uint64_t pdn_rules__stuck(const pdn_draughts *d, const pdn_rules__bits *b,
                                        unsigned color, const pdn_draughts_state *st)
{
    int ci = pdn_rules__ci(color), limit = d->rules.king_move_limit, c = st->king_cell[ci];
    if (limit <= 0 || st->king_moves[ci] < limit || c < 0 || c >= d->cells || d->bit_of[c] < 0 ||
        b->men[ci] == 0)
        return 0;
    return ((uint64_t)1 << d->bit_of[c]) & b->kings[ci];
}

/*
 * pdn_draughts_resolve() on the live position `lv` (a board that fits the
 * bitboards), for a move written with two squares (`squares`) and a list
 * of `captured_count` captured pieces (0: none written): *count receives
 * how many legal moves fit, one per start, end and captured set as
 * pdn_rules__merge() keeps them, and `out` the first, with the path the
 * mailbox generator gives it.  PDN_OK, PDN_ENOMEM, or PDN_EINVAL when it
 * cannot tell (a path too long to keep; the caller's general resolver
 * decides).
 */
pdn_status pdn_rules__live_resolve(pdn_rules__found *out, size_t *count, const pdn_draughts *d,
                                   const pdn_rules__live *lv, const pdn_square *squares,
                                   const pdn_square *captured, size_t captured_count);

/* 1 when the n cells at a are the n cells at b in some order (no repeats). */
int pdn_rules__same_set(const int16_t *a, const int16_t *b, size_t n);
/* Keeps the first of the moves with the same start, end and captured set. */
void pdn_rules__merge(pdn_movelist *list);

/* Plays a move of a list on a working board and the history state. */
void pdn_rules__apply(uint8_t *board, const gen_move *m, const int16_t *pool, unsigned color,
                      pdn_draughts_state *st);
/* Updates the history (may be NULL) after a move of `color`; inline, as the
 * replay calls it for every move. */
static inline void pdn_rules__remember(pdn_draughts_state *st, unsigned color, int from, int to,
                                       int king, size_t ncap)
{
    if (st == NULL || (color != PDN_WHITE && color != PDN_BLACK))
        return;
    int ci = pdn_rules__ci(color);
    if (ncap == 0 && king) {
        /* the same king again only if it made the last plain move */
        int n = st->king_cell[ci] == from && st->king_moves[ci] > 0 ? st->king_moves[ci] + 1 : 1;
        st->king_moves[ci] = (uint8_t)(n > 255 ? 255 : n);
        st->king_cell[ci] = (int16_t)to;
    } else {
        st->king_cell[ci] = -1;
        st->king_moves[ci] = 0;
    }
}

/* The move at `m` as the public value. */
pdn_draughts_move pdn_rules__public(const pdn_movelist *list, const gen_move *m);

/* Empties a list for a new fill by engine `d`. */
void pdn_rules__list_reset(pdn_movelist *list, const pdn_draughts *d);

/* Perft with the mailbox generator (any board, any rules). */
pdn_status pdn_rules__perft_mailbox(uint64_t *out, const pdn_draughts *d, const uint8_t *board,
                                    unsigned color, const pdn_draughts_state *st, int depth,
                                    unsigned flags);

/* Perft with bitboards, for any rules on a board that fits 64 bits
 * (pdn_rules__bb_fits()). */
int pdn_rules__bb_fits(const pdn_draughts *d);
pdn_status pdn_rules__perft_bb(uint64_t *out, const pdn_draughts *d, const uint8_t *board,
                               unsigned color, const pdn_draughts_state *st, int depth,
                               unsigned flags);

/* Whether `d` has the 10x10 bitboard layout and the capture and king rules
 * of International draughts (every field bb_walk.h reads): its searches
 * then run on a copy with those rules as constants (steps.intl). */
int pdn_rules__bb_intl(const pdn_draughts *d);

#endif
