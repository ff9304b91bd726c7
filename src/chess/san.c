/* SPDX-License-Identifier: MIT */
/*
 * san.c - SAN against a position: finding the legal move a parsed SAN names
 * (with notes on how far the text is from canonical SAN), and writing the
 * canonical SAN of a move.  Disambiguation is defined by the legal moves of
 * the same kind to the same cell: for usual SAN those come from the cells
 * that reach the destination (pdn_chess__origins()), not from a move list.
 */
#include "chess/chess.h"

#include <string.h>

static int castles_short(pdn_chess_move m)
{
    return (m.to & 7) > (m.from & 7);
}

/* The cells of the other pieces of the kind of `m` that can go where it goes. */
static pdn_bb rivals_in(const pdn_chess_move *moves, size_t n, pdn_chess_move m)
{
    pdn_bb rivals = 0;
    for (size_t i = 0; i < n; i++) {
        pdn_chess_move o = moves[i];
        if (o.piece == m.piece && o.to == m.to && o.from != m.from && !(o.flags & PDN_CHESS_CASTLE))
            rivals |= BB(o.from);
    }
    return rivals;
}

/* '+' or '#' when the move gives check or mate, else 0. */
static char mark_after(const pdn_chess__board *b, pdn_chess_move m)
{
    int plain = !(m.flags & (PDN_CHESS_NULL | PDN_CHESS_CASTLE | PDN_CHESS_EN_PASSANT));
    if (plain && !pdn_chess__gives_check(b, m))
        return 0;
    pdn_chess__board next = *b;
    if (m.flags & PDN_CHESS_NULL)
        pdn_chess__make_null(&next);
    else
        pdn_chess__make(&next, m);
    if (!plain && !pdn_chess__in_check(&next))
        return 0;
    next.check = 1;
    return pdn_chess__has_move(&next) ? '+' : '#';
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
        int need = pdn_chess__needed(m, rivals_in(moves, n, m));
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

/* How the text differs from the canonical SAN of the move it resolved to;
 * `rivals` as for pdn_chess__needed().  *checks: whether the move gives check. */
static unsigned notes_for(const pdn_san *san, const pdn_chess__board *b, pdn_chess_move m,
                          pdn_bb rivals, int *checks)
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
        int need = pdn_chess__needed(m, rivals);
        int file = san->from_file >= 0, rank = san->from_rank >= 0;
        if (m.piece == PDN_PAWN && (m.flags & PDN_CHESS_CAPTURE) && !file)
            notes |= PDN_SAN_NON_STANDARD;
        else if (need == 1 && rank && !file)
            notes |= PDN_SAN_NON_STANDARD;
        else if ((file && !(need & 1)) || (rank && !(need & 2)))
            notes |= PDN_SAN_OVERSPECIFIED;
    }
    char mark = mark_after(b, m);
    *checks = mark != 0;
    return notes | pdn_chess__mark_notes(san->check, mark);
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
 * with the most moves its kind ever has (PIECE_BOUND), a sum the board
 * keeps.  Below PDN_CHESS_MOVES_MAX the full list cannot overflow.
 */
static int moves_bound(const pdn_chess__board *b)
{
    return b->bound[b->us];
}

/*
 * The moves resolving needs.  A SAN that names neither castling nor a king
 * on a given cell (the long forms of castling) can only mean a move to its
 * destination by the piece it names, and disambiguation looks only at the
 * moves of that kind to that cell: the generator lists just those.  Bare
 * coordinates (g1f3) name the kind of what stands on the from cell; no
 * other move can match them.  The full list is made when it could
 * overflow (then the full count decides, as below).
 */
static size_t candidates(const pdn_chess__board *b, const pdn_san *san, int to,
                         pdn_chess_move *list)
{
    unsigned kind = san->piece;
    if (moves_bound(b) > PDN_CHESS_MOVES_MAX)
        return pdn_chess__generate(b, list);
    if (san->from_file >= 0 && san->from_rank >= 0 && (kind == 0 || kind == PDN_CHESS_KING)) {
        pdn_piece p = b->at[san->from_rank * 8 + san->from_file];
        int ours = p != 0 && PDN_PIECE_COLOR(p) == (b->us ? PDN_BLACK : PDN_WHITE);
        if (ours && PDN_PIECE_KIND(p) == PDN_CHESS_KING)
            return pdn_chess__generate(b, list);
        if (kind == 0) {
            if (!ours)
                return 0;
            kind = PDN_PIECE_KIND(p);
        }
    }
    return pdn_chess__generate_to(b, list, to, kind);
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
    return pdn_chess__resolve(out, notes, NULL, &b, san);
}

/*
 * A SAN that names its piece, and not a king with its from cell (a long
 * form of castling): the legal moves it can mean come from one set of
 * cells, and resolving needs no list.  The promotion was checked before,
 * so a pawn that reaches the last rank has the one SAN asks for.
 */
static pdn_san_status resolve_named(pdn_chess_move *out, unsigned *notes, int *checks,
                                    const pdn_chess__board *b, const pdn_san *san, int to)
{
    pdn_bb legal = pdn_chess__origins(b, to, san->piece), pick = legal;
    if (san->from_file >= 0)
        pick &= FILE_A_BB << san->from_file;
    if (san->from_rank >= 0)
        pick &= RANK_1_BB << (8 * san->from_rank);
    if (pick == 0)
        return PDN_SAN_ILLEGAL;
    if (pick & (pick - 1))
        return PDN_SAN_AMBIGUOUS;
    int from = pdn_chess__lsb(pick);
    pdn_chess_move m = {(uint8_t)from, (uint8_t)to, san->piece, san->promotion,
                        (uint8_t)pdn_chess__flags(b, from, to)};
    *out = m;
    if (notes != NULL)
        *notes = notes_for(san, b, m, legal & ~pick, checks);
    return PDN_SAN_OK;
}

pdn_san_status pdn_chess__resolve(pdn_chess_move *out, unsigned *notes, int *checks,
                                  const pdn_chess__board *b, const pdn_san *san)
{
    pdn_chess_move list[PDN_CHESS_MOVES_MAX];
    int dummy;
    if (checks == NULL)
        checks = &dummy;
    *checks = -1;
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
    if (moves_bound(b) <= PDN_CHESS_MOVES_MAX) {
        int king_cell = san->from_file >= 0 && san->from_rank >= 0 &&
                        (san->piece == 0 || san->piece == PDN_CHESS_KING);
        if (san->castle) {
            /* At most one castling per wing: no list is needed to tell it. */
            pdn_chess_move m;
            if (!pdn_chess__castle(b, san->castle == PDN_SAN_CASTLE_SHORT ? 0 : 1, &m))
                return PDN_SAN_ILLEGAL;
            *out = m;
            if (notes != NULL)
                *notes = notes_for(san, b, m, 0, checks);
            return PDN_SAN_OK;
        }
        if (!king_cell)
            return resolve_named(out, notes, checks, b, san, to);
    }
    size_t n = san->castle ? pdn_chess__generate(b, list) : candidates(b, san, to, list);
    size_t found = 0, hit = 0;
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
        *notes = notes_for(san, b, list[hit], rivals_in(list, n, list[hit]), checks);
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
