/* SPDX-License-Identifier: MIT */
/*
 * write_json.c - pdn_write_json(): one game as one line of JSON.
 *
 * Pipeline position: a writer.  It reads the game only through pdn.h (and
 * the canonical view of canon.h) and pushes bytes through a fixed buffer to
 * the caller's sink.  The schema is documented in docs/json.md.
 *
 * The movetext is walked with pdn_iter, never recursively: variations may
 * nest as deep as the input does (100,000 levels and more), and every array
 * is opened on ENTER and closed on EXIT of its container.
 */
#include "canon.h"
#include "tree/game.h"
#include "comment_form.h"

#include <string.h>

/* ===================================================================== */
/* Buffered output                                                       */
/* ===================================================================== */

/*
 * Output is collected in a fixed buffer on the stack and handed to the sink
 * in chunks of this size: large enough that the sink is called rarely, small
 * enough for the stack of any thread.  The writer never allocates, so it
 * never returns PDN_ENOMEM.
 */
#define JW_BUF_SIZE 16384

typedef struct jw {
    pdn_sink sink;
    int failed; /* the sink returned non-zero: drop everything after */
    size_t len;
    char buf[JW_BUF_SIZE];
} jw;

static void jw_flush(jw *w)
{
    if (w->len > 0 && !w->failed && w->sink.write(w->sink.ctx, w->buf, w->len) != 0)
        w->failed = 1;
    w->len = 0;
}

/* Bytes that do not fit the buffer at once: written in parts. */
static void jw_spill(jw *w, const char *p, size_t n)
{
    while (n > 0) {
        size_t room = JW_BUF_SIZE - w->len;
        if (room == 0) {
            jw_flush(w);
            room = JW_BUF_SIZE;
        }
        if (room > n)
            room = n;
        memcpy(w->buf + w->len, p, room);
        w->len += room;
        p += room;
        n -= room;
    }
}

/* Most pieces are a few bytes long: copied here without a call. */
static inline void jw_raw(jw *w, const char *p, size_t n)
{
    if (n > JW_BUF_SIZE - w->len) {
        jw_spill(w, p, n);
        return;
    }
    char *d = w->buf + w->len;
    w->len += n;
    /* Two overlapping copies of a fixed size cover 4 to 16 bytes exactly,
     * and compile to a few moves. */
    if (n >= 8 && n <= 16) {
        memcpy(d, p, 8);
        memcpy(d + n - 8, p + n - 8, 8);
    } else if (n >= 4 && n < 8) {
        memcpy(d, p, 4);
        memcpy(d + n - 4, p + n - 4, 4);
    } else if (n > 16) {
        memcpy(d, p, n);
    } else {
        while (n--)
            *d++ = *p++;
    }
}

static inline void jw_byte(jw *w, char c)
{
    if (w->len == JW_BUF_SIZE)
        jw_flush(w);
    w->buf[w->len++] = c;
}

static void jw_lit(jw *w, const char *s)
{
    jw_raw(w, s, strlen(s));
}

static void jw_u64(jw *w, unsigned long long v)
{
    char tmp[24];
    size_t i = sizeof tmp;
    do {
        tmp[--i] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v != 0);
    jw_raw(w, tmp + i, sizeof tmp - i);
}

static void jw_i64(jw *w, long long v)
{
    if (v < 0) {
        jw_byte(w, '-');
        /* negate in unsigned arithmetic so that LLONG_MIN works too */
        jw_u64(w, 0ull - (unsigned long long)v);
    } else {
        jw_u64(w, (unsigned long long)v);
    }
}

/* Length of the valid UTF-8 sequence at p (at most n bytes), 0 if invalid:
 * no overlong forms, no surrogates, nothing above U+10FFFF. */
static size_t utf8_seq(const unsigned char *p, size_t n)
{
    unsigned c = p[0];
    size_t need, i;
    unsigned lo = 0x80, hi = 0xBF;

    if (c < 0x80)
        return 1;
    if (c < 0xC2)
        return 0;
    if (c < 0xE0) {
        need = 1;
    } else if (c < 0xF0) {
        need = 2;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c < 0xF5) {
        need = 3;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (n < need + 1)
        return 0;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (i = 2; i <= need; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return need + 1;
}

/* A JSON string: quotes, backslashes and control characters escaped; a byte
 * that does not start valid UTF-8 becomes U+FFFD. */
static void jw_strn(jw *w, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, run = 0;

    if (p == NULL || n == 0) {
        jw_lit(w, "\"\"");
        return;
    }
    jw_byte(w, '"');
    while (i < n) {
        unsigned c = p[i];
        size_t len;
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            i++;
            continue;
        }
        if (c >= 0x80) {
            len = utf8_seq(p + i, n - i);
            if (len > 0) {
                i += len;
                continue;
            }
        }
        /* flush the plain run before the byte that needs care */
        jw_raw(w, s + run, i - run);
        switch (c) {
        case '"': jw_lit(w, "\\\""); break;
        case '\\': jw_lit(w, "\\\\"); break;
        case '\n': jw_lit(w, "\\n"); break;
        case '\r': jw_lit(w, "\\r"); break;
        case '\t': jw_lit(w, "\\t"); break;
        case '\b': jw_lit(w, "\\b"); break;
        case '\f': jw_lit(w, "\\f"); break;
        default:
            if (c < 0x20) {
                char esc[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
                jw_raw(w, esc, sizeof esc);
            } else {
                jw_lit(w, "\xEF\xBF\xBD"); /* U+FFFD for an invalid byte */
            }
            break;
        }
        i++;
        run = i;
    }
    jw_raw(w, s + run, i - run);
    jw_byte(w, '"');
}

static void jw_str(jw *w, pdn_str s)
{
    jw_strn(w, s.ptr, s.len);
}

/* ,"key": in one copy, the key a string literal. */
#define jw_key(w, key) jw_raw((w), ",\"" key "\":", sizeof(",\"" key "\":") - 1)

static void jw_bool(jw *w, int v)
{
    jw_lit(w, v ? "true" : "false");
}

/* ===================================================================== */
/* Names of enum values                                                  */
/* ===================================================================== */

static const char *encoding_name(pdn_encoding e)
{
    switch (e) {
    case PDN_ENC_LATIN1: return "windows-1252";
    case PDN_ENC_CP1251: return "cp1251";
    case PDN_ENC_CP866: return "cp866";
    case PDN_ENC_AUTO:
    case PDN_ENC_UTF8:
    default: return "utf-8";
    }
}

static const char *comment_kind_name(pdn_comment_kind k)
{
    switch (k) {
    case PDN_COMMENT_SEMI: return "semicolon";
    case PDN_COMMENT_PERCENT: return "percent";
    case PDN_COMMENT_JUNK: return "junk";
    case PDN_COMMENT_BRACE:
    default: return "brace";
    }
}

static const char *attach_name(pdn_attach a)
{
    switch (a) {
    case PDN_ATTACH_START: return "start";
    case PDN_ATTACH_BEFORE: return "before";
    case PDN_ATTACH_AFTER:
    default: return "after";
    }
}

static const char *severity_name(pdn_severity s)
{
    switch (s) {
    case PDN_SEV_ERROR: return "error";
    case PDN_SEV_WARNING: return "warning";
    case PDN_SEV_NOTE:
    case PDN_SEV_NONE:
    default: return "note";
    }
}

static const char *terminator_name(pdn_terminator_kind k)
{
    switch (k) {
    case PDN_TERM_ASTERISK: return "asterisk";
    case PDN_TERM_RESULT: return "result";
    case PDN_TERM_NONE:
    default: return "none";
    }
}

/* ===================================================================== */
/* Shared pieces                                                         */
/* ===================================================================== */

typedef struct jctx {
    jw *w;
    const pdn_game *game;
    int positions;
    int source_order;
    int type; /* the game's GameType */
    int first; /* no element written yet in the array being filled */
    size_t line_hint; /* for pdn_game__locate_next() */
} jctx;

static void sep(jctx *c)
{
    if (!c->first)
        jw_byte(c->w, ',');
    c->first = 0;
}

static void position(jctx *c, uint32_t offset)
{
    uint64_t line = 0;
    uint32_t column = 0;
    pdn_game__locate_next(c->game, offset, &c->line_hint, &line, &column);
    jw_key(c->w, "line");
    jw_u64(c->w, line);
    jw_key(c->w, "column");
    jw_u64(c->w, column);
}

/* A square: a number, or a string such as "a3" for algebraic squares. */
static void square_text(jw *w, pdn_square s)
{
    if (PDN_SQUARE_IS_ALPHA(s)) {
        unsigned f = PDN_SQUARE_FILE(s);
        jw_byte(w, f < 26 ? (char)('a' + (int)f) : '?');
        jw_u64(w, PDN_SQUARE_RANK(s));
    } else {
        jw_u64(w, s);
    }
}

static void square_value(jw *w, pdn_square s)
{
    if (PDN_SQUARE_IS_ALPHA(s)) {
        jw_byte(w, '"');
        square_text(w, s);
        jw_byte(w, '"');
    } else {
        jw_u64(w, s);
    }
}

static void square_list(jw *w, const pdn_square *sq, size_t n)
{
    size_t i;
    jw_byte(w, '[');
    for (i = 0; i < n; i++) {
        if (i > 0)
            jw_byte(w, ',');
        square_value(w, sq[i]);
    }
    jw_byte(w, ']');
}

static int name_is(pdn_str name, const char *s)
{
    size_t n = strlen(s);
    return name.len == n && (n == 0 || memcmp(name.ptr, s, n) == 0);
}

/* ===================================================================== */
/* Comment commands                                                      */
/* ===================================================================== */

static void error_field(jw *w, pdn_diag_code code)
{
    jw_key(w, "error");
    jw_lit(w, "\"");
    jw_lit(w, pdn_diag_name(code));
    jw_lit(w, "\"");
}

static void clock_times(jw *w, const pdn_clock *ck)
{
    int i;
    jw_key(w, "times");
    jw_byte(w, '[');
    for (i = 0; i < ck->count && i < 2; i++) {
        if (i > 0)
            jw_byte(w, ',');
        jw_byte(w, '{');
        if (ck->times[i].side != 0) {
            char side[1];
            side[0] = ck->times[i].side;
            jw_lit(w, "\"side\":");
            jw_strn(w, side, 1);
            jw_byte(w, ',');
        }
        jw_lit(w, "\"running\":");
        jw_bool(w, ck->times[i].running);
        jw_key(w, "ms");
        jw_i64(w, ck->times[i].ms);
        jw_byte(w, '}');
    }
    jw_byte(w, ']');
}

static void mark_value(jw *w, const pdn_mark *m, int arrow)
{
    char color[1];
    color[0] = m->color;
    jw_lit(w, "{\"color\":");
    jw_strn(w, color, 1);
    if (arrow) {
        jw_key(w, "from");
        square_value(w, m->from);
        jw_key(w, "to");
        square_value(w, m->to);
    } else {
        jw_key(w, "square");
        square_value(w, m->from);
    }
    jw_byte(w, '}');
}

/*
 * Marks are parsed into a fixed array; a list longer than that (rare: a
 * board has at most 100 squares worth marking) is parsed again one entry at
 * a time, so no list is ever cut short and nothing is allocated.
 */
#define MARKS_CAP 32

static void marks(jw *w, pdn_str v, int arrow)
{
    pdn_mark m[MARKS_CAP];
    size_t count = 0, i;
    pdn_diag_code code = pdn_parse_marks(m, MARKS_CAP, &count, v.ptr, v.len, arrow, NULL);

    if (code != PDN_D_NONE) {
        error_field(w, code);
        return;
    }
    jw_key(w, "marks");
    jw_byte(w, '[');
    if (count <= MARKS_CAP) {
        for (i = 0; i < count; i++) {
            if (i > 0)
                jw_byte(w, ',');
            mark_value(w, &m[i], arrow);
        }
    } else {
        size_t start = 0, pos, written = 0;
        for (pos = 0; pos <= v.len; pos++) {
            size_t one = 0;
            if (pos < v.len && v.ptr[pos] != ',')
                continue;
            if (pos > start &&
                pdn_parse_marks(m, 1, &one, v.ptr + start, pos - start, arrow, NULL) ==
                    PDN_D_NONE &&
                one == 1) {
                if (written++ > 0)
                    jw_byte(w, ',');
                mark_value(w, &m[0], arrow);
            }
            start = pos + 1;
        }
    }
    jw_byte(w, ']');
}

static void command_fields(jw *w, const pdn_command *cmd)
{
    pdn_str v = cmd->value;
    pdn_diag_code code;

    if (name_is(cmd->name, "clk") || name_is(cmd->name, "mct") || name_is(cmd->name, "egt") ||
        name_is(cmd->name, "emt")) {
        long long ms = 0;
        pdn_clock ck;
        code = pdn_parse_clock_time(&ms, v.ptr, v.len, NULL);
        if (code == PDN_D_NONE) {
            jw_key(w, "ms");
            jw_i64(w, ms);
        } else if (pdn_parse_clock(&ck, v.ptr, v.len, NULL) == PDN_D_NONE) {
            clock_times(w, &ck);
        } else {
            error_field(w, code);
        }
    } else if (name_is(cmd->name, "clock")) {
        pdn_clock ck;
        code = pdn_parse_clock(&ck, v.ptr, v.len, NULL);
        if (code == PDN_D_NONE)
            clock_times(w, &ck);
        else
            error_field(w, code);
    } else if (name_is(cmd->name, "eval")) {
        pdn_eval ev;
        code = pdn_parse_eval(&ev, v.ptr, v.len, NULL);
        if (code != PDN_D_NONE) {
            error_field(w, code);
            return;
        }
        if (ev.is_mate) {
            jw_key(w, "mate");
            jw_i64(w, ev.mate);
        } else {
            jw_key(w, "cp");
            jw_i64(w, ev.centipawns);
        }
        if (ev.depth >= 0) {
            jw_key(w, "depth");
            jw_i64(w, ev.depth);
        }
    } else if (name_is(cmd->name, "csl")) {
        marks(w, v, 0);
    } else if (name_is(cmd->name, "cal")) {
        marks(w, v, 1);
    }
}

static void commands(jw *w, pdn_str text)
{
    pdn_command cmd;
    size_t pos = 0, before;
    int n = 0;

    for (;;) {
        before = pos;
        if (!pdn_command_next(&cmd, text, &pos))
            break;
        jw_lit(w, n == 0 ? ",\"commands\":[" : ",");
        n++;
        jw_lit(w, "{\"name\":");
        jw_str(w, cmd.name);
        jw_key(w, "value");
        jw_str(w, cmd.value);
        command_fields(w, &cmd);
        jw_byte(w, '}');
        if (pos <= before) /* a scanner that does not advance must not loop */
            break;
    }
    if (n > 0)
        jw_byte(w, ']');
}

/* ===================================================================== */
/* Items                                                                 */
/* ===================================================================== */

static void open_item(jctx *c, const pdn_node *n, const char *type)
{
    sep(c);
    jw_lit(c->w, "{\"type\":\"");
    jw_lit(c->w, type);
    jw_byte(c->w, '"');
    if (c->positions && n != NULL)
        position(c, pdn_node_offset(n));
}

static void move_item(jctx *c, const pdn_node *n)
{
    jw *w = c->w;
    pdn_move m;

    open_item(c, n, "move");
    if (pdn_node_move(&m, n) != PDN_OK) {
        jw_lit(w, ",\"unknown\":true}");
        return;
    }
    if (m.number_kind == PDN_NUMBER_WHITE || m.number_kind == PDN_NUMBER_BLACK) {
        if (m.number != 0) {
            jw_key(w, "number");
            jw_u64(w, m.number);
        }
        jw_key(w, "side");
        jw_lit(w, m.number_kind == PDN_NUMBER_WHITE ? "\"white\"" : "\"black\"");
    }
    /* The canonical view shows what the writer writes: Thai captures take
     * '-' (its GameType's separator), so they read back as plain moves. */
    pdn_separator sep = m.separator;
    if (!c->source_order && sep != PDN_SEP_NONE && pdn_gametype_capture_separator(c->type) == '-')
        sep = PDN_SEP_MOVE;
    if (m.kind == PDN_MOVE_SQUARES) {
        const char *s = sep == PDN_SEP_MOVE     ? "-"
                        : sep == PDN_SEP_NONE   ? ""
                                                : "x";
        size_t i;
        jw_key(w, "move");
        jw_byte(w, '"');
        for (i = 0; i < m.square_count; i++) {
            if (i > 0)
                jw_lit(w, s);
            square_text(w, m.squares[i]);
        }
        jw_byte(w, '"');
        jw_key(w, "squares");
        square_list(w, m.squares, m.squares != NULL ? m.square_count : 0);
        jw_key(w, "capture");
        jw_lit(w, sep == PDN_SEP_MOVE   ? "false"
                  : sep == PDN_SEP_NONE ? "null"
                                        : "true");
    } else if (m.kind == PDN_MOVE_SAN) {
        jw_key(w, "san");
        char san[256];
        if (!c->source_order && m.san.len <= sizeof san && m.san.len >= 3 &&
            memcmp(m.san.ptr, "0-0", 3) == 0) {
            /* Castling as PGN exports it: with letters. */
            memcpy(san, m.san.ptr, m.san.len);
            san[0] = san[2] = 'O';
            if (m.san.len >= 5 && san[4] == '0')
                san[4] = 'O';
            jw_str(w, (pdn_str){san, m.san.len});
        } else {
            jw_str(w, m.san);
        }
    } else {
        jw_key(w, "unknown");
        jw_lit(w, "true");
    }
    if (m.strength.len > 0) {
        jw_key(w, "strength");
        jw_str(w, m.strength);
    }
    if (m.captured != NULL && m.captured_count > 0) {
        jw_key(w, "captured");
        square_list(w, m.captured, m.captured_count);
    }
    jw_byte(w, '}');
}

static void comment_fields(jw *w, pdn_comment_kind kind, pdn_attach attach, pdn_str text)
{
    jw_key(w, "kind");
    jw_byte(w, '"');
    jw_lit(w, comment_kind_name(kind));
    jw_byte(w, '"');
    jw_key(w, "attach");
    jw_byte(w, '"');
    jw_lit(w, attach_name(attach));
    jw_byte(w, '"');
    jw_key(w, "text");
    jw_str(w, text);
    commands(w, text);
    jw_byte(w, '}');
}

/* Any item but a variation (those are opened and closed by the walk). */
static void leaf_item(jctx *c, const pdn_node *n)
{
    jw *w = c->w;

    switch (pdn_node_kind_of(n)) {
    case PDN_NODE_MOVE:
        move_item(c, n);
        break;
    case PDN_NODE_COMMENT: {
        pdn_str text = pdn_node_text(n);
        pdn_comment_kind kind = pdn_node_comment_kind(n);
        /* The canonical view reports the kind the PDN writer turns the
         * comment into (a ';' comment becomes a brace comment). */
        if (!c->source_order)
            kind = pdn_canon__comment_kind(text, kind);
        open_item(c, n, "comment");
        comment_fields(w, kind, pdn_node_attach(n), text);
        break;
    }
    case PDN_NODE_NAG:
        open_item(c, n, "nag");
        jw_key(w, "nag");
        jw_u64(w, pdn_node_nag(n));
        jw_byte(w, '}');
        break;
    case PDN_NODE_SETUP:
        open_item(c, n, "setup");
        /* A setup that is not /FEN "..."/ is kept as written. */
        if (pdn_node_setup_is_fen(n))
            jw_key(w, "fen");
        else
            jw_key(w, "text");
        jw_str(w, pdn_node_setup_is_fen(n) && !c->source_order ? pdn_canon__fen(pdn_node_text(n))
                                                               : pdn_node_text(n));
        jw_byte(w, '}');
        break;
    case PDN_NODE_ROOT:
    case PDN_NODE_HEADER:
    case PDN_NODE_VARIATION:
    default:
        break;
    }
}

/*
 * The items of a sequence (movetext root or header) as the elements of an
 * already opened array.  Depth lives in the iterator, not on the C stack:
 * ENTER of a variation opens its object and array, EXIT closes them.
 */
static void sequence(jctx *c, const pdn_node *root)
{
    pdn_iter it;
    pdn_event ev;

    if (root == NULL)
        return;
    c->first = 1;
    pdn_iter_init(&it, root);
    while ((ev = pdn_iter_next(&it)) != PDN_EVENT_DONE) {
        const pdn_node *n = it.node;
        if (c->w->failed)
            break;
        if (n == NULL || n == root)
            continue;
        if (pdn_node_kind_of(n) == PDN_NODE_VARIATION) {
            if (ev == PDN_EVENT_ENTER) {
                open_item(c, n, "variation");
                jw_lit(c->w, ",\"moves\":[");
                c->first = 1;
            } else {
                jw_lit(c->w, "]}");
                c->first = 0;
            }
        } else if (ev == PDN_EVENT_ENTER) {
            leaf_item(c, n);
        }
    }
}

/* ===================================================================== */
/* Tags, terminator, diagnostics                                         */
/* ===================================================================== */

static void tag_entry(jctx *c, pdn_str name, pdn_str value, const pdn_tag *src)
{
    jw *w = c->w;
    uint64_t line = 0;
    uint32_t column = 0;

    sep(c);
    jw_byte(w, '[');
    jw_str(w, name);
    jw_byte(w, ',');
    jw_str(w, value);
    if (c->positions && src != NULL) {
        pdn_game_locate(c->game, src->offset, &line, &column);
        jw_byte(w, ',');
        jw_u64(w, line);
        jw_byte(w, ',');
        jw_u64(w, column);
    }
    jw_byte(w, ']');
}

static int canon_tag_cb(void *ctx, pdn_str name, pdn_str value, const pdn_tag *src)
{
    jctx *c = ctx;
    tag_entry(c, name, value, src);
    return c->w->failed;
}

static void tags(jctx *c, int source_order)
{
    c->first = 1;
    if (source_order) {
        size_t count = 0, i;
        const pdn_tag *t = pdn_game_tags(c->game, &count);
        for (i = 0; t != NULL && i < count && !c->w->failed; i++)
            tag_entry(c, t[i].name, t[i].value, &t[i]);
    } else {
        pdn_canon__each_tag_src(c->game, canon_tag_cb, c);
    }
}

static void diagnostics(jctx *c)
{
    jw *w = c->w;
    size_t count = 0, i;
    const pdn_diag *d = pdn_game_diags(c->game, &count);

    for (i = 0; d != NULL && i < count && !w->failed; i++) {
        uint64_t line = 0;
        uint32_t column = 0;
        if (i > 0)
            jw_byte(w, ',');
        jw_lit(w, "{\"severity\":\"");
        jw_lit(w, severity_name(d[i].severity));
        jw_lit(w, "\",\"code\":");
        jw_strn(w, pdn_diag_name(d[i].code), strlen(pdn_diag_name(d[i].code)));
        jw_key(w, "message");
        jw_strn(w, pdn_diag_message(d[i].code), strlen(pdn_diag_message(d[i].code)));
        pdn_game_locate(c->game, d[i].offset, &line, &column);
        jw_key(w, "line");
        jw_u64(w, line);
        jw_key(w, "column");
        jw_u64(w, column);
        if (d[i].related != UINT32_MAX) {
            pdn_game_locate(c->game, d[i].related, &line, &column);
            jw_key(w, "related_line");
            jw_u64(w, line);
            jw_key(w, "related_column");
            jw_u64(w, column);
        }
        jw_byte(w, '}');
    }
}

/* ===================================================================== */
/* The game                                                              */
/* ===================================================================== */

pdn_status pdn_write_json(const pdn_game *game, const pdn_write_options *opts,
                          pdn_sink sink)
{
    static const pdn_write_options defaults = PDN_WRITE_OPTIONS_INIT;
    jw w;
    jctx c;
    pdn_str text;

    if (game == NULL || sink.write == NULL)
        return PDN_EINVAL;
    if (opts == NULL)
        opts = &defaults;
    /* Version 1 is version 2 without the PDN writer's fields. */
    if (opts->version != PDN_WRITE_OPTIONS_VERSION && opts->version != 1)
        return PDN_EINVAL;

    w.sink = sink;
    w.failed = 0;
    w.len = 0;
    c.w = &w;
    c.line_hint = 0;
    c.game = game;
    text = pdn_game_text(game);
    c.positions = opts->positions != 0;
    c.source_order = opts->source_order != 0;
    c.type = pdn_game_type(game);
    c.first = 1;

    jw_lit(&w, "{\"index\":");
    jw_u64(&w, pdn_game_index(game));
    jw_key(&w, "gametype");
    jw_i64(&w, pdn_game_type(game));
    if (opts->source_order) {
        /* The input's encoding is a fact of the source, not of the game. */
        jw_key(&w, "encoding");
        jw_byte(&w, '"');
        jw_lit(&w, encoding_name(pdn_game_encoding(game)));
        jw_byte(&w, '"');
    }

    jw_lit(&w, ",\"tags\":[");
    tags(&c, opts->source_order);
    jw_byte(&w, ']');

    jw_lit(&w, ",\"header\":[");
    sequence(&c, pdn_game_header(game));
    jw_byte(&w, ']');

    jw_lit(&w, ",\"moves\":[");
    sequence(&c, pdn_game_root(game));
    if (!opts->source_order && pdn_canon__conflict(game, &text)) {
        /* The canonical writers keep a terminator that contradicts the
         * Result tag as a final comment; it reads back attached like this. */
        open_item(&c, NULL, "comment");
        comment_fields(&w, PDN_COMMENT_BRACE, pdn_canon__conflict_attach(game), text);
    }
    jw_byte(&w, ']');

    if (opts->source_order) {
        pdn_terminator_kind k = pdn_game_terminator(game, &text);
        jw_lit(&w, ",\"terminator\":{\"kind\":\"");
        jw_lit(&w, terminator_name(k));
        jw_lit(&w, "\",\"text\":");
        jw_str(&w, text);
        jw_byte(&w, '}');
    }

    if (opts->diagnostics) {
        jw_lit(&w, ",\"diagnostics\":[");
        diagnostics(&c);
        jw_byte(&w, ']');
    }

    jw_lit(&w, "}\n");
    jw_flush(&w);
    return w.failed ? PDN_EIO : PDN_OK;
}
