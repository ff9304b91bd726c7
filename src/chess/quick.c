/* SPDX-License-Identifier: MIT */
/*
 * quick.c - the replay's short path for a chess move written in canonical
 * SAN: the text read, its origin found, the move tested, played and its
 * check mark verified in one pass over the live board, with no SAN record
 * and no copy of the board.  Any other text, and every error, goes back
 * untouched to the general path (san.c), which gives the same answers.
 */
#include "chess/chess.h"

#include <string.h>

/* The kinds the piece letters of canonical SAN name; 0 for other bytes. */
static const uint8_t letter_kind[128] = {
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
static pdn_bb safe_from(const pdn_chess__board *b, int k, pdn_bb froms, int to)
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

/*
 * The cells from which a pawn of the side to move goes to `to` as the text
 * says: File Rank (`n` 2) is a step, one or two cells straight ahead onto
 * an empty cell; File "x" File Rank (`n` 4) takes what stands on `to`.
 * A capture on an empty cell (en passant) and every other doubt give 0,
 * for the general path.
 */
static pdn_bb pawn_from(const pdn_chess__board *b, const unsigned char *p, size_t n, int to,
                        unsigned *flags)
{
    int us = b->us, up = us ? -8 : 8, from = to - up;
    pdn_bb own = b->side[us], enemy = b->side[us ^ 1], pawns = b->kind[PAWN_I] & own;
    /* A pawn never stands on its own first rank, nor steps onto it. */
    if ((to >> 3) == (us ? 7 : 0))
        return 0;
    if (n == 4) {
        unsigned file = file_of(p[0]), to_file = (unsigned)to & 7;
        if (p[1] != 'x' || (file != to_file + 1 && file + 1 != to_file) || !(enemy & BB(to)))
            return 0;
        *flags = PDN_CHESS_CAPTURE;
        return pawns & BB(from + (int)file - (int)to_file);
    }
    if (n != 2 || ((own | enemy) & BB(to)))
        return 0;
    if (pawns & BB(from))
        return BB(from);
    if ((to >> 3) != (us ? 4 : 3) || ((own | enemy) & BB(from)))
        return 0;
    *flags = PDN_CHESS_DOUBLE_STEP;
    return pawns & BB(from - up);
}

/* Castle : "O-O" | "O-O-O" (`n` bytes), when pdn_chess__castle() finds it
 * legal; then it is played.  1 when it gives check, 0 when not, -1 when
 * the general path is to take the text. */
static int castle(pdn_chess__board *b, const unsigned char *p, size_t n, pdn_chess_move *m)
{
    int wing = n == 5 && memcmp(p, "O-O-O", 5) == 0;
    if ((!wing && (n != 3 || memcmp(p, "O-O", 3) != 0)) || !pdn_chess__castle(b, wing, m))
        return -1;
    pdn_chess__make(b, *m);
    return pdn_chess__in_check(b);
}

int pdn_chess__quick_play(pdn_chess__board *b, const char *text, size_t len, pdn_chess_move *out,
                          unsigned *notes)
{
    const unsigned char *p = (const unsigned char *)text;
    /* Beyond the bound the general path counts the whole list (san.c). */
    if (len < 2 || len > 8 || b->bound[b->us] > PDN_CHESS_MOVES_MAX)
        return 0;
    char written = 0;
    size_t n = len;
    if (p[n - 1] == '+' || p[n - 1] == '#')
        written = (char)p[--n];
    unsigned promotion = 0;
    if (n >= 4 && p[n - 2] == '=') {
        promotion = p[n - 1] < 128 ? letter_kind[p[n - 1]] : 0;
        if (promotion == 0 || promotion == PDN_CHESS_KING)
            return 0;
        n -= 2;
    }
    if (n < 2)
        return 0;
    pdn_chess_move m;
    int checks;
    unsigned to_file = file_of(p[n - 2]), to_rank = rank_of(p[n - 1]);
    if (to_file > 7 || to_rank > 7) {
        if (p[0] != 'O' || promotion != 0 || (checks = castle(b, p, n, &m)) < 0)
            return 0;
    } else {
        int us = b->us, to = (int)(to_rank * 8 + to_file);
        pdn_bb own = b->side[us], enemy = b->side[us ^ 1], occ = own | enemy, froms;
        unsigned kind, flags = 0, file = 8, rank = 8;
        int x = 0;
        if (file_of(p[0]) < 8) {
            /* Promotion on the last rank and nowhere else. */
            if ((to_rank == (us ? 0u : 7u)) != (promotion != 0))
                return 0;
            kind = PDN_PAWN;
            froms = pawn_from(b, p, n, to, &flags);
        } else {
            kind = p[0] < 128 ? letter_kind[p[0]] : 0;
            /* Between the letter and the destination: the disambiguation and "x". */
            size_t i = 1, dest = n - 2;
            if (i < dest && file_of(p[i]) < 8)
                file = file_of(p[i++]);
            if (i < dest && rank_of(p[i]) < 8)
                rank = rank_of(p[i++]);
            x = i < dest && p[i] == 'x';
            if (kind == 0 || promotion != 0 || i + (size_t)x != dest || (own & BB(to)))
                return 0;
            flags = (enemy & BB(to)) ? PDN_CHESS_CAPTURE : 0;
            if (x != (flags != 0))
                return 0;
            froms = b->kind[KIND_INDEX(kind)] & own;
            switch (KIND_INDEX(kind)) {
            case KNIGHT_I:
                froms &= pdn_chess__knight_table[to];
                break;
            case BISHOP_I:
                froms &= pdn_chess__bishop(to, occ);
                break;
            case ROOK_I:
                froms &= pdn_chess__rook(to, occ);
                break;
            case QUEEN_I:
                froms &= pdn_chess__bishop(to, occ) | pdn_chess__rook(to, occ);
                break;
            default:
                froms &= pdn_chess__king_table[to];
                break;
            }
        }
        if (froms == 0)
            return 0;
        pdn_bb legal;
        if (kind == PDN_CHESS_KING)
            legal = (pdn_chess__attackers(b, to, occ ^ froms) & enemy) ? 0 : froms;
        else
            legal = safe_from(b, pdn_chess__king(b, us), froms, to);
        pdn_bb pick = legal;
        if (file < 8)
            pick &= FILE_A_BB << file;
        if (rank < 8)
            pick &= RANK_1_BB << (8 * rank);
        if (pick == 0 || (pick & (pick - 1)))
            return 0;
        m.from = (uint8_t)pdn_chess__lsb(pick);
        m.to = (uint8_t)to;
        m.piece = (uint8_t)kind;
        m.promotion = (uint8_t)promotion;
        m.flags = (uint8_t)flags;
        /* The disambiguation canonical SAN writes, and no other (pawns: none). */
        if (kind != PDN_PAWN && ((file < 8) | (rank < 8) << 1) !=
                                    (legal == pick ? 0 : pdn_chess__needed(m, legal & ~pick)))
            return 0;
        checks = pdn_chess__gives_check(b, m);
        pdn_chess__make_plain(b, m);
    }
    /* Mate is looked for only after a check. */
    b->check = (int8_t)checks;
    char mark = !checks ? 0 : pdn_chess__has_move(b) ? '+' : '#';
    *notes = pdn_chess__mark_notes(written, mark);
    *out = m;
    return 1;
}
