/* SPDX-License-Identifier: MIT */
/*
 * lines.c - where the lines of a game's text start, so that turning a byte
 * offset into line and column is a binary search (a game with 100,000
 * diagnostics must not be quadratic).  The index is built once per game, 64
 * bytes at a time without a branch on the bytes, and the reader also uses it
 * to keep its line count and to learn whether a game is plain ASCII.
 *
 * A line break is an LF, or a CR not followed by LF.  A CR that ends the text
 * starts a line at the end of the text; the LF that may follow it at the
 * start of the next game's text then starts none.
 */
#include "base/base.h"
#include "base/bits.h"
#include "tree/game.h"

/* Writes out[len..) the lines starting at base + j for the bits j of m and
 * returns the new length.  The first two are stored without looking (one or
 * two breaks per block is the rule, and a branch on the count would be
 * mispredicted); the caller made room for 64. */
static inline size_t record_at(uint32_t *out, size_t len, size_t base, uint64_t m)
{
    const uint64_t top = UINT64_C(1) << 63; /* keeps ctz's argument nonzero */
    uint64_t m1 = m & (m - 1), m2 = m1 & (m1 - 1);
    out[len] = (uint32_t)(base + pdn_bits__ctz(m | top));
    out[len + 1] = (uint32_t)(base + pdn_bits__ctz(m1 | top));
    len += (m != 0) + (m1 != 0);
    for (; m2; m2 &= m2 - 1)
        out[len++] = (uint32_t)(base + pdn_bits__ctz(m2));
    return len;
}

/* record_at() into the index: the lines starting after the bytes of `m`
 * (bit j: base + j). */
static inline void record(pdn_vec *v, size_t base, uint64_t m)
{
    v->len = record_at(v->data, v->len, base + 1, m);
}

/* The LF and CR bits of the last block of the text, at i (bytes past the
 * text count for nothing), and whether a byte of it is >= 0x80: read where
 * it is when 64 bytes may be read there, else copied and padded with NULs,
 * which are no line breaks. */
static PDN_FORCE_INLINE uint64_t last_block(const unsigned char *u, size_t n, size_t i,
                                            size_t readable, uint64_t *lf, uint64_t *cr)
{
    uint64_t in_text = n - i == 64 ? ~UINT64_C(0) : (UINT64_C(1) << (n - i)) - 1, high;
    if (readable - i >= 64) {
        pdn_bits__block2(u + i, '\n', '\r', lf, cr);
        high = pdn_bits__high(u + i) & in_text;
    } else {
        unsigned char tail[64];
        memset(tail, 0, sizeof tail);
        if (n > i)
            memcpy(tail, u + i, n - i);
        high = pdn_bits__block2(tail, '\n', '\r', lf, cr);
    }
    *lf &= in_text;
    *cr &= in_text;
    return high;
}

/* Any text, 64 bytes at a time with the CR arithmetic where a block has a CR. */
static PDN_NOINLINE bool full_index(struct pdn_game *g, size_t readable, bool *out_high)
{
    const unsigned char *u = (const unsigned char *)g->text;
    size_t n = g->text_len, i = 0;
    uint64_t high = 0, lf, cr;
    pdn_vec *v = &g->line_starts;
    v->len = 0;
    /* An LF right after the previous game's CR ends no line. */
    uint64_t skip = g->after_cr ? 1 : 0;
    /* Every block but the last has a byte after it, which says whether a
     * CR at its end is followed by LF. */
    for (; n - i > 64; i += 64) {
        high |= pdn_bits__block2(u + i, '\n', '\r', &lf, &cr);
        uint64_t starts = lf;
        /* Most blocks have no CR (and only the first may skip an LF). */
        if (cr | skip) {
            uint64_t next_lf = u[i + 64] == '\n';
            starts = (lf & ~skip) | (cr & ~((lf >> 1) | next_lf << 63));
            skip = 0;
        }
        if (v->cap - v->len < 64 && !pdn_vec__reserve(v, &g->alloc, sizeof(uint32_t), 64))
            return false;
        record(v, i, starts);
    }
    high |= last_block(u, n, i, readable, &lf, &cr);
    uint64_t starts = (lf & ~skip) | (cr & ~(lf >> 1));
    if (v->cap - v->len < 64 && !pdn_vec__reserve(v, &g->alloc, sizeof(uint32_t), 64))
        return false;
    record(v, i, starts);
    *out_high = high != 0;
    g->ascii = !*out_high;
    return true;
}

#if PDN_BITS_SSE2
/* Bytes k < r of keep_bytes + 64 - r are 0xFF, the rest 0: the last block's
 * bytes of the text, for r <= 64. */
static const unsigned char keep_bytes[128] = {
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255};

/* Bytes of the text indexed between two checks of the room left: the room
 * for their starts is made once, not tested block by block. */
#define CHUNK 1024

/* One block of quick_index(): bit j of the result is an LF at p + j + 1;
 * the block's bytes go into *high and, where a CR is not followed by LF,
 * into *lone.  With `keep`, only the bytes it marks are looked at. */
static PDN_FORCE_INLINE uint64_t block_lf(const unsigned char *p, const unsigned char *keep,
                                          __m128i *high, __m128i *lone)
{
    const __m128i nl = _mm_set1_epi8('\n'), ret = _mm_set1_epi8('\r');
    __m128i w0 = pdn_bits__part(p, 0), w1 = pdn_bits__part(p, 1), w2 = pdn_bits__part(p, 2),
            w3 = pdn_bits__part(p, 3);
    if (keep) {
        w0 = _mm_and_si128(w0, pdn_bits__part(keep, 0));
        w1 = _mm_and_si128(w1, pdn_bits__part(keep, 1));
        w2 = _mm_and_si128(w2, pdn_bits__part(keep, 2));
        w3 = _mm_and_si128(w3, pdn_bits__part(keep, 3));
    }
    __m128i x0 = _mm_cmpeq_epi8(pdn_bits__part(p + 1, 0), nl),
            x1 = _mm_cmpeq_epi8(pdn_bits__part(p + 1, 1), nl),
            x2 = _mm_cmpeq_epi8(pdn_bits__part(p + 1, 2), nl),
            x3 = _mm_cmpeq_epi8(pdn_bits__part(p + 1, 3), nl);
    *high = _mm_or_si128(*high, _mm_or_si128(_mm_or_si128(w0, w1), _mm_or_si128(w2, w3)));
    __m128i c0 = _mm_cmpeq_epi8(_mm_or_si128(w0, x0), ret),
            c1 = _mm_cmpeq_epi8(_mm_or_si128(w1, x1), ret),
            c2 = _mm_cmpeq_epi8(_mm_or_si128(w2, x2), ret),
            c3 = _mm_cmpeq_epi8(_mm_or_si128(w3, x3), ret);
    *lone = _mm_or_si128(*lone, _mm_or_si128(_mm_or_si128(c0, c1), _mm_or_si128(c2, c3)));
    return (uint64_t)(unsigned)_mm_movemask_epi8(x0) |
           (uint64_t)(unsigned)_mm_movemask_epi8(x1) << 16 |
           (uint64_t)(unsigned)_mm_movemask_epi8(x2) << 32 |
           (uint64_t)(unsigned)_mm_movemask_epi8(x3) << 48;
}

/* Text whose every CR but one at its end is followed by LF, as good as all
 * text is: a line starts after each LF, and the CRs need no arithmetic.  A
 * block's LF bits are those of the 16-byte loads one byte on (bit j: an LF at
 * i + j + 1), which also blank the bytes before an LF, so that a CR left
 * there is one that starts a line of its own.  Such CRs and bytes >= 0x80
 * are gathered over the whole text and looked at once, at its end.  The
 * last block is read the same way, its bytes past the text masked off (a
 * CR last in the text, whose next byte is the next game's, is masked too
 * and starts its line by hand).  1 when done, 0 on out-of-memory, -1 when
 * the text has a lone CR (it is then left to full_index()). */
static int quick_index(struct pdn_game *g, size_t readable, bool *out_high)
{
    const unsigned char *u = (const unsigned char *)g->text;
    size_t n = g->text_len, i = 0, len = 0;
    pdn_vec *v = &g->line_starts;
    __m128i high = _mm_setzero_si128(), lone = _mm_setzero_si128();
    v->len = 0;
    if (n == 0) {
        *out_high = false;
        g->ascii = true;
        return 1;
    }
    /* Room for the first block's LF, every start of a chunk (at most one
     * a byte, two stored without looking), the last block's and the last
     * CR's. */
    if (v->cap < CHUNK + 67 && !pdn_vec__grow(v, &g->alloc, sizeof(uint32_t), CHUNK + 67))
        return 0;
    uint32_t *out = v->data;
    /* The loads one byte on never see the first byte: an LF there starts a
     * line, unless it ends the previous game's CR. */
    if (u[0] == '\n' && !g->after_cr)
        out[len++] = 1;
    /* Every block but the last has a byte after it: they start before
     * `full`, and the first chunk's room was made above. */
    size_t full = n > 64 ? n - 64 : 0, stop = full < CHUNK ? full : CHUNK;
    for (;;) {
        /* Two blocks a step: half the loop's tests and moves. */
        for (; i + 64 < stop; i += 128) {
            len = record_at(out, len, i + 2, block_lf(u + i, NULL, &high, &lone));
            len = record_at(out, len, i + 66, block_lf(u + i + 64, NULL, &high, &lone));
        }
        if (i < stop) {
            len = record_at(out, len, i + 2, block_lf(u + i, NULL, &high, &lone));
            i += 64;
        }
        if (i >= full)
            break;
        if (v->cap - len < CHUNK + 66) {
            v->len = len;
            if (!pdn_vec__grow(v, &g->alloc, sizeof(uint32_t), CHUNK + 66))
                return 0;
            out = v->data;
        }
        stop = full - i > CHUNK ? i + CHUNK : full;
    }
    size_t r = n - i, last_cr = u[n - 1] == '\r';
    const unsigned char *keep = keep_bytes + 64 - (r - last_cr);
    uint64_t m;
    if (readable - i > 64) {
        m = block_lf(u + i, keep, &high, &lone);
    } else {
        unsigned char tail[80];
        memset(tail, 0, sizeof tail);
        memcpy(tail, u + i, r);
        m = block_lf(tail, keep, &high, &lone);
    }
    if (_mm_movemask_epi8(lone))
        return -1;
    len = record_at(out, len, i + 2, m & ((UINT64_C(1) << (r - 1)) - 1));
    if (last_cr)
        out[len++] = (uint32_t)n;
    v->len = len;
    *out_high = _mm_movemask_epi8(high) != 0;
    g->ascii = !*out_high;
    return 1;
}
#endif

bool pdn_game__index_lines(struct pdn_game *g, size_t readable, bool *out_high)
{
#if PDN_BITS_SSE2
    int r = quick_index(g, readable, out_high);
    if (r >= 0)
        return r != 0;
#endif
    return full_index(g, readable, out_high);
}

/* Characters in u[from..to): UTF-8 continuation bytes are not characters. */
static uint32_t chars(const struct pdn_game *g, const unsigned char *u, size_t from, size_t to)
{
    if (g->ascii)
        return (uint32_t)(to - from);
    return (uint32_t)(to - from - pdn_bits__continuations(u + from, to - from));
}

void pdn_game__line_after(const struct pdn_game *g, uint64_t *line, uint32_t *col)
{
    size_t k = g->line_starts.len;
    const uint32_t *s = g->line_starts.data;
    const unsigned char *u = (const unsigned char *)g->text;
    *line = g->line0 + k;
    *col = k ? 1 + chars(g, u, s[k - 1], g->text_len) : g->col0 + chars(g, u, 0, g->text_len);
}

/* Line and column of `end`, given lo: the number of lines starting at or
 * before it. */
static void at_line(const struct pdn_game *g, size_t lo, size_t end, uint64_t *line,
                    uint32_t *column)
{
    const uint32_t *s = g->line_starts.data;
    const unsigned char *u = (const unsigned char *)g->text;
    if (line)
        *line = g->line0 + lo;
    if (column)
        *column = lo ? 1 + chars(g, u, s[lo - 1], end) : g->col0 + chars(g, u, 0, end);
}

/* The number of lines starting at or before `end`. */
static size_t lines_before(const struct pdn_game *g, size_t end)
{
    const uint32_t *s = g->line_starts.data;
    size_t lo = 0, hi = g->line_starts.len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s[mid] <= end)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void pdn_game_locate(const pdn_game *game, uint32_t offset, uint64_t *line, uint32_t *column)
{
    size_t end = offset < game->text_len ? offset : game->text_len;
    at_line(game, lines_before(game, end), end, line, column);
}

void pdn_game__locate_next(const struct pdn_game *g, uint32_t offset, size_t *hint, uint64_t *line,
                           uint32_t *column)
{
    size_t end = offset < g->text_len ? offset : g->text_len;
    const uint32_t *s = g->line_starts.data;
    size_t lo = *hint, n = g->line_starts.len;
    if (lo > n || (lo > 0 && s[lo - 1] > end)) {
        lo = lines_before(g, end);
    } else {
        while (lo < n && s[lo] <= end)
            lo++;
    }
    *hint = lo;
    at_line(g, lo, end, line, column);
}

void pdn_text_facts_add(pdn_text_facts *f, const char *text, size_t len)
{
    const unsigned char *u = (const unsigned char *)text;
    uint64_t n = 0, lf, cr;
    size_t i = 0, high_at = len;
    /* Every LF, and every CR no LF follows: a block's last CR is paired
     * with the next block's first byte. */
    for (; i + 64 <= len; i += 64) {
        uint64_t high = pdn_bits__block2(u + i, '\n', '\r', &lf, &cr);
        uint64_t next_lf = i + 64 < len && u[i + 64] == '\n';
        n += pdn_bits__popcount(lf | (cr & ~(lf >> 1 | next_lf << 63)));
        /* The text before the first block with a byte >= 0x80 is ASCII. */
        if (high && high_at == len)
            high_at = i;
    }
    if (high_at == len)
        high_at = i;
    for (; i < len; i++)
        n += u[i] == '\n' || (u[i] == '\r' && (i + 1 == len || u[i + 1] != '\n'));
    f->lines += n;
    if (!f->not_utf8 && pdn_utf8__valid_prefix(u + high_at, len - high_at) != len - high_at)
        f->not_utf8 = 1;
}
