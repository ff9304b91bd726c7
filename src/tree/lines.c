/* SPDX-License-Identifier: MIT */
/*
 * lines.c - where the lines of a game's text start, so that turning a byte
 * offset into line and column is a binary search (a game with 100,000
 * diagnostics must not be quadratic).  The index is built once per game by a
 * word-at-a-time scan, which the reader also uses to keep its line count and
 * to learn whether a game is plain ASCII.
 *
 * A line break is an LF, or a CR not followed by LF.  A CR that ends the text
 * starts a line at the end of the text; the LF that may follow it at the
 * start of the next game's text then starts none.
 */
#include "tree/game.h"

/* 0x80 in each byte of w that equals the byte repeated in `rep`, exactly
 * (no false positives, unlike the shorter zero-byte test). */
static inline uint64_t bytes_equal(uint64_t w, uint64_t rep)
{
    const uint64_t low7 = UINT64_C(0x7F7F7F7F7F7F7F7F);
    uint64_t v = w ^ rep;
    uint64_t t = (v & low7) + low7;
    return ~(t | v | low7);
}

/* Records the line starting after the break byte at j, if it starts one;
 * room for it was reserved by the caller. */
static inline void brk(struct pdn_game *g, const unsigned char *u, size_t n, size_t j)
{
    bool starts = u[j] == '\n' ? !(j == 0 && g->after_cr) : !(j + 1 < n && u[j + 1] == '\n');
    if (starts)
        ((uint32_t *)g->line_starts.data)[g->line_starts.len++] = (uint32_t)(j + 1);
}

bool pdn_game__index_lines(struct pdn_game *g, bool *out_high)
{
    const unsigned char *u = (const unsigned char *)g->text;
    size_t n = g->text_len, i = 0;
    const uint64_t lf = UINT64_C(0x0A0A0A0A0A0A0A0A), cr = UINT64_C(0x0D0D0D0D0D0D0D0D);
    uint64_t high = 0; /* OR of every byte: is any >= 0x80? */
    pdn_vec *v = &g->line_starts;
    v->len = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, u + i, 8);
        high |= w;
        if (!(bytes_equal(w, lf) | bytes_equal(w, cr)))
            continue;
        if (!pdn_vec__reserve(v, &g->alloc, sizeof(uint32_t), 8))
            return false;
        for (size_t k = 0; k < 8; k++)
            if (u[i + k] == '\n' || u[i + k] == '\r')
                brk(g, u, n, i + k);
    }
    if (!pdn_vec__reserve(v, &g->alloc, sizeof(uint32_t), 8))
        return false;
    for (; i < n; i++) {
        high |= u[i];
        if (u[i] == '\n' || u[i] == '\r')
            brk(g, u, n, i);
    }
    *out_high = (high & UINT64_C(0x8080808080808080)) != 0;
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

void pdn_game_locate(const pdn_game *game, uint32_t offset, uint64_t *line, uint32_t *column)
{
    size_t end = offset < game->text_len ? offset : game->text_len;
    const uint32_t *s = game->line_starts.data;
    size_t lo = 0, hi = game->line_starts.len; /* lines starting at or before end */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s[mid] <= end)
            lo = mid + 1;
        else
            hi = mid;
    }
    const unsigned char *u = (const unsigned char *)game->text;
    if (line)
        *line = game->line0 + lo;
    if (column)
        *column = lo ? 1 + chars(game, u, s[lo - 1], end) : game->col0 + chars(game, u, 0, end);
}
