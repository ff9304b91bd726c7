/* SPDX-License-Identifier: MIT */
/*
 * parse.c - reads one game: header tags, then movetext, up to its terminator
 * (or the next game's '[' or the end of input).  One pass, no backtracking
 * beyond a token, no recursion: variations are tracked through the parent
 * links of the tree being built, so nesting depth is limited by memory only.
 *
 * The parser records exactly what was written and reports every deviation
 * from grammar 4.1 as a diagnostic; the table in base/diag.c decides what a
 * deviation means in each mode.  Grammar of a game (reading form):
 *
 *   Game     : PdnTag* (GameMove | Variation | COMMENT | SETUP | NAG)* Terminator?
 *   GameMove : MOVENUMBER? Move MOVESTRENGTH?
 *   Variation: '(' (GameMove | Variation | COMMENT | SETUP | NAG)* ')'
 */
#include "syntax/parser.h"

#include <string.h>

/* ---- character classes ----------------------------------------------------- */

/* Bytes that end a move or a junk token.  '*' is not among them: "27-20*" is
 * a move with a forced-move mark. */
const unsigned char pdn_parse__cls[256] = {
    [' '] = C_SPACE | C_DELIM | C_BLANK,
    ['\t'] = C_SPACE | C_DELIM | C_BLANK,
    ['\n'] = C_SPACE | C_DELIM | C_BLANK,
    ['\r'] = C_SPACE | C_DELIM,
    ['\f'] = C_SPACE | C_DELIM,
    ['\v'] = C_SPACE | C_DELIM,
    ['0'] = C_DIGIT | C_NAME,
    ['1'] = C_DIGIT | C_NAME,
    ['2'] = C_DIGIT | C_NAME,
    ['3'] = C_DIGIT | C_NAME,
    ['4'] = C_DIGIT | C_NAME,
    ['5'] = C_DIGIT | C_NAME,
    ['6'] = C_DIGIT | C_NAME,
    ['7'] = C_DIGIT | C_NAME,
    ['8'] = C_DIGIT | C_NAME,
    ['9'] = C_DIGIT | C_NAME,
    ['a'] = C_LOWER | C_NAME,
    ['b'] = C_LOWER | C_NAME,
    ['c'] = C_LOWER | C_NAME,
    ['d'] = C_LOWER | C_NAME,
    ['e'] = C_LOWER | C_NAME,
    ['f'] = C_LOWER | C_NAME,
    ['g'] = C_LOWER | C_NAME,
    ['h'] = C_LOWER | C_NAME,
    ['i'] = C_LOWER | C_NAME,
    ['j'] = C_LOWER | C_NAME,
    ['k'] = C_LOWER | C_NAME,
    ['l'] = C_LOWER | C_NAME,
    ['m'] = C_LOWER | C_NAME,
    ['n'] = C_LOWER | C_NAME,
    ['o'] = C_LOWER | C_NAME,
    ['p'] = C_LOWER | C_NAME,
    ['q'] = C_LOWER | C_NAME,
    ['r'] = C_LOWER | C_NAME,
    ['s'] = C_LOWER | C_NAME,
    ['t'] = C_LOWER | C_NAME,
    ['u'] = C_LOWER | C_NAME,
    ['v'] = C_LOWER | C_NAME,
    ['w'] = C_LOWER | C_NAME,
    ['x'] = C_LOWER | C_NAME,
    ['y'] = C_LOWER | C_NAME,
    ['z'] = C_LOWER | C_NAME,
    ['A'] = C_UPPER | C_NAME,
    ['B'] = C_UPPER | C_NAME,
    ['C'] = C_UPPER | C_NAME,
    ['D'] = C_UPPER | C_NAME,
    ['E'] = C_UPPER | C_NAME,
    ['F'] = C_UPPER | C_NAME,
    ['G'] = C_UPPER | C_NAME,
    ['H'] = C_UPPER | C_NAME,
    ['I'] = C_UPPER | C_NAME,
    ['J'] = C_UPPER | C_NAME,
    ['K'] = C_UPPER | C_NAME,
    ['L'] = C_UPPER | C_NAME,
    ['M'] = C_UPPER | C_NAME,
    ['N'] = C_UPPER | C_NAME,
    ['O'] = C_UPPER | C_NAME,
    ['P'] = C_UPPER | C_NAME,
    ['Q'] = C_UPPER | C_NAME,
    ['R'] = C_UPPER | C_NAME,
    ['S'] = C_UPPER | C_NAME,
    ['T'] = C_UPPER | C_NAME,
    ['U'] = C_UPPER | C_NAME,
    ['V'] = C_UPPER | C_NAME,
    ['W'] = C_UPPER | C_NAME,
    ['X'] = C_UPPER | C_NAME,
    ['Y'] = C_UPPER | C_NAME,
    ['Z'] = C_UPPER | C_NAME,
    ['{'] = C_DELIM,
    ['}'] = C_DELIM,
    ['('] = C_DELIM,
    [')'] = C_DELIM,
    ['['] = C_DELIM,
    [']'] = C_DELIM,
    [';'] = C_DELIM,
    ['%'] = C_DELIM,
    ['$'] = C_DELIM,
    [0] = C_DELIM,
    ['_'] = C_NAME,
};

void pdn_parse__diag(parser *ps, pdn_diag_code code, const char *at, size_t len, uint32_t related)
{
    if (!pdn_game__diag(ps->g, code, (size_t)(at - ps->s), len, related, 0))
        ps->nomem = true;
}

/* ---- tree building -------------------------------------------------------------- */

uint32_t pdn_parse__add_node(parser *ps, uint32_t parent, pdn_node_kind kind, const char *at,
                             size_t len)
{
    struct pdn_game *g = ps->g;
    if (!pdn_vec__reserve(&g->nodes, &g->alloc, sizeof(struct pdn_node), 1)) {
        ps->nomem = true;
        return PDN_NIL;
    }
    uint32_t i = (uint32_t)g->nodes.len++;
    struct pdn_node *n = pdn_game__node(g, i);
    memset(n, 0, sizeof *n);
    n->game = g;
    n->kind = (uint8_t)kind;
    n->parent = parent;
    n->offset = off(ps, at);
    n->length = (uint32_t)len;
    struct pdn_node *par = pdn_game__node(g, parent);
    if (par->last != PDN_NIL) {
        pdn_game__node(g, par->last)->next = i;
        n->prev = par->last;
    } else {
        par->first = i;
    }
    par->last = i;
    return i;
}

/* Items before the first tag or move belong to the header sequence. */
static uint32_t item_parent(const parser *ps)
{
    return ps->in_body || ps->depth ? ps->cont : PDN_HEADER;
}

uint32_t pdn_parse__add_comment(parser *ps, pdn_comment_kind kind, const char *at, size_t len,
                                const char *text, size_t text_len)
{
    uint32_t parent = item_parent(ps);
    uint32_t i = pdn_parse__add_node(ps, parent, PDN_NODE_COMMENT, at, len);
    if (i == PDN_NIL)
        return i;
    struct pdn_node *n = pdn_game__node(ps->g, i);
    n->sub = (uint8_t)kind;
    n->a = off(ps, text);
    n->b = (uint32_t)text_len;
    if (parent == PDN_HEADER)
        n->attach = PDN_ATTACH_START;
    else if (ps->pending)
        n->attach = PDN_ATTACH_BEFORE;
    else
        n->attach = ps->last_move == PDN_NIL ? PDN_ATTACH_START : PDN_ATTACH_AFTER;
    if (parent != PDN_HEADER)
        ps->last_item = i;
    return i;
}

/* ---- scanning helpers ----------------------------------------------------------- */

/* NUL bytes count as white space after a diagnostic, so that binary junk
 * cannot hide the rest of a game.  Out of line: the white space loop keeps
 * its registers. */
static PDN_NOINLINE const char *skip_nul(parser *ps, const char *p)
{
    const char *q = p;
    while (q < ps->e && *q == 0)
        q++;
    ps->p = p;
    pdn_parse__diag(ps, PDN_D_NUL_BYTE, p, (size_t)(q - p), UINT32_MAX);
    return q;
}

void pdn_parse__gap_nuls(parser *ps, const char *p, const char *q)
{
    while ((p = memchr(p, 0, (size_t)(q - p))) != NULL) {
        const char *r = p;
        while (r < q && *r == 0)
            r++;
        pdn_parse__diag(ps, PDN_D_NUL_BYTE, p, (size_t)(r - p), UINT32_MAX);
        p = r;
    }
}

/* Skips white space; returns the number of line breaks crossed.  Inline:
 * it mostly crosses a byte or two, less than a call costs. */
static PDN_FORCE_INLINE int skip_ws(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    if (p >= e)
        return 0;
    unsigned char c = (unsigned char)*p;
    /* Mostly the next token is here, or after one space. */
    if (!IS(c, C_SPACE)) {
        if (c != 0)
            return 0;
    } else if (c == ' ' && p + 1 < e && !IS(p[1], C_SPACE) && p[1] != 0) {
        ps->p = p + 1;
        return 0;
    }
    int lines = 0;
    const bool quick = ps->quick;
    while (p < e) {
        /* Blank lines between games and after headers: CRLF as one step,
         * the two bytes compared as one word (a quick path: the general
         * parser takes a byte at a time). */
        if (quick && e - p >= 2 && memcmp(p, "\r\n", 2) == 0) {
            lines++;
            p += 2;
            continue;
        }
        c = (unsigned char)*p;
        if (!IS(c, C_SPACE)) {
            if (c != 0)
                break;
            p = skip_nul(ps, p);
            continue;
        }
        lines += c == '\n' || (c == '\r' && (p + 1 >= e || p[1] != '\n'));
        p++;
    }
    ps->p = p;
    return lines;
}

/* Unreadable text up to the next delimiter becomes a junk comment. */
void pdn_parse__junk(parser *ps, pdn_diag_code code)
{
    const char *q = ps->p + char_len(ps->p, ps->e);
    if (!ps->in_body && !ps->depth) {
        /* Before the movetext, text is prose ("This file was exported by
         * ..."): one comment for the rest of the line, up to a tag. */
        while (q < ps->e && *q != '\n' && *q != '\r' && *q != '[' && *q != '{' && *q != '%' &&
               *q != ';' && *q != 0)
            q++;
        while (q > ps->p + 1 && (q[-1] == ' ' || q[-1] == '\t'))
            q--;
    }
    while (q < ps->e && !IS(*q, C_DELIM))
        q++;
    if (code == PDN_D_JUNK && !ps->in_body && !ps->depth && ps->g->tag_recs.len == 0)
        code = PDN_D_JUNK_BEFORE_GAME;
    pdn_parse__diag(ps, code, ps->p, (size_t)(q - ps->p), UINT32_MAX);
    pdn_parse__add_comment(ps, PDN_COMMENT_JUNK, ps->p, (size_t)(q - ps->p), ps->p,
                           (size_t)(q - ps->p));
    ps->p = q;
}

/* ---- tags --------------------------------------------------------------------------- */

/* ---- movetext tokens ---------------------------------------------------------- */

void pdn_parse__use_pending(parser *ps)
{
    if (ps->pending) {
        if (!ps->pending_ellipsis)
            pdn_parse__diag(ps, PDN_D_NUMBER_WITHOUT_MOVE, ps->s + ps->pending_off, ps->pending_len,
                            UINT32_MAX);
        ps->pending = false;
        /* No move came: what waited for it attaches as if the number had not
         * been written, the form the canonical writer gives it. */
        struct pdn_game *g = ps->g;
        for (size_t i = ps->pending_node; i < g->nodes.len; i++) {
            struct pdn_node *n = pdn_game__node(g, (uint32_t)i);
            if (n->parent == ps->cont && n->attach == PDN_ATTACH_BEFORE)
                n->attach = ps->last_move == PDN_NIL ? PDN_ATTACH_START : PDN_ATTACH_AFTER;
        }
    }
}

/* The header ends: comments after the last tag (all of them in a game
 * without tags) are start comments of the movetext, not of the header.
 * Called when the first movetext token or the terminator comes. */
static void end_header(parser *ps)
{
    struct pdn_game *g = ps->g;
    struct pdn_node *h = pdn_game__node(g, PDN_HEADER), *root = pdn_game__node(g, PDN_ROOT);
    uint32_t first = ps->tag_mark != PDN_NIL ? pdn_game__node(g, ps->tag_mark)->next : h->first;
    if (g->tag_recs.len == 0)
        first = h->first;
    if (first == PDN_NIL || root->first != PDN_NIL)
        return;
    for (uint32_t i = first; i != PDN_NIL; i = pdn_game__node(g, i)->next)
        pdn_game__node(g, i)->parent = PDN_ROOT;
    uint32_t before = pdn_game__node(g, first)->prev;
    root->first = first;
    root->last = h->last;
    pdn_game__node(g, first)->prev = PDN_NIL;
    if (before != PDN_NIL)
        pdn_game__node(g, before)->next = PDN_NIL;
    else
        h->first = PDN_NIL;
    h->last = before;
    ps->last_item = root->last;
}

void pdn_parse__start_body(parser *ps)
{
    if (!ps->in_body) {
        end_header(ps);
        ps->in_body = true;
        if (!ps->tags_checked) {
            ps->tags_checked = true;
            if (!pdn_syntax__check_tags(ps->g))
                ps->nomem = true;
        }
    }
}

/* ---- terminators -------------------------------------------------------------- */

/* WIN1 DRAW1 LOSS1 WIN2 DRAW2 LOSS2 DOUBLEFORFEIT, when not followed by a
 * digit ("1-18" is a move).  Called for every token that starts with a
 * digit, so it decides on the first bytes without comparing strings. */
/* What may follow a result: "1-18" is a move and "1-1-1" a dash path. */
static bool result_end(const char *q, const char *e)
{
    return q >= e || !(IS(*q, C_DIGIT | C_LOWER | C_UPPER) || *q == '-' || *q == ':' || *q == '/');
}

static size_t scan_result(const char *p, const char *e)
{
    size_t avail = (size_t)(e - p);
    if (avail < 3 || p[0] > '2')
        return 0;
    if (p[1] == '-') {
        char a = p[0], b = p[2];
        bool ok = (a == '1' && (b == '0' || b == '1')) || (a == '0' && b <= '2' && b >= '0') ||
                  (a == '2' && b == '0');
        return ok && result_end(p + 3, e) ? 3 : 0;
    }
    if (avail >= 7 && p[1] == '/' && memcmp(p, "1/2-1/2", 7) == 0 && result_end(p + 7, e))
        return 7;
    return 0;
}

/* Closes every open variation at `at`, reporting each as unclosed. */
static void close_all(parser *ps, const char *at)
{
    while (ps->depth) {
        struct pdn_node *v = pdn_game__node(ps->g, ps->cont);
        pdn_parse__diag(ps, PDN_D_UNCLOSED_VARIATION, at, 1, v->offset);
        v->length = off(ps, at) - v->offset;
        ps->last_move = v->b;
        ps->last_item = ps->cont;
        ps->cont = v->parent;
        ps->depth--;
    }
}

static void terminate(parser *ps, pdn_terminator_kind kind, const char *at, size_t len)
{
    if (!ps->in_body)
        end_header(ps);
    pdn_parse__use_pending(ps);
    close_all(ps, at);
    ps->g->term_kind = (uint8_t)kind;
    ps->g->term_off = off(ps, at);
    ps->g->term_len = (uint32_t)len;
    ps->p = at + len;
}

/* ---- the game loop ----------------------------------------------------------------- */

static bool has_items(const parser *ps)
{
    return pdn_game__node(ps->g, PDN_ROOT)->first != PDN_NIL;
}

/* Whether p starts a move number: digits and a dot (never a result). */
static bool number_dot(const char *p, const char *e)
{
    while (p < e && IS(*p, C_DIGIT))
        p++;
    return p < e && *p == '.';
}

/* Handles a token starting with a digit.  Returns true when the game ended. */
static bool digit_token(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    /* Only castling ("0-0") is a move that starts with '0': the results
     * "0-1" need not be scanned as moves. */
    if (ps->chess && p[0] == '0' && e - p >= 3 && p[1] == '-' && p[2] == '0') {
        size_t n = pdn_parse__scan_san(p, e, true);
        if (n >= 3) {
            pdn_parse__san_move(ps, n);
            return false;
        }
    }
    size_t rl = scan_result(p, e);
    if (rl) {
        if (ps->depth) {
            pdn_parse__diag(ps, PDN_D_RESULT_IN_VARIATION, p, rl, UINT32_MAX);
            pdn_parse__add_comment(ps, PDN_COMMENT_JUNK, p, rl, p, rl);
            ps->p = p + rl;
            return false;
        }
        if (!ps->chess)
            pdn_parse__diag(ps, PDN_D_RESULT_TERMINATOR, p, rl, UINT32_MAX);
        terminate(ps, PDN_TERM_RESULT, p, rl);
        return true;
    }
    if (ps->odd_result_len && ps->depth == 0) {
        const char *v = (ps->odd_result_in_strings ? (const char *)ps->g->strings.data : ps->s) +
                        ps->odd_result_off;
        size_t n = ps->odd_result_len;
        /* Only at the end of the game ("4-6" is also a move): before the
         * next game's tags or the end of the input. */
        const char *t = p + n;
        while (t < e && IS(*t, C_SPACE))
            t++;
        if ((size_t)(e - p) >= n && memcmp(p, v, n) == 0 && at_delim(ps, p + n) &&
            (t >= e || *t == '[')) {
            pdn_parse__diag(ps, PDN_D_ODD_RESULT_TERMINATOR, p, n, UINT32_MAX);
            terminate(ps, PDN_TERM_RESULT, p, n);
            return true;
        }
    }
    /* MOVENUMBER : [0-9]+ '.' ('..')? */
    const char *q = p;
    uint64_t num = 0;
    while (q < e && IS(*q, C_DIGIT)) {
        if (num < 100000000)
            num = num * 10 + (uint64_t)(*q - '0');
        q++;
    }
    if (q < e && *q == '.') {
        pdn_parse__start_body(ps);
        pdn_parse__use_pending(ps);
        const char *r = q + 1;
        uint8_t kind = PDN_NUMBER_WHITE;
        if (e - r >= 2 && r[0] == '.' && r[1] == '.') {
            kind = PDN_NUMBER_BLACK;
            r += 2;
        } else {
            /* "1. ..." and "1. …" say the same as "1...". */
            const char *t = skip_gap(r, e);
            if ((e - t >= 3 && memcmp(t, "...", 3) == 0 && (e - t == 3 || t[3] != '.')) ||
                (e - t >= 3 && memcmp(t, "\xE2\x80\xA6", 3) == 0)) {
                pdn_parse__gap_nuls(ps, r, t);
                pdn_parse__diag(ps, PDN_D_ELLIPSIS, t, 3, UINT32_MAX);
                kind = PDN_NUMBER_BLACK;
                r = t + 3;
            }
        }
        ps->pending = true;
        ps->pending_node = ps->g->nodes.len;
        ps->pending_ellipsis = r != q + 1 && r != q + 3;
        ps->pending_kind = kind;
        ps->pending_num = (uint32_t)num;
        ps->pending_off = off(ps, p);
        ps->pending_len = (uint32_t)(r - p);
        ps->p = r;
        return false;
    }
    move_scan m;
    if (!ps->chess && pdn_parse__scan_move(ps, p, &m)) {
        pdn_parse__draughts_move(ps, &m);
        return false;
    }
    pdn_parse__junk(ps, PDN_D_JUNK);
    return false;
}

static void open_variation(parser *ps)
{
    pdn_parse__start_body(ps);
    pdn_parse__use_pending(ps);
    uint32_t i = pdn_parse__add_node(ps, ps->cont, PDN_NODE_VARIATION, ps->p, 1);
    if (i == PDN_NIL)
        return;
    pdn_game__node(ps->g, i)->b = ps->last_move;
    ps->cont = i;
    ps->last_move = ps->last_item = PDN_NIL;
    ps->depth++;
    ps->p++;
}

static void close_variation(parser *ps)
{
    const char *p = ps->p;
    if (!ps->depth) {
        pdn_parse__diag(ps, PDN_D_STRAY_RPAREN, p, 1, UINT32_MAX);
        pdn_parse__add_comment(ps, PDN_COMMENT_JUNK, p, 1, p, 1);
        ps->p = p + 1;
        return;
    }
    pdn_parse__use_pending(ps);
    struct pdn_node *v = pdn_game__node(ps->g, ps->cont);
    if (v->first == PDN_NIL)
        pdn_parse__diag(ps, PDN_D_EMPTY_VARIATION, ps->s + v->offset, off(ps, p) + 1 - v->offset,
                        UINT32_MAX);
    v->length = off(ps, p) + 1 - v->offset;
    ps->last_move = v->b;
    ps->last_item = ps->cont;
    ps->cont = v->parent;
    ps->depth--;
    ps->p = p + 1;
}

/* COMMENT : '{' [^}]* '}' */
static void brace_comment(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    const char *q = memchr(p + 1, '}', (size_t)(e - p - 1));
    const char *text_end;
    if (q) {
        text_end = q;
        q++;
    } else {
        /* Unclosed: recover at the first line that looks like a tag, so the
         * games after it are not swallowed. */
        text_end = e;
        for (const char *t = p + 1; t < e; t++) {
            if ((*t == '\n' || *t == '\r') && t + 2 < e && t[1] == '[' && IS(t[2], C_UPPER)) {
                text_end = t + 1;
                break;
            }
        }
        q = text_end;
        pdn_parse__diag(ps, PDN_D_UNCLOSED_COMMENT, text_end, 1, off(ps, p));
    }
    uint32_t i = pdn_parse__add_comment(ps, PDN_COMMENT_BRACE, p, (size_t)(q - p), p + 1,
                                        (size_t)(text_end - p - 1));
    if (i != PDN_NIL && memchr(p + 1, '[', (size_t)(text_end - p - 1)) &&
        !pdn_syntax__check_commands(ps->g, off(ps, p + 1), (uint32_t)(text_end - p - 1)))
        ps->nomem = true;
    ps->p = q;
}

static void line_comment(parser *ps, pdn_comment_kind kind)
{
    const char *p = ps->p;
    const char *q = line_end(p, ps->e);
    if (kind == PDN_COMMENT_SEMI)
        pdn_parse__diag(ps, PDN_D_LINE_COMMENT, p, (size_t)(q - p), UINT32_MAX);
    pdn_parse__add_comment(ps, kind, p, (size_t)(q - p), p + 1, (size_t)(q - p - 1));
    ps->p = q;
}

/* SETUP : '/' 'FEN' STRING '/' */
static void setup(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    const char *le = line_end(p, e);
    const char *close = memchr(p + 1, '/', (size_t)(le - p - 1));
    pdn_parse__start_body(ps);
    pdn_parse__use_pending(ps);
    if (!close) {
        pdn_parse__diag(ps, PDN_D_UNCLOSED_SETUP, le, 1, off(ps, p));
        pdn_parse__add_comment(ps, PDN_COMMENT_JUNK, p, (size_t)(le - p), p, (size_t)(le - p));
        ps->p = le;
        return;
    }
    const char *t = skip_blanks(p + 1, close);
    const char *fen = NULL, *fen_end = NULL;
    if (close - t >= 3 && memcmp(t, "FEN", 3) == 0) {
        const char *u = skip_blanks(t + 3, close);
        if (u < close && *u == '"') {
            const char *v = memchr(u + 1, '"', (size_t)(close - u - 1));
            if (v && skip_blanks(v + 1, close) == close) {
                fen = u + 1;
                fen_end = v;
            }
        }
    }
    uint32_t i = pdn_parse__add_node(ps, ps->cont, PDN_NODE_SETUP, p, (size_t)(close + 1 - p));
    if (i != PDN_NIL) {
        struct pdn_node *n = pdn_game__node(ps->g, i);
        if (fen) {
            n->a = off(ps, fen);
            n->b = (uint32_t)(fen_end - fen);
            if (!pdn_syntax__check_setup(ps->g, n->a, n->b))
                ps->nomem = true;
        } else {
            n->a = off(ps, p + 1);
            n->b = (uint32_t)(close - p - 1);
            n->sub = 1; /* not a FEN setup: kept as written */
            pdn_parse__diag(ps, PDN_D_BAD_SETUP, p, (size_t)(close + 1 - p), UINT32_MAX);
        }
        ps->last_item = i;
    }
    ps->p = close + 1;
}

static bool is_dup_header_tag(const parser *ps)
{
    const char *p = skip_blanks(ps->p + 1, ps->e), *q = p;
    while (q < ps->e && (IS(*q, C_DIGIT | C_LOWER | C_UPPER) || *q == '_'))
        q++;
    return q > p && pdn_parse__find_tag(ps, p, (size_t)(q - p)) != NULL;
}

/* Diagnostics in text order.  They are nearly sorted already (only the
 * checks of tag values come late), so insertion sort is linear here. */
static void sort_diags(struct pdn_game *g)
{
    pdn_diag *d = g->diags.data;
    for (size_t i = 1; i < g->diags.len; i++) {
        pdn_diag x = d[i];
        size_t j = i;
        while (j > 0 && d[j - 1].offset > x.offset) {
            d[j] = d[j - 1];
            j--;
        }
        d[j] = x;
    }
}

static bool is_half_draw(const char *v, size_t n)
{
    return (n == 7 && memcmp(v, "1/2-1/2", 7) == 0) ||
           (n == 5 && memcmp(v, "\xC2\xBD-\xC2\xBD", 5) == 0);
}

/* memcmp() == 0 for the few bytes of a result, where a loop costs less
 * than the call; the commonest length, "a-b", as one comparison of a
 * constant length. */
static bool same_bytes(const char *a, const char *b, size_t n)
{
    if (n == 3)
        return memcmp(a, b, 3) == 0;
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

/* The first Result tag, which the tag reader noted (note_tag()). */
static const pdn_tag_rec *result_tag(const parser *ps)
{
    return ps->result_rec ? (const pdn_tag_rec *)ps->g->tag_recs.data + (ps->result_rec - 1) : NULL;
}

static void finish(parser *ps, pdn_parse_out *out, const char *end)
{
    struct pdn_game *g = ps->g;
    if (ps->depth) {
        pdn_parse__use_pending(ps);
        close_all(ps, end);
    }
    pdn_parse__use_pending(ps);
    /* A terminator ended the header already (terminate()). */
    if (!ps->in_body && !out->by_header && g->term_kind == PDN_TERM_NONE)
        end_header(ps);
    if (!ps->tags_checked) {
        ps->tags_checked = true;
        if (!pdn_syntax__check_tags(g))
            ps->nomem = true;
    }
    if (g->term_kind != PDN_TERM_NONE && g->tag_recs.len == 0 && !has_items(ps) &&
        pdn_game__node(g, PDN_HEADER)->first == PDN_NIL)
        pdn_parse__diag(ps, PDN_D_EMPTY_GAME, ps->s + g->term_off, g->term_len, UINT32_MAX);
    if (g->term_kind == PDN_TERM_RESULT) {
        const pdn_tag_rec *t = result_tag(ps);
        if (t) {
            const char *v =
                (t->value_in_strings ? (const char *)g->strings.data : ps->s) + t->value_off;
            /* The same text (a draw may be written "½-½"), as the writer
             * decides whether to keep the terminator as a comment: "1-0"
             * and "2-0" are different results in different systems. */
            size_t vl = t->value_len;
            const char *w = v;
            while (vl && w[vl - 1] == ' ')
                vl--;
            while (vl && *w == ' ')
                w++, vl--;
            const char *tt = ps->s + g->term_off;
            bool same = (vl == g->term_len && same_bytes(w, tt, vl)) ||
                        (is_half_draw(w, vl) && is_half_draw(tt, g->term_len));
            /* The value is read only when it differs, as it mostly does not. */
            if (!same && pdn_parse_result(v, t->value_len) != PDN_RESULT_UNKNOWN)
                pdn_parse__diag(ps, PDN_D_TERMINATOR_MISMATCH, ps->s + g->term_off, g->term_len,
                                t->offset);
        }
    }
    sort_diags(g);
    g->text_len = (size_t)(end - ps->s);
    struct pdn_node *root = pdn_game__node(g, PDN_ROOT);
    root->length = (uint32_t)g->text_len;
    /* The tag checks resolved them already unless a tag came later. */
    if (g->tags.len != g->tag_recs.len && !pdn_game__resolve_tags(g))
        ps->nomem = true;
    out->end = g->text_len;
    out->nomem = ps->nomem;
}

void pdn_parse__game(struct pdn_game *g, const pdn_parse_in *in, pdn_parse_out *out)
{
    memset(out, 0, sizeof *out);
    /* Field by field: an initializer clears the whole struct with a string
     * instruction, slow to start, where these stores merge into a few. */
    parser ps;
    ps.g = g;
    ps.s = ps.p = in->text;
    ps.e = in->text + in->len;
    ps.default_gametype = in->default_gametype;
    ps.next_is_header = in->next_is_header;
    ps.quick = !in->general_only;
    ps.chess = false;
    ps.cap_sep = ps.notation = 0;
    ps.nomem = ps.in_body = ps.tags_checked = ps.pending = ps.pending_ellipsis = false;
    ps.pending_kind = 0;
    ps.odd_result_in_strings = ps.said_notation = ps.said_separator = false;
    ps.cont = ps.last_move = ps.last_item = ps.depth = 0;
    ps.pending_num = ps.pending_off = ps.pending_len = 0;
    ps.odd_result_off = ps.odd_result_len = ps.tag_mark = ps.result_rec = 0;
    ps.pending_node = 0;
    ps.last_tag_end = ps.odd_cut = NULL;
    ps.tag_bloom = 0;
    g->text = in->text;
    g->tag_shapes = 0;
    g->mode = in->mode;
    g->gametype = in->default_gametype;
    ps.chess = in->default_gametype == 0;
    ps.cap_sep =
        in->default_gametype > 0 ? pdn_gametype_capture_separator(in->default_gametype) : 0;
    if (in->default_gametype > 0) {
        /* The assumed GameType acts as a GameType tag would. */
        pdn_gametype gt;
        if (pdn_gametype_default(&gt, in->default_gametype) == PDN_OK &&
            (gt.notation == 'N' || gt.notation == 'A'))
            ps.notation = gt.notation;
    }
    ps.cont = PDN_ROOT;
    if (!pdn_vec__reserve(&g->nodes, &g->alloc, sizeof(struct pdn_node), 2)) {
        out->nomem = true;
        return;
    }
    struct pdn_node *n = g->nodes.data;
    /* Assigned whole: a few vector stores, where memset() of both is a
     * string instruction of a dozen steps. */
    n[0] = (struct pdn_node){.game = g, .kind = PDN_NODE_ROOT};
    n[1] = (struct pdn_node){.game = g, .kind = PDN_NODE_HEADER};
    g->nodes.len = 2;

    skip_ws(&ps);
    if (ps.p == ps.e) {
        out->empty = true;
        out->ran_out = true;
        out->end = in->len;
        return;
    }
    const char *end = NULL;
    bool header_blank = false;
    while (!ps.nomem) {
        int lines = skip_ws(&ps);
        if (lines >= 2)
            header_blank = true;
        const char *p = ps.p;
        if (p >= ps.e) {
            out->ran_out = true;
            if (ps.next_is_header) {
                pdn_parse__diag(&ps, PDN_D_NO_TERMINATOR, p, 1, UINT32_MAX);
                out->by_header = true;
                out->ran_out = false;
            }
            end = ps.e;
            break;
        }
        unsigned char c = (unsigned char)*p;
        if (ps.in_body && ps.quick && IS(c, C_DIGIT | C_LOWER | C_UPPER)) {
            if (!ps.chess && !IS(c, C_UPPER))
                pdn_parse__fast_run(&ps);
            else if (ps.chess)
                pdn_parse__fast_san_run(&ps);
            if (ps.p != p)
                continue;
        }
        /* The commonest token here (a move number, the first move, a
         * result) is tested first: a branch predicts better than the
         * switch's jump. */
        if (IS(c, C_DIGIT)) {
            /* The first move number starts the movetext: the quick loop
             * takes it with the moves after it. */
            if (!ps.in_body && ps.quick && !ps.chess && number_dot(p, ps.e)) {
                pdn_parse__start_body(&ps);
                if (ps.nomem)
                    break;
                pdn_parse__fast_run(&ps);
                if (ps.p != p)
                    continue;
            }
            if (digit_token(&ps)) {
                end = ps.p;
                break;
            }
            continue;
        }
        switch (c) {
        case '[':
            if (ps.in_body || ps.depth || ps.pending ||
                (g->tag_recs.len && header_blank && is_dup_header_tag(&ps))) {
                pdn_parse__use_pending(&ps);
                close_all(&ps, p);
                pdn_parse__diag(&ps, PDN_D_NO_TERMINATOR, p, 1, UINT32_MAX);
                out->by_header = true;
                end = p;
                break;
            }
            if (ps.last_tag_end && ps.last_tag_end == p)
                pdn_parse__diag(&ps, PDN_D_TAG_SPACING, p, 1, UINT32_MAX);
            else if (ps.last_tag_end && header_blank)
                pdn_parse__diag(&ps, PDN_D_TAG_SPACING, p, 1, UINT32_MAX);
            /* With the tags after it one a line. */
            pdn_parse__tag(&ps);
            header_blank = false;
            continue;
        case '{':
            /* Grammar: a comment belongs to the game body, so after the
             * tags it starts the movetext. */
            if (g->tag_recs.len)
                pdn_parse__start_body(&ps);
            brace_comment(&ps);
            continue;
        case '}':
            pdn_parse__diag(&ps, PDN_D_STRAY_RBRACE, p, 1, UINT32_MAX);
            pdn_parse__add_comment(&ps, PDN_COMMENT_JUNK, p, 1, p, 1);
            ps.p = p + 1;
            continue;
        case '(':
            /* Only "(!)" and the like are a strength. */
            if (ps.e - p < 2 || (p[1] != '!' && p[1] != '?') || !pdn_parse__spaced_strength(&ps))
                open_variation(&ps);
            continue;
        case ')':
            close_variation(&ps);
            continue;
        case '$': {
            const char *q = p + 1;
            unsigned v = 0;
            while (q < ps.e && IS(*q, C_DIGIT)) {
                if (v < 100000)
                    v = v * 10 + (unsigned)(*q - '0');
                q++;
            }
            if (q == p + 1) {
                pdn_parse__junk(&ps, PDN_D_BAD_NAG);
            } else {
                pdn_parse__start_body(&ps);
                pdn_parse__add_nag(&ps, p, (size_t)(q - p), v);
                ps.p = q;
            }
            continue;
        }
        case '*':
            terminate(&ps, PDN_TERM_ASTERISK, p, 1);
            end = ps.p;
            break;
        case '%':
            line_comment(&ps, PDN_COMMENT_PERCENT);
            continue;
        case ';':
            line_comment(&ps, PDN_COMMENT_SEMI);
            continue;
        case '/':
            setup(&ps);
            continue;
        case '.':
            if (ps.e - p >= 3 && memcmp(p, "...", 3) == 0 && (ps.e - p == 3 || p[3] != '.')) {
                pdn_parse__start_body(&ps);
                pdn_parse__diag(&ps, PDN_D_ELLIPSIS, p, 3, UINT32_MAX);
                if (!ps.pending) {
                    ps.pending = true;
                    ps.pending_node = g->nodes.len;
                    ps.pending_num = 0;
                    ps.pending_off = off(&ps, p);
                    ps.pending_len = 3;
                }
                ps.pending_kind = PDN_NUMBER_BLACK;
                ps.pending_ellipsis = true;
                ps.p = p + 3;
            } else {
                pdn_parse__junk(&ps, PDN_D_JUNK);
            }
            continue;
        case '!':
        case '?':
            if (!pdn_parse__spaced_strength(&ps))
                pdn_parse__junk(&ps, PDN_D_JUNK);
            continue;
        case '-':
            if (!pdn_parse__dash(&ps))
                pdn_parse__junk(&ps, PDN_D_JUNK);
            continue;
        case 0xC2:
            /* "½-½" */
            if (ps.e - p >= 5 && memcmp(p, "\xC2\xBD-\xC2\xBD", 5) == 0 && ps.depth == 0 &&
                !(ps.e - p > 5 && IS(p[5], C_DIGIT))) {
                pdn_parse__diag(&ps, PDN_D_ODD_RESULT_TERMINATOR, p, 5, UINT32_MAX);
                terminate(&ps, PDN_TERM_RESULT, p, 5);
                end = ps.p;
                break;
            }
            pdn_parse__junk(&ps, PDN_D_JUNK);
            continue;
        default:
            if (IS(c, C_LOWER | C_UPPER)) {
                pdn_parse__letters(&ps);
            } else {
                pdn_parse__junk(&ps, PDN_D_JUNK);
            }
            continue;
        }
        break;
    }
    if (ps.nomem) {
        out->nomem = true;
        return;
    }
    finish(&ps, out, end);
}
