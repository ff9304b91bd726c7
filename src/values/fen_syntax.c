/* SPDX-License-Identifier: MIT */
/*
 * fen_syntax.c - checks the syntax of a FEN value (a FEN tag or a /FEN "..."/
 * setup) before the rules layer turns it into a board: the draughts FEN of
 * the standard's chapter 10 with its extensions, and the six fields of a
 * chess FEN.  No board geometry is known here, so square numbers are not
 * range-checked against a board.
 */
#include "values.h"

#include "base/bits.h"

#include <string.h>

/*
 * A numeric square has at most four digits: pdn_square holds 1..9999, far
 * beyond the 72 squares of the largest board.
 */
#define MAX_SQUARE 9999L

/* ---------------------------------------------------------------------- */
/* Draughts                                                               */
/* ---------------------------------------------------------------------- */

typedef enum square_kind { KIND_NONE = 0, KIND_NUMERIC = 1, KIND_ALPHA = 2 } square_kind;

/*
 * Reads one piece entry at s[*i]:
 *   Entry : "K"? NUMSQUARE ("-" NUMSQUARE)?  |  "K"? LETTER DIGIT DIGIT?
 * A FEN is either numeric or algebraic throughout (the standard's
 * NumericSquares / AlphaNumericSquares); *kind records which one it is.
 * Returns 0 and *bad on an error.
 */
static int piece_entry(const char *s, size_t *i, size_t end, square_kind *kind, size_t *bad)
{
    size_t j = *i, start;
    long v;

    if (j < end && s[j] == 'K')
        j++;
    start = j;
    if (j < end && pdn_values__is_digit(s[j])) {
        if (*kind == KIND_ALPHA) {
            *bad = j;
            return 0;
        }
        *kind = KIND_NUMERIC;
        j = pdn_values__number(s, j, end, MAX_SQUARE, &v);
        if (v < 0) {
            *bad = start;
            return 0;
        }
        if (j < end && s[j] == '-') {
            j++;
            start = j;
            if (j >= end || !pdn_values__is_digit(s[j])) {
                *bad = j;
                return 0;
            }
            j = pdn_values__number(s, j, end, MAX_SQUARE, &v);
            if (v < 0) {
                *bad = start;
                return 0;
            }
        }
    } else if (j < end && pdn_values__is_alpha(s[j])) {
        /* Algebraic: a file letter (uppercase too, "A3") and a rank 1..99. */
        if (*kind == KIND_NUMERIC) {
            *bad = j;
            return 0;
        }
        *kind = KIND_ALPHA;
        j++;
        if (j >= end || !pdn_values__is_digit(s[j]) || s[j] == '0') {
            *bad = j;
            return 0;
        }
        j++;
        if (j < end && pdn_values__is_digit(s[j]))
            j++;
        if (j < end && (pdn_values__is_digit(s[j]) || s[j] == '-')) {
            *bad = j; /* a three-digit rank, or a range of algebraic squares */
            return 0;
        }
    } else {
        *bad = j;
        return 0;
    }
    *i = j;
    return 1;
}

/* A run of one to four digits at p (any such number is a square the
 * syntax accepts); NULL for none or a longer run.  Runs of one or two
 * digits, nearly all of them, are told without a loop. */
static inline const unsigned char *short_number(const unsigned char *p)
{
    if ((unsigned char)(p[0] - '0') >= 10)
        return NULL;
    if ((unsigned char)(p[1] - '0') >= 10)
        return p + 1;
    if ((unsigned char)(p[2] - '0') >= 10)
        return p + 2;
    const unsigned char *q = p + 3;
    while ((unsigned char)(*q - '0') < 10)
        q++;
    return q - p <= 4 ? q : NULL;
}

/*
 * The FEN of nearly every file: numeric squares, no white space, short
 * enough for a local copy that ends in NULs, so that no byte needs a
 * bounds check.  1 when the value is a valid FEN, 0 when this cannot tell
 * (an error, or a form it leaves to the full reader, which finds the
 * error's place).
 */
static int common_fen(const char *text, size_t n)
{
    unsigned char b[128];
    if (n == 0 || n > sizeof b - 8)
        return 0;
    memcpy(b, text, n);
    memset(b + n, 0, 8);
    const unsigned char *p = b;
    if (*p != 'W' && *p != 'B' && *p != '?')
        return 0;
    p++;
    unsigned colours = 0, sections = 0;
    while (*p == ':') {
        if (++sections > 2)
            return 0;
        p++;
        unsigned c = *p == 'W' ? 1u : *p == 'B' ? 2u : 0u;
        if (c == 0) {
            if (*p == ':' || *p == '.' || *p == 0)
                continue;
            return 0;
        }
        if (colours & c)
            return 0;
        colours |= c;
        p++;
        if (*p == ':' || *p == '.' || *p == 0)
            continue;
        for (;;) {
            p += *p == 'K';
            if ((p = short_number(p)) == NULL)
                return 0;
            if (*p == '-' && (p = short_number(p + 1)) == NULL)
                return 0;
            if (*p != ',')
                break;
            p++;
        }
    }
    p += sections > 0 && *p == '.';
    return sections > 0 && p == b + n;
}

/* The first byte at or after p (below 64) that is in no piece list, whose
 * bytes are the bits of `list`; 64 for none below 64. */
static inline size_t list_end(uint64_t list, size_t p)
{
    uint64_t rest = ~list & (~UINT64_C(0) << p);
    return rest ? pdn_bits__ctz(rest) : 64;
}

/*
 * Whether the sections after the turn of the FEN in b (":" colour and
 * piece list, one or two, each colour at most once) and a final '.' end
 * exactly at n; `list` has the bits of the bytes of the piece lists, none
 * at or past n.
 */
static inline int sections_fit(const unsigned char *b, uint64_t list, size_t n)
{
    /* Nearly every FEN: both colours with pieces ("W:W31,32:B1,2"), read
     * straight on; the loop takes the others. */
    if (b[1] == ':' && (b[2] == 'W' || b[2] == 'B') && (list & 8)) {
        size_t p = list_end(list, 3);
        if (b[p] == ':' && b[p + 1] == (b[2] ^ ('W' ^ 'B')) && p + 2 < 64 &&
            (list >> (p + 2) & 1)) {
            p = list_end(list, p + 2);
            return p + (b[p] == '.') == n;
        }
    }
    size_t p = 1;
    unsigned colours = 0, sections = 0;
    while (b[p] == ':') {
        if (++sections > 2)
            return 0;
        p++;
        unsigned col = b[p] == 'W' ? 1u : b[p] == 'B' ? 2u : 0u;
        if (col == 0) {
            if (b[p] == ':' || b[p] == '.' || b[p] == 0)
                continue;
            return 0;
        }
        if (colours & col)
            return 0;
        colours |= col;
        p++;
        /* b[p] is no NUL here, so p < n <= 64. */
        if (b[p] == ':' || b[p] == '.' || b[p] == 0)
            continue;
        p = list_end(list, p);
    }
    p += sections > 0 && b[p] == '.';
    return sections > 0 && p == n;
}

#if PDN_BITS_SSE2
/* pdn_bits__fen() for the 32 bytes at p, its bits shifted to `at`. */
static inline void fen_half(const unsigned char *p, unsigned at, pdn_bits_fen *m)
{
    const __m128i v0 = _mm_set1_epi8('0'), v9 = _mm_set1_epi8(9), vc = _mm_set1_epi8(','),
                  vk = _mm_set1_epi8('K'), vd = _mm_set1_epi8('-');
    const __m128i w0 = pdn_bits__part(p, 0), w1 = pdn_bits__part(p, 1);
    const __m128i d0 = _mm_sub_epi8(w0, v0), d1 = _mm_sub_epi8(w1, v0);
    m->digit |= pdn_bits__mask32(_mm_cmpeq_epi8(_mm_min_epu8(d0, v9), d0),
                                 _mm_cmpeq_epi8(_mm_min_epu8(d1, v9), d1))
                << at;
    m->comma |= pdn_bits__mask32(_mm_cmpeq_epi8(w0, vc), _mm_cmpeq_epi8(w1, vc)) << at;
    m->king |= pdn_bits__mask32(_mm_cmpeq_epi8(w0, vk), _mm_cmpeq_epi8(w1, vk)) << at;
    m->dash |= pdn_bits__mask32(_mm_cmpeq_epi8(w0, vd), _mm_cmpeq_epi8(w1, vd)) << at;
}
#endif

/* pdn_bits__fen() of the block b holding a value of n bytes and NULs
 * after it: the second half, NULs alone when n <= 32 (a quarter of the
 * FENs of the files), is classified only when the value reaches it. */
static inline void fen_bits(const unsigned char *b, size_t n, pdn_bits_fen *m)
{
#if PDN_BITS_SSE2
    m->digit = m->comma = m->king = m->dash = 0;
    fen_half(b, 0, m);
    if (n > 32)
        fen_half(b + 32, 32, m);
#else
    (void)n;
    pdn_bits__fen(b, m);
#endif
}

/*
 * common_fen() for values of up to 64 bytes, the most of them: the piece
 * lists are checked all at once from one bit per byte of each kind (digit,
 * ',', 'K', '-') and the few bytes around them walked as there.  Every byte
 * of a list is in one of the four kinds, so an entry's form is a matter of
 * neighbours: a king comes first in its entry and before a digit, ','
 * after a digit and before a digit or king, '-' between digits; runs of at
 * most four digits, and no second '-' after the digits behind a '-'.
 * The same verdicts as common_fen(), which the values longer than 64 bytes
 * take.
 */
static int mask_fen(const char *text, size_t n)
{
    unsigned char b[80];
    pdn_bits__copy64(b, (const unsigned char *)text, n);
    if (b[0] != 'W' && b[0] != 'B' && b[0] != '?')
        return 0;
    pdn_bits_fen m;
    fen_bits(b, n, &m);
    const uint64_t d = m.digit, c = m.comma, k = m.king, h = m.dash;
    if (!sections_fit(b, d | c | k | h, n))
        return 0;
    uint64_t run = d & d << 1;
    run &= run << 2; /* four digits ending at each bit */
    uint64_t bad =
        (k & ~(d >> 1)) | (c & ~((d | k) >> 1)) | (c & ~(d << 1)) | (k & d << 1) | (run & d << 4);
    /* Ranges are rare: their rules are looked at only where there is one. */
    if (h) {
        uint64_t after_dash = (h << 1) & d;
        after_dash |= (after_dash << 1) & d;
        after_dash |= (after_dash << 1) & d;
        after_dash |= (after_dash << 1) & d;
        bad |= (h & ~(d >> 1)) | (h & ~(d << 1)) | (h & after_dash << 1);
    }
    return bad == 0;
}

/* A numeric draughts FEN as the short paths read it: valid, and without
 * white space anywhere. */
int pdn_values__fen_plain(const char *text, size_t len)
{
    if (len == 0 || text == NULL)
        return 0;
    return len <= 64 ? mask_fen(text, len) : common_fen(text, len);
}

/*
 * Fen      : TURN (":" Section){1,2} "."?
 * TURN     : [WB?]
 * Section  : ""                       (an empty side: "B::" is the null move)
 *          | COLOUR (Entry ("," Entry)*)?      COLOUR [WB], each at most once
 * Leading and trailing white space is allowed around the whole value, and
 * nowhere else.
 */
static pdn_diag_code draughts_fen(const char *s, size_t begin, size_t end, size_t *err_at)
{
    size_t i = begin, bad;
    int sections = 0, seen_w = 0, seen_b = 0;
    square_kind kind = KIND_NONE;

    if (i == end || (s[i] != 'W' && s[i] != 'B' && s[i] != '?'))
        return pdn_values__fail(err_at, i, PDN_D_BAD_FEN);
    i++;
    while (i < end && s[i] == ':') {
        if (++sections > 2)
            return pdn_values__fail(err_at, i, PDN_D_BAD_FEN);
        i++;
        if (i == end || s[i] == ':' || s[i] == '.')
            continue; /* an empty section */
        if ((s[i] == 'W' && seen_w) || (s[i] == 'B' && seen_b) || (s[i] != 'W' && s[i] != 'B'))
            return pdn_values__fail(err_at, i, PDN_D_BAD_FEN);
        seen_w |= s[i] == 'W';
        seen_b |= s[i] == 'B';
        i++;
        if (i == end || s[i] == ':' || s[i] == '.')
            continue; /* a side without pieces: "W:W:B1,2" */
        for (;;) {
            if (!piece_entry(s, &i, end, &kind, &bad))
                return pdn_values__fail(err_at, bad, PDN_D_BAD_FEN);
            if (i == end || s[i] != ',')
                break;
            i++;
        }
    }
    if (sections == 0)
        return pdn_values__fail(err_at, i, PDN_D_BAD_FEN);
    if (i < end && s[i] == '.')
        i++;
    if (i != end)
        return pdn_values__fail(err_at, i, PDN_D_BAD_FEN);
    return PDN_D_NONE;
}

/* ---------------------------------------------------------------------- */
/* Chess                                                                  */
/* ---------------------------------------------------------------------- */

static int is_piece(char c)
{
    switch (c) {
    case 'p':
    case 'r':
    case 'n':
    case 'b':
    case 'q':
    case 'k':
    case 'P':
    case 'R':
    case 'N':
    case 'B':
    case 'Q':
    case 'K':
        return 1;
    default:
        return 0;
    }
}

/* Piece placement: eight ranks of eight squares, separated by '/'. */
static int placement(const char *s, size_t *i, size_t end, size_t *bad)
{
    size_t j = *i;
    for (int rank = 0; rank < 8; rank++) {
        int files = 0, after_digit = 0;
        if (rank > 0) {
            if (j >= end || s[j] != '/') {
                *bad = j;
                return 0;
            }
            j++;
        }
        while (j < end && s[j] != '/' && !pdn_values__is_space(s[j])) {
            if (is_piece(s[j])) {
                files++;
                after_digit = 0;
            } else if (s[j] >= '1' && s[j] <= '8' && !after_digit) {
                files += s[j] - '0';
                after_digit = 1;
            } else {
                *bad = j;
                return 0;
            }
            if (files > 8) {
                *bad = j;
                return 0;
            }
            j++;
        }
        if (files != 8) {
            *bad = j;
            return 0;
        }
    }
    *i = j;
    return 1;
}

/*
 * Castling rights: '-' or up to four distinct letters of KQkq, or file letters
 * (Shredder-FEN "HAha", X-FEN "Kkq" mixes) for Chess960 positions.
 */
static int castling(const char *s, size_t *i, size_t end, size_t *bad)
{
    size_t j = *i;
    unsigned seen = 0;
    if (j < end && s[j] == '-') {
        *i = j + 1;
        return 1;
    }
    while (j < end && !pdn_values__is_space(s[j])) {
        char c = s[j];
        unsigned bit;
        if (c == 'K' || c == 'Q')
            bit = c == 'K' ? 1u << 16 : 1u << 17;
        else if (c == 'k' || c == 'q')
            bit = c == 'k' ? 1u << 18 : 1u << 19;
        else if (c >= 'A' && c <= 'H')
            bit = 1u << (c - 'A');
        else if (c >= 'a' && c <= 'h')
            bit = 1u << (8 + c - 'a');
        else
            bit = 0;
        if (bit == 0 || (seen & bit) || j - *i >= 4) {
            *bad = j;
            return 0;
        }
        seen |= bit;
        j++;
    }
    if (j == *i) {
        *bad = j;
        return 0;
    }
    *i = j;
    return 1;
}

/* One or more spaces between fields; 0 and *bad when there is none. */
static int field_gap(const char *s, size_t *i, size_t end, size_t *bad)
{
    size_t j = *i;
    while (j < end && (s[j] == ' ' || s[j] == '\t'))
        j++;
    if (j == *i || j == end) {
        *bad = j;
        return 0;
    }
    *i = j;
    return 1;
}

/* A move counter: digits, at most PDN_VALUES_MAX_NUMBER. */
static int counter(const char *s, size_t *i, size_t end, size_t *bad)
{
    long v;
    size_t j = pdn_values__number(s, *i, end, PDN_VALUES_MAX_NUMBER, &v);
    if (j == *i || v < 0 || (j < end && !pdn_values__is_space(s[j]))) {
        *bad = j == *i || v >= 0 ? j : *i;
        return 0;
    }
    *i = j;
    return 1;
}

/*
 * ChessFen : PLACEMENT " " SIDE " " CASTLING " " EP (" " HALFMOVE " " FULLMOVE)?
 * SIDE [wb]; EP "-" or [a-h][36].  The four-field form (EPD positions)
 * is read as well.
 */
static pdn_diag_code chess_fen(const char *s, size_t begin, size_t end, size_t *err_at)
{
    size_t i = begin, bad = begin;

    if (!placement(s, &i, end, &bad) || !field_gap(s, &i, end, &bad))
        return pdn_values__fail(err_at, bad, PDN_D_BAD_FEN);
    if ((s[i] != 'w' && s[i] != 'b') || (i + 1 < end && !pdn_values__is_space(s[i + 1])))
        return pdn_values__fail(err_at, s[i] != 'w' && s[i] != 'b' ? i : i + 1, PDN_D_BAD_FEN);
    i++;
    if (!field_gap(s, &i, end, &bad) || !castling(s, &i, end, &bad) || !field_gap(s, &i, end, &bad))
        return pdn_values__fail(err_at, bad, PDN_D_BAD_FEN);
    if (s[i] == '-') {
        i++;
    } else {
        if (s[i] < 'a' || s[i] > 'h')
            return pdn_values__fail(err_at, i, PDN_D_BAD_FEN);
        if (i + 1 >= end || (s[i + 1] != '3' && s[i + 1] != '6'))
            return pdn_values__fail(err_at, i + 1, PDN_D_BAD_FEN);
        i += 2;
    }
    if (i == end)
        return PDN_D_NONE; /* four fields */
    if (!pdn_values__is_space(s[i]))
        return pdn_values__fail(err_at, i, PDN_D_BAD_FEN);
    if (!field_gap(s, &i, end, &bad) || !counter(s, &i, end, &bad) ||
        !field_gap(s, &i, end, &bad) || !counter(s, &i, end, &bad))
        return pdn_values__fail(err_at, bad, PDN_D_BAD_FEN);
    if (i != end)
        return pdn_values__fail(err_at, i, PDN_D_BAD_FEN);
    return PDN_D_NONE;
}

pdn_diag_code pdn_check_fen_syntax(const char *text, size_t len, int chess, size_t *err_at)
{
    if (!chess && pdn_values__fen_plain(text, len))
        return PDN_D_NONE;
    size_t begin = 0, end = text != NULL ? len : 0;
    pdn_values__trim(text, &begin, &end);
    if (chess)
        return chess_fen(text, begin, end, err_at);
    return draughts_fen(text, begin, end, err_at);
}
