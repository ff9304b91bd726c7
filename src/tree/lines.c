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
#include "base/bits.h"
#include "tree/game.h"

/* Records the lines starting after the bytes of `m` (bit j: base + j).  The
 * first two are stored without looking (one or two breaks per block is the
 * rule, and a branch on the count would be mispredicted); room for 64 was
 * reserved by the caller. */
static inline void record(pdn_vec *v, size_t base, uint64_t m)
{
    const uint64_t top = UINT64_C(1) << 63; /* keeps ctz's argument nonzero */
    uint32_t *out = (uint32_t *)v->data + v->len;
    uint64_t m1 = m & (m - 1), m2 = m1 & (m1 - 1);
    out[0] = (uint32_t)(base + pdn_bits__ctz(m | top) + 1);
    out[1] = (uint32_t)(base + pdn_bits__ctz(m1 | top) + 1);
    v->len += (m != 0) + (m1 != 0);
    for (; m2; m2 &= m2 - 1)
        ((uint32_t *)v->data)[v->len++] = (uint32_t)(base + pdn_bits__ctz(m2) + 1);
}

bool pdn_game__index_lines(struct pdn_game *g, size_t readable, bool *out_high)
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
    /* The last block: read where it is when 64 bytes may be read there
     * (bytes past the text count for nothing), else copied and padded with
     * NULs, which are no line breaks. */
    uint64_t in_text = n - i == 64 ? ~UINT64_C(0) : (UINT64_C(1) << (n - i)) - 1;
    if (readable - i >= 64) {
        pdn_bits__block2(u + i, '\n', '\r', &lf, &cr);
        high |= pdn_bits__high(u + i) & in_text;
    } else {
        unsigned char tail[64];
        memset(tail, 0, sizeof tail);
        if (n > i)
            memcpy(tail, u + i, n - i);
        high |= pdn_bits__block2(tail, '\n', '\r', &lf, &cr);
    }
    lf &= in_text;
    cr &= in_text;
    uint64_t starts = (lf & ~skip) | (cr & ~(lf >> 1));
    if (v->cap - v->len < 64 && !pdn_vec__reserve(v, &g->alloc, sizeof(uint32_t), 64))
        return false;
    record(v, i, starts);
    *out_high = high != 0;
    g->ascii = !*out_high;
    return true;
}

/* Characters in u[from..to): UTF-8 continuation bytes are not characters. */
static uint32_t chars(const struct pdn_game *g, const unsigned char *u, size_t from, size_t to)
{
    if (g->ascii)
        return (uint32_t)(to - from);
    uint32_t c = 0;
    for (size_t k = from; k < to; k++)
        c += (u[k] & 0xC0) != 0x80;
    return c;
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
