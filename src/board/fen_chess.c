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

/*
 * Whether the first piece met from `cell` going by `step`, at most `steps`
 * times (no further than the edge, so no step is bounds-checked), is a
 * piece of colour `by` that attacks along the ray: a `line` piece (rook or
 * bishop), a queen, or a king next door.
 */
static inline int ray(const pdn_piece *board, int cell, int step, int steps, unsigned by,
                      unsigned line)
{
    if (steps == 0)
        return 0;
    unsigned p = board[cell += step];
    if (p == (PDN_CHESS_KING | by))
        return 1;
    while (p == 0 && --steps > 0)
        p = board[cell += step];
    return PDN_PIECE_COLOR(p) == by &&
           (PDN_PIECE_KIND(p) == line || PDN_PIECE_KIND(p) == PDN_QUEEN);
}

/*
 * Whether a piece of colour `by` attacks `cell`: pawns and knights from
 * their squares, the rest along the eight rays, straight ones for rooks,
 * diagonal ones for bishops, all for queens and (next door) kings.
 */
static int attacked(const pdn_position *pos, int cell, unsigned by)
{
    static const signed char jumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                            {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    const pdn_piece *board = pos->board;
    int f = cell % 8, r = cell / 8;
    int pawn_r = by == PDN_WHITE ? r - 1 : r + 1;
    if ((unsigned)pawn_r < 8 && ((f > 0 && board[pawn_r * 8 + f - 1] == (PDN_PAWN | by)) ||
                                 (f < 7 && board[pawn_r * 8 + f + 1] == (PDN_PAWN | by))))
        return 1;
    for (int i = 0; i < 8; i++) {
        unsigned x = (unsigned)(f + jumps[i][0]), y = (unsigned)(r + jumps[i][1]);
        if (x < 8 && y < 8 && board[y * 8 + x] == (PDN_KNIGHT | by))
            return 1;
    }
    int east = 7 - f, west = f, north = 7 - r, south = r;
    return ray(board, cell, 1, east, by, PDN_ROOK) || ray(board, cell, -1, west, by, PDN_ROOK) ||
           ray(board, cell, 8, north, by, PDN_ROOK) || ray(board, cell, -8, south, by, PDN_ROOK) ||
           ray(board, cell, 9, east < north ? east : north, by, PDN_BISHOP) ||
           ray(board, cell, 7, west < north ? west : north, by, PDN_BISHOP) ||
           ray(board, cell, -7, east < south ? east : south, by, PDN_BISHOP) ||
           ray(board, cell, -9, west < south ? west : south, by, PDN_BISHOP);
}

/* ---------------------------------------------------------------------- */
/* Reading                                                                */
/* ---------------------------------------------------------------------- */

/*
 * What validate() needs of the placement: only kings and pawns can make it
 * impossible.  The placement loop only counts them; where exactly the
 * problem lies is worked out again (problem_at) when there is one.
 */
typedef struct found_cells {
    int count;    /* kings and pawns */
    int kings[2]; /* cell of White's and Black's first king, or -1 */
    int problem;  /* a second king of a colour, or a pawn on a back rank */
} found_cells;

/* Piece codes by byte, 0 for other bytes; PAWN_OR_KING marks the pieces found_cells counts. */
#define PAWN_OR_KING 0x80u
static const unsigned char placed_of[256] = {
    ['P'] = PDN_PAWN | PDN_WHITE | PAWN_OR_KING,
    ['N'] = PDN_KNIGHT | PDN_WHITE,
    ['B'] = PDN_BISHOP | PDN_WHITE,
    ['R'] = PDN_ROOK | PDN_WHITE,
    ['Q'] = PDN_QUEEN | PDN_WHITE,
    ['K'] = PDN_CHESS_KING | PDN_WHITE | PAWN_OR_KING,
    ['p'] = PDN_PAWN | PDN_BLACK | PAWN_OR_KING,
    ['n'] = PDN_KNIGHT | PDN_BLACK,
    ['b'] = PDN_BISHOP | PDN_BLACK,
    ['r'] = PDN_ROOK | PDN_BLACK,
    ['q'] = PDN_QUEEN | PDN_BLACK,
    ['k'] = PDN_CHESS_KING | PDN_BLACK | PAWN_OR_KING,
};

/* A king met by placement(): the first of its colour is kept, a second is a problem. */
static void found_king(found_cells *found, unsigned p, int cell)
{
    int *king = &found->kings[PDN_PIECE_COLOR(p) == PDN_WHITE ? 0 : 1];
    if (*king >= 0)
        found->problem = 1;
    else
        *king = cell;
}

/* Placement: ranks 8 to 1 separated by '/', digits for empty squares. */
static pdn_diag_code placement(pdn_position *pos, const char *s, size_t *io, size_t end,
                               found_cells *found, size_t *err_at)
{
    /* The cursor lives in a local: board stores may alias anything behind a pointer. */
    const unsigned char *p = (const unsigned char *)s + *io, *e = (const unsigned char *)s + end;
    pdn_piece *board = pos->board;
    int count = 0, back_pawns = 0, bad = 0;
    found->kings[0] = found->kings[1] = -1;
    found->problem = 0;
    for (int rank = 7; rank >= 0; rank--) {
        if (rank < 7) {
            if (p == e || *p != '/') {
                bad = 1;
                break;
            }
            p++;
        }
        pdn_piece *cell = board + rank * 8, *stop = cell + 8;
        int after_digit = 0, back = rank == 0 || rank == 7;
        for (; p < e; p++) {
            unsigned c = *p, piece = placed_of[c];
            if (piece != 0 && cell < stop) {
                if (piece & PAWN_OR_KING) {
                    piece &= ~PAWN_OR_KING;
                    count++;
                    if (PDN_PIECE_KIND(piece) == PDN_PAWN)
                        back_pawns += back;
                    else
                        found_king(found, piece, (int)(cell - board));
                }
                *cell++ = (pdn_piece)piece;
                after_digit = 0;
            } else if (c - '1' < 8 && !after_digit && c - '0' <= (unsigned)(stop - cell)) {
                cell += c - '0';
                after_digit = 1;
            } else {
                bad = c != '/' && c != ' ';
                break;
            }
        }
        if (bad || cell != stop) {
            bad = 1;
            break;
        }
    }
    found->count = count;
    found->problem |= back_pawns != 0;
    *io = (size_t)(p - (const unsigned char *)s);
    return bad ? fail(err_at, *io, PDN_D_BAD_FEN) : PDN_D_NONE;
}

/*
 * Where a placement that placement() read without error and found a
 * problem in is impossible: the first of its first 19 kings and pawns that
 * is a second king of its colour or a pawn on a back rank, else the 19th
 * (16 pawns and two kings at most).
 */
static size_t problem_at(const char *s, size_t i)
{
    int count = 0, kings[2] = {0, 0}, rank = 7;
    for (;; i++) {
        unsigned c = (unsigned char)s[i], p = placed_of[c];
        if (c == '/') {
            rank--;
        } else if ((p & PAWN_OR_KING) != 0) {
            p &= ~PAWN_OR_KING;
            if (PDN_PIECE_KIND(p) == PDN_CHESS_KING
                    ? kings[PDN_PIECE_COLOR(p) == PDN_WHITE ? 0 : 1]++ > 0
                    : rank == 0 || rank == 7)
                return i;
            if (++count == 19)
                return i;
        }
    }
}

/* The gap between fields: one space is the form, more is tolerated. */
static inline int gap(const char *s, size_t *i, size_t end, size_t *form_at)
{
    size_t j = *i;
    if (end - j >= 2 && s[j] == ' ' && s[j + 1] != ' ' && s[j + 1] != '\t') {
        *i = j + 1; /* the form: one space */
        return 1;
    }
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
 * The file of `color`'s king on its back rank, or -1: from what placement()
 * found when that is one king per colour, else by looking.
 */
static int castling_king_file(const pdn_position *pos, const found_cells *found, unsigned color)
{
    if (found->problem)
        return king_file(pos, color);
    int side = color == PDN_BLACK, cell = found->kings[side];
    return cell >= 0 && cell / 8 == (side ? 7 : 0) ? cell % 8 : -1;
}

/*
 * Castling: "-", or KQkq (the outermost rook on that side: X-FEN), or rook
 * files A-H/a-h (Shredder-FEN), at most one right per side and wing.
 */
static pdn_diag_code castling(pdn_position *pos, const found_cells *found, const char *s,
                              size_t *io, size_t end, size_t *err_at)
{
    size_t i = *io, start = i;
    if (i < end && s[i] == '-') {
        *io = i + 1;
        return PDN_D_NONE;
    }
    int king_files[2];
    king_files[0] = castling_king_file(pos, found, PDN_WHITE);
    king_files[1] = castling_king_file(pos, found, PDN_BLACK);
    pdn_diag_code code = PDN_D_NONE;
    for (; i < end && s[i] != ' '; i++) {
        char c = s[i];
        unsigned color = (c >= 'a' && c <= 'z') ? PDN_BLACK : PDN_WHITE;
        char up = color == PDN_BLACK ? (char)(c - 'a' + 'A') : c;
        int kf = king_files[color == PDN_BLACK], rook = -1, short_side;
        if (up != 'K' && up != 'Q' && (up < 'A' || up > 'H')) {
            code = PDN_D_BAD_FEN;
            break;
        }
        if (kf < 0) {
            code = PDN_D_FEN_POSITION;
            break;
        }
        if (up == 'K' || up == 'Q') {
            short_side = up == 'K';
            rook = outer_rook(pos, color, kf, short_side);
        } else {
            int f = up - 'A', base = color == PDN_WHITE ? 0 : 56;
            short_side = f > kf;
            if (f != kf && pos->board[base + f] == (PDN_ROOK | color))
                rook = f;
        }
        if (rook < 0) {
            code = PDN_D_FEN_POSITION;
            break;
        }
        int slot = (color == PDN_BLACK ? 2 : 0) + (short_side ? 0 : 1);
        if (pos->castling[slot] >= 0 || i - start >= 4) {
            code = PDN_D_BAD_FEN;
            break;
        }
        pos->castling[slot] = (int8_t)rook;
    }
    *io = i;
    if (code == PDN_D_NONE && i == start)
        code = PDN_D_BAD_FEN;
    return code == PDN_D_NONE ? code : fail(err_at, i, code);
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

static inline int counter(const char *s, size_t *i, size_t end, int *out)
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
static pdn_diag_code validate(const pdn_position *pos, const found_cells *found, const char *s,
                              size_t begin, size_t side_at, size_t *err_at)
{
    if (found->problem || found->count > 18)
        return fail(err_at, problem_at(s, begin), PDN_D_FEN_POSITION);
    if (found->kings[0] < 0 || found->kings[1] < 0)
        return fail(err_at, 0, PDN_D_FEN_POSITION);
    /* The side that has just moved cannot have left its king in check. */
    int idle = pos->turn == 'W' ? found->kings[1] : found->kings[0];
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
    size_t i = begin, form_at = SIZE_MAX;
    found_cells found;
    pdn_diag_code c = placement(pos, s, &i, end, &found, err_at);
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
    if ((c = castling(pos, &found, s, &i, end, err_at)) != PDN_D_NONE)
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
    if ((c = validate(pos, &found, s, begin, side_at, err_at)) != PDN_D_NONE)
        return c;
    return form_at != SIZE_MAX ? fail(err_at, form_at, PDN_D_FEN_FORM) : PDN_D_NONE;
}

/* ---------------------------------------------------------------------- */
/* Writing                                                                */
/* ---------------------------------------------------------------------- */

/*
 * The longest chess FEN: 64 letters and 7 slashes, " w KQkq e3 ", and two
 * clocks of ten digits with a space between.
 */
#define CHESS_FEN_MAX 112

static char *put_number(char *p, long v)
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
        *p++ = tmp[--n];
    return p;
}

/* X-FEN: K/Q name the outermost rook of a wing; a rook further in needs its file. */
static char *castling_right(char *p, const pdn_position *pos, int slot, int kf)
{
    int rook = pos->castling[slot];
    if (rook < 0)
        return p;
    unsigned color = slot < 2 ? PDN_WHITE : PDN_BLACK;
    int short_side = slot % 2 == 0;
    char c;
    if (kf >= 0 && outer_rook(pos, color, kf, short_side) == rook)
        c = short_side ? 'K' : 'Q';
    else
        c = (char)('A' + rook);
    *p++ = color == PDN_BLACK ? (char)(c - 'A' + 'a') : c;
    return p;
}

/* The whole FEN into `out`, which has CHESS_FEN_MAX bytes; returns its length. */
static size_t chess_write(const pdn_position *pos, char *out)
{
    char *p = out;
    for (int rank = 7; rank >= 0; rank--) {
        const pdn_piece *row = pos->board + rank * 8;
        unsigned empty = 0;
        for (int f = 0; f < 8; f++) {
            pdn_piece piece = row[f];
            if (piece == 0) {
                empty++;
                continue;
            }
            /* The count of empty squares before the piece, if any, without a branch. */
            *p = (char)('0' + empty);
            p += empty != 0;
            empty = 0;
            char c = letter_of[piece & 63];
            *p++ = c ? c : '?';
        }
        *p = (char)('0' + empty);
        p += empty != 0;
        *p++ = '/';
    }
    p[-1] = ' ';
    *p++ = pos->turn == 'B' ? 'b' : 'w';
    *p++ = ' ';
    char *rights = p;
    if (pos->castling[0] >= 0 || pos->castling[1] >= 0)
        for (int slot = 0, kf = king_file(pos, PDN_WHITE); slot < 2; slot++)
            p = castling_right(p, pos, slot, kf);
    if (pos->castling[2] >= 0 || pos->castling[3] >= 0)
        for (int slot = 2, kf = king_file(pos, PDN_BLACK); slot < 4; slot++)
            p = castling_right(p, pos, slot, kf);
    if (p == rights)
        *p++ = '-';
    *p++ = ' ';
    if (pos->en_passant >= 0 && pos->en_passant < 64) {
        *p++ = (char)('a' + pos->en_passant % 8);
        *p++ = (char)('1' + pos->en_passant / 8);
    } else {
        *p++ = '-';
    }
    *p++ = ' ';
    p = put_number(p, pos->halfmove_clock);
    *p++ = ' ';
    p = put_number(p, pos->fullmove);
    return (size_t)(p - out);
}

size_t pdn_board__chess_fen_write(const pdn_position *pos, char *buf, size_t cap)
{
    if (cap > CHESS_FEN_MAX) {
        size_t len = chess_write(pos, buf);
        buf[len] = '\0';
        return len;
    }
    char text[CHESS_FEN_MAX];
    size_t len = chess_write(pos, text);
    if (cap > 0) {
        size_t n = len < cap ? len : cap - 1;
        memcpy(buf, text, n);
        buf[n] = '\0';
    }
    return len;
}
