/* SPDX-License-Identifier: MIT */
/*
 * quick.h - private to src/chess and the walk's chess run loop: the steps
 * of the replay's short path (quick.c), inline, and its whole step for a
 * move the reader read (PDN_SAN_CODE() in src/tree/game.h), which the run
 * loop (src/replay/walk.c) makes without a call.
 */
#ifndef PDN_CHESS_QUICK_H
#define PDN_CHESS_QUICK_H

#include "base/base.h"
#include "chess/chess.h"
#include "tree/game.h"

/* PIECE_BOUND by kind index, for the bookkeeping of a capture. */
static const int16_t pdn_chess__bound_of[KIND_COUNT] = {
    PIECE_BOUND(PAWN_I), PIECE_BOUND(KNIGHT_I), PIECE_BOUND(BISHOP_I),
    PIECE_BOUND(ROOK_I), PIECE_BOUND(QUEEN_I),  PIECE_BOUND(KING_I),
};

/*
 * Of the cells `froms`, those from which a piece that is not the king may
 * go to `to` without leaving its king on `k` attacked, the long way
 * (quick.c).
 */
pdn_bb pdn_chess__safe_slow(const pdn_chess__board *b, int k, pdn_bb froms, int to);

/* pdn_chess__safe_slow() with its commonest answers first: out of check, no piece
 * off its king's lines can be pinned, nor any with no enemy slider on
 * those lines. */
static PDN_FORCE_INLINE pdn_bb pdn_chess__safe_from(const pdn_chess__board *b, int us, int k,
                                                    pdn_bb froms, int to)
{
    if (b->check == 0) {
        pdn_bb rays = pdn_chess__rays_table[k];
        if (!(froms & rays) ||
            !(rays & b->side[us ^ 1] & (b->kind[ROOK_I] | b->kind[BISHOP_I] | b->kind[QUEEN_I])))
            return froms;
        if (!(froms & (froms - 1)))
            return pdn_chess__pin_breaks(b, k, pdn_chess__lsb(froms), to) ? 0 : froms;
    }
    return pdn_chess__safe_slow(b, k, froms, to);
}

/*
 * Whether a king of the side to move on `to` would stand attacked by the
 * enemy pieces with the board occupied as `occ`: pdn_chess__attackers()
 * for one side, the sliders' way traced only when one stands on a line.
 */
static PDN_FORCE_INLINE int pdn_chess__attacked(const pdn_chess__board *b, int to, pdn_bb occ)
{
    int us = b->us;
    pdn_bb enemy = b->side[us ^ 1];
    pdn_bb near = (pdn_chess__pawn_attacks(BB(to), us) & b->kind[PAWN_I]) |
                  (pdn_chess__knight_table[to] & b->kind[KNIGHT_I]) |
                  (pdn_chess__king_table[to] & b->kind[KING_I]);
    if (near & enemy)
        return 1;
    pdn_bb lines = pdn_chess__diag_table[to] | pdn_chess__anti_table[to];
    pdn_bb diag = (b->kind[BISHOP_I] | b->kind[QUEEN_I]) & enemy & lines;
    pdn_bb straight =
        (b->kind[ROOK_I] | b->kind[QUEEN_I]) & enemy & pdn_chess__rays_table[to] & ~lines;
    return (diag && (pdn_chess__bishop(to, occ) & diag)) ||
           (straight && (pdn_chess__rook(to, occ) & straight));
}

/* Those of the pieces `froms` (kind index i, side us) that may go to `to`
 * without leaving their king attacked; occ is the board's occupation. */
static PDN_FORCE_INLINE pdn_bb pdn_chess__legal_from(const pdn_chess__board *b, int us, int i,
                                                     pdn_bb froms, int to, pdn_bb occ)
{
    if (i == KING_I)
        return pdn_chess__attacked(b, to, occ ^ froms) ? 0 : froms;
    return pdn_chess__safe_from(b, us, pdn_chess__king(b, us), froms, to);
}

/* A move counter one up: pdn_chess__bump(), or a plain add in the
 * replay's run loop (`run`, a constant where it is inlined), which sees to
 * it that the counters are far below INT_MAX. */
static PDN_FORCE_INLINE int pdn_chess__tick(int n, bool run)
{
    return run ? n + 1 : pdn_chess__bump(n);
}

/*
 * pdn_chess__make_plain() for a move of the short path, which knows the
 * kind that moves (index `i`) and makes no en passant: the same board
 * after it, with fewer loads and tests.  The check it gives is left for
 * the caller to write (pdn_chess__quick_checks() asks the board after
 * it); `run` as pdn_chess__tick() has it.
 */
static PDN_FORCE_INLINE void pdn_chess__play(pdn_chess__board *b, int us, int from, int to, int i,
                                             unsigned promotion, unsigned flags, bool run)
{
    int them = us ^ 1, reset = i == PAWN_I;
    pdn_bb both = BB(from) | BB(to);
    if (flags & PDN_CHESS_CAPTURE) {
        int taken = KIND_INDEX(b->at[to]);
        b->bound[them] = (int16_t)(b->bound[them] - pdn_chess__bound_of[taken]);
        b->side[them] ^= BB(to);
        b->kind[taken] ^= BB(to);
        pdn_chess__drop_right(b, them, to);
        reset = 1;
    }
    b->side[us] ^= both;
    if (promotion) {
        int now = KIND_INDEX(promotion);
        b->bound[us] =
            (int16_t)(b->bound[us] + pdn_chess__bound_of[now] - pdn_chess__bound_of[PAWN_I]);
        b->kind[i] ^= BB(from);
        b->kind[now] |= BB(to);
        b->at[to] = (uint8_t)(promotion | (us + 1u));
    } else {
        b->kind[i] ^= both;
        b->at[to] = b->at[from];
    }
    b->at[from] = 0;
    if (i == KING_I) {
        b->castling[2 * us] = b->castling[2 * us + 1] = -1;
        b->king[us] = (uint8_t)to;
    } else if (i == ROOK_I) {
        pdn_chess__drop_right(b, us, from);
    }
    b->ep = (int8_t)((flags & PDN_CHESS_DOUBLE_STEP) ? (from + to) / 2 : -1);
    b->halfmove = reset ? 0 : pdn_chess__tick(b->halfmove, run);
    if (us == 1)
        b->fullmove = pdn_chess__tick(b->fullmove, run);
    b->us = (uint8_t)them;
}

/*
 * Whether the move of side `us` from `from` to `to`, just played on `b`,
 * checks the other king, the piece on `to` being of kind index `kind`:
 * pdn_chess__checks_at() with a closer second test.  Past the cheap first
 * one (neither cell on a line or a knight's jump from the other king), the
 * piece checks from where it lands only from a cell its kind checks that
 * king from, and a check is uncovered only through a cell on the king's
 * lines with another slider of ours on them too.  Most moves pass
 * neither.  Asked after the move, so that nothing but the board need
 * outlive the rare call of pdn_chess__checks_after().
 */
static PDN_FORCE_INLINE int pdn_chess__quick_checks(const pdn_chess__board *b, int us, int from,
                                                    int to, int kind)
{
    int k = pdn_chess__king(b, us ^ 1);
    pdn_bb rays = pdn_chess__rays_table[k];
    if (!((BB(from) | BB(to)) & pdn_chess__reach_table[k]))
        return 0;
    if (!(pdn_chess__check_table[us][kind][k] & BB(to)) &&
        (!(rays & BB(from)) || !(rays & pdn_chess__rays_table[from] & b->side[us] & ~BB(to) &
                                 (b->kind[BISHOP_I] | b->kind[ROOK_I] | b->kind[QUEEN_I]))))
        return 0;
    return pdn_chess__checks_after(b, from, to, kind, k);
}

/*
 * Whether the move of side `us` from `from` to `to`, just played on `b`,
 * uncovers a check of the other king on `k`: only through a cell on that
 * king's lines with another slider of ours on the same line, which both
 * cells' lines hold; most moves leave no such cell, and the rest are
 * traced out of line (pdn_chess__uncovers()).
 */
static PDN_FORCE_INLINE int pdn_chess__uncovered(const pdn_chess__board *b, int us, int from,
                                                 int to, int k)
{
    pdn_bb rays = pdn_chess__rays_table[k];
    if (!(rays & BB(from)) || !(rays & pdn_chess__rays_table[from] & b->side[us] & ~BB(to) &
                                (b->kind[BISHOP_I] | b->kind[ROOK_I] | b->kind[QUEEN_I])))
        return 0;
    return pdn_chess__uncovers(b, from, to, k);
}

/* Fills the move record. */
static inline void pdn_chess__record(pdn_chess_move *out, int from, int to, int i,
                                     unsigned promotion, unsigned flags)
{
    out->from = (uint8_t)from;
    out->to = (uint8_t)to;
    out->piece = (uint8_t)KIND_OF_INDEX(i);
    out->promotion = (uint8_t)promotion;
    out->flags = (uint8_t)flags;
}

/* The cells from which a piece of kind index `i` in `mine` reaches `to`
 * on the board occupied as `occ`; a line is traced only when one of them
 * stands on it. */
static PDN_FORCE_INLINE pdn_bb pdn_chess__piece_from(int i, pdn_bb mine, int to, pdn_bb occ)
{
    pdn_bb froms = 0;
    switch (i) {
    case KNIGHT_I:
        return pdn_chess__knight_table[to] & mine;
    case KING_I:
        return pdn_chess__king_table[to] & mine;
    case BISHOP_I:
        return (mine & (pdn_chess__diag_table[to] | pdn_chess__anti_table[to]))
                   ? pdn_chess__bishop(to, occ) & mine
                   : 0;
    case ROOK_I:
        return (mine & ((FILE_A_BB << (to & 7)) | (RANK_1_BB << (to & 56))))
                   ? pdn_chess__rook(to, occ) & mine
                   : 0;
    default:
        if (mine & (pdn_chess__diag_table[to] | pdn_chess__anti_table[to]))
            froms = pdn_chess__bishop(to, occ);
        if (mine & ((FILE_A_BB << (to & 7)) | (RANK_1_BB << (to & 56))))
            froms |= pdn_chess__rook(to, occ);
        return froms & mine;
    }
}

/* The short path's answer for a move played that gives `checks` (1 or 0;
 * -1: not played, 0 returned) with the mark `written` (0 for none): 0 for
 * the general path, else the notes shifted up one and 1. Mate is looked
 * for only after a check; without one, any mark is wrong. */
static PDN_FORCE_INLINE unsigned pdn_chess__quick_answer(const pdn_chess__board *b, int checks,
                                                         unsigned written)
{
    if (checks < 0)
        return 0;
    if (!checks)
        return written ? PDN_SAN_CHECK_WRONG << 1 | 1 : 1;
    return pdn_chess__mark_notes((char)written, pdn_chess__has_move(b) ? '+' : '#') << 1 | 1;
}

/* The check marks of PDN_SAN_CODE() as written. */
static const unsigned char pdn_chess__mark_char[4] = {0, '+', '#', 0};

/*
 * The cells a piece of kind index `i` on `to` reaches on the board occupied
 * as `occ`, as far as they are wanted: a slider's along the lines through
 * `to` where a piece of `mine` stands (where it may come from) or, for a
 * queen, the other king on `k` (a check it gives; a bishop or rook that
 * can come has its lines traced anyway).  Traced before the move, the
 * board tells the check as well as after it: the cell the piece leaves
 * cannot stand between `to` and that king with the way clear beyond it,
 * for the piece would have checked the king from there.
 */
static PDN_FORCE_INLINE pdn_bb pdn_chess__reach(int i, pdn_bb mine, int to, pdn_bb occ, int k)
{
    pdn_bb slant = pdn_chess__diag_table[to] | pdn_chess__anti_table[to];
    pdn_bb straight = (FILE_A_BB << (to & 7)) | (RANK_1_BB << (to & 56)), reach = 0;
    switch (i) {
    case KNIGHT_I:
        return pdn_chess__knight_table[to];
    case KING_I:
        return pdn_chess__king_table[to];
    case BISHOP_I:
        return (mine & slant) ? pdn_chess__bishop(to, occ) : 0;
    case ROOK_I:
        return (mine & straight) ? pdn_chess__rook(to, occ) : 0;
    default:
        if ((mine | BB(k)) & slant)
            reach = pdn_chess__bishop(to, occ);
        if ((mine | BB(k)) & straight)
            reach |= pdn_chess__rook(to, occ);
        return reach;
    }
}

/* A piece of kind index `i` (a constant where it is inlined) to `to`: the
 * one piece of its kind that may go there from the cells `named` (a
 * constant, all of them, where nothing is written between the letter and
 * the cell, else the file written), as piece_move() finds it, played, and
 * written to `out` unless it is NULL.  A file written must tell the piece
 * from another one that may go there too: else it is more than canonical
 * SAN writes, which the general path warns of.  The check it gives, 1 or
 * 0, or -1 when the general path is to take the move. */
static PDN_FORCE_INLINE int pdn_chess__piece_code(pdn_chess__board *b, int us, int to, int i,
                                                  unsigned takes, pdn_bb named, pdn_chess_move *out,
                                                  bool run)
{
    pdn_bb own = b->side[us], occ = own | b->side[us ^ 1], mine = b->kind[i] & own;
    int k = pdn_chess__king(b, us ^ 1);
    pdn_bb reach = pdn_chess__reach(i, mine, to, occ, k), froms = reach & mine;
    if (froms == 0)
        return -1;
    pdn_bb legal = pdn_chess__legal_from(b, us, i, froms, to, occ), pick = legal & named;
    if (pick == 0 || (pick & (pick - 1)) || (named != ~(pdn_bb)0 && (legal & ~named) == 0))
        return -1;
    int from = pdn_chess__lsb(pick);
    pdn_chess__play(b, us, from, to, i, 0, takes, run);
    /* A check from where the piece lands is in its reach (a king gives
     * none). */
    int checks = (i != KING_I && ((reach >> k) & 1)) || pdn_chess__uncovered(b, us, from, to, k);
    b->check = (int8_t)checks;
    if (out != NULL)
        pdn_chess__record(out, from, to, i, 0, takes);
    return checks;
}

/* A pawn's push or capture (`takes`, from the file `file`) to `to`, as
 * pawn_move() takes it: no promotion, and none is written. */
static PDN_FORCE_INLINE int pdn_chess__pawn_code(pdn_chess__board *b, int us, int to,
                                                 unsigned takes, unsigned file, pdn_chess_move *out,
                                                 bool run)
{
    int up = us ? -8 : 8, from = to - up, row = to >> 3;
    pdn_bb occ = b->side[0] | b->side[1], pawns = b->kind[PAWN_I] & b->side[us];
    unsigned flags = takes;
    if (row == 0 || row == 7)
        return -1;
    if (takes) {
        unsigned to_file = (unsigned)to & 7;
        if (file != to_file + 1 && file + 1 != to_file)
            return -1;
        from += (int)file - (int)to_file;
    } else if (!(pawns & BB(from))) {
        if (row != (us ? 4 : 3) || (occ & BB(from)))
            return -1;
        from -= up;
        flags = PDN_CHESS_DOUBLE_STEP;
    }
    if (!(pawns & BB(from)) || !pdn_chess__safe_from(b, us, pdn_chess__king(b, us), BB(from), to))
        return -1;
    pdn_chess__play(b, us, from, to, PAWN_I, 0, flags, run);
    int k = pdn_chess__king(b, us ^ 1);
    int checks = ((pdn_chess__check_table[us][PAWN_I][k] >> to) & 1) ||
                 pdn_chess__uncovered(b, us, from, to, k);
    b->check = (int8_t)checks;
    if (out != NULL)
        pdn_chess__record(out, from, to, PAWN_I, 0, flags);
    return checks;
}

/* The answer for a move of code `code` played that gives `checks` (1 or
 * 0; -1: not played, 0 returned). */
static PDN_FORCE_INLINE unsigned pdn_chess__code_answer(const pdn_chess__board *b, int checks,
                                                        unsigned code)
{
    /* Without a check only whether a mark is written matters (mark 1 or
     * 2: a bit of 6), which needs no load of its character. */
    unsigned mark = (code >> 13) & 3u;
    if (checks == 0)
        return (6u >> mark & 1u) ? PDN_SAN_CHECK_WRONG << 1 | 1 : 1;
    return pdn_chess__quick_answer(b, checks, pdn_chess__mark_char[mark]);
}

/*
 * pdn_chess__quick_code() for castling (quick.c), 0 for any other code:
 * out of line, so that it costs the commonest moves' inline step nothing.
 */
unsigned pdn_chess__quick_castle(pdn_chess__board *b, unsigned code, pdn_chess_move *out);

/* The cells of the file of origin a code names. */
#define NAMED_FILE(code) (FILE_A_BB << (((code) >> 10) & 7u))

/* pdn_chess__quick_code() for the side `us` to move; `out` may be NULL
 * where the move itself is not wanted (the replay's runs without records),
 * which saves writing it.  `run` (a constant) for the replay's run loop,
 * which sees to it that neither side's bound is above PDN_CHESS_MOVES_MAX
 * (no move taken here adds to it) and that the move counters are far below
 * INT_MAX: then neither is tested, and castling is left to it
 * (pdn_chess__quick_castle() where this returns 0), whose call here would
 * cost the inlining of the rest. */
static PDN_FORCE_INLINE unsigned
pdn_chess__quick_code_as(pdn_chess__board *b, int us, unsigned code, pdn_chess_move *out, bool run)
{
    int to = (int)(code & 63);
    unsigned takes = (unsigned)(b->side[us ^ 1] >> to) & 1u, shape = (code >> 6) & 15u;
    /* "x" where the move takes and nowhere else, onto no piece of ours:
     * both tested by one branch.  Castling has no cell (its code's is the
     * wing), which that branch tells apart where it goes on. */
    if ((!run && b->bound[us] > PDN_CHESS_MOVES_MAX) ||
        (((unsigned)(b->side[us] >> to) & 1u) | (takes ^ ((code >> 15) & 1u))))
        return !run && shape == PDN_SAN_CASTLE ? pdn_chess__quick_castle(b, code, out) : 0;
    int checks;
    switch (shape) {
    case 1:
        checks = pdn_chess__pawn_code(b, us, to, takes, (code >> 10) & 7u, out, run);
        break;
    case KNIGHT_I + 1:
        checks = pdn_chess__piece_code(b, us, to, KNIGHT_I, takes, ~(pdn_bb)0, out, run);
        break;
    case BISHOP_I + 1:
        checks = pdn_chess__piece_code(b, us, to, BISHOP_I, takes, ~(pdn_bb)0, out, run);
        break;
    case ROOK_I + 1:
        checks = pdn_chess__piece_code(b, us, to, ROOK_I, takes, ~(pdn_bb)0, out, run);
        break;
    case QUEEN_I + 1:
        checks = pdn_chess__piece_code(b, us, to, QUEEN_I, takes, ~(pdn_bb)0, out, run);
        break;
    case KING_I + 1:
        checks = pdn_chess__piece_code(b, us, to, KING_I, takes, ~(pdn_bb)0, out, run);
        break;
    /* A piece with its file of origin written. */
    case PDN_SAN_NAMED + KNIGHT_I + 1:
        checks = pdn_chess__piece_code(b, us, to, KNIGHT_I, takes, NAMED_FILE(code), out, run);
        break;
    case PDN_SAN_NAMED + BISHOP_I + 1:
        checks = pdn_chess__piece_code(b, us, to, BISHOP_I, takes, NAMED_FILE(code), out, run);
        break;
    case PDN_SAN_NAMED + ROOK_I + 1:
        checks = pdn_chess__piece_code(b, us, to, ROOK_I, takes, NAMED_FILE(code), out, run);
        break;
    case PDN_SAN_NAMED + QUEEN_I + 1:
        checks = pdn_chess__piece_code(b, us, to, QUEEN_I, takes, NAMED_FILE(code), out, run);
        break;
    case PDN_SAN_CASTLE:
        return run ? 0 : pdn_chess__quick_castle(b, code, out);
    default:
        return 0;
    }
    return pdn_chess__code_answer(b, checks, code);
}

#endif
