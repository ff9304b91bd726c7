/* SPDX-License-Identifier: MIT */
/*
 * write_pdn.c - the canonical PDN 3.0 writer (PGN export format for chess).
 * Walks the tree through the public API (runs of SAN moves through the
 * game's arrays) and writes it in the one form strict mode accepts: roster
 * tags first (canon.c), one tag a line, movetext wrapped at a fixed width,
 * '*' ending every draughts game, no leading zeros, each GameType's capture
 * separator.  A ';' comment or unreadable text is kept as a comment.
 */
#include "write/canon.h"
#include "write/comment_form.h"
#include "write/out.h"
#include "write/writers.h"

#include "tree/game.h"

#include "base/bits.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct writer {
    unsigned width;
    unsigned col;             /* column of the next byte on the current line */
    bool need_space;          /* a token was written on this line */
    bool force_newline;       /* last token was a '%' comment */
    unsigned opens;           /* '(' waiting to be written with the next token */
    unsigned closes;          /* ')' that will follow the token being written */
    const pdn_node *numbered; /* move whose number was written before its comments */
    char cap_sep;
    /* Rewriting moves (captures, notation): */
    const pdn_replay *replay;
    pdn_capture_form captures;
    char notation;
    const pdn_geometry *geo; /* for notation: the replay's, or `own_geo` */
    pdn_movelist *legal;     /* scratch for the legal moves of a position */
    bool oom;
    bool quick; /* moves kept as written may take san_run() */
    /* The large parts last: a game's writer clears only what is above. */
    pdn_out out;
    pdn_geometry own_geo;
} writer;

static void raw(writer *w, const char *s, size_t n)
{
    pdn_out__write(&w->out, s, n);
}
static void raws(writer *w, const char *s)
{
    raw(w, s, strlen(s));
}

static void newline(writer *w)
{
    raw(w, "\n", 1);
    w->col = 0;
    w->need_space = false;
    w->force_newline = false;
}

/* put_uint() from 100 on. */
static size_t put_uint_long(char *b, unsigned n)
{
    char t[16];
    size_t k = 0;
    do {
        t[k++] = (char)('0' + n % 10);
        n /= 10;
    } while (n != 0);
    for (size_t i = 0; i < k; i++)
        b[i] = t[k - 1 - i];
    return k;
}

/* Writes n in decimal at b; returns the length. */
static inline size_t put_uint(char *b, unsigned n)
{
    /* Move numbers and squares are nearly all below 100. */
    if (n < 10) {
        b[0] = (char)('0' + n);
        return 1;
    }
    if (n < 100) {
        b[0] = (char)('0' + n / 10);
        b[1] = (char)('0' + n % 10);
        return 2;
    }
    return put_uint_long(b, n);
}

/* The number of the highest set bit of m != 0. */
static unsigned highest(uint64_t m)
{
    unsigned k = 0;
    for (; m >> 8 != 0; m >>= 8)
        k += 8;
    while (m >>= 1)
        k++;
    return k;
}

/* Column after writing s[0..n) from column col.  Comments run long and
 * seldom hold a line break, so 64 bytes are looked at a time (bits.h),
 * from the end, where the last break is; the first ones of a long text
 * again with the block before them. */
static unsigned advance(unsigned col, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    uint64_t lf, cr;
    size_t i = n;
    if (n >= 64) {
        for (; i >= 64; i -= 64) {
            pdn_bits__block2(u + i - 64, '\n', '\r', &lf, &cr);
            if ((lf | cr) != 0)
                return (unsigned)(64 - 1 - highest(lf | cr) + (n - i));
        }
        if (i == 0)
            return col + (unsigned)n;
        pdn_bits__block2(u, '\n', '\r', &lf, &cr);
        uint64_t m = (lf | cr) & ((UINT64_C(1) << i) - 1);
        return m != 0 ? (unsigned)(n - highest(m) - 1) : col + (unsigned)n;
    }
    for (; i >= 8; i -= 8) {
        uint64_t word = pdn_bits__load(u + i - 8);
        uint64_t m =
            pdn_bits__eq(word, PDN_BITS_REP('\n')) | pdn_bits__eq(word, PDN_BITS_REP('\r'));
        if (m != 0)
            break;
    }
    while (i-- > 0)
        if (u[i] == '\n' || u[i] == '\r')
            return (unsigned)(n - i - 1);
    return col + (unsigned)n;
}

/* memcpy() for the few bytes of a move, without a call. */
static inline void copy(char *d, const char *s, size_t n)
{
    if (n <= 16)
        pdn_out__copy_short(d, s, n);
    else
        memcpy(d, s, n);
}

/* Writes one movetext token made of up to three pieces, breaking the line
 * before it when it (with the '(' held for it and the ')' that will follow
 * it) would pass the width.  A token wider than the line stands alone.
 * Only the middle piece may hold a line break (comment and setup text), and
 * with `flat` it holds none (moves, numbers), so none is looked for. */
static void token3f(writer *w, const char *a, size_t na, const char *b, size_t nb, const char *c,
                    size_t nc, bool flat)
{
    if (w->force_newline)
        newline(w);
    size_t n = w->opens + na + nb + nc + w->closes;
    bool space = w->need_space;
    if (w->col && w->col + (space ? 1 : 0) + n > w->width) {
        newline(w);
        space = false;
    }
    unsigned col = w->col + (space ? 1u : 0u) + w->opens;
    pdn_out *o = &w->out;
    if (w->opens < PDN_OUT_BUF && na + nb + nc < PDN_OUT_BUF &&
        1 + w->opens + na + nb + nc <= PDN_OUT_BUF - o->len) {
        /* The whole token fits: written in place, one length update. */
        char *d = o->buf + o->len;
        if (space)
            *d++ = ' ';
        for (unsigned i = 0; i < w->opens; i++)
            *d++ = '(';
        copy(d, a, na);
        d += na;
        copy(d, b, nb);
        d += nb;
        copy(d, c, nc);
        d += nc;
        o->len = (size_t)(d - o->buf);
    } else {
        if (space)
            raw(w, " ", 1);
        for (unsigned i = 0; i < w->opens; i++)
            raw(w, "(", 1);
        raw(w, a, na);
        raw(w, b, nb);
        raw(w, c, nc);
    }
    w->opens = 0;
    col = flat ? col + (unsigned)(na + nb + nc) : advance(col + (unsigned)na, b, nb) + (unsigned)nc;
    w->col = n > w->width ? w->width : col; /* a token wider than the line ends it */
    w->need_space = true;
}

static void token3(writer *w, const char *a, size_t na, const char *b, size_t nb, const char *c,
                   size_t nc)
{
    token3f(w, a, na, b, nb, c, nc, false);
}

static void token(writer *w, const char *s, size_t n)
{
    token3(w, "", 0, s, n, "", 0);
}

/* How many ')' directly follow the last node of a line: one for each
 * variation it ends. */
static unsigned closes_chain(const pdn_node *n)
{
    unsigned k = 0;
    while (!pdn_node_next(n) && pdn_node_kind_of(n) != PDN_NODE_ROOT) {
        const pdn_node *p = pdn_node_parent(n);
        if (!p || pdn_node_kind_of(p) != PDN_NODE_VARIATION)
            break;
        k++;
        n = p;
    }
    return k;
}

/* The same for any node; most have a node after them, and none then. */
static inline unsigned closes_after(const pdn_node *n)
{
    return pdn_node_next(n) ? 0 : closes_chain(n);
}

static size_t put_square(char *b, pdn_square sq)
{
    if (PDN_SQUARE_IS_ALPHA(sq)) {
        b[0] = (char)('a' + PDN_SQUARE_FILE(sq));
        return 1 + put_uint(b + 1, PDN_SQUARE_RANK(sq));
    }
    return put_uint(b, (unsigned)sq);
}

/* A move number as written: "12." or "12..." (Black's number 0 is the bare
 * "...", the number not written); returns the length. */
static inline size_t put_number(char *b, uint32_t number, unsigned kind)
{
    size_t n = 0;
    if (number || kind == PDN_NUMBER_WHITE)
        n = put_uint(b, (unsigned)number);
    b[n++] = '.';
    if (kind == PDN_NUMBER_BLACK) {
        b[n++] = '.';
        b[n++] = '.';
    }
    return n;
}

static void write_number(writer *w, const pdn_move *m)
{
    char buf[32];
    size_t n = put_number(buf, m->number, m->number_kind);
    unsigned keep = w->closes;
    w->closes = 0;
    token3f(w, buf, n, "", 0, "", 0, true);
    w->closes = keep;
}

/* Castling is exported with letters, as PGN's export format wants. */
static inline size_t put_san(char *buf, pdn_str san)
{
    copy(buf, san.ptr, san.len);
    if (san.len >= 3 && san.ptr[0] == '0' && memcmp(san.ptr, "0-0", 3) == 0) {
        buf[0] = buf[2] = 'O';
        if (san.len >= 5 && memcmp(san.ptr, "0-0-0", 5) == 0)
            buf[4] = 'O';
    }
    return san.len;
}

/* A square in the notation asked for; as written when it is not on the board. */
static size_t put_square_as(writer *w, char *b, pdn_square sq)
{
    if (w->notation != 0 && w->geo != NULL && !w->geo->chess) {
        int cell = pdn_geometry_cell(w->geo, sq);
        if (cell >= 0)
            sq = pdn_geometry_square(w->geo, cell, w->notation);
    }
    return put_square(b, sq);
}

/*
 * The move as the replay resolved it, in the form `captures` asks for:
 * draughts moves through the rules' own writer (restrictions 8 and 9),
 * chess moves in canonical SAN.  0 when the move was not resolved (it is
 * then written as it stands).
 */
static size_t rewritten(writer *w, const pdn_node *node, char *buf, size_t cap)
{
    pdn_played p;
    pdn_position before;
    if (w->captures == PDN_CAPTURES_ASIS || w->replay == NULL ||
        pdn_replay_move(&p, w->replay, node) != PDN_OK ||
        (p.status != PDN_PLAY_OK && p.status != PDN_PLAY_AMBIGUOUS) ||
        pdn_replay_position(&before, w->replay, node, 0) != PDN_OK)
        return 0;
    if (before.geometry->chess) {
        char san[PDN_SAN_MAX];
        if (pdn_chess_format_san(san, &before, p.chess) != PDN_OK)
            return 0;
        size_t n = strlen(san);
        memcpy(buf, san, n);
        return n;
    }
    const pdn_draughts *engine = pdn_replay_engine(w->replay);
    if (engine == NULL)
        return 0;
    if (w->legal == NULL && pdn_movelist_new(&w->legal, NULL) != PDN_OK) {
        w->oom = true;
        return 0;
    }
    pdn_status st = pdn_draughts_moves(w->legal, engine, &before, NULL, PDN_MOVES_UNIQUE);
    if (st != PDN_OK) {
        w->oom = st == PDN_ENOMEM;
        return 0;
    }
    size_t n = pdn_draughts_format(buf, cap, w->legal, &p.draughts, w->notation,
                                   w->captures == PDN_CAPTURES_FULL ? PDN_FORMAT_FULL : 0);
    return n < cap ? n : 0;
}

/*
 * A run of SAN moves kept as written and of brace comments, nearly all of
 * a chess game's movetext, read from the game's arrays: each move with its
 * number is built in the output buffer itself, without a pdn_move or a
 * token on the way, the writer's state in locals; what token3f() does with
 * the line is done after, as a line break takes the place of the space
 * before the token.  Returns the last node written, or NULL when the first
 * one must go the general way (not kept as written, a '(' or a '%' comment
 * waiting).
 */
static const pdn_node *san_run(writer *w, const struct pdn_node *nd)
{
    /* Text on the line is always followed by a space to write (need_space),
     * which a line break may replace; the general path would take a line
     * without it. */
    if (w->force_newline || w->opens || (w->col && !w->need_space))
        return NULL;
    const struct pdn_game *g = nd->game;
    const struct pdn_node *const nodes = g->nodes.data;
    const pdn_move_rec *const moves = g->moves.data;
    const char *const text = g->text;
    const pdn_node *const numbered = w->numbered;
    const unsigned width = w->width;
    unsigned col = w->col;
    bool space = w->need_space;
    pdn_out *o = &w->out;
    /* Room for a line break, a space, a number and the longest move. */
    char *const room_end = o->buf + PDN_OUT_BUF - (48 + 2 * 255);
    char *d = o->buf + o->len;
    const pdn_node *done = NULL;
    for (;;) {
        if (nd->kind == PDN_NODE_MOVE) {
            const pdn_move_rec *m = moves + nd->a;
            if (m->kind != PDN_MOVE_SAN)
                break;
            const unsigned closes = nd->next != PDN_NIL ? 0 : closes_chain(nd);
            if (d > room_end) {
                o->len = (size_t)(d - o->buf);
                pdn_out__flush(o);
                d = o->buf;
                if (o->failed)
                    break;
            }
            *d = ' ';
            char *const start = d + space;
            char *e = start;
            if (m->number_kind != PDN_NUMBER_NONE && nd != numbered) {
                e += put_number(e, m->number, m->number_kind);
                *e++ = ' ';
            }
            e += put_san(e, pdn_str__make(text + m->san_off, m->san_len));
            if (m->str_len) {
                copy(e, text + m->str_off, m->str_len);
                e += m->str_len;
            }
            const unsigned len = (unsigned)(e - start), n = len + closes;
            if (col && col + space + n > width) {
                *d = '\n';
                col = 0;
            } else {
                col += space;
            }
            d = e;
            col = n > width ? width : col + len; /* a token wider than the line ends it */
            space = true;
        } else if (nd->kind == PDN_NODE_COMMENT && nd->sub == PDN_COMMENT_BRACE &&
                   nd->attach != PDN_ATTACH_BEFORE) {
            /* A brace comment stays one: token3f()'s work, in place when
             * the buffer has room for it. */
            const char *const c = text + nd->a;
            const unsigned closes = nd->next != PDN_NIL ? 0 : closes_chain(nd);
            const unsigned len = nd->b, n = len + 2 + closes;
            if ((size_t)(o->buf + PDN_OUT_BUF - d) < (size_t)len + 8) {
                o->len = (size_t)(d - o->buf);
                w->col = col;
                w->need_space = space;
                w->closes = closes;
                token3(w, "{", 1, c, len, "}", 1);
                w->closes = 0;
                d = o->buf + o->len;
                col = w->col;
                if (o->failed)
                    break;
            } else {
                if (col && col + space + n > width) {
                    *d++ = '\n';
                    col = 0;
                    space = false;
                }
                *d = ' ';
                d += space;
                *d++ = '{';
                memcpy(d, c, len);
                d += len;
                *d++ = '}';
                col = advance(col + space + 1, c, len) + 1;
                if (n > width)
                    col = width; /* a token wider than the line ends it */
            }
            space = true;
        } else {
            break;
        }
        done = nd;
        if (nd->next == PDN_NIL)
            break;
        nd = nodes + nd->next;
    }
    o->len = (size_t)(d - o->buf);
    if (done) {
        w->col = col;
        w->need_space = space;
    }
    return done;
}

static void write_move(writer *w, const pdn_node *node)
{
    pdn_move m;
    if (pdn_node_move(&m, node) != PDN_OK)
        return;
    char buf[1024], num[32];
    size_t n = 0, nn = 0;
    /* The number goes with its move: no line break between them. */
    if (m.number_kind != PDN_NUMBER_NONE && w->numbered != node) {
        nn = put_number(num, m.number, m.number_kind);
        num[nn++] = ' ';
    }
    n = m.kind != PDN_MOVE_UNKNOWN ? rewritten(w, node, buf, sizeof buf - 64) : 0;
    switch (n ? PDN_MOVE_UNKNOWN : m.kind) {
    case PDN_MOVE_SQUARES:
        for (size_t i = 0; i < m.square_count && n < sizeof buf - 16; i++) {
            if (i) {
                char sep = m.separator == PDN_SEP_MOVE   ? '-'
                           : m.separator == PDN_SEP_NONE ? 0
                                                         : w->cap_sep;
                if (sep)
                    buf[n++] = sep;
            }
            n += put_square_as(w, buf + n, m.squares[i]);
        }
        if (m.captured) {
            buf[n++] = ' ';
            buf[n++] = '<';
            for (size_t i = 0; i < m.captured_count && n < sizeof buf - 16; i++) {
                if (i)
                    buf[n++] = ',';
                n += put_square_as(w, buf + n, m.captured[i]);
            }
            buf[n++] = '>';
        }
        break;
    case PDN_MOVE_SAN:
        n = put_san(buf, m.san);
        break;
    case PDN_MOVE_UNKNOWN:
        /* Also where the replay's form is already in buf. */
        if (n == 0) {
            memcpy(buf, "- -", 3);
            n = 3;
        }
        break;
    }
    copy(buf + n, m.strength.ptr, m.strength.len);
    n += m.strength.len;
    token3f(w, num, nn, buf, n, "", 0, true);
}

/* The move a "before" comment or NAG waits for. */
static const pdn_node *next_move(const pdn_node *n)
{
    for (n = pdn_node_next(n); n; n = pdn_node_next(n))
        if (pdn_node_kind_of(n) == PDN_NODE_MOVE)
            return n;
    return NULL;
}

/* Writes the number of the move a "before" item waits for ahead of it, so
 * that "1. {c} 32-28" keeps its shape. */
static void number_first(writer *w, const pdn_node *n)
{
    if (pdn_node_attach(n) != PDN_ATTACH_BEFORE)
        return;
    const pdn_node *mv = next_move(n);
    pdn_move m;
    if (!mv || mv == w->numbered || pdn_node_move(&m, mv) != PDN_OK ||
        m.number_kind == PDN_NUMBER_NONE)
        return;
    write_number(w, &m);
    w->numbered = mv;
}

/* A comment in the form that reads back as the same comment: braces when the
 * text allows, else a '%' line. */
static void write_comment(writer *w, pdn_str text, pdn_comment_kind kind, bool header)
{
    pdn_comment_kind k = pdn_canon__comment_kind(text, kind);
    if (k == PDN_COMMENT_PERCENT) {
        if (w->col || w->opens) {
            if (w->opens) {
                /* '(' must not be cut off from its variation by the line. */
                token(w, "", 0);
            }
            newline(w);
        }
        raw(w, "%", 1);
        raw(w, text.ptr, text.len);
        if (header) {
            newline(w);
        } else {
            w->force_newline = true;
            w->col = 1;
            w->need_space = true;
        }
        return;
    }
    if (header) {
        raw(w, "{", 1);
        raw(w, text.ptr, text.len);
        raw(w, "}", 1);
        newline(w);
        return;
    }
    token3(w, "{", 1, text.ptr, text.len, "}", 1);
}

/* The GameType tuple the replay played the game with, as a tag value. */
static size_t replay_gametype(const writer *w, char *buf, size_t cap)
{
    const pdn_geometry *g = w->replay ? pdn_replay_geometry(w->replay) : NULL;
    if (g == NULL || g->chess)
        return 0;
    const pdn_gametype *t = &g->gametype;
    pdn_gametype table;
    if (pdn_gametype_default(&table, t->type) == PDN_OK && table.start == t->start &&
        table.width == t->width && table.height == t->height && table.notation == t->notation &&
        table.corner == t->corner && table.invert == t->invert)
        return (size_t)snprintf(buf, cap, "%d", t->type);
    return (size_t)snprintf(buf, cap, "%d,%c,%d,%d,%c%d,%d", t->type, t->start, t->width, t->height,
                            t->notation, t->corner, t->invert);
}

/* Whether s[0..n) holds a quote or a backslash, which a tag value escapes:
 * eight bytes at a time (bits.h), the last ones overlapping or, for a short
 * value, copied into a word first. */
static bool needs_escape(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    uint64_t m = 0;
    if (n < 8) {
        unsigned char b[8] = {0};
        pdn_out__copy_short((char *)b, s, n);
        uint64_t x = pdn_bits__load(b);
        return (pdn_bits__eq(x, PDN_BITS_REP('"')) | pdn_bits__eq(x, PDN_BITS_REP('\\'))) != 0;
    }
    for (size_t i = 0; i < n; i += 8) {
        uint64_t x = pdn_bits__load(u + (n - i < 8 ? n - 8 : i));
        m |= pdn_bits__eq(x, PDN_BITS_REP('"')) | pdn_bits__eq(x, PDN_BITS_REP('\\'));
    }
    return m != 0;
}

static int put_tag(writer *w, pdn_str name, pdn_str value)
{
    pdn_out *o = &w->out;
    if (!needs_escape(value.ptr, value.len) && name.len + value.len + 8 <= PDN_OUT_BUF - o->len) {
        /* Nothing to escape and room in the buffer, the usual tag: in place. */
        char *d = o->buf + o->len;
        *d++ = '[';
        copy(d, name.ptr, name.len);
        d += name.len;
        *d++ = ' ';
        *d++ = '"';
        copy(d, value.ptr, value.len);
        d += value.len;
        memcpy(d, "\"]\n", 3);
        o->len = (size_t)(d + 3 - o->buf);
        return o->failed;
    }
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

/* Moves rewritten by the rules follow the GameType they were replayed
 * with, which the tag must then name (an inferred or misfit tag).  Apart
 * from write_tag(), which runs for every tag. */
static PDN_NOINLINE int retyped_tag(writer *w, pdn_str name, pdn_str value)
{
    char type[64];
    size_t n = replay_gametype(w, type, sizeof type);
    if (n > 0) {
        value.ptr = type;
        value.len = n;
    }
    return put_tag(w, name, value);
}

static int write_tag(void *ctx, pdn_str name, pdn_str value, const pdn_tag *src)
{
    writer *w = ctx;
    (void)src;
    if (w->captures != PDN_CAPTURES_ASIS && name.len == 8 && memcmp(name.ptr, "GameType", 8) == 0)
        return retyped_tag(w, name, value);
    return put_tag(w, name, value);
}

pdn_status pdn_write__pdn(const pdn_game *game, const pdn_write_options *opts, pdn_sink sink,
                          bool quick)
{
    if (!game || !sink.write)
        return PDN_EINVAL;
    writer w;
    memset(&w, 0, offsetof(writer, out));
    pdn_out__init(&w.out, sink);
    if (opts && opts->version != PDN_WRITE_OPTIONS_VERSION && opts->version != 1)
        return PDN_EINVAL;
    w.width = opts && opts->line_width >= 20 ? opts->line_width : 80;
    int type = pdn_game_type(game);
    if (opts && opts->version >= 2) {
        w.replay = opts->replay;
        w.captures = opts->captures;
        w.notation = opts->notation == 'N' || opts->notation == 'A' ? opts->notation : 0;
    }
    if (w.replay != NULL && pdn_replay_geometry(w.replay) != NULL) {
        /* The replay knows the type of a game without GameType tag. */
        w.geo = pdn_replay_geometry(w.replay);
        type = pdn_replay_gametype(w.replay);
    } else if (w.notation != 0 && pdn_game_geometry(game, &w.own_geo) == PDN_OK) {
        w.geo = &w.own_geo;
    }
    w.cap_sep = pdn_gametype_capture_separator(type < 0 ? 20 : type);
    /* SAN moves are chess's: other games go the general way at once. */
    w.quick =
        quick && pdn_game_type(game) == 0 && (w.captures == PDN_CAPTURES_ASIS || w.replay == NULL);

    for (const pdn_node *c = pdn_node_first_child(pdn_game_header(game)); c; c = pdn_node_next(c))
        write_comment(&w, pdn_node_text(c), pdn_node_comment_kind(c), true);
    size_t ntags = 0;
    pdn_game_tags(game, &ntags);
    pdn_canon__each_tag_src(game, write_tag, &w);
    char tuple[64];
    size_t tn;
    if (w.captures != PDN_CAPTURES_ASIS && pdn_game_tag(game, "GameType") == NULL &&
        (tn = replay_gametype(&w, tuple, sizeof tuple)) > 0) {
        pdn_str name = {"GameType", 8}, value = {tuple, tn};
        put_tag(&w, name, value);
        ntags++;
    }
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
                w.opens++;
                if (!pdn_node_first_child(n)) {
                    /* "()": nothing to hold the parenthesis for. */
                    token(&w, ")", 1);
                    w.opens = 0;
                }
            } else if (pdn_node_first_child(n)) {
                /* The ')' was counted with the variation's last token; only a
                 * '%' comment, which runs to the line's end, needs a break. */
                if (w.force_newline)
                    newline(&w);
                raw(&w, ")", 1);
                w.col++;
                w.need_space = true;
            }
            break;
        case PDN_NODE_MOVE:
            if (w.quick) {
                const pdn_node *last = san_run(&w, n);
                if (last) {
                    /* On from the last node of the run. */
                    it.node = last;
                    break;
                }
            }
            w.closes = closes_after(n);
            write_move(&w, n);
            w.closes = 0;
            break;
        case PDN_NODE_COMMENT:
            w.closes = closes_after(n);
            number_first(&w, n);
            write_comment(&w, pdn_node_text(n), pdn_node_comment_kind(n), false);
            w.closes = 0;
            break;
        case PDN_NODE_NAG: {
            w.closes = closes_after(n);
            number_first(&w, n);
            char b[16];
            b[0] = '$';
            token3f(&w, b, 1 + put_uint(b + 1, pdn_node_nag(n)), "", 0, "", 0, true);
            w.closes = 0;
            break;
        }
        case PDN_NODE_SETUP: {
            w.closes = closes_after(n);
            pdn_str fen = pdn_node_text(n);
            if (pdn_node_setup_is_fen(n)) {
                fen = pdn_canon__fen(fen);
                token3(&w, "/FEN \"", 6, fen.ptr, fen.len, "\"/", 2);
            } else
                token3(&w, "/", 1, fen.ptr, fen.len, "/", 1);
            w.closes = 0;
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
    token(&w, sep.ptr, sep.len);
    newline(&w);
    newline(&w);
    pdn_movelist_free(w.legal);
    pdn_status st = pdn_out__finish(&w.out);
    return w.oom && st == PDN_OK ? PDN_ENOMEM : st;
}

pdn_status pdn_write_pdn(const pdn_game *game, const pdn_write_options *opts, pdn_sink sink)
{
    return pdn_write__pdn(game, opts, sink, true);
}
