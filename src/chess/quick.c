/* SPDX-License-Identifier: MIT */
/*
 * quick.c - the replay's short path for a chess move written in canonical
 * SAN: the text read (or the reader's code of it taken), its origin found,
 * the move tested, played and its check mark verified in one pass over the
 * live board, with no SAN record and no copy of the board.  Any other text,
 * and every error, goes back untouched to the general path (san.c).
 */
#include "chess/quick.h"
#include "base/base.h"
#include "chess/chess.h"

/* The kinds the piece letters of canonical SAN name; 0 for other bytes. */
static const uint8_t letter_kind[256] = {
    ['N'] = PDN_KNIGHT, ['B'] = PDN_BISHOP,     ['R'] = PDN_ROOK,
    ['Q'] = PDN_QUEEN,  ['K'] = PDN_CHESS_KING,
};

/* A file letter's number (0-7); 8 and more for any other byte. */
static unsigned file_of(unsigned char c)
{
    return (unsigned)c - 'a';
}

static unsigned rank_of(unsigned char c)
{
    return (unsigned)c - '1';
}

/*
 * Of the cells `froms`, those from which a piece that is not the king may
 * go to `to` without leaving its king on `k` attacked: in check the move
 * must answer it (every such test, as pdn_chess__origins() makes it);
 * otherwise only a pin forbids it, and only a piece on a line through the
 * king with an enemy slider on the same lines can be pinned.
 */
PDN_NOINLINE pdn_bb pdn_chess__safe_slow(const pdn_chess__board *b, int k, pdn_bb froms, int to)
{
    int check = b->check >= 0 ? b->check : pdn_chess__in_check(b);
    pdn_bb enemy = b->side[b->us ^ 1], legal = froms;
    if (check) {
        pdn_bb occ = b->side[0] | b->side[1];
        for (pdn_bb s = froms; s != 0; s &= s - 1) {
            pdn_bb bit = s & (0 - s);
            if (pdn_chess__exposed(b, k, (occ & ~bit) | BB(to), enemy & ~BB(to)))
                legal &= ~bit;
        }
        return legal;
    }
    pdn_bb rays = pdn_chess__rays(k), maybe = froms & rays;
    if (maybe == 0 || !(enemy & rays & (b->kind[ROOK_I] | b->kind[BISHOP_I] | b->kind[QUEEN_I])))
        return legal;
    for (; maybe != 0; maybe &= maybe - 1)
        if (pdn_chess__pin_breaks(b, k, pdn_chess__lsb(maybe), to))
            legal &= ~(maybe & (0 - maybe));
    return legal;
}

/* The cells of one rank from a to b, both included. */
static pdn_bb span(int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return (BB(hi) << 1) - BB(lo);
}

/*
 * A pawn's move, the text's body `n` bytes with any promotion taken off:
 * File Rank (`n` 2) is a step, one or two cells straight ahead onto an
 * empty cell; File "x" File Rank (`n` 4) takes what stands on `to`.
 * Returns the cell it starts from, with its flags in `*flags`, when it is
 * legal; -1 for a capture on an empty cell (en passant) and every other
 * doubt.  Nothing is written through a pointer the board could alias.
 */
static PDN_FORCE_INLINE int pawn_move(const pdn_chess__board *b, int us, const unsigned char *p,
                                      size_t n, int to, unsigned promotion, unsigned *flags)
{
    int up = us ? -8 : 8, from = to - up;
    pdn_bb own = b->side[us], enemy = b->side[us ^ 1], pawns = b->kind[PAWN_I] & own;
    /* Promotion on the last rank and nowhere else; no pawn on its first. */
    int row = to >> 3;
    if ((row == (us ? 0 : 7)) != (promotion != 0) || row == (us ? 7 : 0))
        return -1;
    *flags = 0;
    if (n == 4) {
        unsigned file = file_of(p[0]), to_file = (unsigned)to & 7;
        if (p[1] != 'x' || (file != to_file + 1 && file + 1 != to_file) || !(enemy & BB(to)))
            return -1;
        from += (int)file - (int)to_file;
        *flags = PDN_CHESS_CAPTURE;
    } else if (n != 2 || ((own | enemy) & BB(to))) {
        return -1;
    } else if (!(pawns & BB(from))) {
        if (row != (us ? 4 : 3) || ((own | enemy) & BB(from)))
            return -1;
        from -= up;
        *flags = PDN_CHESS_DOUBLE_STEP;
    }
    if (!(pawns & BB(from)))
        return -1;
    if (!(pdn_chess__safe_from(b, us, pdn_chess__king(b, us), BB(from), to)))
        return -1;
    return from;
}

/*
 * A piece's move: Piece File? Rank? "x"? File Rank in `n` bytes, with the
 * capture sign where it takes and the disambiguation canonical SAN writes,
 * no more.  Returns the cell it starts from, with the kind index in `*i`
 * and the flags in `*flags`, when it is legal; else -1.
 */
static PDN_FORCE_INLINE int piece_move(const pdn_chess__board *b, int us, const unsigned char *p,
                                       size_t n, int to, int *i, unsigned *flags)
{
    unsigned kind = letter_kind[p[0]];
    pdn_bb own = b->side[us], enemy = b->side[us ^ 1];
    unsigned takes = (enemy >> to) & 1u;
    /* Between the letter and the destination: the disambiguation, then "x"
     * where the move takes and nowhere else ("Nf3" for a capture leaves a
     * wrapped, huge count for the disambiguation). */
    size_t said_len = n - 3 - takes;
    if (kind == 0 || said_len > 2 || ((own >> to) & 1u) || (takes && p[n - 3] != 'x'))
        return -1;
    int ki = KIND_INDEX(kind);
    pdn_bb occ = own | enemy, froms = pdn_chess__piece_from(ki, b->kind[ki] & own, to, occ);
    if (froms == 0)
        return -1;
    pdn_bb legal = pdn_chess__legal_from(b, us, ki, froms, to, occ);
    int from;
    if (said_len == 0) {
        /* Nothing written between: right when one piece alone can go. */
        if (legal == 0 || (legal & (legal - 1)))
            return -1;
        from = pdn_chess__lsb(legal);
    } else {
        pdn_bb named;
        unsigned said, c;
        if ((c = file_of(p[1])) < 8) {
            named = FILE_A_BB << c;
            said = 1;
            if (said_len == 2) {
                if ((c = rank_of(p[2])) >= 8)
                    return -1;
                named &= RANK_1_BB << (8 * c);
                said = 3;
            }
        } else if (said_len == 1 && (c = rank_of(p[1])) < 8) {
            named = RANK_1_BB << (8 * c);
            said = 2;
        } else {
            return -1;
        }
        pdn_bb pick = legal & named, rivals = legal & ~named;
        if (pick == 0 || (pick & (pick - 1)) || rivals == 0)
            return -1;
        from = pdn_chess__lsb(pick);
        /* What canonical SAN writes to tell it from the others (PGN
         * 8.2.3.4): pdn_chess__needed() for a piece. */
        unsigned need = !(rivals & (FILE_A_BB << (from & 7)))    ? 1u
                        : !(rivals & (RANK_1_BB << (from & 56))) ? 2u
                                                                 : 3u;
        if (said != need)
            return -1;
    }
    *i = ki;
    *flags = takes;
    return from;
}

/* Whether the side that has just castled on `b`, occupied as `after`,
 * checks the king on `other`: its sliders on that king's lines traced. */
static int castle_checks(const pdn_chess__board *b, pdn_bb after, int other)
{
    pdn_bb own = b->side[b->us ^ 1];
    pdn_bb lines = pdn_chess__diag_table[other] | pdn_chess__anti_table[other];
    pdn_bb our_diag = (b->kind[BISHOP_I] | b->kind[QUEEN_I]) & own & lines;
    pdn_bb our_straight =
        (b->kind[ROOK_I] | b->kind[QUEEN_I]) & own & pdn_chess__rays_table[other] & ~lines;
    return (our_diag && (pdn_chess__bishop(other, after) & our_diag)) ||
           (our_straight && (pdn_chess__rook(other, after) & our_straight));
}

/*
 * Castling of the king on `k` with the rook on `rook`, the two going to
 * `king_to` and `rook_to`, when legal,
 * as pdn_chess__castle() decides it (the cells both cross empty but for
 * the two, no cell of the king's way attacked, with both gone from the
 * board); then it is played as pdn_chess__make() plays it, each cell by one
 * flip of its bit (in Chess960 either may land where the other stood: the
 * flips cancel).  The enemy's pawns, knights and king are asked about the
 * whole way at once, its sliders cell by cell; the check it gives can only
 * come from a slider of ours.  1 when it gives check, 0 when not, -1 when
 * the general path is to take the move.
 */
static PDN_FORCE_INLINE int castle_cells(pdn_chess__board *b, int us, int k, int rook, int king_to,
                                         int rook_to, pdn_chess_move *m)
{
    int them = us ^ 1, other = pdn_chess__king(b, them);
    pdn_bb occ = b->side[0] | b->side[1], enemy = b->side[them];
    pdn_bb way = span(k, king_to);
    pdn_bb crossed = (way | span(rook, rook_to)) & ~BB(k) & ~BB(rook);
    if (occ & crossed)
        return -1;
    pdn_bb near =
        pdn_chess__pawn_attacks(b->kind[PAWN_I] & enemy, them) | pdn_chess__king_table[other];
    if (near & way)
        return -1;
    pdn_bb knights = b->kind[KNIGHT_I] & enemy;
    pdn_bb diag = (b->kind[BISHOP_I] | b->kind[QUEEN_I]) & enemy;
    pdn_bb straight = (b->kind[ROOK_I] | b->kind[QUEEN_I]) & enemy;
    pdn_bb without = occ ^ BB(k) ^ BB(rook);
    /* The king's own cell is known safe when the board knows it is not in
     * check (a check forbids castling). */
    if (b->check > 0)
        return -1;
    pdn_bb asked = b->check == 0 ? way & ~BB(k) : way;
    for (pdn_bb w = asked; w != 0; w &= w - 1) {
        int cell = pdn_chess__lsb(w);
        pdn_bb lines = pdn_chess__diag_table[cell] | pdn_chess__anti_table[cell];
        if ((pdn_chess__knight_table[cell] & knights) ||
            ((diag & lines) && (pdn_chess__bishop(cell, without) & diag)) ||
            ((straight & pdn_chess__rays_table[cell] & ~lines) &&
             (pdn_chess__rook(cell, without) & straight)))
            return -1;
    }
    pdn_bb king_bits = BB(k) ^ BB(king_to), rook_bits = BB(rook) ^ BB(rook_to);
    uint8_t king = b->at[k], rook_piece = b->at[rook];
    b->side[us] ^= king_bits ^ rook_bits;
    b->kind[KING_I] ^= king_bits;
    b->kind[ROOK_I] ^= rook_bits;
    b->at[k] = 0;
    b->at[rook] = 0;
    b->at[king_to] = king;
    b->at[rook_to] = rook_piece;
    b->king[us] = (uint8_t)king_to;
    b->castling[2 * us] = b->castling[2 * us + 1] = -1;
    b->ep = -1;
    b->halfmove = pdn_chess__bump(b->halfmove);
    if (us == 1)
        b->fullmove = pdn_chess__bump(b->fullmove);
    b->us = (uint8_t)them;
    /* Pawns, knights and the king stood still: a check is a slider's,
     * through a cell the two left or from the rook's new cell, one of them
     * on the other king's lines. */
    int checks = 0;
    if ((BB(k) | BB(rook) | BB(rook_to)) & pdn_chess__rays_table[other])
        checks = castle_checks(b, without | BB(king_to) | BB(rook_to), other);
    b->check = (int8_t)checks;
    if (m != NULL) {
        m->from = (uint8_t)k;
        m->to = (uint8_t)rook;
        m->piece = PDN_CHESS_KING;
        m->promotion = 0;
        m->flags = PDN_CHESS_CASTLE;
    }
    return checks;
}

/* castle_cells() for the side to move and `wing`.  The castlings of the
 * standard start (king on e, rook in its corner), nearly all there are, are
 * given their cells as constants, so that the spans, the bits flipped and
 * the side's tests fold away: the same code, only specialised. */
static PDN_FORCE_INLINE int castle_wing(pdn_chess__board *b, int wing, pdn_chess_move *m)
{
    int us = b->us, home = us ? 56 : 0, file = b->castling[2 * us + wing];
    if (file < 0)
        return -1;
    int k = pdn_chess__king(b, us);
    if (k == home + 4 && file == (wing ? 0 : 7)) {
        if (us)
            return wing ? castle_cells(b, 1, 60, 56, 58, 59, m)
                        : castle_cells(b, 1, 60, 63, 62, 61, m);
        return wing ? castle_cells(b, 0, 4, 0, 2, 3, m) : castle_cells(b, 0, 4, 7, 6, 5, m);
    }
    return castle_cells(b, us, k, home + file, home + (wing ? 2 : 6), home + (wing ? 3 : 5), m);
}

/* Castle : "O-O" | "O-O-O" (`n` bytes, the first 'O' known). */
static PDN_NOINLINE int castle(pdn_chess__board *b, const unsigned char *p, size_t n,
                               pdn_chess_move *m)
{
    int wing = n == 5;
    if ((n != 3 && !wing) || p[1] != '-' || p[2] != 'O' || (wing && (p[3] != '-' || p[4] != 'O')))
        return -1;
    return castle_wing(b, wing, m);
}

/* A pawn's move (pawn_move()) played: the check it gives, 1 or 0, or -1
 * when the general path is to take the text.  The piece's moves and the
 * pawn's are played apart, each with what it knows for constants (the
 * commonest pawn's moves promote to nothing); the record is written last,
 * as a byte store may alias the board. */
static PDN_FORCE_INLINE int pawn_play(pdn_chess__board *b, int us, const unsigned char *p, size_t n,
                                      int to, unsigned promotion, pdn_chess_move *out)
{
    unsigned flags;
    int from = pawn_move(b, us, p, n, to, promotion, &flags);
    if (from < 0)
        return -1;
    pdn_chess__play(b, us, from, to, PAWN_I, promotion, flags, false);
    int checks =
        pdn_chess__quick_checks(b, us, from, to, promotion ? KIND_INDEX(promotion) : PAWN_I);
    b->check = (int8_t)checks;
    pdn_chess__record(out, from, to, PAWN_I, promotion, flags);
    return checks;
}

/* pdn_chess__quick_play() for the side `us` to move, made once for each
 * side: a constant side saves the tests and indexes that depend on it. */
static PDN_FORCE_INLINE unsigned quick(pdn_chess__board *b, int us, const char *text, size_t len,
                                       pdn_chess_move *out)
{
    const unsigned char *p = (const unsigned char *)text;
    /* Beyond the bound the general path counts the whole list (san.c). */
    if (len - 2 > 6 || b->bound[us] > PDN_CHESS_MOVES_MAX)
        return 0;
    unsigned written = p[len - 1];
    size_t n = len;
    if (written == '+' || written == '#')
        n--;
    else
        written = 0;
    if (n < 2)
        return 0;
    unsigned to_file = file_of(p[n - 2]), to_rank = rank_of(p[n - 1]);
    int checks;
    if ((to_file | to_rank) <= 7) {
        int to = (int)(to_rank * 8 + to_file), from, i;
        unsigned flags;
        if (file_of(p[0]) < 8) {
            checks = pawn_play(b, us, p, n, to, 0, out);
        } else if ((from = piece_move(b, us, p, n, to, &i, &flags)) < 0) {
            return 0;
        } else {
            pdn_chess__play(b, us, from, to, i, 0, flags, false);
            checks = pdn_chess__quick_checks(b, us, from, to, i);
            b->check = (int8_t)checks;
            pdn_chess__record(out, from, to, i, 0, flags);
        }
    } else if (p[0] == 'O') {
        checks = castle(b, p, n, out);
    } else {
        /* Not a cell at the end: a promotion, "=" and a piece but the
         * king after the cell, is the last hope; tested only here. */
        unsigned promotion = n >= 4 && p[n - 2] == '=' ? letter_kind[p[n - 1]] : 0;
        if (promotion == 0 || promotion == PDN_CHESS_KING)
            return 0;
        n -= 2;
        to_file = file_of(p[n - 2]);
        to_rank = rank_of(p[n - 1]);
        if ((to_file | to_rank) > 7 || file_of(p[0]) >= 8)
            return 0;
        checks = pawn_play(b, us, p, n, (int)(to_rank * 8 + to_file), promotion, out);
    }
    return pdn_chess__quick_answer(b, checks, written);
}

unsigned pdn_chess__quick_play(pdn_chess__board *b, const char *text, size_t len,
                               pdn_chess_move *out)
{
    return b->us ? quick(b, 1, text, len, out) : quick(b, 0, text, len, out);
}

PDN_NOINLINE unsigned pdn_chess__quick_castle(pdn_chess__board *b, unsigned code,
                                              pdn_chess_move *out)
{
    if (((code >> 6) & 15u) != PDN_SAN_CASTLE || b->bound[b->us] > PDN_CHESS_MOVES_MAX)
        return 0;
    return pdn_chess__code_answer(b, castle_wing(b, (int)(code & 1u), out), code);
}

unsigned pdn_chess__quick_code(pdn_chess__board *b, unsigned code, pdn_chess_move *out)
{
    return b->us ? pdn_chess__quick_code_as(b, 1, code, out, false)
                 : pdn_chess__quick_code_as(b, 0, code, out, false);
}
