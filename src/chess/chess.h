/* SPDX-License-Identifier: MIT */
/*
 * chess.h - private to src/chess: the bitboard form of a chess position that
 * move generation works on, the attack primitives, and what the files of the
 * chess rules share (board.c, attacks.c, movegen.c, san_text.c, san.c).
 */
#ifndef PDN_CHESS_H
#define PDN_CHESS_H

#include <limits.h>
#include <stdint.h>

#include "base/base.h"
#include "pdn.h"

typedef uint64_t pdn_bb; /* one bit per cell, bit = rank * 8 + file */

/* Piece kinds as indexes (PDN_PAWN is 3 << 2, so kind >> 2 minus 3). */
enum { PAWN_I = 0, KNIGHT_I, BISHOP_I, ROOK_I, QUEEN_I, KING_I, KIND_COUNT };
#define KIND_INDEX(kind) ((int)((unsigned)(kind) >> 2) - 3)
#define KIND_OF_INDEX(i) ((unsigned)((i) + 3) << 2)
/* The most legal moves a piece of kind index i ever has, counting rooks
 * and bishops alike and a pawn's three cells with four promotions each
 * (queens 27, rooks 14, bishops 13, knights 8, the king 8 and castling). */
#define PIECE_BOUND(i) ((i) == QUEEN_I ? 27 : (i) == ROOK_I || (i) == BISHOP_I ? 14 : 12)

/*
 * A position as the generator sees it.  `at` mirrors the bitboards so that
 * "what stands here" is one load; castling and en passant keep the meaning
 * they have in pdn_position.  A plain value: moves are made on a copy.
 */
typedef struct pdn_chess__board {
    pdn_bb side[2];          /* 0 White, 1 Black */
    pdn_bb kind[KIND_COUNT]; /* both colours */
    uint8_t at[64];          /* pdn_piece, 0 when empty */
    int8_t castling[4];      /* rook files, as pdn_position.castling */
    int8_t ep;               /* en-passant target cell, or -1 */
    int8_t check;            /* the side to move stands in check: 1 or 0;
                                -1 when not known (then it is computed) */
    int16_t bound[2];        /* PIECE_BOUND of each side's pieces, summed */
    uint8_t us;              /* side to move: 0 White, 1 Black */
    uint8_t king[2];         /* each side's king's cell, as kind[] has it */
    int halfmove, fullmove;
} pdn_chess__board;

/* ---- bit primitives --------------------------------------------------- */

/* The primitives are forced inline: in the replay's run loop, one large
 * function, the compiler would otherwise call some of them. */

#define BB(cell) ((pdn_bb)1 << (cell))
#define FILE_A_BB 0x0101010101010101ULL
#define RANK_1_BB 0xFFULL

/* Index of the lowest set bit; b != 0. */
static PDN_FORCE_INLINE int pdn_chess__lsb(pdn_bb b)
{
#if defined(__GNUC__)
    return __builtin_ctzll(b);
#else
    int n = 0;
    if ((b & 0xFFFFFFFFULL) == 0) {
        n += 32;
        b >>= 32;
    }
    if ((b & 0xFFFFULL) == 0) {
        n += 16;
        b >>= 16;
    }
    if ((b & 0xFFULL) == 0) {
        n += 8;
        b >>= 8;
    }
    if ((b & 0xFULL) == 0) {
        n += 4;
        b >>= 4;
    }
    if ((b & 0x3ULL) == 0) {
        n += 2;
        b >>= 2;
    }
    return n + (int)((b & 1) == 0);
#endif
}

/* The highest set bit alone; b != 0. */
static PDN_FORCE_INLINE pdn_bb pdn_chess__msb_bit(pdn_bb b)
{
#if defined(__GNUC__)
    return (pdn_bb)1 << (63 - __builtin_clzll(b));
#else
    b |= b >> 1;
    b |= b >> 2;
    b |= b >> 4;
    b |= b >> 8;
    b |= b >> 16;
    b |= b >> 32;
    return b ^ (b >> 1);
#endif
}

static inline int pdn_chess__count(pdn_bb b)
{
    int n = 0;
    for (; b != 0; b &= b - 1)
        n++;
    return n;
}

/* ---- attacks ---------------------------------------------------------- */

/* Per-cell tables built at compile time (attacks.c). */
extern const pdn_bb pdn_chess__knight_table[64];
extern const pdn_bb pdn_chess__king_table[64];
extern const pdn_bb pdn_chess__diag_table[64]; /* a1-h8 direction, through the cell */
extern const pdn_bb pdn_chess__anti_table[64]; /* h1-a8 direction, through the cell */
extern const pdn_bb pdn_chess__rays_table[64]; /* file, rank and both diagonals */
/* The rays and a knight's jumps: where a piece could check a king there from. */
extern const pdn_bb pdn_chess__reach_table[64];
/* By the side that moves, the kind index and the other king's cell: the
 * cells a piece of that kind gives check from (the king's: none). */
extern const pdn_bb pdn_chess__check_table[2][KIND_COUNT][64];
/* Along a rank: file * 64 + the six inner cells' occupancy (rank_table.h). */
extern const uint8_t pdn_chess__rank_table[8 * 64];

/*
 * The cells a slider on `cell` reaches along `line` (a full line through
 * the cell): upwards to the first blocker included, the nearest blocker
 * above being the lowest set bit; downwards the same with the highest.
 */
static PDN_FORCE_INLINE pdn_bb pdn_chess__line(pdn_bb occ, pdn_bb line, int cell)
{
    pdn_bb below = BB(cell) - 1;
    pdn_bb up = line & ~below & ~BB(cell), down = line & below;
    pdn_bb up_occ = occ & up, down_occ = occ & down;
    pdn_bb upper = up & (((up_occ & (0 - up_occ)) << 1) - 1);
    pdn_bb lower = down & ~(pdn_chess__msb_bit(down_occ | 1) - 1);
    return upper | lower;
}

/* The board upside down: the ranks in reverse order. */
static PDN_FORCE_INLINE pdn_bb pdn_chess__flip(pdn_bb b)
{
#if defined(__GNUC__)
    return __builtin_bswap64(b);
#else
    b = ((b >> 8) & 0x00FF00FF00FF00FFULL) | ((b & 0x00FF00FF00FF00FFULL) << 8);
    b = ((b >> 16) & 0x0000FFFF0000FFFFULL) | ((b & 0x0000FFFF0000FFFFULL) << 16);
    return (b >> 32) | (b << 32);
#endif
}

/*
 * pdn_chess__line() for a line with one cell on each rank (a file or a
 * diagonal), in fewer steps: subtracting the slider's bit from the
 * blockers above it clears them up to the nearest and sets the cells
 * between; the same on the flipped board gives the way down.
 */
static PDN_FORCE_INLINE pdn_bb pdn_chess__upright(pdn_bb occ, pdn_bb line, int cell)
{
    pdn_bb mask = line & ~BB(cell), up = occ & mask;
    pdn_bb down = pdn_chess__flip(up) - pdn_chess__flip(BB(cell));
    return ((up - BB(cell)) ^ pdn_chess__flip(down)) & mask;
}

/* The cells a slider on `cell` reaches along its rank: looked up, since
 * the ranks have no byte swap to take the way down. The end cells never
 * stop a slider beyond them, so only the six inner ones index the table. */
static PDN_FORCE_INLINE pdn_bb pdn_chess__rank(pdn_bb occ, int cell)
{
    int shift = cell & 56;
    unsigned inner = (unsigned)(occ >> (shift + 1)) & 63u;
    return (pdn_bb)pdn_chess__rank_table[(cell & 7) * 64 + (int)inner] << shift;
}

static PDN_FORCE_INLINE pdn_bb pdn_chess__rook(int cell, pdn_bb occ)
{
    return pdn_chess__upright(occ, FILE_A_BB << (cell & 7), cell) | pdn_chess__rank(occ, cell);
}

static PDN_FORCE_INLINE pdn_bb pdn_chess__bishop(int cell, pdn_bb occ)
{
    return pdn_chess__upright(occ, pdn_chess__diag_table[cell], cell) |
           pdn_chess__upright(occ, pdn_chess__anti_table[cell], cell);
}

/* The whole line (file, rank or diagonal) through two cells; 0 if none. */
static PDN_FORCE_INLINE pdn_bb pdn_chess__line_through(int a, int b)
{
    if (((a ^ b) & 7) == 0)
        return FILE_A_BB << (a & 7);
    if (((a ^ b) & 56) == 0)
        return RANK_1_BB << (a & 56);
    if (pdn_chess__diag_table[a] & BB(b))
        return pdn_chess__diag_table[a];
    if (pdn_chess__anti_table[a] & BB(b))
        return pdn_chess__anti_table[a];
    return 0;
}

/* The cells strictly between two cells of `line`, their line (0: none).
 * Along any line the cell numbers grow one way, so they are the line's
 * cells numbered between the two. */
static inline pdn_bb pdn_chess__between(int a, int b, pdn_bb line)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return line & (BB(hi) - BB(lo)) & ~BB(lo);
}

/* The four lines through a cell: where a queen there would look. */
static inline pdn_bb pdn_chess__rays(int cell)
{
    return pdn_chess__rays_table[cell];
}

/* Cells attacked by the pawns `pawns` of side `us` (0 White). */
static PDN_FORCE_INLINE pdn_bb pdn_chess__pawn_attacks(pdn_bb pawns, int us)
{
    pdn_bb not_a = ~FILE_A_BB, not_h = ~(FILE_A_BB << 7);
    if (us == 0)
        return ((pawns << 7) & not_h) | ((pawns << 9) & not_a);
    return ((pawns >> 9) & not_h) | ((pawns >> 7) & not_a);
}

/* Pieces of either colour that attack `cell` with the board occupied as `occ`. */
static inline pdn_bb pdn_chess__attackers(const pdn_chess__board *b, int cell, pdn_bb occ)
{
    pdn_bb diag = b->kind[BISHOP_I] | b->kind[QUEEN_I];
    pdn_bb straight = b->kind[ROOK_I] | b->kind[QUEEN_I];
    pdn_bb a = (pdn_chess__pawn_attacks(BB(cell), 0) & b->kind[PAWN_I] & b->side[1]) |
               (pdn_chess__pawn_attacks(BB(cell), 1) & b->kind[PAWN_I] & b->side[0]) |
               (pdn_chess__knight_table[cell] & b->kind[KNIGHT_I]) |
               (pdn_chess__king_table[cell] & b->kind[KING_I]);
    /* The sliders' way is traced only when one stands on a line through the cell. */
    if (diag & (pdn_chess__diag_table[cell] | pdn_chess__anti_table[cell]))
        a |= pdn_chess__bishop(cell, occ) & diag;
    if (straight & ((FILE_A_BB << (cell & 7)) | (RANK_1_BB << (cell & 56))))
        a |= pdn_chess__rook(cell, occ) & straight;
    return a;
}

/* The cell of the king of `side`; the board has exactly one, and keeps
 * its cell beside the bitboards: one load where finding the bit took
 * three steps, twice in every move of the replay. */
static PDN_FORCE_INLINE int pdn_chess__king(const pdn_chess__board *b, int side)
{
    return b->king[side];
}

/* 1 when the side to move stands in check. */
static inline int pdn_chess__in_check(const pdn_chess__board *b)
{
    int k = pdn_chess__king(b, b->us);
    return (pdn_chess__attackers(b, k, b->side[0] | b->side[1]) & b->side[b->us ^ 1]) != 0;
}

/*
 * Whether the king of the side to move on `k` would stand attacked with the
 * board occupied as `occ` and the enemy pieces `enemy` left: the test a
 * move that is not the king's passes when it neither uncovers the king nor
 * leaves a check standing.  Kings are never next to each other, so the
 * enemy king is not asked.
 */
static inline int pdn_chess__exposed(const pdn_chess__board *b, int k, pdn_bb occ, pdn_bb enemy)
{
    pdn_bb near = (pdn_chess__knight_table[k] & b->kind[KNIGHT_I]) |
                  (pdn_chess__pawn_attacks(BB(k), b->us) & b->kind[PAWN_I]);
    if (near & enemy)
        return 1;
    pdn_bb diag = (b->kind[BISHOP_I] | b->kind[QUEEN_I]) & enemy &
                  (pdn_chess__diag_table[k] | pdn_chess__anti_table[k]);
    pdn_bb straight = (b->kind[ROOK_I] | b->kind[QUEEN_I]) & enemy &
                      ((FILE_A_BB << (k & 7)) | (RANK_1_BB << (k & 56)));
    return ((diag && (pdn_chess__bishop(k, occ) & diag)) ||
            (straight && (pdn_chess__rook(k, occ) & straight)));
}

/*
 * The same for a side that is not in check: then only a pin can make the
 * move from `from` to `to` illegal, the piece standing between its king on
 * `k` and an enemy slider on one line and leaving that line.  Most pieces
 * are on no line with their king, and the test ends there.
 */
static inline int pdn_chess__pin_breaks(const pdn_chess__board *b, int k, int from, int to)
{
    pdn_bb line = pdn_chess__line_through(k, from);
    if (line == 0 || (line & BB(to)))
        return 0;
    int straight = ((k ^ from) & 7) == 0 || ((k ^ from) & 56) == 0;
    pdn_bb snipers = (straight ? b->kind[ROOK_I] : b->kind[BISHOP_I]) | b->kind[QUEEN_I];
    snipers &= b->side[b->us ^ 1] & line;
    if (snipers == 0)
        return 0;
    pdn_bb occ = (b->side[0] | b->side[1]) ^ BB(from);
    return (pdn_chess__line(occ, line, k) & snipers) != 0;
}

/* The rest of pdn_chess__checks_at() (attacks.c), for a move with a cell
 * near the other king, on `k`. */
int pdn_chess__checks_near(const pdn_chess__board *b, int from, int to, int kind, int k);
/* The same asked of the board after the move, which has the other side to
 * move; `kind` is that of the piece now on `to`. */
int pdn_chess__checks_after(const pdn_chess__board *b, int from, int to, int kind, int k);
/* Its second half: whether leaving `from` (on one of the king's lines)
 * uncovers a check by a slider of the side that moved, `to` aside. */
int pdn_chess__uncovers(const pdn_chess__board *b, int from, int to, int k);

/*
 * Whether a plain move (no castling, en passant or null move) leaves the
 * other king attacked.  The position before it has that king safe, so only
 * the moved piece where it lands, or a slider of ours on the line from the
 * king through the cell it leaves, can give the check; the second is
 * looked for only when that cell is on one of the king's lines.  Saves
 * making the move on a copy for the great majority of moves, which give no
 * check.  `k` is the other king's cell.
 */
static inline int pdn_chess__checks_at(const pdn_chess__board *b, int k, int from, int to, int kind)
{
    /* Neither cell on a line or a knight's jump from the king: no check. */
    if (!((BB(from) | BB(to)) & pdn_chess__reach_table[k]))
        return 0;
    return pdn_chess__checks_near(b, from, to, kind, k);
}

/* The same with the other king found on the board. */
static inline int pdn_chess__checks_by(const pdn_chess__board *b, int from, int to, int kind)
{
    return pdn_chess__checks_at(b, pdn_chess__king(b, b->us ^ 1), from, to, kind);
}

/* The same for a move record; `kind` above is the kind index of the piece
 * that stands on `to` afterwards. */
static inline int pdn_chess__gives_check(const pdn_chess__board *b, pdn_chess_move m)
{
    return pdn_chess__checks_by(b, m.from, m.to, KIND_INDEX(m.promotion ? m.promotion : m.piece));
}

/*
 * The disambiguation canonical SAN writes (PGN 8.2.3.4): bit 1 the file,
 * bit 2 the rank.  A piece needs it when another of its kind can reach the
 * same cell (from the cells `rivals`): the file if that tells them apart,
 * else the rank, else both.  A pawn capture always names its file.
 */
static inline int pdn_chess__needed(pdn_chess_move m, pdn_bb rivals)
{
    if (m.piece == PDN_PAWN)
        return (m.flags & PDN_CHESS_CAPTURE) ? 1 : 0;
    if ((m.flags & PDN_CHESS_CASTLE) || rivals == 0)
        return 0;
    int same_file = (rivals & (FILE_A_BB << (m.from & 7))) != 0;
    int same_rank = (rivals & (RANK_1_BB << (m.from & 56))) != 0;
    return !same_file ? 1 : !same_rank ? 2 : 3;
}

/* The notes on a check mark: `written` ('+', '#' or 0) against the mark
 * the move earns. */
static PDN_FORCE_INLINE unsigned pdn_chess__mark_notes(char written, char mark)
{
    if (written == 0 && mark != 0)
        return PDN_SAN_CHECK_MISSING;
    return written != 0 && written != mark ? PDN_SAN_CHECK_WRONG : 0;
}

/* A move is known by its cells and promotion (pdn_chess_play()); piece and
 * flags follow from them. */
static inline int pdn_chess__same_move(pdn_chess_move a, pdn_chess_move b)
{
    return a.from == b.from && a.to == b.to && a.promotion == b.promotion;
}

/* ---- making moves ----------------------------------------------------- */

/* A right ends when its rook leaves its cell or is taken there. */
static PDN_FORCE_INLINE void pdn_chess__drop_right(pdn_chess__board *b, int side, int cell)
{
    int file = cell - (side ? 56 : 0);
    if (file < 0 || file >= 8)
        return;
    if (b->castling[2 * side] == file)
        b->castling[2 * side] = -1;
    if (b->castling[2 * side + 1] == file)
        b->castling[2 * side + 1] = -1;
}

/* The move counters stop at INT_MAX rather than overflow. */
static PDN_FORCE_INLINE int pdn_chess__bump(int n)
{
    return n < INT_MAX ? n + 1 : n;
}

/*
 * Plays a legal move of the side to move that is not castling (the rest of
 * pdn_chess__make(), which the replay's short path calls directly): every
 * cell it touches is changed by one flip of its bit.  The check that
 * follows is left unknown.
 */
static inline void pdn_chess__make_plain(pdn_chess__board *b, pdn_chess_move m)
{
    int us = b->us, them = us ^ 1, from = m.from, to = m.to;
    pdn_piece p = b->at[from];
    int kind = KIND_INDEX(PDN_PIECE_KIND(p)), reset = kind == PAWN_I;
    b->ep = -1;
    b->check = -1;
    if (m.flags & PDN_CHESS_CAPTURE) {
        int cell = (m.flags & PDN_CHESS_EN_PASSANT) ? to + (us ? 8 : -8) : to;
        int taken = KIND_INDEX(PDN_PIECE_KIND(b->at[cell]));
        b->bound[them] = (int16_t)(b->bound[them] - PIECE_BOUND(taken));
        b->side[them] ^= BB(cell);
        b->kind[taken] ^= BB(cell);
        b->at[cell] = 0;
        pdn_chess__drop_right(b, them, cell);
        reset = 1;
    }
    pdn_bb both = BB(from) | BB(to);
    b->side[us] ^= both;
    b->at[from] = 0;
    if (m.promotion) {
        int now = KIND_INDEX(m.promotion);
        b->bound[us] = (int16_t)(b->bound[us] + PIECE_BOUND(now) - PIECE_BOUND(PAWN_I));
        b->kind[kind] ^= BB(from);
        b->kind[now] |= BB(to);
        b->at[to] = (uint8_t)(m.promotion | PDN_PIECE_COLOR(p));
    } else {
        b->kind[kind] ^= both;
        b->at[to] = p;
    }
    if (kind == KING_I) {
        b->castling[2 * us] = b->castling[2 * us + 1] = -1;
        b->king[us] = (uint8_t)to;
    } else if (kind == ROOK_I) {
        pdn_chess__drop_right(b, us, from);
    }
    if (m.flags & PDN_CHESS_DOUBLE_STEP)
        b->ep = (int8_t)((from + to) / 2);
    b->halfmove = reset ? 0 : pdn_chess__bump(b->halfmove);
    if (us == 1)
        b->fullmove = pdn_chess__bump(b->fullmove);
    b->us = (uint8_t)them;
}

/* ---- board.c ---------------------------------------------------------- */

/*
 * Fills `out` from a position; 0 on success, -1 when the position is not
 * one a game of chess can reach in the ways pdn.h lists (the rules section).
 */
int pdn_chess__load(pdn_chess__board *out, const pdn_position *pos);
/* The board pdn_chess__load() makes of pdn_position_start()'s chess
 * position: the start of most games, without a position to compare. */
void pdn_chess__start(pdn_chess__board *out);
/* pdn_chess__load() without its shortcut for the standard start. */
int pdn_chess__build(pdn_chess__board *out, const pdn_position *pos);
/* Writes the board back into `pos` (its geometry and other cells kept). */
void pdn_chess__store(const pdn_chess__board *b, pdn_position *pos);
/* Plays a move the generator produced (legality is not checked here); the
 * check that follows is left unknown. */
void pdn_chess__make(pdn_chess__board *b, pdn_chess_move m);
/* Passes the turn: a null move. */
void pdn_chess__make_null(pdn_chess__board *b);
/* Where the king of a castling move ends: the g or c file of its rank. */
int pdn_chess__castle_king_to(pdn_chess_move m);
/* The repetition key of a position whose legal moves are `moves`. */
uint64_t pdn_chess__key(const pdn_chess__board *b, const pdn_chess_move *moves, size_t count);

/* ---- movegen.c -------------------------------------------------------- */

/*
 * Writes the legal moves and returns their number.  A board that the
 * loader accepts may still hold far more pieces than a game can (forty
 * queens), and more moves than any reachable position: then only the first
 * PDN_CHESS_MOVES_MAX are written and the count returned is larger, which
 * callers report as PDN_ELIMIT.
 */
size_t pdn_chess__generate(const pdn_chess__board *b, pdn_chess_move *out);
/* The cells from which a piece of kind `kind` (not 0) of the side to move
 * makes a legal move to `to`, castling aside. */
pdn_bb pdn_chess__origins(const pdn_chess__board *b, int to, unsigned kind);
/* The flags of the legal move from `from` to `to` (castling aside). */
unsigned pdn_chess__flags(const pdn_chess__board *b, int from, int to);
/* Only the legal moves to cell `to` by a piece of kind `kind` (0: any),
 * castling aside: the moves pdn_chess__generate() lists, in an order of
 * their own.  At most a few dozen, so never more than the list holds. */
size_t pdn_chess__generate_to(const pdn_chess__board *b, pdn_chess_move *out, int to,
                              unsigned kind);
/* Castling on wing 0 (the king's side) or 1 when it is legal: 1 and the
 * move in `*out`, else 0. */
int pdn_chess__castle(const pdn_chess__board *b, int wing, pdn_chess_move *out);
/* 1 when the side to move has a legal move. */
int pdn_chess__has_move(const pdn_chess__board *b);

/* ---- quick.c ---------------------------------------------------------- */

/*
 * The replay's short path for one move: when `text` is the canonical SAN
 * of a legal move of `b` (check mark aside), plays it on `b` and returns 1
 * plus twice the notes pdn_chess__resolve() gives (only check-mark notes are
 * possible), with the move in `*out`; b->check is then known.  Returns 0
 * with `b` untouched for anything else, which the general path takes
 * (`*out` may be written then).  The notes come back in the answer rather
 * than through a pointer: a store and a load fewer per move.
 */
unsigned pdn_chess__quick_play(pdn_chess__board *b, const char *text, size_t len,
                               pdn_chess_move *out);
/* The same for a move the reader read, given by its PDN_SAN_CODE()
 * (src/tree/game.h) instead of its text, which it has. */
unsigned pdn_chess__quick_code(pdn_chess__board *b, unsigned code, pdn_chess_move *out);

/* ---- san_text.c ------------------------------------------------------- */

/* pdn_san_parse() for any text, without its short path for canonical SAN. */
pdn_san_status pdn_chess__san_parse_all(pdn_san *out, const char *text, size_t len, size_t *err_at);

/* ---- san.c ------------------------------------------------------------ */

/* pdn_san_resolve() on a loaded board; `*checks` (may be NULL) receives 1
 * when the move resolved to gives check, 0 when not, -1 when not known. */
pdn_san_status pdn_chess__resolve(pdn_chess_move *out, unsigned *notes, int *checks,
                                  const pdn_chess__board *b, const pdn_san *san);

#endif
