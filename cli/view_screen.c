/* SPDX-License-Identifier: MIT */
/*
 * view_screen.c - the character grid `pdn view` lays its screens out on:
 * UTF-8 text written cell by cell with an attribute, the columns a text
 * takes, and a growing buffer.  No curses here (see view.h).
 */
#include "view.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void view_buf_add(view_buf *b, const char *text, size_t len)
{
    if (b->failed)
        return;
    if (b->len + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + len + 1)
            cap *= 2;
        char *p = realloc(b->s, cap);
        if (p == NULL) {
            b->failed = true;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->len, text, len);
    b->len += len;
    b->s[b->len] = '\0';
}

void view_buf_free(view_buf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
    b->failed = false;
}

int view_buf_sink(void *ctx, const char *data, size_t len)
{
    view_buf *b = ctx;
    view_buf_add(b, data, len);
    return b->failed ? -1 : 0;
}

/* Decodes one character at `s`; malformed bytes count as one U+FFFD each. */
static size_t decode(const char *s, size_t len, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = u[0] < 0x80 ? 1 : u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : u[0] >= 0xC2 ? 2 : 0;
    if (n == 0 || n > len) {
        *cp = 0xFFFD;
        return 1;
    }
    uint32_t c = n == 1 ? u[0] : u[0] & (0x7Fu >> n);
    for (size_t i = 1; i < n; i++) {
        if ((u[i] & 0xC0) != 0x80) {
            *cp = 0xFFFD;
            return 1;
        }
        c = c << 6 | (u[i] & 0x3Fu);
    }
    *cp = c;
    return n;
}

/*
 * Columns of one character.  Terminals draw the East Asian wide blocks in
 * two columns and combining marks in none; everything the diagrams and the
 * game texts of the corpus use is one column.  Control characters are
 * drawn as spaces, one column.
 */
static int char_width(uint32_t c)
{
    static const uint32_t wide[][2] = {
        {0x1100, 0x115F},   {0x2E80, 0x303E},   {0x3041, 0x33FF},   {0x3400, 0x4DBF},
        {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},
        {0xFE30, 0xFE4F},   {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x1F300, 0x1F64F},
        {0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
    };
    if ((c >= 0x0300 && c <= 0x036F) || c == 0x200B || (c >= 0xFE00 && c <= 0xFE0F))
        return 0;
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++)
        if (c >= wide[i][0] && c <= wide[i][1])
            return 2;
    return 1;
}

int view_text_width(const char *text, size_t len)
{
    int w = 0;
    uint32_t c;
    for (size_t i = 0; i < len;) {
        i += decode(text + i, len - i, &c);
        w += char_width(c);
    }
    return w;
}

size_t view_text_fit(const char *text, size_t len, int cols)
{
    int w = 0;
    uint32_t c;
    size_t i = 0;
    while (i < len) {
        size_t n = decode(text + i, len - i, &c);
        if (w + char_width(c) > cols)
            break;
        w += char_width(c);
        i += n;
    }
    return i;
}

bool view_screen_resize(view_screen *s, int width, int height)
{
    if (width < 1)
        width = 1;
    if (height < 1)
        height = 1;
    size_t n = (size_t)width * (size_t)height;
    if (n > s->cap) {
        view_cell *c = realloc(s->cells, n * sizeof *c);
        if (c == NULL)
            return false;
        s->cells = c;
        s->cap = n;
    }
    s->width = width;
    s->height = height;
    for (size_t i = 0; i < n; i++) {
        s->cells[i].bytes[0] = ' ';
        s->cells[i].len = 1;
        s->cells[i].attr = 0;
    }
    s->cursor_row = s->cursor_col = -1;
    return true;
}

void view_screen_free(view_screen *s)
{
    free(s->cells);
    s->cells = NULL;
    s->cap = 0;
    s->width = s->height = 0;
}

int view_put(view_screen *s, int row, int col, int max_cols, unsigned attr, const char *text,
             size_t len)
{
    if (row < 0 || row >= s->height || col < 0 || col >= s->width || max_cols <= 0)
        return 0;
    int end = max_cols < s->width - col ? col + max_cols : s->width;
    int x = col;
    view_cell *line = s->cells + (size_t)row * (size_t)s->width;
    uint32_t c;
    for (size_t i = 0, n; i < len; i += n) {
        n = decode(text + i, len - i, &c);
        int w = char_width(c);
        if (x + w > end)
            break;
        if (w == 0) {
            /* A combining mark joins the character before it. */
            view_cell *prev = x > col ? &line[x - 1] : NULL;
            while (prev && prev->len == 0 && prev > line)
                prev--;
            if (prev && prev->len + n <= sizeof prev->bytes) {
                memcpy(prev->bytes + prev->len, text + i, n);
                prev->len = (unsigned char)(prev->len + n);
            }
            continue;
        }
        view_cell *cell = &line[x];
        if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)) {
            cell->bytes[0] = ' ';
            cell->len = 1;
        } else if (c == 0xFFFD && n == 1) {
            cell->bytes[0] = '?';
            cell->len = 1;
        } else {
            memcpy(cell->bytes, text + i, n);
            cell->len = (unsigned char)n;
        }
        cell->attr = (unsigned short)attr;
        if (w == 2) {
            line[x + 1].len = 0;
            line[x + 1].attr = (unsigned short)attr;
        }
        x += w;
    }
    return x - col;
}

int view_puts(view_screen *s, int row, int col, int max_cols, unsigned attr, const char *text)
{
    return view_put(s, row, col, max_cols, attr, text, strlen(text));
}

void view_paint(view_screen *s, int row, int col, int cols, unsigned attr)
{
    if (row < 0 || row >= s->height)
        return;
    for (int x = col < 0 ? 0 : col; x < col + cols && x < s->width; x++)
        s->cells[(size_t)row * (size_t)s->width + (size_t)x].attr = (unsigned short)attr;
}

size_t view_screen_row(const view_screen *s, int row, char *buf, size_t cap)
{
    size_t n = 0, keep = 0;
    if (cap == 0)
        return 0;
    if (row >= 0 && row < s->height) {
        const view_cell *line = s->cells + (size_t)row * (size_t)s->width;
        for (int x = 0; x < s->width; x++) {
            if (n + line[x].len >= cap)
                break;
            memcpy(buf + n, line[x].bytes, line[x].len);
            n += line[x].len;
            if (line[x].len != 1 || line[x].bytes[0] != ' ')
                keep = n;
        }
    }
    buf[keep] = '\0';
    return keep;
}
