/* SPDX-License-Identifier: MIT */
/*
 * html_text.c - the HTML viewer's text buffers: growing, with JSON strings
 * safe inside a <script> element, the compact cell characters of its move
 * codes, empty boards drawn by the SVG writer, and HTML escaping for what
 * goes straight into the page.
 */
#include "render/html.h"

#include <stdio.h>

void pdn_html__put(pdn_html_text *t, const char *s, size_t n)
{
    if (t->failed || n == 0)
        return;
    if (!pdn_vec__reserve(&t->v, t->alloc, 1, n)) {
        t->failed = 1;
        return;
    }
    memcpy((char *)t->v.data + t->v.len, s, n);
    t->v.len += n;
}

void pdn_html__puts(pdn_html_text *t, const char *s)
{
    pdn_html__put(t, s, strlen(s));
}

void pdn_html__putc(pdn_html_text *t, char c)
{
    pdn_html__put(t, &c, 1);
}

void pdn_html__int(pdn_html_text *t, long long v)
{
    char buf[24];
    int n = snprintf(buf, sizeof buf, "%lld", v);
    pdn_html__put(t, buf, (size_t)n);
}

void pdn_html__json(pdn_html_text *t, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    pdn_html__putc(t, '"');
    size_t run = 0; /* bytes copied as they are, written in one go */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&')
            continue;
        pdn_html__put(t, s + run, i - run);
        run = i + 1;
        char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
        if (c == '"' || c == '\\') {
            esc[1] = (char)c;
            pdn_html__put(t, esc, 2);
        } else if (c == '\n') {
            pdn_html__put(t, "\\n", 2);
        } else {
            pdn_html__put(t, esc, 6);
        }
    }
    pdn_html__put(t, s + run, n - run);
    pdn_html__putc(t, '"');
}

void pdn_html__cell(pdn_html_text *t, int cell)
{
    if (cell < 77) {
        int c = '0' + cell;
        c += c >= '<';
        c += c >= '\\';
        pdn_html__putc(t, (char)c);
        return;
    }
    unsigned u = 0xC0u + (unsigned)(cell - 77); /* below U+0800: two bytes */
    char utf8[2] = {(char)(0xC0 | (u >> 6)), (char)(0x80 | (u & 0x3F))};
    pdn_html__put(t, utf8, 2);
}

void pdn_html__free_text(pdn_html_text *t)
{
    pdn_vec__free(&t->v, t->alloc, 1);
    t->failed = 0;
}

void pdn_html__escape(pdn_out *o, const char *s, size_t n)
{
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        const char *rep;
        switch (s[i]) {
        case '&':
            rep = "&amp;";
            break;
        case '<':
            rep = "&lt;";
            break;
        case '>':
            rep = "&gt;";
            break;
        case '"':
            rep = "&quot;";
            break;
        default:
            continue;
        }
        pdn_out__write(o, s + run, i - run);
        pdn_out__write(o, rep, strlen(rep));
        run = i + 1;
    }
    pdn_out__write(o, s + run, n - run);
}

void pdn_html__position(pdn_html_text *t, const pdn_position *pos)
{
    const pdn_geometry *g = pos->geometry;
    int cells = g->width * g->height;
    char turn = pos->turn == 'B' || pos->turn == '?' ? pos->turn : 'W';
    pdn_html__putc(t, '[');
    pdn_html__putc(t, '"');
    pdn_html__putc(t, turn);
    for (int cell = 0; cell < cells; cell++)
        pdn_html__putc(t, (char)('0' + (pos->board[cell] & 63)));
    pdn_html__putc(t, '"');
    if (g->chess) {
        pdn_html__puts(t, ",[");
        for (int k = 0; k < 4; k++) {
            if (k)
                pdn_html__putc(t, ',');
            pdn_html__int(t, pos->castling[k]);
        }
        pdn_html__puts(t, "],");
        pdn_html__int(t, pos->en_passant);
        pdn_html__putc(t, ',');
        pdn_html__int(t, pos->halfmove_clock);
        pdn_html__putc(t, ',');
        pdn_html__int(t, pos->fullmove);
    }
    pdn_html__putc(t, ']');
}

static int text_sink(void *ctx, const char *data, size_t len)
{
    pdn_html_text *t = ctx;
    pdn_html__put(t, data, len);
    return t->failed ? -1 : 0;
}

pdn_status pdn_html__diagram(pdn_html_text *t, const pdn_geometry *g, int flip,
                             const pdn_mark *marks, size_t count)
{
    pdn_position empty;
    pdn_position_clear(&empty, g);
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.format = PDN_DIAGRAM_SVG;
    o.flip = flip;
    o.marks = marks;
    o.mark_count = count;
    t->v.len = 0;
    pdn_sink sink = {text_sink, t};
    pdn_status st = pdn_write_diagram(&empty, &o, sink);
    return t->failed ? PDN_ENOMEM : st;
}
