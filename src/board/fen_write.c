/* SPDX-License-Identifier: MIT */
/*
 * fen_write.c - a draughts position written as the canonical FEN of the
 * standard's chapter 10: exactly one text per position, runs of numbers
 * joined ("31-50"); chess positions are handed to fen_chess.c.
 */
#include "board/board.h"

#include <string.h>

/*
 * The longest FEN: every cell of a 26x26 board a king, each "K" plus three
 * characters and a comma, plus turn and colour marks.  Writing into a
 * buffer of that size needs no bounds checks per character.
 */
#define FEN_MAX (PDN_CELL_MAX * 5 + 16)

/* The two digits of 0..99, for writing numbers without a division per digit. */
static const char digit_pairs[201] = "0001020304050607080910111213141516171819"
                                     "2021222324252627282930313233343536373839"
                                     "4041424344454647484950515253545556575859"
                                     "6061626364656667686970717273747576777879"
                                     "8081828384858687888990919293949596979899";

/* Square numbers stop at 676 (26x26), ranks at 26: at most three digits. */
static inline char *put_number(char *p, unsigned v)
{
    if (v < 10) {
        *p = (char)('0' + v);
        return p + 1;
    }
    if (v >= 100) {
        *p++ = (char)('0' + v / 100);
        v %= 100;
    }
    memcpy(p, digit_pairs + 2 * v, 2);
    return p + 2;
}

/*
 * The list each piece code is written in, by pdn_piece value (its low six
 * bits, as always): 1 White's men, 2 White's kings, 3-4 Black's, 5-6 those
 * of unknown colour; 0 is not written.
 */
static const unsigned char list_of[64] = {
    [PDN_MAN | PDN_WHITE] = 1,  [PDN_KING | PDN_WHITE] = 2,    [PDN_MAN | PDN_BLACK] = 3,
    [PDN_KING | PDN_BLACK] = 4, [PDN_MAN | PDN_ANY_COLOR] = 5, [PDN_KING | PDN_ANY_COLOR] = 6,
};

/*
 * A numeric list: runs of consecutive numbers, first << 16 | last; three
 * or more are written as a range, two as two entries.  Each entry follows
 * `*sep` (the colour letter before a side's first entry, then commas) and
 * "K" for kings, which is stored always and kept by stepping past it: men
 * and kings mix unpredictably, and a store costs less than a mispredicted
 * branch.
 */
static char *numeric_list(char *p, const uint32_t *run, const uint32_t *end, int king, char *sep)
{
    char s = *sep;
    for (; run < end; run++) {
        unsigned lo = *run >> 16, hi = *run & 0xffff;
        *p++ = s;
        s = ',';
        *p = 'K';
        p = put_number(p + king, lo);
        if (hi != lo) {
            int pair = hi - lo == 1;
            *p++ = pair ? ',' : '-';
            *p = 'K';
            p = put_number(p + (king & pair), hi);
        }
    }
    *sep = s;
    return p;
}

/* An algebraic list: file << 8 | rank, files then ranks ascending. */
static char *alpha_list(char *p, const uint32_t *name, const uint32_t *end, int king, char *sep)
{
    char s = *sep;
    for (; name < end; name++) {
        *p++ = s;
        s = ',';
        *p = 'K';
        p += king;
        *p++ = (char)('a' + (*name >> 8));
        p = put_number(p, *name & 0xff);
    }
    *sep = s;
    return p;
}

/*
 * One walk over the squares in writing order sorts them into six lists,
 * which are then written side by side.  Numeric lists hold runs found on
 * the way, first << 16 | last; algebraic lists hold names, files then
 * ranks.  `out` has room for 7 + 5 * (squares walked) bytes: a
 * square written alone costs at most ",K676" or ",Kz26", a range of three
 * or more at most ",K123-456".
 */
static size_t draughts_write(const pdn_position *pos, char notation, char *out)
{
    const pdn_geometry *g = pos->geometry;
    const pdn_piece *board = pos->board;
    uint32_t lists[7][PDN_CELL_MAX], *tail[7];
    for (int k = 0; k < 7; k++)
        tail[k] = lists[k];
    if (notation == 'N') {
        /* A run ends where the piece changes; codes compare by their low six bits. */
        const int16_t *cell_of = g->cell_of;
        unsigned piece = 0, first = 1, squares = (unsigned)g->square_count, k;
        for (unsigned n = 1; n <= squares; n++) {
            unsigned here = board[cell_of[n]];
            if (here == piece || ((here ^ piece) & 63) == 0)
                continue;
            if ((k = list_of[piece & 63]) != 0)
                *tail[k]++ = first << 16 | (n - 1);
            piece = here;
            first = n;
        }
        if ((k = list_of[piece & 63]) != 0)
            *tail[k]++ = first << 16 | squares;
    } else {
        int w = g->width, h = g->height;
        int file_step = g->alpha_flip_file ? -1 : 1, rank_step = g->alpha_flip_rank ? -w : w;
        int cell0 = (g->alpha_flip_rank ? (h - 1) * w : 0) + (g->alpha_flip_file ? w - 1 : 0);
        for (int f = 0; f < w; f++) {
            const pdn_piece *cell = board + cell0 + f * file_step;
            for (int r = 1; r <= h; r++, cell += rank_step) {
                unsigned k;
                if (*cell != 0 && (k = list_of[*cell & 63]) != 0)
                    *tail[k]++ = (uint32_t)(f << 8 | r);
            }
        }
    }
    char *p = out;
    *p++ = pos->turn == 'B' || pos->turn == '?' ? pos->turn : 'W';
    for (int side = 0; side < 3; side++) {
        int men = 2 * side + 1, kings = men + 1;
        if (side == 2 && tail[men] == lists[men] && tail[kings] == lists[kings])
            break;
        char sep = "WB?"[side];
        *p++ = ':';
        if (notation == 'N') {
            p = numeric_list(p, lists[men], tail[men], 0, &sep);
            p = numeric_list(p, lists[kings], tail[kings], 1, &sep);
        } else {
            p = alpha_list(p, lists[men], tail[men], 0, &sep);
            p = alpha_list(p, lists[kings], tail[kings], 1, &sep);
        }
        if (sep != ',')
            *p++ = sep; /* a side without pieces */
    }
    return (size_t)(p - out);
}

size_t pdn_fen_write(const pdn_position *pos, char notation, char *buf, size_t cap)
{
    if (pos == NULL || pos->geometry == NULL) {
        if (cap > 0)
            buf[0] = '\0';
        return 0;
    }
    const pdn_geometry *g = pos->geometry;
    if (g->chess)
        return pdn_board__chess_fen_write(pos, buf, cap);
    if (notation == 0)
        notation = g->gametype.notation == 'N' ? 'N' : 'A';
    size_t walked = notation == 'N' ? (size_t)g->square_count : (size_t)(g->width * g->height);
    if (cap > 7 + 5 * walked) {
        /* Room for any FEN of this board and its NUL: written in place. */
        size_t len = draughts_write(pos, notation, buf);
        buf[len] = '\0';
        return len;
    }
    char text[FEN_MAX];
    size_t len = draughts_write(pos, notation, text);
    if (cap > 0) {
        size_t n = len < cap ? len : cap - 1;
        memcpy(buf, text, n);
        buf[n] = '\0';
    }
    return len;
}
