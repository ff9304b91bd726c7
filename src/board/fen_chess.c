/* SPDX-License-Identifier: MIT */
/*
 * fen_chess.c - chess FEN (GameType 0) onto a board and back: the six
 * fields, castling as KQkq or as Shredder/X-FEN rook files (Chess960), and
 * the checks that make a FEN a position that can occur.
 */
#include "board/board.h"

#include <string.h>

static pdn_diag_code fail(size_t *err_at, size_t at, pdn_diag_code code)
{
    *err_at = at;
    return code;
}

static unsigned piece_of(char c)
{
    switch (c) {
    case 'P':
        return PDN_PAWN | PDN_WHITE;
    case 'N':
        return PDN_KNIGHT | PDN_WHITE;
    case 'B':
        return PDN_BISHOP | PDN_WHITE;
    case 'R':
        return PDN_ROOK | PDN_WHITE;
    case 'Q':
        return PDN_QUEEN | PDN_WHITE;
    case 'K':
        return PDN_CHESS_KING | PDN_WHITE;
    case 'p':
        return PDN_PAWN | PDN_BLACK;
    case 'n':
        return PDN_KNIGHT | PDN_BLACK;
    case 'b':
        return PDN_BISHOP | PDN_BLACK;
    case 'r':
        return PDN_ROOK | PDN_BLACK;
    case 'q':
        return PDN_QUEEN | PDN_BLACK;
    case 'k':
        return PDN_CHESS_KING | PDN_BLACK;
    default:
        return 0;
    }
}

/* FEN letter of each piece code. */
static const char letter_of[64] = {
    [PDN_PAWN | PDN_WHITE] = 'P',   [PDN_KNIGHT | PDN_WHITE] = 'N',
    [PDN_BISHOP | PDN_WHITE] = 'B', [PDN_ROOK | PDN_WHITE] = 'R',
    [PDN_QUEEN | PDN_WHITE] = 'Q',  [PDN_CHESS_KING | PDN_WHITE] = 'K',
    [PDN_PAWN | PDN_BLACK] = 'p',   [PDN_KNIGHT | PDN_BLACK] = 'n',
    [PDN_BISHOP | PDN_BLACK] = 'b', [PDN_ROOK | PDN_BLACK] = 'r',
    [PDN_QUEEN | PDN_BLACK] = 'q',  [PDN_CHESS_KING | PDN_BLACK] = 'k',
};

/* ---------------------------------------------------------------------- */
/* Attacks: enough to tell whether a king stands in check                 */
/* ---------------------------------------------------------------------- */

static int piece_at(const pdn_position *pos, int f, int r)
{
    if (f < 0 || f > 7 || r < 0 || r > 7)
        return -1;
    return pos->board[r * 8 + f];
}

static int slider(const pdn_position *pos, int f, int r, const int (*dirs)[2], unsigned by,
                  unsigned kind_a, unsigned kind_b)
{
    for (int d = 0; d < 4; d++) {
        int x = f + dirs[d][0], y = r + dirs[d][1], p;
        while ((p = piece_at(pos, x, y)) == 0) {
            x += dirs[d][0];
            y += dirs[d][1];
        }
        if (p > 0 && PDN_PIECE_COLOR(p) == by &&
            (PDN_PIECE_KIND(p) == kind_a || PDN_PIECE_KIND(p) == kind_b))
            return 1;
    }
    return 0;
}

static int attacked(const pdn_position *pos, int cell, unsigned by)
{
    static const int knight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int straight[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static const int diagonal[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    int f = cell % 8, r = cell / 8;
    int pawn_r = by == PDN_WHITE ? r - 1 : r + 1;
    for (int df = -1; df <= 1; df += 2)
        if (piece_at(pos, f + df, pawn_r) == (int)(PDN_PAWN | by))
            return 1;
    for (int i = 0; i < 8; i++) {
        if (piece_at(pos, f + knight[i][0], r + knight[i][1]) == (int)(PDN_KNIGHT | by) ||
            piece_at(pos, f + king[i][0], r + king[i][1]) == (int)(PDN_CHESS_KING | by))
            return 1;
    }
    return slider(pos, f, r, straight, by, PDN_ROOK, PDN_QUEEN) ||
           slider(pos, f, r, diagonal, by, PDN_BISHOP, PDN_QUEEN);
}

/* ---------------------------------------------------------------------- */
/* Reading                                                                */
/* ---------------------------------------------------------------------- */

/* Placement: ranks 8 to 1 separated by '/', digits for empty squares. */
/* The cells of the kings and pawns met, for validate(); a 19th is too many. */
typedef struct found_cells {
    int count;
    int8_t cells[19];
} found_cells;

static pdn_diag_code placement(pdn_position *pos, const char *s, size_t *i, size_t end,
                               size_t at_cell[64], found_cells *found, size_t *err_at)
{
    for (int rank = 7; rank >= 0; rank--) {
        if (rank < 7) {
            if (*i >= end || s[*i] != '/')
                return fail(err_at, *i, PDN_D_BAD_FEN);
            (*i)++;
        }
        int file = 0, after_digit = 0;
        while (*i < end && s[*i] != '/' && s[*i] != ' ') {
            char c = s[*i];
            unsigned p = piece_of(c);
            if (c >= '1' && c <= '8' && !after_digit && file + (c - '0') <= 8) {
                file += c - '0';
                after_digit = 1;
            } else if (p != 0 && file < 8) {
                int cell = rank * 8 + file;
                if (PDN_PIECE_KIND(p) == PDN_CHESS_KING || PDN_PIECE_KIND(p) == PDN_PAWN) {
                    /* Only kings and pawns can make a placement impossible. */
                    if (found->count < 19)
                        found->cells[found->count++] = (int8_t)cell;
                    at_cell[cell] = *i;
                }
                pos->board[cell] = (pdn_piece)p;
                file++;
                after_digit = 0;
            } else {
                return fail(err_at, *i, PDN_D_BAD_FEN);
            }
            (*i)++;
        }
        if (file != 8)
            return fail(err_at, *i, PDN_D_BAD_FEN);
    }
    return PDN_D_NONE;
}

/* The gap between fields: one space is the form, more is tolerated. */
static int gap(const char *s, size_t *i, size_t end, size_t *form_at)
{
    size_t j = *i;
    while (j < end && (s[j] == ' ' || s[j] == '\t'))
        j++;
    if (j == *i || j == end)
        return 0;
    if ((j - *i > 1 || s[*i] != ' ') && *form_at == SIZE_MAX)
        *form_at = *i;
    *i = j;
    return 1;
}

static int king_file(const pdn_position *pos, unsigned color)
{
    int base = color == PDN_WHITE ? 0 : 56;
    for (int f = 0; f < 8; f++)
        if (pos->board[base + f] == (PDN_CHESS_KING | color))
            return f;
    return -1;
}

/* The outermost rook of `color` on its back rank on one side of the king. */
static int outer_rook(const pdn_position *pos, unsigned color, int kf, int short_side)
{
    int base = color == PDN_WHITE ? 0 : 56;
    if (short_side) {
        for (int f = 7; f > kf; f--)
            if (pos->board[base + f] == (PDN_ROOK | color))
                return f;
    } else {
        for (int f = 0; f < kf; f++)
            if (pos->board[base + f] == (PDN_ROOK | color))
                return f;
    }
    return -1;
}

/*
 * Castling: "-", or KQkq (the outermost rook on that side: X-FEN), or rook
 * files A-H/a-h (Shredder-FEN), at most one right per side and wing.
 */
static pdn_diag_code castling(pdn_position *pos, const char *s, size_t *i, size_t end,
                              size_t *err_at)
{
    if (*i < end && s[*i] == '-') {
        (*i)++;
        return PDN_D_NONE;
    }
    size_t start = *i;
    while (*i < end && s[*i] != ' ') {
        char c = s[*i];
        unsigned color = (c >= 'a' && c <= 'z') ? PDN_BLACK : PDN_WHITE;
        char up = color == PDN_BLACK ? (char)(c - 'a' + 'A') : c;
        int kf = king_file(pos, color), rook = -1, short_side;
        if (up != 'K' && up != 'Q' && (up < 'A' || up > 'H'))
            return fail(err_at, *i, PDN_D_BAD_FEN);
        if (kf < 0)
            return fail(err_at, *i, PDN_D_FEN_POSITION);
        if (up == 'K' || up == 'Q') {
            short_side = up == 'K';
            rook = outer_rook(pos, color, kf, short_side);
        } else {
            int f = up - 'A', base = color == PDN_WHITE ? 0 : 56;
            short_side = f > kf;
            if (f != kf && pos->board[base + f] == (PDN_ROOK | color))
                rook = f;
        }
        if (rook < 0)
            return fail(err_at, *i, PDN_D_FEN_POSITION);
        int slot = (color == PDN_BLACK ? 2 : 0) + (short_side ? 0 : 1);
        if (pos->castling[slot] >= 0 || *i - start >= 4)
            return fail(err_at, *i, PDN_D_BAD_FEN);
        pos->castling[slot] = (int8_t)rook;
        (*i)++;
    }
    return *i == start ? fail(err_at, *i, PDN_D_BAD_FEN) : PDN_D_NONE;
}

/* The en-passant target must lie behind a pawn that has just moved two squares. */
static pdn_diag_code en_passant(pdn_position *pos, const char *s, size_t *i, size_t end,
                                size_t *err_at)
{
    if (*i < end && s[*i] == '-') {
        (*i)++;
        return PDN_D_NONE;
    }
    size_t at = *i;
    if (*i + 1 >= end || s[*i] < 'a' || s[*i] > 'h' || (s[*i + 1] != '3' && s[*i + 1] != '6'))
        return fail(err_at, *i, PDN_D_BAD_FEN);
    int f = s[*i] - 'a', r = s[*i + 1] - '1';
    *i += 2;
    int white_moves = pos->turn == 'W';
    int pawn_r = white_moves ? 4 : 3, from_r = white_moves ? 6 : 1;
    unsigned mover = white_moves ? PDN_BLACK : PDN_WHITE;
    if (r != (white_moves ? 5 : 2) || pos->board[pawn_r * 8 + f] != (PDN_PAWN | mover) ||
        pos->board[r * 8 + f] != 0 || pos->board[from_r * 8 + f] != 0)
        return fail(err_at, at, PDN_D_FEN_POSITION);
    pos->en_passant = (int16_t)(r * 8 + f);
    return PDN_D_NONE;
}

static int counter(const char *s, size_t *i, size_t end, int *out)
{
    long v = 0;
    size_t j = *i;
    while (j < end && s[j] >= '0' && s[j] <= '9') {
        if (v < 100000000L)
            v = v * 10 + (s[j] - '0');
        j++;
    }
    if (j == *i || v >= 100000000L || (j < end && s[j] != ' ' && s[j] != '\t'))
        return 0;
    *out = (int)v;
    *i = j;
    return 1;
}

/* Kings, pawns and check: what no game can reach. */
static pdn_diag_code validate(const pdn_position *pos, const found_cells *found,
                              const size_t at_cell[64], size_t side_at, size_t *err_at)
{
    int kings[2] = {-1, -1};
    for (int k = 0; k < found->count; k++) {
        int cell = found->cells[k];
        pdn_piece p = pos->board[cell];
        if (PDN_PIECE_KIND(p) == PDN_CHESS_KING) {
            int side = PDN_PIECE_COLOR(p) == PDN_WHITE ? 0 : 1;
            if (kings[side] >= 0)
                return fail(err_at, at_cell[cell], PDN_D_FEN_POSITION);
            kings[side] = cell;
        } else if (cell < 8 || cell >= 56) {
            return fail(err_at, at_cell[cell], PDN_D_FEN_POSITION);
        }
    }
    if (found->count > 18) /* more than 16 pawns and two kings */
        return fail(err_at, at_cell[found->cells[18]], PDN_D_FEN_POSITION);
    if (kings[0] < 0 || kings[1] < 0)
        return fail(err_at, 0, PDN_D_FEN_POSITION);
    /* The side that has just moved cannot have left its king in check. */
    int idle = pos->turn == 'W' ? kings[1] : kings[0];
    if (attacked(pos, idle, pos->turn == 'W' ? PDN_WHITE : PDN_BLACK))
        return fail(err_at, side_at, PDN_D_FEN_POSITION);
    return PDN_D_NONE;
}

/*
 * ChessFen : PLACEMENT " " SIDE " " CASTLING " " EP (" " HALFMOVE " " FULLMOVE)?
 * The four-field form (EPD) leaves the clocks at 0 and 1.
 */
pdn_diag_code pdn_board__chess_fen_read(pdn_position *pos, const char *s, size_t begin, size_t end,
                                        size_t *err_at)
{
    size_t i = begin, form_at = SIZE_MAX, at_cell[64];
    found_cells found = {0, {0}};
    pdn_diag_code c = placement(pos, s, &i, end, at_cell, &found, err_at);
    if (c != PDN_D_NONE)
        return c;
    if (!gap(s, &i, end, &form_at))
        return fail(err_at, i, PDN_D_BAD_FEN);
    size_t side_at = i;
    char side = s[i];
    if (side == 'W' || side == 'B') {
        if (form_at == SIZE_MAX)
            form_at = i;
        side = (char)(side - 'A' + 'a');
    }
    if ((side != 'w' && side != 'b') || (i + 1 < end && s[i + 1] != ' ' && s[i + 1] != '\t'))
        return fail(err_at, side != 'w' && side != 'b' ? i : i + 1, PDN_D_BAD_FEN);
    pos->turn = side == 'w' ? 'W' : 'B';
    i++;
    if (!gap(s, &i, end, &form_at))
        return fail(err_at, i, PDN_D_BAD_FEN);
    if ((c = castling(pos, s, &i, end, err_at)) != PDN_D_NONE)
        return c;
    if (!gap(s, &i, end, &form_at))
        return fail(err_at, i, PDN_D_BAD_FEN);
    if ((c = en_passant(pos, s, &i, end, err_at)) != PDN_D_NONE)
        return c;
    if (i < end) {
        int half, full;
        if (!gap(s, &i, end, &form_at) || !counter(s, &i, end, &half))
            return fail(err_at, i, PDN_D_BAD_FEN);
        if (!gap(s, &i, end, &form_at) || !counter(s, &i, end, &full))
            return fail(err_at, i, PDN_D_BAD_FEN);
        if (i != end)
            return fail(err_at, i, PDN_D_BAD_FEN);
        pos->halfmove_clock = half;
        pos->fullmove = full;
    }
    if ((c = validate(pos, &found, at_cell, side_at, err_at)) != PDN_D_NONE)
        return c;
    return form_at != SIZE_MAX ? fail(err_at, form_at, PDN_D_FEN_FORM) : PDN_D_NONE;
}

/* ---------------------------------------------------------------------- */
/* Writing                                                                */
/* ---------------------------------------------------------------------- */

typedef struct out {
    char *buf;
    size_t cap, len;
} out;

static void put(out *o, char c)
{
    if (o->len + 1 < o->cap)
        o->buf[o->len] = c;
    o->len++;
}

static void put_number(out *o, long v)
{
    char tmp[24];
    int n = 0;
    if (v < 0)
        v = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0)
        put(o, tmp[--n]);
}

/* X-FEN: K/Q name the outermost rook of a wing; a rook further in needs its file. */
static void castling_right(out *o, const pdn_position *pos, int slot)
{
    int rook = pos->castling[slot];
    if (rook < 0)
        return;
    unsigned color = slot < 2 ? PDN_WHITE : PDN_BLACK;
    int short_side = slot % 2 == 0, kf = king_file(pos, color);
    char c;
    if (kf >= 0 && outer_rook(pos, color, kf, short_side) == rook)
        c = short_side ? 'K' : 'Q';
    else
        c = (char)('A' + rook);
    put(o, color == PDN_BLACK ? (char)(c - 'A' + 'a') : c);
}

size_t pdn_board__chess_fen_write(const pdn_position *pos, char *buf, size_t cap)
{
    out o = {buf, cap, 0};
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            pdn_piece p = pos->board[rank * 8 + f];
            if (p == 0) {
                empty++;
                continue;
            }
            if (empty)
                put(&o, (char)('0' + empty));
            empty = 0;
            put(&o, letter_of[p & 63] ? letter_of[p & 63] : '?');
        }
        if (empty)
            put(&o, (char)('0' + empty));
        if (rank > 0)
            put(&o, '/');
    }
    put(&o, ' ');
    put(&o, pos->turn == 'B' ? 'b' : 'w');
    put(&o, ' ');
    size_t before = o.len;
    for (int slot = 0; slot < 4; slot++)
        castling_right(&o, pos, slot);
    if (o.len == before)
        put(&o, '-');
    put(&o, ' ');
    if (pos->en_passant >= 0 && pos->en_passant < 64) {
        put(&o, (char)('a' + pos->en_passant % 8));
        put(&o, (char)('1' + pos->en_passant / 8));
    } else {
        put(&o, '-');
    }
    put(&o, ' ');
    put_number(&o, pos->halfmove_clock);
    put(&o, ' ');
    put_number(&o, pos->fullmove);
    if (cap > 0)
        buf[o.len < cap ? o.len : cap - 1] = '\0';
    return o.len;
}
