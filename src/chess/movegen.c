/* SPDX-License-Identifier: MIT */
/*
 * movegen.c - legal chess moves.  Legality is decided up front rather than by
 * trying each move: the checkers of our king, the pieces pinned to it and
 * the cells the enemy attacks bound where every piece may go; only en
 * passant and castling are tested on the board they would leave behind.
 * The moves to one cell are found the other way round, from the cell.
 */
#include "chess/chess.h"
#include "chess/quick.h"

typedef struct gen {
    pdn_chess_move *out;
    size_t n;
} gen;

/* Counts every move but writes no more than the list holds (see pdn_chess__generate). */
static void add(gen *g, int from, int to, unsigned piece, unsigned promotion, unsigned flags)
{
    if (g->n++ >= PDN_CHESS_MOVES_MAX)
        return;
    pdn_chess_move *m = &g->out[g->n - 1];
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->piece = (uint8_t)piece;
    m->promotion = (uint8_t)promotion;
    m->flags = (uint8_t)flags;
}

/* The cells strictly between two cells of one line; 0 when not aligned. */
static pdn_bb between(int a, int b)
{
    return pdn_chess__between(a, b, pdn_chess__line_through(a, b));
}

/* The cells of one rank from a to b, both included. */
static pdn_bb span(int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return (BB(hi) << 1) - BB(lo);
}

/* Every cell `side` attacks with the board occupied as `occ`. */
static pdn_bb attacked_by(const pdn_chess__board *b, int side, pdn_bb occ)
{
    pdn_bb own = b->side[side];
    pdn_bb a = pdn_chess__pawn_attacks(b->kind[PAWN_I] & own, side);
    for (pdn_bb s = b->kind[KNIGHT_I] & own; s != 0; s &= s - 1)
        a |= pdn_chess__knight_table[pdn_chess__lsb(s)];
    for (pdn_bb s = (b->kind[BISHOP_I] | b->kind[QUEEN_I]) & own; s != 0; s &= s - 1)
        a |= pdn_chess__bishop(pdn_chess__lsb(s), occ);
    for (pdn_bb s = (b->kind[ROOK_I] | b->kind[QUEEN_I]) & own; s != 0; s &= s - 1)
        a |= pdn_chess__rook(pdn_chess__lsb(s), occ);
    return a | pdn_chess__king_table[pdn_chess__king(b, side)];
}

static void add_targets(gen *g, const pdn_chess__board *b, int from, unsigned piece, pdn_bb targets)
{
    pdn_bb enemy = b->side[b->us ^ 1];
    for (; targets != 0; targets &= targets - 1) {
        int to = pdn_chess__lsb(targets);
        add(g, from, to, piece, 0, (enemy & BB(to)) ? PDN_CHESS_CAPTURE : 0);
    }
}

static void add_pawn(gen *g, int from, int to, unsigned flags)
{
    if (to < 8 || to >= 56) {
        add(g, from, to, PDN_PAWN, PDN_QUEEN, flags);
        add(g, from, to, PDN_PAWN, PDN_ROOK, flags);
        add(g, from, to, PDN_PAWN, PDN_BISHOP, flags);
        add(g, from, to, PDN_PAWN, PDN_KNIGHT, flags);
    } else {
        add(g, from, to, PDN_PAWN, 0, flags);
    }
}

/*
 * En passant removes two pawns from one rank at once, which no pin mask
 * foresees (king and rook on the fifth rank), so it is tried on the board.
 */
static int en_passant_legal(const pdn_chess__board *b, int from, int k)
{
    int us = b->us, taken = b->ep + (us ? 8 : -8);
    pdn_bb occ = ((b->side[0] | b->side[1]) ^ BB(from) ^ BB(taken)) | BB(b->ep);
    pdn_bb enemy = b->side[us ^ 1] ^ BB(taken);
    pdn_bb att = (pdn_chess__rook(k, occ) & (b->kind[ROOK_I] | b->kind[QUEEN_I])) |
                 (pdn_chess__bishop(k, occ) & (b->kind[BISHOP_I] | b->kind[QUEEN_I])) |
                 (pdn_chess__knight_table[k] & b->kind[KNIGHT_I]) |
                 (pdn_chess__pawn_attacks(BB(k), us) & b->kind[PAWN_I]);
    return (att & enemy) == 0;
}

static void pawn_moves(gen *g, const pdn_chess__board *b, int k, pdn_bb allowed, pdn_bb pinned,
                       pdn_bb targets)
{
    int us = b->us, up = us ? -8 : 8;
    pdn_bb occ = b->side[0] | b->side[1], enemy = b->side[us ^ 1];
    pdn_bb start = us ? RANK_1_BB << 48 : RANK_1_BB << 8;
    /* Only pawns that can reach a target: one or two cells behind it, or
     * diagonally behind (the cells a pawn of the other side there attacks). */
    pdn_bb reach = ~(pdn_bb)0;
    if (targets != ~(pdn_bb)0)
        reach = (us ? (targets << 8) | (targets << 16) : (targets >> 8) | (targets >> 16)) |
                pdn_chess__pawn_attacks(targets, us ^ 1);
    for (pdn_bb s = b->kind[PAWN_I] & b->side[us] & reach; s != 0; s &= s - 1) {
        int from = pdn_chess__lsb(s), to = from + up;
        pdn_bb limit = (BB(from) & pinned) ? allowed & pdn_chess__line_through(k, from) : allowed;
        if ((occ & BB(to)) == 0) {
            if (limit & BB(to))
                add_pawn(g, from, to, 0);
            if ((start & BB(from)) && (occ & BB(to + up)) == 0 && (limit & BB(to + up)))
                add(g, from, to + up, PDN_PAWN, 0, PDN_CHESS_DOUBLE_STEP);
        }
        pdn_bb hits = pdn_chess__pawn_attacks(BB(from), us);
        for (pdn_bb c = hits & enemy & limit; c != 0; c &= c - 1)
            add_pawn(g, from, pdn_chess__lsb(c), PDN_CHESS_CAPTURE);
        if (b->ep >= 0 && (hits & BB(b->ep) & targets) && en_passant_legal(b, from, k))
            add(g, from, b->ep, PDN_PAWN, 0, PDN_CHESS_CAPTURE | PDN_CHESS_EN_PASSANT);
    }
}

/*
 * Castling (Chess960 rules, which include the standard ones): the king goes
 * to the g or c file and the rook next to it on the inside.  Every cell
 * either crosses must be empty but for those two, and no cell of the
 * king's way may be attacked.  The rook itself may have hidden its cells
 * from an enemy rook on the rank, so they are looked at again without it.
 */
static void castles(gen *g, const pdn_chess__board *b, int k, pdn_bb danger)
{
    int us = b->us, home = us ? 56 : 0;
    pdn_bb occ = b->side[0] | b->side[1];
    pdn_bb straight = (b->kind[ROOK_I] | b->kind[QUEEN_I]) & b->side[us ^ 1];
    for (int wing = 0; wing < 2; wing++) {
        int file = b->castling[2 * us + wing];
        if (file < 0)
            continue;
        int rook = home + file;
        int king_to = home + (wing == 0 ? 6 : 2), rook_to = home + (wing == 0 ? 5 : 3);
        pdn_bb way = span(k, king_to);
        pdn_bb crossed = (way | span(rook, rook_to)) & ~BB(k) & ~BB(rook);
        if ((occ & crossed) != 0 || (danger & way) != 0)
            continue;
        pdn_bb without = occ ^ BB(k) ^ BB(rook);
        int safe = 1;
        for (pdn_bb w = way; w != 0 && safe; w &= w - 1)
            safe = (pdn_chess__rook(pdn_chess__lsb(w), without) & straight) == 0;
        if (safe)
            add(g, k, rook, PDN_CHESS_KING, 0, PDN_CHESS_CASTLE);
    }
}

/*
 * The legal moves that end on `targets` and are made by a piece of a kind
 * in `kinds` (bits by kind index), castling when `castling`; everything
 * when all are given, which is what the full generation asks.
 */
static size_t generate(const pdn_chess__board *b, pdn_chess_move *out, pdn_bb targets,
                       unsigned kinds, int castling)
{
    gen g = {out, 0};
    int us = b->us, them = us ^ 1;
    pdn_bb own = b->side[us], enemy = b->side[them], occ = own | enemy;
    int k = pdn_chess__king(b, us);
    pdn_bb checkers = pdn_chess__attackers(b, k, occ) & enemy;
    /* Without the king on the board: stepping back along a checking line is no escape. */
    pdn_bb danger = 0;
    if (((kinds >> KING_I) & 1u) && (castling || (pdn_chess__king_table[k] & ~own & targets)))
        danger = attacked_by(b, them, occ ^ BB(k));
    if ((kinds >> KING_I) & 1u)
        add_targets(&g, b, k, PDN_CHESS_KING, pdn_chess__king_table[k] & ~own & ~danger & targets);
    if (checkers & (checkers - 1))
        return g.n;

    /* In check, the others may only take the checker or step in between. */
    pdn_bb allowed = ~own;
    if (checkers != 0)
        allowed = checkers | between(k, pdn_chess__lsb(checkers));
    allowed &= targets;

    pdn_bb diag = b->kind[BISHOP_I] | b->kind[QUEEN_I];
    pdn_bb straight = b->kind[ROOK_I] | b->kind[QUEEN_I];
    pdn_bb pinned = 0;
    pdn_bb snipers =
        ((pdn_chess__rook(k, enemy) & straight) | (pdn_chess__bishop(k, enemy) & diag)) & enemy;
    for (; snipers != 0; snipers &= snipers - 1) {
        pdn_bb in_between = between(k, pdn_chess__lsb(snipers)) & occ;
        if ((in_between & (in_between - 1)) == 0 && (in_between & own) != 0)
            pinned |= in_between;
    }

    pdn_bb movers = 0;
    for (int i = 0; i < KIND_COUNT; i++)
        movers |= ((kinds >> i) & 1u) ? b->kind[i] : 0;
    movers &= own;
    for (pdn_bb s = b->kind[KNIGHT_I] & movers & ~pinned; s != 0; s &= s - 1) {
        int from = pdn_chess__lsb(s);
        add_targets(&g, b, from, PDN_KNIGHT, pdn_chess__knight_table[from] & allowed);
    }
    for (pdn_bb s = (diag | straight) & movers; s != 0; s &= s - 1) {
        int from = pdn_chess__lsb(s);
        pdn_bb to = 0;
        if (diag & BB(from))
            to |= pdn_chess__bishop(from, occ);
        if (straight & BB(from))
            to |= pdn_chess__rook(from, occ);
        to &= allowed;
        if (pinned & BB(from))
            to &= pdn_chess__line_through(k, from);
        add_targets(&g, b, from, PDN_PIECE_KIND(b->at[from]), to);
    }
    if ((kinds >> PAWN_I) & 1u)
        pawn_moves(&g, b, k, allowed, pinned, targets);
    if (checkers == 0 && castling)
        castles(&g, b, k, danger);
    return g.n;
}

size_t pdn_chess__generate(const pdn_chess__board *b, pdn_chess_move *out)
{
    return generate(b, out, ~(pdn_bb)0, (1u << KIND_COUNT) - 1, 1);
}

/*
 * The moves to one cell are found backwards: the pieces of a kind that
 * could stand on `to` and reach it are the ones that attack it from there,
 * and only those few are tried for the king's safety.
 */
pdn_bb pdn_chess__origins(const pdn_chess__board *b, int to, unsigned kind)
{
    int us = b->us;
    pdn_bb own = b->side[us], enemy = b->side[us ^ 1], occ = own | enemy, at = BB(to);
    if (own & at)
        return 0;
    int k = pdn_chess__king(b, us);
    pdn_bb froms = 0;
    switch (KIND_INDEX(kind)) {
    case KING_I:
        if ((pdn_chess__king_table[to] & BB(k)) &&
            (pdn_chess__attackers(b, to, occ ^ BB(k)) & enemy) == 0)
            return BB(k);
        return 0;
    case KNIGHT_I:
        froms = pdn_chess__knight_table[to] & b->kind[KNIGHT_I] & own;
        break;
    case BISHOP_I:
    case ROOK_I:
    case QUEEN_I:
        /* A line is traced only when one of the pieces stands on it. */
        froms = pdn_chess__piece_from(KIND_INDEX(kind), b->kind[KIND_INDEX(kind)] & own, to, occ);
        break;
    case PAWN_I: {
        pdn_bb pawns = b->kind[PAWN_I] & own;
        int up = us ? -8 : 8, from = to - up;
        if (enemy & at) {
            froms = pdn_chess__pawn_attacks(at, us ^ 1) & pawns;
        } else if (to == b->ep) {
            /* En passant is tried on the board (en_passant_legal()). */
            pdn_bb legal = 0;
            for (pdn_bb s = pdn_chess__pawn_attacks(at, us ^ 1) & pawns; s != 0; s &= s - 1)
                if (en_passant_legal(b, pdn_chess__lsb(s), k))
                    legal |= s & (0 - s);
            return legal;
        } else if (from >= 0 && from < 64) {
            if (pawns & BB(from))
                froms = BB(from);
            else if ((to >> 3) == (us ? 4 : 3) && !(occ & BB(from)) && (pawns & BB(from - up)))
                froms = BB(from - up);
        }
        break;
    }
    default:
        return 0;
    }
    if (froms == 0)
        return 0;
    int check = b->check >= 0 ? b->check : pdn_chess__in_check(b);
    /* Out of check only a piece on its king's lines, with an enemy slider
     * on them, can be pinned. */
    pdn_bb rays = pdn_chess__rays_table[k];
    if (!check && (!(froms & rays) ||
                   !(rays & enemy & (b->kind[ROOK_I] | b->kind[BISHOP_I] | b->kind[QUEEN_I]))))
        return froms;
    pdn_bb legal = 0;
    for (pdn_bb s = froms; s != 0; s &= s - 1) {
        int from = pdn_chess__lsb(s);
        if (check ? pdn_chess__exposed(b, k, (occ & ~BB(from)) | at, enemy & ~at)
                  : pdn_chess__pin_breaks(b, k, from, to))
            continue;
        legal |= BB(from);
    }
    return legal;
}

unsigned pdn_chess__flags(const pdn_chess__board *b, int from, int to)
{
    unsigned flags = (b->side[b->us ^ 1] & BB(to)) ? PDN_CHESS_CAPTURE : 0;
    if ((b->kind[PAWN_I] & BB(from)) && flags == 0) {
        if (((from ^ to) & 7) != 0)
            flags = PDN_CHESS_CAPTURE | PDN_CHESS_EN_PASSANT;
        else if (from - to == 16 || to - from == 16)
            flags = PDN_CHESS_DOUBLE_STEP;
    }
    return flags;
}

size_t pdn_chess__generate_to(const pdn_chess__board *b, pdn_chess_move *out, int to, unsigned kind)
{
    gen g = {out, 0};
    for (int i = 0; i < KIND_COUNT; i++) {
        unsigned piece = KIND_OF_INDEX(i);
        if (kind != 0 && kind != piece)
            continue;
        for (pdn_bb s = pdn_chess__origins(b, to, piece); s != 0; s &= s - 1) {
            int from = pdn_chess__lsb(s);
            unsigned flags = pdn_chess__flags(b, from, to);
            if (piece == PDN_PAWN)
                add_pawn(&g, from, to, flags);
            else
                add(&g, from, to, piece, 0, flags);
        }
    }
    return g.n;
}

/*
 * Castling on one wing (0: the king's side), as castles() decides it, with
 * the attacks on the king's way looked up cell by cell: cheaper than every
 * cell the enemy attacks when only this move is wanted.
 */
int pdn_chess__castle(const pdn_chess__board *b, int wing, pdn_chess_move *out)
{
    int us = b->us, home = us ? 56 : 0, file = b->castling[2 * us + wing];
    if (file < 0)
        return 0;
    int k = pdn_chess__king(b, us), rook = home + file;
    pdn_bb occ = b->side[0] | b->side[1], enemy = b->side[us ^ 1];
    pdn_bb way = span(k, home + (wing == 0 ? 6 : 2));
    pdn_bb crossed = (way | span(rook, home + (wing == 0 ? 5 : 3))) & ~BB(k) & ~BB(rook);
    if (occ & crossed)
        return 0;
    /* One look per cell with the rook gone too: no diagonal through a cell
     * of the home rank meets the rook's, so only the rank's reach grows. */
    pdn_bb without = occ ^ BB(k) ^ BB(rook);
    for (pdn_bb w = way; w != 0; w &= w - 1)
        if (pdn_chess__attackers(b, pdn_chess__lsb(w), without) & enemy)
            return 0;
    out->from = (uint8_t)k;
    out->to = (uint8_t)rook;
    out->piece = PDN_CHESS_KING;
    out->promotion = 0;
    out->flags = PDN_CHESS_CASTLE;
    return 1;
}

/*
 * Whether the side to move has a legal move.  Asked after a check and at
 * the end of a game, when a king step is nearly always there and is tried
 * before the whole list.
 */
/* Whether a piece of the side to move other than its king can go to a
 * cell of `targets`, the one checker's cell or a cell between it and the
 * king.  A piece that reaches such a cell on the board answers the check
 * unless it leaves a line of its king with an enemy slider behind it (no
 * other line changes: the cell it goes to takes the checker's place or
 * closes its line), so its pin alone is tested; pawns, with their pushes
 * and en passant, are left to pdn_chess__origins(). */
static int reaches_any(const pdn_chess__board *b, pdn_bb targets)
{
    int us = b->us, k = pdn_chess__king(b, us);
    pdn_bb occ = b->side[0] | b->side[1], others = b->side[us] & ~BB(k);
    pdn_bb pawns = b->kind[PAWN_I] & others;
    for (; targets != 0; targets &= targets - 1) {
        int to = pdn_chess__lsb(targets);
        pdn_bb near = pdn_chess__attackers(b, to, occ) & others;
        for (pdn_bb s = near & ~pawns; s != 0; s &= s - 1)
            if (!pdn_chess__pin_breaks(b, k, pdn_chess__lsb(s), to))
                return 1;
        if (((near & pawns) || (pawns & (FILE_A_BB << (to & 7)))) &&
            pdn_chess__origins(b, to, PDN_PAWN) != 0)
            return 1;
    }
    return 0;
}

/* Whether a slider of `diag` (bishops and queens) or `straight` (rooks
 * and queens) reaches `cell` on the board occupied as `occ`: each of the
 * four lines through it traced alone, and only when such a slider stands
 * on it (most often one line has one). */
static PDN_FORCE_INLINE int slid_to(int cell, pdn_bb occ, pdn_bb diag, pdn_bb straight)
{
    pdn_bb up = pdn_chess__diag_table[cell], down = pdn_chess__anti_table[cell];
    pdn_bb file = FILE_A_BB << (cell & 7), rank = RANK_1_BB << (cell & 56);
    return ((diag & up) && (pdn_chess__upright(occ, up, cell) & diag)) ||
           ((diag & down) && (pdn_chess__upright(occ, down, cell) & diag)) ||
           ((straight & file) && (pdn_chess__upright(occ, file, cell) & straight)) ||
           ((straight & rank) && (pdn_chess__rank(occ, cell) & straight));
}

/* pdn_chess__has_move() past its first test: the king's steps that some
 * enemy slider's lines cross, traced; then, with the king in check and no
 * step, a move that takes the one checker or steps between (a move the
 * position after mate is asked for, most often); every move else.  Out of
 * line, so that the first test saves no registers. */
static PDN_NOINLINE int has_move_slow(const pdn_chess__board *b, pdn_bb steps, pdn_bb diag,
                                      pdn_bb straight)
{
    int us = b->us, k = pdn_chess__king(b, us);
    pdn_bb occ = (b->side[0] | b->side[1]) ^ BB(k);
    for (pdn_bb t = steps; t != 0; t &= t - 1)
        if (!slid_to(pdn_chess__lsb(t), occ, diag, straight))
            return 1;
    pdn_bb checkers = pdn_chess__attackers(b, k, occ ^ BB(k)) & b->side[us ^ 1];
    if (checkers != 0) {
        if (checkers & (checkers - 1))
            return 0; /* two checkers: the king alone could answer */
        int c = pdn_chess__lsb(checkers);
        pdn_bb targets = checkers;
        if (checkers & (diag | straight))
            targets |= pdn_chess__between(k, c, pdn_chess__line_through(k, c));
        /* A pawn that has just stepped two cells and checks is taken en
         * passant too. */
        if (b->ep >= 0 && (checkers & b->kind[PAWN_I]) && c == b->ep + (us ? 8 : -8))
            targets |= BB(b->ep);
        return reaches_any(b, targets);
    }
    pdn_chess_move list[PDN_CHESS_MOVES_MAX];
    return pdn_chess__generate(b, list) != 0;
}

int pdn_chess__has_move(const pdn_chess__board *b)
{
    int us = b->us, them = us ^ 1, k = pdn_chess__king(b, us);
    pdn_bb own = b->side[us], enemy = b->side[them];
    /* The cells the enemy's pawns, knights and king attack, all at once;
     * the sliders are asked cell by cell, without the king in their way. */
    pdn_bb near = pdn_chess__pawn_attacks(b->kind[PAWN_I] & enemy, them) |
                  pdn_chess__king_table[pdn_chess__king(b, them)];
    for (pdn_bb s = b->kind[KNIGHT_I] & enemy; s != 0; s &= s - 1)
        near |= pdn_chess__knight_table[pdn_chess__lsb(s)];
    pdn_bb diag = (b->kind[BISHOP_I] | b->kind[QUEEN_I]) & enemy;
    pdn_bb straight = (b->kind[ROOK_I] | b->kind[QUEEN_I]) & enemy;
    pdn_bb steps = pdn_chess__king_table[k] & ~own & ~near, sliders = diag | straight;
    /* A step off every line of every enemy slider needs no tracing: one
     * with no slider on its own lines (the king has fewer steps than the
     * enemy sliders, most often). */
    for (pdn_bb t = steps; t != 0; t &= t - 1)
        if (!(pdn_chess__rays_table[pdn_chess__lsb(t)] & sliders))
            return 1;
    return has_move_slow(b, steps, diag, straight);
}
