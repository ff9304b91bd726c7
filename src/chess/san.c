/* SPDX-License-Identifier: MIT */
/*
 * san.c - SAN against a position: finding the legal move a parsed SAN names
 * (with notes on how far the text is from canonical SAN), and writing the
 * canonical SAN of a move.  Both work from the full list of legal moves,
 * which is what disambiguation is defined by.
 */
#include "chess/chess.h"

#include <string.h>

static int castles_short(pdn_chess_move m)
{
    return (m.to & 7) > (m.from & 7);
}

/*
 * The disambiguation canonical SAN writes (PGN 8.2.3.4): bit 1 the file,
 * bit 2 the rank.  A piece needs it when another of its kind can reach the
 * same cell: the file if that tells them apart, else the rank, else both.
 * A pawn capture always names its file.
 */
static int needed(const pdn_chess_move *moves, size_t n, pdn_chess_move m)
{
    if (m.piece == PDN_PAWN)
        return (m.flags & PDN_CHESS_CAPTURE) ? 1 : 0;
    if (m.flags & PDN_CHESS_CASTLE)
        return 0;
    int rivals = 0, same_file = 0, same_rank = 0;
    for (size_t i = 0; i < n; i++) {
        pdn_chess_move o = moves[i];
        if (o.piece != m.piece || o.to != m.to || o.from == m.from || (o.flags & PDN_CHESS_CASTLE))
            continue;
        rivals = 1;
        same_file |= (o.from & 7) == (m.from & 7);
        same_rank |= (o.from >> 3) == (m.from >> 3);
    }
    if (!rivals)
        return 0;
    return !same_file ? 1 : !same_rank ? 2 : 3;
}

/*
 * Whether a plain move (no castling, en passant or null move) leaves the
 * other king attacked: the mover's pieces as they stand after it, with the
 * board's occupancy after it.  Saves making the move on a copy for the
 * great majority of moves, which give no check.
 */
static int plain_gives_check(const pdn_chess__board *b, pdn_chess_move m)
{
    int us = b->us;
    pdn_bb own = (b->side[us] & ~BB(m.from)) | BB(m.to);
    pdn_bb occ = ((b->side[0] | b->side[1]) & ~BB(m.from)) | BB(m.to);
    pdn_bb kind[KIND_COUNT];
    for (int i = 0; i < KIND_COUNT; i++)
        kind[i] = b->kind[i] & own & ~BB(m.to);
    kind[KIND_INDEX(m.promotion ? m.promotion : m.piece)] |= BB(m.to);
    int k = pdn_chess__king(b, us ^ 1);
    pdn_bb diag = kind[BISHOP_I] | kind[QUEEN_I], straight = kind[ROOK_I] | kind[QUEEN_I];
    return ((pdn_chess__knight_table[k] & kind[KNIGHT_I]) |
            (pdn_chess__pawn_attacks(BB(k), us ^ 1) & kind[PAWN_I]) |
            (pdn_chess__bishop(k, occ) & diag) | (pdn_chess__rook(k, occ) & straight)) != 0;
}

/* '+' or '#' when the move gives check or mate, else 0. */
static char mark_after(const pdn_chess__board *b, pdn_chess_move m)
{
    if (!(m.flags & (PDN_CHESS_NULL | PDN_CHESS_CASTLE | PDN_CHESS_EN_PASSANT)) &&
        !plain_gives_check(b, m))
        return 0;
    pdn_chess__board next = *b;
    pdn_chess_move replies[PDN_CHESS_MOVES_MAX];
    if (m.flags & PDN_CHESS_NULL)
        pdn_chess__make_null(&next);
    else
        pdn_chess__make(&next, m);
    if (!pdn_chess__in_check(&next))
        return 0;
    return pdn_chess__generate(&next, replies) == 0 ? '#' : '+';
}

static char letter(unsigned kind)
{
    static const char letters[] = "PNBRQK";
    return letters[KIND_INDEX(kind)];
}

static void format(char *out, const pdn_chess__board *b, const pdn_chess_move *moves, size_t n,
                   pdn_chess_move m)
{
    size_t k = 0;
    if (m.flags & PDN_CHESS_NULL) {
        out[k++] = '-';
        out[k++] = '-';
    } else if (m.flags & PDN_CHESS_CASTLE) {
        const char *text = castles_short(m) ? "O-O" : "O-O-O";
        memcpy(out, text, strlen(text));
        k = strlen(text);
    } else {
        int need = needed(moves, n, m);
        if (m.piece != PDN_PAWN)
            out[k++] = letter(m.piece);
        if (need & 1)
            out[k++] = (char)('a' + (m.from & 7));
        if (need & 2)
            out[k++] = (char)('1' + (m.from >> 3));
        if (m.flags & PDN_CHESS_CAPTURE)
            out[k++] = 'x';
        out[k++] = (char)('a' + (m.to & 7));
        out[k++] = (char)('1' + (m.to >> 3));
        if (m.promotion) {
            out[k++] = '=';
            out[k++] = letter(m.promotion);
        }
    }
    char mark = mark_after(b, m);
    if (mark)
        out[k++] = mark;
    out[k] = '\0';
}

pdn_status pdn_chess_format_san(char *out, const pdn_position *pos, pdn_chess_move move)
{
    pdn_chess__board b;
    pdn_chess_move list[PDN_CHESS_MOVES_MAX];
    if (out == NULL)
        return PDN_EINVAL;
    out[0] = '\0';
    if (pdn_chess__load(&b, pos) != 0)
        return PDN_EINVAL;
    if (move.flags & PDN_CHESS_NULL) {
        if (pdn_chess__in_check(&b))
            return PDN_EINVAL;
        pdn_chess_move null_move = {0, 0, 0, 0, PDN_CHESS_NULL};
        format(out, &b, list, 0, null_move);
        return PDN_OK;
    }
    size_t n = pdn_chess__generate(&b, list);
    if (n > PDN_CHESS_MOVES_MAX)
        return PDN_ELIMIT;
    for (size_t i = 0; i < n; i++) {
        if (pdn_chess__same_move(list[i], move)) {
            format(out, &b, list, n, list[i]);
            return PDN_OK;
        }
    }
    return PDN_EINVAL;
}

/*
 * A king move written with its from cell names castling when it goes onto
 * the own rook (Chess960 style, e1h1) or two files over (e1g1).
 */
static int king_move_castles(const pdn_san *san, int to, pdn_chess_move m)
{
    if (san->from_file < 0 || san->from_rank < 0 || san->from_rank * 8 + san->from_file != m.from)
        return 0;
    if (san->piece != 0 && san->piece != PDN_CHESS_KING)
        return 0;
    int king_to = pdn_chess__castle_king_to(m), files = (king_to & 7) - (m.from & 7);
    return to == m.to || (to == king_to && (files == 2 || files == -2));
}

/* 1 when the text's from cell, piece and destination allow `m`. */
static int matches(const pdn_san *san, int to, pdn_chess_move m)
{
    if (m.flags & PDN_CHESS_CASTLE)
        return king_move_castles(san, to, m);
    return m.to == to && (san->piece == 0 || san->piece == m.piece) &&
           (san->from_file < 0 || san->from_file == (m.from & 7)) &&
           (san->from_rank < 0 || san->from_rank == (m.from >> 3));
}

/* How the text differs from the canonical SAN of the move it resolved to. */
static unsigned notes_for(const pdn_san *san, const pdn_chess__board *b,
                          const pdn_chess_move *moves, size_t n, pdn_chess_move m)
{
    unsigned notes = san->form;
    if (!san->castle) {
        int capture = (m.flags & PDN_CHESS_CAPTURE) != 0;
        int bare_long = (san->form & PDN_SAN_LONG) && san->separator == 0;
        if (san->separator == 'x' && !capture)
            notes |= PDN_SAN_CAPTURE_WRONG;
        if (capture && san->separator != 'x' && !bare_long)
            notes |= PDN_SAN_CAPTURE_MISSING;
    }
    if ((m.flags & PDN_CHESS_CASTLE) && !san->castle && !(san->form & PDN_SAN_LONG)) {
        notes |= PDN_SAN_NON_STANDARD;
    } else if (!san->castle && !(san->form & PDN_SAN_LONG)) {
        int need = needed(moves, n, m);
        int file = san->from_file >= 0, rank = san->from_rank >= 0;
        if (m.piece == PDN_PAWN && (m.flags & PDN_CHESS_CAPTURE) && !file)
            notes |= PDN_SAN_NON_STANDARD;
        else if (need == 1 && rank && !file)
            notes |= PDN_SAN_NON_STANDARD;
        else if ((file && !(need & 1)) || (rank && !(need & 2)))
            notes |= PDN_SAN_OVERSPECIFIED;
    }
    char mark = mark_after(b, m);
    if (san->check == 0 && mark != 0)
        notes |= PDN_SAN_CHECK_MISSING;
    else if (san->check != 0 && san->check != mark)
        notes |= PDN_SAN_CHECK_WRONG;
    return notes;
}

/* The promotion checks that need the side to move: its last rank. */
static int promotion_wrong(const pdn_san *san, int last_rank)
{
    if (san->promotion != 0)
        return (san->piece != 0 && san->piece != PDN_PAWN) || san->promotion == PDN_PAWN ||
               san->promotion == PDN_CHESS_KING || san->to_rank != last_rank;
    return san->piece == PDN_PAWN && san->to_rank == last_rank;
}

/*
 * At most how many legal moves the side to move has: every piece counted
 * with the most moves its kind ever has (a pawn's three cells times four
 * promotions).  Below PDN_CHESS_MOVES_MAX the full list cannot overflow.
 */
static int population(pdn_bb x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static int moves_bound(const pdn_chess__board *b)
{
    /* queens 27, rooks 14 and bishops 13 (both counted as 14), the others
     * at most 12 (pawns; knights 8, the king 8 and two castlings) */
    pdn_bb own = b->side[b->us], queens = b->kind[QUEEN_I] & own;
    pdn_bb lines = (b->kind[ROOK_I] | b->kind[BISHOP_I]) & own;
    int q = population(queens), l = population(lines);
    return 27 * q + 14 * l + 12 * (population(own) - q - l);
}

/*
 * The moves resolving needs.  A SAN that names neither castling nor a king
 * on a given cell (the long forms of castling) can only mean a move to its
 * destination by the piece it names, and disambiguation looks only at the
 * moves of that kind to that cell: the generator lists just those, unless
 * the full list could overflow (then the full count decides, as below).
 */
static size_t candidates(const pdn_chess__board *b, const pdn_san *san, int to,
                         pdn_chess_move *list)
{
    int king_cell = san->from_file >= 0 && san->from_rank >= 0 &&
                    (san->piece == 0 || san->piece == PDN_CHESS_KING);
    if (san->castle || king_cell || moves_bound(b) > PDN_CHESS_MOVES_MAX)
        return pdn_chess__generate(b, list);
    return pdn_chess__generate_to(b, list, to, san->piece);
}

pdn_san_status pdn_san_resolve(pdn_chess_move *out, unsigned *notes, const pdn_position *pos,
                               const pdn_san *san)
{
    pdn_chess__board b;
    if (notes != NULL)
        *notes = 0;
    if (out == NULL || san == NULL)
        return PDN_SAN_MALFORMED;
    if (pdn_chess__load(&b, pos) != 0)
        return PDN_SAN_BAD_POSITION;
    return pdn_chess__resolve(out, notes, &b, san);
}

pdn_san_status pdn_chess__resolve(pdn_chess_move *out, unsigned *notes, const pdn_chess__board *b,
                                  const pdn_san *san)
{
    pdn_chess_move list[PDN_CHESS_MOVES_MAX];
    if (notes != NULL)
        *notes = 0;
    if (out == NULL || san == NULL)
        return PDN_SAN_MALFORMED;
    if (san->null_move) {
        if (pdn_chess__in_check(b))
            return PDN_SAN_ILLEGAL;
        pdn_chess_move null_move = {0, 0, 0, 0, PDN_CHESS_NULL};
        *out = null_move;
        if (notes != NULL)
            *notes = san->form | PDN_SAN_NULL_MOVE;
        return PDN_SAN_OK;
    }
    int to = -1;
    if (!san->castle) {
        if (san->to_file < 0 || san->to_file > 7 || san->to_rank < 0 || san->to_rank > 7)
            return PDN_SAN_MALFORMED;
        to = san->to_rank * 8 + san->to_file;
        if (promotion_wrong(san, b->us ? 0 : 7))
            return PDN_SAN_BAD_PROMOTION;
    }
    size_t n = candidates(b, san, to, list), found = 0, hit = 0;
    if (n > PDN_CHESS_MOVES_MAX)
        return PDN_SAN_BAD_POSITION;
    int promotes = 0;
    for (size_t i = 0; i < n; i++) {
        pdn_chess_move m = list[i];
        if (san->castle) {
            if (!(m.flags & PDN_CHESS_CASTLE) ||
                castles_short(m) != (san->castle == PDN_SAN_CASTLE_SHORT))
                continue;
        } else if (!matches(san, to, m)) {
            continue;
        } else if (m.promotion != san->promotion) {
            promotes |= m.promotion != 0 && san->promotion == 0;
            continue;
        }
        if (found++ == 0)
            hit = i;
    }
    if (found == 0)
        return promotes ? PDN_SAN_BAD_PROMOTION : PDN_SAN_ILLEGAL;
    if (found > 1)
        return PDN_SAN_AMBIGUOUS;
    *out = list[hit];
    if (notes != NULL)
        *notes = notes_for(san, b, list, n, list[hit]);
    return PDN_SAN_OK;
}

pdn_san_status pdn_chess_parse_san(pdn_chess_move *out, unsigned *notes, const pdn_position *pos,
                                   const char *text, size_t len, size_t *err_at)
{
    pdn_san san;
    if (notes != NULL)
        *notes = 0;
    pdn_san_status st = pdn_san_parse(&san, text, len, err_at);
    if (st != PDN_SAN_OK)
        return st;
    return pdn_san_resolve(out, notes, pos, &san);
}
