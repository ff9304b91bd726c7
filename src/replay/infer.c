/* SPDX-License-Identifier: MIT */
/*
 * infer.c - the draughts variant of a game without a GameType tag (spec
 * decision 5): the squares it writes narrow the board down, and the first
 * candidate whose rules accept the whole main line wins; otherwise the one
 * that accepts the longest start of it.
 */
#include "base/bits.h"
#include "replay/replay.h"

#include <string.h>

/* What the squares of the moves and of the FEN tag say about the board. */
typedef struct board_hint {
    unsigned max_number;
    unsigned max_file, max_rank; /* of algebraic squares, 0-based file */
    bool alpha;
    bool colon; /* ':' between squares: the Russian way of writing captures */
} board_hint;

static void note_square(board_hint *h, pdn_square sq)
{
    if (PDN_SQUARE_IS_ALPHA(sq)) {
        h->alpha = true;
        if (PDN_SQUARE_FILE(sq) > h->max_file)
            h->max_file = PDN_SQUARE_FILE(sq);
        if (PDN_SQUARE_RANK(sq) > h->max_rank)
            h->max_rank = PDN_SQUARE_RANK(sq);
    } else if (sq > h->max_number) {
        h->max_number = sq;
    }
}

/* Square numbers of a FEN without a board to read it on: digits after
 * ':' ',' '-' 'K' or a colour, letters followed by digits. */
static void note_fen(board_hint *h, pdn_str fen)
{
    for (size_t i = 0; i < fen.len; i++) {
        char c = fen.ptr[i];
        char prev = i > 0 ? fen.ptr[i - 1] : ':';
        if (c >= '0' && c <= '9' && !(prev >= '0' && prev <= '9') &&
            !(prev >= 'a' && prev <= 'z')) {
            unsigned v = 0;
            while (i < fen.len && fen.ptr[i] >= '0' && fen.ptr[i] <= '9' && v < 10000)
                v = v * 10 + (unsigned)(fen.ptr[i++] - '0');
            i--;
            if (v > 0 && v < 10000)
                note_square(h, (pdn_square)v);
        } else if (c >= 'a' && c <= 'z' && i + 1 < fen.len && fen.ptr[i + 1] >= '1' &&
                   fen.ptr[i + 1] <= '9') {
            unsigned rank = (unsigned)(fen.ptr[i + 1] - '0');
            if (i + 2 < fen.len && fen.ptr[i + 2] >= '0' && fen.ptr[i + 2] <= '9')
                rank = rank * 10 + (unsigned)(fen.ptr[i + 2] - '0');
            if (rank <= PDN_BOARD_MAX)
                note_square(h, PDN_SQUARE_MAKE_ALPHA(c - 'a', rank));
        }
    }
}

#if PDN_BITS_SSE2
/*
 * True when note_fen() can find nothing in `fen` above 49 and no algebraic
 * square: no lowercase letter, no three digits in a row, and no digit 5-9
 * followed by another (the test of a FEN of up to 64 bytes at 16 a time).
 * For the games whose moves write numbers from 33 to 50, the commonest
 * without a GameType, a FEN like that changes nothing.
 */
static bool fen_small(pdn_str fen)
{
    unsigned char buf[64];
    if (fen.len > sizeof buf)
        return false;
    memset(buf, 0, sizeof buf);
    memcpy(buf, fen.ptr, fen.len);
    uint64_t dig = 0, low = 0, big = 0;
    for (unsigned k = 0; k < 4; k++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(buf + 16 * k));
        __m128i d = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('0' - 1)),
                                  _mm_cmplt_epi8(x, _mm_set1_epi8('9' + 1)));
        __m128i l = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('a' - 1)),
                                  _mm_cmplt_epi8(x, _mm_set1_epi8('z' + 1)));
        __m128i b = _mm_and_si128(d, _mm_cmpgt_epi8(x, _mm_set1_epi8('5' - 1)));
        dig |= (uint64_t)(unsigned)_mm_movemask_epi8(d) << (16 * k);
        low |= (uint64_t)(unsigned)_mm_movemask_epi8(l) << (16 * k);
        big |= (uint64_t)(unsigned)_mm_movemask_epi8(b) << (16 * k);
    }
    return low == 0 && (big & (dig >> 1)) == 0 && (dig & (dig >> 1) & (dig >> 2)) == 0;
}
#endif

/*
 * Candidates in the order tried: the most common variant of each board
 * first.  8x8 numeric boards: English, then Italian, Spanish and Thai
 * (whose men start elsewhere); algebraic 8x8: Russian, then the others.
 */
static size_t candidates(const board_hint *h, const char **out)
{
    size_t n = 0;
    if (h->alpha) {
        if (h->max_file >= 8 || h->max_rank > 8) {
            if (h->max_file <= 9 && h->max_rank <= 8)
                out[n++] = "41";
            if (h->max_file <= 9 && h->max_rank <= 10)
                out[n++] = "20,W,10,10,A0,0";
            if (h->max_file <= 11 && h->max_rank <= 12)
                out[n++] = "27,W,12,12,A0,0";
            return n;
        }
        out[n++] = "25";
        out[n++] = "26";
        out[n++] = "29";
        out[n++] = "23,W,8,8,A0,0";
        out[n++] = "30";
        return n;
    }
    if (h->max_number > 50) {
        out[n++] = "27";
        return n;
    }
    if (h->max_number > 32) {
        out[n++] = "20";
        out[n++] = "40";
        return n;
    }
    /* Numbers on an 8x8 board with ':' captures: Russian numeric notation. */
    if (h->colon)
        out[n++] = "25";
    out[n++] = "21";
    out[n++] = "22";
    out[n++] = "24";
    out[n++] = "31";
    if (!h->colon)
        out[n++] = "25";
    out[n++] = "20";
    return n;
}

/*
 * Of n squares, what candidates() asks of the largest number: 51 when one is
 * above 50, 33 when one is above 32, else 0; false when one is algebraic
 * (has the top bit set; then the class does not matter).  Most games write
 * numbers only, and this runs over every square of the game: with SSE2
 * sixteen squares at a time (the largest by a signed maximum, which the
 * algebraic ones, negative, never are), and four at a time in a word, each
 * lane of (s + 0x7FFF - k) getting its top bit when s > k (a lane carries
 * into the next only when s has the top bit already, and then the answer
 * is false).  `quick`: the SSE2 loop may be used.
 */
static bool number_class(const pdn_square *sq, size_t n, unsigned *out, bool quick)
{
    const uint64_t over50 = 0x7FCD7FCD7FCD7FCDu, over32 = 0x7FDF7FDF7FDF7FDFu;
    const uint64_t top = 0x8000800080008000u;
    uint64_t all = 0, a50 = 0, a32 = 0;
    size_t i = 0;
    (void)quick;
#if PDN_BITS_SSE2
    if (quick && n >= 16) {
        __m128i any = _mm_setzero_si128(), big = _mm_setzero_si128();
        for (; i + 16 <= n; i += 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(sq + i));
            __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(sq + i + 8));
            any = _mm_or_si128(any, _mm_or_si128(x, y));
            big = _mm_max_epi16(big, _mm_max_epi16(x, y));
        }
        if (_mm_movemask_epi8(any) & 0xAAAA)
            return false;
        int over = _mm_movemask_epi8(_mm_cmpgt_epi16(big, _mm_set1_epi16(50)));
        if (over == 0)
            over = _mm_movemask_epi8(_mm_cmpgt_epi16(big, _mm_set1_epi16(32))) ? 1 : 0;
        else
            over = 2;
        a50 = over == 2 ? top : 0;
        a32 = over >= 1 ? top : 0;
    }
#endif
    for (; i + 4 <= n; i += 4) {
        uint64_t x;
        memcpy(&x, sq + i, sizeof x);
        all |= x;
        a50 |= x + over50;
        a32 |= x + over32;
    }
    for (; i < n; i++) {
        all |= sq[i];
        a50 |= sq[i] > 50 ? top : 0;
        a32 |= sq[i] > 32 ? top : 0;
    }
    *out = (a50 & top) ? 51 : (a32 & top) ? 33 : 0;
    return (all & top) == 0;
}

/* The candidates for the game, in the order tried; `quick` lets the SSE2
 * loops stand for the plain ones (general_only turns them off, for the
 * tests to compare). */
static size_t game_candidates(const struct pdn_game *g, const char **list, bool quick)
{
    board_hint h = {0, 0, 0, false, false};
    const pdn_square *sq = g->squares.data;
    if (!number_class(sq, g->squares.len, &h.max_number, quick))
        for (size_t i = 0; i < g->squares.len; i++)
            note_square(&h, sq[i]);
    const pdn_tag *fen = PDN_GAME__TAG(g, "FEN");
#if PDN_BITS_SSE2
    /* then note_fen() could only note numbers from 1 to 49, which tell
     * candidates() no more than the moves' 33 to 50 */
    if (quick && fen != NULL && !h.alpha && h.max_number == 33 && fen_small(fen->value))
        fen = NULL;
#endif
    if (fen != NULL)
        note_fen(&h, fen->value);
    /* ':' captures tell only among numbered 8x8 boards (candidates()). */
    if (!h.alpha && h.max_number <= 32) {
        const pdn_move_rec *mv = g->moves.data;
        for (size_t i = 0; i < g->moves.len; i++)
            h.colon |= mv[i].sep == PDN_SEP_COLON;
    }
    return candidates(&h, list);
}

bool pdn_replay__first_candidate(pdn_replay *r, pdn_gametype *out)
{
    const char *list[8];
    size_t count = game_candidates(r->game, list, !r->general_only), at;
    if (count == 0)
        return false;
    /* The candidates are the literals of candidates(): the same pointer is
     * the same tuple, read for an earlier game. */
    if (list[0] == r->candidate) {
        *out = r->candidate_gt;
        return true;
    }
    if (pdn_parse_gametype(out, list[0], strlen(list[0]), &at) != PDN_D_NONE)
        return false;
    r->candidate = list[0];
    r->candidate_gt = *out;
    return true;
}

pdn_status pdn_replay__infer(pdn_replay *r, pdn_gametype *out)
{
    const char *list[8];
    size_t count = game_candidates(r->game, list, !r->general_only);
    size_t best_plies = 0;
    bool found = false;
    pdn_gametype best;
    pdn_gametype_default(&best, 20);
    r->quiet = true;
    for (size_t i = 0; i < count; i++) {
        pdn_gametype gt;
        size_t at, plies;
        bool oom = false, complete;
        if (pdn_parse_gametype(&gt, list[i], strlen(list[i]), &at) != PDN_D_NONE)
            continue;
        if (!pdn_replay__setup(r, &gt, r->opts.rules, &oom)) {
            if (oom) {
                r->quiet = false;
                return PDN_ENOMEM;
            }
            continue;
        }
        pdn_status st = pdn_replay__walk(r, true, &plies, &complete);
        if (st != PDN_OK) {
            r->quiet = false;
            return st;
        }
        if (complete || !found || plies > best_plies) {
            best = gt;
            best_plies = plies;
            found = true;
        }
        if (complete)
            break;
    }
    r->quiet = false;
    *out = best;
    return PDN_OK;
}
