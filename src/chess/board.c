/* SPDX-License-Identifier: MIT */
/*
 * board.c - the chess generator's board: loading it from a pdn_position
 * (with the checks that refuse positions no game reaches), writing it back,
 * making moves on it, and the key that tells repeated positions apart.
 */
#include "chess/chess.h"

#include "base/bits.h"

#include <string.h>

static void put(pdn_chess__board *b, int cell, pdn_piece p)
{
    b->side[PDN_PIECE_COLOR(p) == PDN_BLACK] |= BB(cell);
    b->kind[KIND_INDEX(PDN_PIECE_KIND(p))] |= BB(cell);
    b->at[cell] = p;
    if (PDN_PIECE_KIND(p) == PDN_CHESS_KING)
        b->king[PDN_PIECE_COLOR(p) == PDN_BLACK] = (uint8_t)cell;
}

static void take(pdn_chess__board *b, int cell)
{
    pdn_piece p = b->at[cell];
    b->side[PDN_PIECE_COLOR(p) == PDN_BLACK] &= ~BB(cell);
    b->kind[KIND_INDEX(PDN_PIECE_KIND(p))] &= ~BB(cell);
    b->at[cell] = 0;
}

/* A right needs its king and rook on the home rank, the rook on its wing. */
static int castling_ok(const pdn_chess__board *b, int slot, int file)
{
    int side = slot >= 2, home = side ? 56 : 0, short_side = slot % 2 == 0;
    int k = pdn_chess__king(b, side);
    unsigned rook = PDN_ROOK | (side ? PDN_BLACK : PDN_WHITE);
    if (file < 0 || file > 7 || k < home || k >= home + 8 || b->at[home + file] != rook)
        return 0;
    return short_side ? file > k - home : file < k - home;
}

/* The target must lie behind an enemy pawn that has just stepped two cells. */
static int en_passant_ok(const pdn_chess__board *b, int cell)
{
    if (cell < 0 || cell >= 64)
        return 0;
    int white_moves = b->us == 0, up = white_moves ? 8 : -8;
    unsigned pawn = PDN_PAWN | (white_moves ? PDN_BLACK : PDN_WHITE);
    return cell / 8 == (white_moves ? 5 : 2) && b->at[cell] == 0 && b->at[cell + up] == 0 &&
           b->at[cell - up] == pawn;
}

/* The number of set bits. */
static int population(pdn_bb x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

int pdn_chess__build(pdn_chess__board *out, const pdn_position *pos)
{
    const pdn_geometry *g = pos != NULL ? pos->geometry : NULL;
    if (g == NULL || !g->chess || g->width != 8 || g->height != 8 ||
        (pos->turn != 'W' && pos->turn != 'B'))
        return -1;
    memset(out, 0, sizeof *out);
    /* The cells of each piece, all 64 compared at once (bits.h): a board
     * is built from twelve comparisons, and any other value on a cell
     * leaves that cell out of both sides. */
    const unsigned char *cells = (const unsigned char *)pos->board;
    uint64_t white, black, empty, unused;
    for (int i = 0; i < KIND_COUNT; i++) {
        pdn_bits__block2(cells, (unsigned char)(KIND_OF_INDEX(i) | PDN_WHITE),
                         (unsigned char)(KIND_OF_INDEX(i) | PDN_BLACK), &white, &black);
        out->kind[i] = white | black;
        out->side[0] |= white;
        out->side[1] |= black;
    }
    pdn_bits__block2(cells, 0, 0, &empty, &unused);
    if ((out->side[0] | out->side[1]) != ~empty ||
        (out->kind[PAWN_I] & (RANK_1_BB | RANK_1_BB << 56)))
        return -1;
    for (int side = 0; side < 2; side++) {
        pdn_bb own = out->side[side];
        out->bound[side] =
            (int16_t)(PIECE_BOUND(PAWN_I) * population(own) +
                      (PIECE_BOUND(QUEEN_I) - PIECE_BOUND(PAWN_I)) *
                          population(own & out->kind[QUEEN_I]) +
                      (PIECE_BOUND(ROOK_I) - PIECE_BOUND(PAWN_I)) *
                          population(own & (out->kind[ROOK_I] | out->kind[BISHOP_I])));
    }
    memcpy(out->at, pos->board, 64);
    for (int side = 0; side < 2; side++) {
        pdn_bb kings = out->kind[KING_I] & out->side[side];
        if (kings == 0 || (kings & (kings - 1)) != 0)
            return -1;
        out->king[side] = (uint8_t)pdn_chess__lsb(kings);
    }
    out->us = pos->turn == 'B';
    for (int slot = 0; slot < 4; slot++) {
        out->castling[slot] = -1;
        if (pos->castling[slot] == -1)
            continue;
        if (!castling_ok(out, slot, pos->castling[slot]))
            return -1;
        out->castling[slot] = pos->castling[slot];
    }
    out->ep = -1;
    if (pos->en_passant != -1) {
        if (!en_passant_ok(out, pos->en_passant))
            return -1;
        out->ep = (int8_t)pos->en_passant;
    }
    out->halfmove = pos->halfmove_clock;
    out->fullmove = pos->fullmove;
    out->check = -1;
    /* The side that has just moved cannot have left its own king in check. */
    int idle = out->us ^ 1, k = pdn_chess__king(out, idle);
    if (pdn_chess__attackers(out, k, out->side[0] | out->side[1]) & out->side[out->us])
        return -1;
    return 0;
}

void pdn_chess__store(const pdn_chess__board *b, pdn_position *pos)
{
    memcpy(pos->board, b->at, 64);
    pos->turn = b->us ? 'B' : 'W';
    memcpy(pos->castling, b->castling, sizeof pos->castling);
    pos->en_passant = b->ep;
    pos->halfmove_clock = b->halfmove;
    pos->fullmove = b->fullmove;
}

int pdn_chess__castle_king_to(pdn_chess_move m)
{
    int short_side = (m.to & 7) > (m.from & 7);
    return (m.from & 56) + (short_side ? 6 : 2);
}

void pdn_chess__make(pdn_chess__board *b, pdn_chess_move m)
{
    if (!(m.flags & PDN_CHESS_CASTLE)) {
        pdn_chess__make_plain(b, m);
        return;
    }
    /* Both leave first: in Chess960 either may land where the other stood. */
    int us = b->us;
    int kt = pdn_chess__castle_king_to(m), rt = kt == (m.from & 56) + 6 ? kt - 1 : kt + 1;
    pdn_piece king = b->at[m.from], rook = b->at[m.to];
    b->ep = -1;
    b->check = -1;
    take(b, m.from);
    take(b, m.to);
    put(b, kt, king);
    put(b, rt, rook);
    b->castling[2 * us] = b->castling[2 * us + 1] = -1;
    b->halfmove = pdn_chess__bump(b->halfmove);
    if (us == 1)
        b->fullmove = pdn_chess__bump(b->fullmove);
    b->us = (uint8_t)(us ^ 1);
}

void pdn_chess__make_null(pdn_chess__board *b)
{
    b->ep = -1;
    b->check = -1;
    b->halfmove = pdn_chess__bump(b->halfmove);
    if (b->us == 1)
        b->fullmove = pdn_chess__bump(b->fullmove);
    b->us ^= 1;
}

/* splitmix64's finaliser: independent-looking 64-bit values without a table. */
static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/*
 * FIDE 9.2: the same player to move, the same pieces on the same cells and
 * the same possible moves, castling rights included; an en-passant target
 * counts only when a capture there is legal.  Each feature gets its own
 * range of inputs to mix(): pieces 0..4095, then the rest above.
 */
uint64_t pdn_chess__key(const pdn_chess__board *b, const pdn_chess_move *moves, size_t count)
{
    uint64_t key = b->us ? mix(4096) : 0;
    for (pdn_bb occ = b->side[0] | b->side[1]; occ != 0; occ &= occ - 1) {
        int cell = pdn_chess__lsb(occ);
        key ^= mix((uint64_t)b->at[cell] * 64 + (uint64_t)cell);
    }
    for (int slot = 0; slot < 4; slot++)
        if (b->castling[slot] >= 0)
            key ^= mix(4100 + (uint64_t)(slot * 8 + b->castling[slot]));
    for (size_t i = 0; i < count; i++) {
        if (moves[i].flags & PDN_CHESS_EN_PASSANT) {
            key ^= mix(4200 + (uint64_t)b->ep);
            break;
        }
    }
    return key;
}

#define WHITE(kind) (uint8_t)(PDN_##kind | PDN_WHITE)
#define BLACK(kind) (uint8_t)(PDN_##kind | PDN_BLACK)
#define HOME(C)                                                                                    \
    C(ROOK), C(KNIGHT), C(BISHOP), C(QUEEN), C(CHESS_KING), C(BISHOP), C(KNIGHT), C(ROOK)
#define PAWNS(C) C(PAWN), C(PAWN), C(PAWN), C(PAWN), C(PAWN), C(PAWN), C(PAWN), C(PAWN)

/* The standard start as pdn_chess__build() makes it (clocks aside; the
 * test unit/chess_shortcuts compares the two): most games start there, and
 * comparing its cells costs less than building a board from them.  The
 * bound is 16 pieces at 12, the queen 15 more, rooks and bishops 2 more. */
static const pdn_chess__board start_board = {
    {0x000000000000FFFFULL, 0xFFFF000000000000ULL},
    {0x00FF00000000FF00ULL, 0x4200000000000042ULL, 0x2400000000000024ULL, 0x8100000000000081ULL,
     0x0800000000000008ULL, 0x1000000000000010ULL},
    {HOME(WHITE), PAWNS(WHITE), [48] = PAWNS(BLACK), HOME(BLACK)},
    {7, 0, 7, 0},
    -1,
    -1,
    {16 * 12 + 15 + 4 * 2, 16 * 12 + 15 + 4 * 2},
    0,
    {4, 60},
    0,
    0,
};

void pdn_chess__start(pdn_chess__board *out)
{
    *out = start_board;
    out->fullmove = 1;
}

int pdn_chess__load(pdn_chess__board *out, const pdn_position *pos)
{
    if (pos != NULL && pos->geometry != NULL && pos->geometry->chess && pos->turn == 'W' &&
        pos->geometry->width == 8 && pos->geometry->height == 8 && pos->en_passant == -1 &&
        memcmp(pos->castling, start_board.castling, 4) == 0 &&
        memcmp(pos->board, start_board.at, 64) == 0) {
        *out = start_board;
        out->halfmove = pos->halfmove_clock;
        out->fullmove = pos->fullmove;
        return 0;
    }
    return pdn_chess__build(out, pos);
}
