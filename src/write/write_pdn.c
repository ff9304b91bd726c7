/* SPDX-License-Identifier: MIT */
/*
 * write_pdn.c - the canonical PDN 3.0 writer (PGN export format for chess).
 * Walks the tree through the public API and writes what it holds in the one
 * form strict mode accepts: roster tags first (canon.c), one tag a line,
 * movetext wrapped at a fixed width, '*' ending every draughts game, no
 * leading zeros, each GameType's capture separator.  What PDN 3.0 cannot
 * express (a ';' comment, unreadable text) is kept as a comment.
 */
#include "write/canon.h"
#include "write/comment_form.h"
#include "write/out.h"

#include <stdio.h>
#include <string.h>

typedef struct writer {
    pdn_out out;
    unsigned width;
    unsigned col;       /* column of the next byte on the current line */
    bool need_space;    /* a token was written on this line */
    bool after_open;    /* last token was '(' */
    bool force_newline; /* last token was a '%' comment */
    char cap_sep;
} writer;

static void raw(writer *w, const char *s, size_t n) { pdn_out__write(&w->out, s, n); }
static void raws(writer *w, const char *s) { raw(w, s, strlen(s)); }

static void newline(writer *w)
{
    raw(w, "\n", 1);
    w->col = 0;
    w->need_space = false;
    w->force_newline = false;
}

/* Writes one movetext token, breaking the line before it when it would pass
 * the width.  `glue` tokens (a ')' or what follows '(') take no space. */
static void token(writer *w, const char *s, size_t n, bool glue)
{
    if (w->force_newline)
        newline(w);
    bool space = w->need_space && !glue && !w->after_open;
    if (w->col && w->col + (space ? 1 : 0) + n > w->width) {
        newline(w);
        space = false;
    }
    if (space) {
        raw(w, " ", 1);
        w->col++;
    }
    raw(w, s, n);
    const char *nl = NULL;
    for (size_t i = n; i-- > 0;)
        if (s[i] == '\n' || s[i] == '\r') {
            nl = s + i;
            break;
        }
    w->col = nl ? (unsigned)(s + n - nl - 1) : w->col + (unsigned)n;
    w->need_space = true;
    w->after_open = false;
}

static size_t put_square(char *b, pdn_square sq)
{
    if (PDN_SQUARE_IS_ALPHA(sq))
        return (size_t)sprintf(b, "%c%u", 'a' + PDN_SQUARE_FILE(sq), PDN_SQUARE_RANK(sq));
    return (size_t)sprintf(b, "%u", (unsigned)sq);
}

static void write_move(writer *w, const pdn_node *node)
{
    pdn_move m;
    if (pdn_node_move(&m, node) != PDN_OK)
        return;
    char buf[1024];
    size_t n = 0;
    if (m.number_kind != PDN_NUMBER_NONE) {
        if (m.number)
            n = (size_t)sprintf(buf, "%u", (unsigned)m.number);
        n += (size_t)sprintf(buf + n, "%s", m.number_kind == PDN_NUMBER_BLACK ? "..." : ".");
        token(w, buf, n, false);
        n = 0;
    }
    switch (m.kind) {
    case PDN_MOVE_SQUARES:
        for (size_t i = 0; i < m.square_count && n < sizeof buf - 16; i++) {
            if (i) {
                char sep = m.separator == PDN_SEP_MOVE      ? '-'
                           : m.separator == PDN_SEP_NONE    ? 0
                                                            : w->cap_sep;
                if (sep)
                    buf[n++] = sep;
            }
            n += put_square(buf + n, m.squares[i]);
        }
        if (m.captured) {
            buf[n++] = ' ';
            buf[n++] = '<';
            for (size_t i = 0; i < m.captured_count && n < sizeof buf - 16; i++) {
                if (i)
                    buf[n++] = ',';
                n += put_square(buf + n, m.captured[i]);
            }
            buf[n++] = '>';
        }
        break;
    case PDN_MOVE_SAN:
        memcpy(buf, m.san.ptr, m.san.len);
        n = m.san.len;
        break;
    case PDN_MOVE_UNKNOWN:
        memcpy(buf, "- -", 3);
        n = 3;
        break;
    }
    memcpy(buf + n, m.strength.ptr, m.strength.len);
    n += m.strength.len;
    token(w, buf, n, false);
}

/* A comment in the form that reads back as the same comment: braces when the
 * text allows, else a '%' line. */
static void write_comment(writer *w, pdn_str text, pdn_comment_kind kind, bool header)
{
    pdn_comment_kind k = pdn_canon__comment_kind(text, kind);
    if (k == PDN_COMMENT_PERCENT) {
        if (w->col)
            newline(w);
        raw(w, "%", 1);
        raw(w, text.ptr, text.len);
        if (header)
            newline(w);
        else
            w->force_newline = true, w->col = 1, w->need_space = true;
        return;
    }
    if (header) {
        raw(w, "{", 1);
        raw(w, text.ptr, text.len);
        raw(w, "}", 1);
        newline(w);
        return;
    }
    /* Brace comments are written through token() in one piece. */
    char small[256];
    if (text.len + 2 <= sizeof small) {
        small[0] = '{';
        memcpy(small + 1, text.ptr, text.len);
        small[text.len + 1] = '}';
        token(w, small, text.len + 2, false);
    } else {
        /* Long comments: emit without copying, keeping the column right. */
        if (w->force_newline)
            newline(w);
        if (w->need_space && !w->after_open) {
            raw(w, " ", 1);
        }
        raw(w, "{", 1);
        raw(w, text.ptr, text.len);
        raw(w, "}", 1);
        w->col = w->width; /* forces a break before the next token */
        w->need_space = true;
        w->after_open = false;
    }
}

static int write_tag(void *ctx, pdn_str name, pdn_str value)
{
    writer *w = ctx;
    raw(w, "[", 1);
    raw(w, name.ptr, name.len);
    raw(w, " \"", 2);
    size_t start = 0;
    for (size_t i = 0; i < value.len; i++) {
        if (value.ptr[i] == '"' || value.ptr[i] == '\\') {
            raw(w, value.ptr + start, i - start);
            raw(w, "\\", 1);
            start = i;
        }
    }
    raw(w, value.ptr + start, value.len - start);
    raws(w, "\"]\n");
    return w->out.failed;
}

pdn_status pdn_write_pdn(const pdn_game *game, const pdn_write_options *opts, pdn_sink sink)
{
    if (!game || !sink.write)
        return PDN_EINVAL;
    writer w;
    memset(&w, 0, sizeof w);
    pdn_out__init(&w.out, sink);
    w.width = opts && opts->line_width >= 20 ? opts->line_width : 80;
    int type = pdn_game_type(game);
    w.cap_sep = pdn_gametype_capture_separator(type < 0 ? 20 : type);

    for (const pdn_node *c = pdn_node_first_child(pdn_game_header(game)); c; c = pdn_node_next(c))
        write_comment(&w, pdn_node_text(c), pdn_node_comment_kind(c), true);
    size_t ntags = 0;
    pdn_game_tags(game, &ntags);
    pdn_canon__each_tag(game, write_tag, &w);
    int has_tags = ntags > 0 || type == 0 || pdn_canon__result(game, &(pdn_str){0});
    if (has_tags)
        newline(&w);

    pdn_iter it;
    pdn_iter_init(&it, pdn_game_root(game));
    pdn_event ev;
    while ((ev = pdn_iter_next(&it)) != PDN_EVENT_DONE && !w.out.failed) {
        const pdn_node *n = it.node;
        switch (pdn_node_kind_of(n)) {
        case PDN_NODE_ROOT:
            break;
        case PDN_NODE_VARIATION:
            if (ev == PDN_EVENT_ENTER) {
                token(&w, "(", 1, false);
                w.after_open = true;
            } else {
                token(&w, ")", 1, true);
            }
            break;
        case PDN_NODE_MOVE:
            write_move(&w, n);
            break;
        case PDN_NODE_COMMENT:
            write_comment(&w, pdn_node_text(n), pdn_node_comment_kind(n), false);
            break;
        case PDN_NODE_NAG: {
            char b[16];
            int len = snprintf(b, sizeof b, "$%u", pdn_node_nag(n));
            token(&w, b, (size_t)len, false);
            break;
        }
        case PDN_NODE_SETUP: {
            pdn_str fen = pdn_node_text(n);
            char b[512];
            if (fen.len + 8 <= sizeof b) {
                int len = snprintf(b, sizeof b, "/FEN \"%.*s\"/", (int)fen.len, fen.ptr);
                token(&w, b, (size_t)len, false);
            } else {
                token(&w, "/FEN \"", 6, false);
                raw(&w, fen.ptr, fen.len);
                raw(&w, "\"/", 2);
                w.col = w.width;
            }
            break;
        }
        case PDN_NODE_HEADER:
            break;
        }
    }
    pdn_str conflict;
    if (pdn_canon__conflict(game, &conflict))
        write_comment(&w, conflict, PDN_COMMENT_BRACE, false);
    pdn_str sep = pdn_canon__separator(game);
    token(&w, sep.ptr, sep.len, false);
    newline(&w);
    newline(&w);
    return pdn_out__finish(&w.out);
}
