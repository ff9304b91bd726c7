/* SPDX-License-Identifier: MIT */
/*
 * san_text.c - SAN as text, with no position: taking a move apart into
 * piece, disambiguation, separator, destination, promotion and check mark,
 * the promotion check that needs no board, and writing it back.
 */
#include "chess/chess.h"

#include <string.h>

static int is_file(char c)
{
    return c >= 'a' && c <= 'h';
}

static int is_rank(char c)
{
    return c >= '1' && c <= '8';
}

/* The kind a piece letter names (uppercase; lowercase too when `lower`). */
static unsigned piece_letter(char c, int lower)
{
    if (lower && c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    switch (c) {
    case 'P':
        return PDN_PAWN;
    case 'N':
        return PDN_KNIGHT;
    case 'B':
        return PDN_BISHOP;
    case 'R':
        return PDN_ROOK;
    case 'Q':
        return PDN_QUEEN;
    case 'K':
        return PDN_CHESS_KING;
    default:
        return 0;
    }
}

static pdn_san_status fail(size_t *err_at, size_t at)
{
    *err_at = at;
    return PDN_SAN_MALFORMED;
}

/* Castle : "O-O" | "O-O-O", or the same with zeros (one character throughout). */
static size_t castle(pdn_san *out, const char *s, size_t len)
{
    char o = s[0];
    if (len < 3 || s[1] != '-' || s[2] != o)
        return 0;
    size_t i = 3;
    out->castle = PDN_SAN_CASTLE_SHORT;
    if (i + 1 < len && s[i] == '-' && s[i + 1] == o) {
        out->castle = PDN_SAN_CASTLE_LONG;
        i += 2;
    }
    if (o == '0')
        out->form |= PDN_SAN_NON_STANDARD;
    return i;
}

/*
 * Promotion : "=" Piece | Piece | "(" Piece ")" | "/" Piece
 * Only "=" and an uppercase letter are SAN; the long form's lowercase
 * letter (e7e8q) is its own convention.
 */
static pdn_san_status promotion(pdn_san *out, const char *s, size_t len, size_t *i, size_t *err_at)
{
    size_t j = *i;
    char open = j < len ? s[j] : 0;
    if (open == '=' || open == '(' || open == '/') {
        j++;
        unsigned kind = j < len ? piece_letter(s[j], 1) : 0;
        if (kind == 0 || kind == PDN_PAWN)
            return fail(err_at, j);
        if (s[j] >= 'a' || open != '=')
            out->form |= PDN_SAN_NON_STANDARD;
        out->promotion = (uint8_t)kind;
        j++;
        if (open == '(') {
            if (j >= len || s[j] != ')')
                return fail(err_at, j);
            j++;
        }
    } else if (j < len && piece_letter(s[j], 1) != 0 && piece_letter(s[j], 1) != PDN_PAWN) {
        int lower = s[j] >= 'a';
        /* "e8b" would be a file letter after a square: only n, b, r, q promote. */
        if (lower && s[j] == 'k')
            return fail(err_at, j);
        out->promotion = (uint8_t)piece_letter(s[j], 1);
        if (!(lower && (out->form & PDN_SAN_LONG)))
            out->form |= PDN_SAN_NON_STANDARD;
        j++;
    }
    *i = j;
    return PDN_SAN_OK;
}

/* Suffix : "!" | "?" | "!!" | "??" | "!?" | "?!" */
static size_t suffix(const char *s, size_t len, size_t i)
{
    size_t n = 0;
    while (i + n < len && n < 2 && (s[i + n] == '!' || s[i + n] == '?'))
        n++;
    return n;
}

/*
 * Move : Castle Check? | "--" | "Z0"
 *      | Piece? File? Rank? Separator? File Rank Promotion? Check?
 * Check : "+" | "#" | "++"
 * followed by Suffix?.  What stands before the last square is the
 * disambiguation; a lone square is the destination.
 */
static pdn_san_status parse(pdn_san *out, const char *s, size_t len, size_t *err_at,
                            size_t *promo_at)
{
    size_t i = 0;
    if (len == 0)
        return fail(err_at, 0);
    if (len >= 2 && ((s[0] == '-' && s[1] == '-') || (s[0] == 'Z' && s[1] == '0'))) {
        out->null_move = 1;
        i = 2;
    } else if (s[0] == 'O' || s[0] == '0') {
        i = castle(out, s, len);
        if (i == 0)
            return fail(err_at, len < 2 || s[1] != '-' ? 1 : 2);
    } else {
        unsigned kind = piece_letter(s[0], 0);
        if (kind != 0) {
            if (kind == PDN_PAWN)
                out->form |= PDN_SAN_NON_STANDARD;
            i++;
        }
        out->piece = (uint8_t)(kind ? kind : PDN_PAWN);
        int file = -1, rank = -1;
        if (i < len && is_file(s[i]))
            file = s[i++] - 'a';
        if (i < len && is_rank(s[i]))
            rank = s[i++] - '1';
        if (i < len && (s[i] == 'x' || s[i] == ':' || s[i] == '-')) {
            if (s[i] == '-' && (file < 0 || rank < 0))
                return fail(err_at, i);
            if (s[i] == ':')
                out->form |= PDN_SAN_NON_STANDARD;
            out->separator = s[i] == '-' ? '-' : 'x';
            i++;
        }
        if (i + 1 < len && is_file(s[i]) && is_rank(s[i + 1])) {
            out->from_file = (int8_t)file;
            out->from_rank = (int8_t)rank;
            out->to_file = (int8_t)(s[i] - 'a');
            out->to_rank = (int8_t)(s[i + 1] - '1');
            i += 2;
        } else if (out->separator == 0 && file >= 0 && rank >= 0 &&
                   (i >= len || !is_file(s[i]) || strchr("nbrq", s[i]) != NULL)) {
            /* A lone square is the destination; n, b, r, q may promote (e8q). */
            out->to_file = (int8_t)file;
            out->to_rank = (int8_t)rank;
        } else {
            /* A file letter wants its rank next. */
            return fail(err_at, i < len && is_file(s[i]) ? i + 1 : i);
        }
        int from_cell = out->from_file >= 0 && out->from_rank >= 0;
        if (out->separator == '-' || (out->piece == PDN_PAWN && from_cell))
            out->form |= PDN_SAN_LONG;
        /* Coordinates alone (g1f3) name the piece by where it stands. */
        if (kind == 0 && from_cell)
            out->piece = 0;
        *promo_at = i;
        pdn_san_status st = promotion(out, s, len, &i, err_at);
        if (st != PDN_SAN_OK)
            return st;
    }
    if (i < len && (s[i] == '+' || s[i] == '#') && !out->null_move) {
        out->check = s[i++];
        /* "++": double check in older notations; read as check. */
        if (out->check == '+' && i < len && s[i] == '+') {
            out->form |= PDN_SAN_NON_STANDARD;
            i++;
        }
    }
    out->length = i;
    i += suffix(s, len, i);
    if (i != len)
        return fail(err_at, i);
    return PDN_SAN_OK;
}

/* The kinds the piece letters of canonical SAN name; 0 for other bytes. */
static const uint8_t san_piece[128] = {
    ['N'] = PDN_KNIGHT, ['B'] = PDN_BISHOP,     ['R'] = PDN_ROOK,
    ['Q'] = PDN_QUEEN,  ['K'] = PDN_CHESS_KING,
};

/*
 * Canonical SAN, nearly every move of a real file, in one pass:
 * Piece? File? Rank? "x"? File Rank ("=" Piece)? ("+" | "#")?, a pawn
 * that reaches the last rank promoting and no other move doing so, and
 * nothing after.  Fills every field of `out` as parse() would and returns
 * 1; 0 for any other text, which parse() then takes apart (or rejects).
 */
static int plain(pdn_san *out, const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + len;
    if (len < 2 || len > 7)
        return 0;
    unsigned kind = p[0] < 128 ? san_piece[p[0]] : 0, c;
    int file = -1, rank = -1, to_file, to_rank;
    char sep = 0, check = 0;
    p += kind != 0;
    if ((c = (unsigned)*p - 'a') < 8) {
        file = (int)c;
        p++;
    }
    if (p < end && (c = (unsigned)*p - '1') < 8) {
        rank = (int)c;
        p++;
    }
    if (p < end && *p == 'x') {
        sep = 'x';
        p++;
    }
    if (end - p >= 2 && (unsigned)p[0] - 'a' < 8 && (unsigned)p[1] - '1' < 8) {
        /* Bare coordinates (e2e4) are the long form: left to parse(). */
        if (kind == 0 && file >= 0 && rank >= 0)
            return 0;
        to_file = p[0] - 'a';
        to_rank = p[1] - '1';
        p += 2;
    } else if (sep == 0 && file >= 0 && rank >= 0) {
        to_file = file;
        to_rank = rank;
        file = rank = -1;
    } else {
        return 0;
    }
    unsigned promotion = 0;
    if (kind == 0 && (to_rank == 0 || to_rank == 7)) {
        if (end - p < 2 || p[0] != '=' || p[1] >= 128 || (promotion = san_piece[p[1]]) == 0 ||
            promotion == PDN_CHESS_KING)
            return 0;
        p += 2;
    }
    if (p < end && (*p == '+' || *p == '#'))
        check = (char)*p++;
    if (p != end)
        return 0;
    out->piece = (uint8_t)(kind ? kind : PDN_PAWN);
    out->from_file = (int8_t)file;
    out->from_rank = (int8_t)rank;
    out->to_file = (int8_t)to_file;
    out->to_rank = (int8_t)to_rank;
    out->separator = sep;
    out->promotion = (uint8_t)promotion;
    out->castle = 0;
    out->null_move = 0;
    out->check = check;
    out->form = 0;
    out->length = len;
    return 1;
}

pdn_san_status pdn_san_parse(pdn_san *out, const char *text, size_t len, size_t *err_at)
{
    if (out != NULL && text != NULL && plain(out, text, len)) {
        if (err_at != NULL)
            *err_at = 0;
        return PDN_SAN_OK;
    }
    return pdn_chess__san_parse_all(out, text, len, err_at);
}

/* The rest of pdn_san_parse(), a function of its own so that the short
 * path above stays short once compiled. */
pdn_san_status pdn_chess__san_parse_all(pdn_san *out, const char *text, size_t len, size_t *err_at)
{
    size_t dummy, promo_at = 0;
    if (err_at == NULL)
        err_at = &dummy;
    *err_at = 0;
    if (out == NULL || (text == NULL && len != 0))
        return PDN_SAN_MALFORMED;
    memset(out, 0, sizeof *out);
    out->from_file = out->from_rank = out->to_file = out->to_rank = -1;
    pdn_san_status st = parse(out, text, len, err_at, &promo_at);
    if (st != PDN_SAN_OK || out->castle || out->null_move)
        return st;
    /* What can be told from the text alone (the assignment's promotionCheck). */
    int last = out->to_rank == 0 || out->to_rank == 7;
    int pawn = out->piece == PDN_PAWN, maybe_pawn = pawn || out->piece == 0;
    if (out->promotion != 0 && (!maybe_pawn || !last || out->promotion == PDN_CHESS_KING)) {
        *err_at = promo_at;
        return PDN_SAN_BAD_PROMOTION;
    }
    if (out->promotion == 0 && pawn && last) {
        *err_at = promo_at;
        return PDN_SAN_BAD_PROMOTION;
    }
    return PDN_SAN_OK;
}

static char upper_letter(unsigned kind)
{
    static const char letters[] = "PNBRQK";
    int i = KIND_INDEX(kind);
    return i >= 0 && i < KIND_COUNT ? letters[i] : '?';
}

size_t pdn_san_format(const pdn_san *san, char *buf)
{
    size_t n = 0;
    if (san->null_move) {
        buf[n++] = '-';
        buf[n++] = '-';
    } else if (san->castle) {
        memcpy(buf, san->castle == PDN_SAN_CASTLE_LONG ? "O-O-O" : "O-O",
               san->castle == PDN_SAN_CASTLE_LONG ? 5 : 3);
        n = san->castle == PDN_SAN_CASTLE_LONG ? 5 : 3;
    } else {
        /* A pawn's letter stays where dropping it would leave bare coordinates. */
        int from_cell = san->from_file >= 0 && san->from_rank >= 0;
        if ((san->piece != PDN_PAWN || from_cell) && san->piece != 0)
            buf[n++] = upper_letter(san->piece);
        if (san->from_file >= 0 && san->from_file < 8)
            buf[n++] = (char)('a' + san->from_file);
        if (san->from_rank >= 0 && san->from_rank < 8)
            buf[n++] = (char)('1' + san->from_rank);
        if (san->separator == 'x' || san->separator == '-')
            buf[n++] = san->separator;
        buf[n++] = (char)('a' + (san->to_file & 7));
        buf[n++] = (char)('1' + (san->to_rank & 7));
        if (san->promotion != 0) {
            buf[n++] = '=';
            buf[n++] = upper_letter(san->promotion);
        }
    }
    if (san->check == '+' || san->check == '#')
        buf[n++] = san->check;
    buf[n] = '\0';
    return n;
}
