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
#include "syntax/parse.h"

#include <string.h>

typedef struct parser {
    struct pdn_game *g;
    const char *s, *p, *e; /* text, cursor, end */
    bool nomem;
    bool next_is_header;
    uint32_t cont;      /* container receiving new items */
    uint32_t last_move; /* last move of the current sequence, or NIL */
    uint32_t last_item; /* last item of the current sequence, or NIL */
    uint32_t depth;
    bool in_body;       /* movetext has started */
    bool tags_checked;
    bool pending;       /* a move number waits for its move */
    bool pending_ellipsis; /* "..." written: grammar 4.4 counts that as the move */
    size_t pending_node;   /* first node created while the number waited */
    uint8_t pending_kind;
    uint32_t pending_num, pending_off, pending_len;
    bool chess;
    int default_gametype;
    char cap_sep;  /* GameType's capture separator */
    char notation; /* 'N', 'A' or 0 when unknown */
    uint32_t odd_result_off, odd_result_len; /* non-standard Result tag value */
    bool odd_result_in_strings;
    const char *last_tag_end;
    uint32_t tag_mark; /* last header item before the latest tag, or NIL */
    uint64_t tag_bloom; /* one bit per (length, first letter) of the tags seen */
    bool said_notation, said_separator; /* reported once a game: they repeat */
} parser;

/* ---- character classes ----------------------------------------------------- */

enum { C_SPACE = 1, C_DIGIT = 2, C_LOWER = 4, C_UPPER = 8, C_DELIM = 16 };

/* Bytes that end a move or a junk token.  '*' is not among them: "27-20*" is
 * a move with a forced-move mark. */
static const unsigned char cls[256] = {
    [' '] = C_SPACE | C_DELIM, ['\t'] = C_SPACE | C_DELIM, ['\n'] = C_SPACE | C_DELIM,
    ['\r'] = C_SPACE | C_DELIM, ['\f'] = C_SPACE | C_DELIM, ['\v'] = C_SPACE | C_DELIM,
    ['0'] = C_DIGIT, ['1'] = C_DIGIT, ['2'] = C_DIGIT, ['3'] = C_DIGIT, ['4'] = C_DIGIT,
    ['5'] = C_DIGIT, ['6'] = C_DIGIT, ['7'] = C_DIGIT, ['8'] = C_DIGIT, ['9'] = C_DIGIT,
    ['a'] = C_LOWER, ['b'] = C_LOWER, ['c'] = C_LOWER, ['d'] = C_LOWER, ['e'] = C_LOWER,
    ['f'] = C_LOWER, ['g'] = C_LOWER, ['h'] = C_LOWER, ['i'] = C_LOWER, ['j'] = C_LOWER,
    ['k'] = C_LOWER, ['l'] = C_LOWER, ['m'] = C_LOWER, ['n'] = C_LOWER, ['o'] = C_LOWER,
    ['p'] = C_LOWER, ['q'] = C_LOWER, ['r'] = C_LOWER, ['s'] = C_LOWER, ['t'] = C_LOWER,
    ['u'] = C_LOWER, ['v'] = C_LOWER, ['w'] = C_LOWER, ['x'] = C_LOWER, ['y'] = C_LOWER,
    ['z'] = C_LOWER,
    ['A'] = C_UPPER, ['B'] = C_UPPER, ['C'] = C_UPPER, ['D'] = C_UPPER, ['E'] = C_UPPER,
    ['F'] = C_UPPER, ['G'] = C_UPPER, ['H'] = C_UPPER, ['I'] = C_UPPER, ['J'] = C_UPPER,
    ['K'] = C_UPPER, ['L'] = C_UPPER, ['M'] = C_UPPER, ['N'] = C_UPPER, ['O'] = C_UPPER,
    ['P'] = C_UPPER, ['Q'] = C_UPPER, ['R'] = C_UPPER, ['S'] = C_UPPER, ['T'] = C_UPPER,
    ['U'] = C_UPPER, ['V'] = C_UPPER, ['W'] = C_UPPER, ['X'] = C_UPPER, ['Y'] = C_UPPER,
    ['Z'] = C_UPPER,
    ['{'] = C_DELIM, ['}'] = C_DELIM, ['('] = C_DELIM, [')'] = C_DELIM, ['['] = C_DELIM,
    [']'] = C_DELIM, [';'] = C_DELIM, ['%'] = C_DELIM, ['$'] = C_DELIM, [0] = C_DELIM,
};

#define IS(c, k) ((cls[(unsigned char)(c)] & (k)) != 0)

static uint32_t off(const parser *ps, const char *q) { return (uint32_t)(q - ps->s); }

static void diag(parser *ps, pdn_diag_code code, const char *at, size_t len, uint32_t related)
{
    if (!pdn_game__diag(ps->g, code, (size_t)(at - ps->s), len, related, 0))
        ps->nomem = true;
}

/* ---- tree building -------------------------------------------------------------- */

static uint32_t add_node(parser *ps, uint32_t parent, pdn_node_kind kind, const char *at,
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

static uint32_t add_comment(parser *ps, pdn_comment_kind kind, const char *at, size_t len,
                            const char *text, size_t text_len)
{
    uint32_t parent = item_parent(ps);
    uint32_t i = add_node(ps, parent, PDN_NODE_COMMENT, at, len);
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

/* Skips white space; returns the number of line breaks crossed.  NUL bytes
 * count as white space after a diagnostic, so that binary junk cannot hide
 * the rest of a game. */
static int skip_ws(parser *ps)
{
    int lines = 0;
    const char *p = ps->p, *e = ps->e;
    /* Most tokens are followed by exactly one space. */
    if (p + 1 < e && *p == ' ' && !IS(p[1], C_SPACE) && p[1] != 0) {
        ps->p = p + 1;
        return 0;
    }
    while (p < e) {
        unsigned char c = (unsigned char)*p;
        if (c == '\n') {
            lines++;
        } else if (c == '\r') {
            if (p + 1 >= e || p[1] != '\n')
                lines++;
        } else if (c == 0) {
            const char *q = p;
            while (q < e && *q == 0)
                q++;
            ps->p = p;
            diag(ps, PDN_D_NUL_BYTE, p, (size_t)(q - p), UINT32_MAX);
            p = q;
            continue;
        } else if (!IS(c, C_SPACE)) {
            break;
        }
        p++;
    }
    ps->p = p;
    return lines;
}

static const char *skip_blanks(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

static const char *line_end(const char *p, const char *e)
{
    while (p < e && *p != '\n' && *p != '\r')
        p++;
    return p;
}

static bool at_delim(const parser *ps, const char *q) { return q >= ps->e || IS(*q, C_DELIM); }

/* Length of one UTF-8 character starting at q (1 for a stray byte). */
static size_t char_len(const char *q, const char *e)
{
    unsigned char c = (unsigned char)*q;
    size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    return (size_t)(e - q) < n ? (size_t)(e - q) : n;
}

/* Unreadable text up to the next delimiter becomes a junk comment. */
static void junk(parser *ps, pdn_diag_code code)
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
    diag(ps, code, ps->p, (size_t)(q - ps->p), UINT32_MAX);
    add_comment(ps, PDN_COMMENT_JUNK, ps->p, (size_t)(q - ps->p), ps->p, (size_t)(q - ps->p));
    ps->p = q;
}

/* ---- tags --------------------------------------------------------------------------- */

static bool same_name(const parser *ps, const pdn_tag_rec *t, const char *name, size_t len)
{
    return t->name_len == len && memcmp(ps->s + t->name_off, name, len) == 0;
}

static const pdn_tag_rec *find_tag(const parser *ps, const char *name, size_t len)
{
    const pdn_tag_rec *t = ps->g->tag_recs.data;
    for (size_t i = 0; i < ps->g->tag_recs.len; i++)
        if (same_name(ps, &t[i], name, len))
            return &t[i];
    return NULL;
}

static bool is_standard_result(const char *v, size_t n)
{
    static const char *const r[] = {"1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"};
    for (size_t i = 0; i < sizeof r / sizeof r[0]; i++)
        if (strlen(r[i]) == n && memcmp(r[i], v, n) == 0)
            return true;
    return false;
}

/* Remembers what the movetext parser needs from a tag right away. */
static void note_tag(parser *ps, const pdn_tag_rec *t)
{
    const char *name = ps->s + t->name_off;
    const char *v = (t->value_in_strings ? (const char *)ps->g->strings.data : ps->s) + t->value_off;
    if (t->name_len == 8 && memcmp(name, "GameType", 8) == 0) {
        pdn_gametype gt;
        pdn_diag_code c = pdn_parse_gametype(&gt, v, t->value_len, NULL);
        if (c == PDN_D_NONE || c == PDN_D_ODD_GAMETYPE) {
            ps->g->gametype = gt.type;
            ps->chess = gt.type == 0;
            ps->cap_sep = pdn_gametype_capture_separator(gt.type);
            ps->notation = gt.width > 0 && (gt.notation == 'N' || gt.notation == 'A')
                               ? gt.notation : 0;
        }
    } else if (t->name_len == 6 && memcmp(name, "Result", 6) == 0) {
        size_t n = t->value_len;
        while (n && (v[n - 1] == ' '))
            n--;
        if (n && !is_standard_result(v, n) && !(n == 1 && *v == '?')) {
            ps->odd_result_off = t->value_off;
            ps->odd_result_len = (uint32_t)n;
            ps->odd_result_in_strings = t->value_in_strings;
        }
    }
}

static bool push_string(parser *ps, const char *p, size_t n)
{
    struct pdn_game *g = ps->g;
    if (n == 0)
        return true;
    if (!pdn_vec__reserve(&g->strings, &g->alloc, 1, n)) {
        ps->nomem = true;
        return false;
    }
    memcpy((char *)g->strings.data + g->strings.len, p, n);
    g->strings.len += n;
    return true;
}

/* Scans a quoted value starting after the opening quote.  Sets *vend to the
 * closing quote (or where the value was cut off) and returns the cursor after
 * it.  Unescapes into game->strings when needed. */
static const char *tag_value(parser *ps, const char *p, pdn_tag_rec *t, const char **vend)
{
    const char *e = ps->e, *start = p;
    /* Usually: no escape, no line break, and ']' right after the quote. */
    const char *close = memchr(p, '"', (size_t)(e - p));
    if (close && close + 1 < e && close[1] == ']' && !memchr(p, '\\', (size_t)(close - p)) &&
        !memchr(p, '\n', (size_t)(close - p)) && !memchr(p, '\r', (size_t)(close - p))) {
        *vend = close;
        t->value_off = off(ps, start);
        t->value_len = (uint32_t)(close - start);
        return close + 1;
    }
    bool escaped = false;
    size_t sbase = ps->g->strings.len;
    const char *copied = start; /* text before this is already in strings */
    while (p < e) {
        char c = *p;
        if (c == '\\' && p + 1 < e && (p[1] == '"' || p[1] == '\\')) {
            if (p[1] == '\\')
                diag(ps, PDN_D_TAG_ESCAPE, p, 2, UINT32_MAX);
            if (!push_string(ps, copied, (size_t)(p - copied)) || !push_string(ps, p + 1, 1))
                return e;
            escaped = true;
            p += 2;
            copied = p;
            continue;
        }
        if (c == '"') {
            const char *q = skip_blanks(p + 1, e);
            if (q < e && *q == ']')
                break;
            /* An unescaped quote inside the value: the value ends at the
             * last quote of the line that is followed by ']'. */
            const char *le = line_end(p + 1, e), *r = NULL;
            for (const char *k = p + 1; k < le; k++)
                if (*k == '"' && skip_blanks(k + 1, le) < le && *skip_blanks(k + 1, le) == ']')
                    r = k;
            if (!r)
                break;
            diag(ps, PDN_D_TAG_QUOTE, p, 1, UINT32_MAX);
            p++;
            continue;
        }
        if (c == '\n' || c == '\r') {
            /* A value may span lines, unless the next line starts a tag. */
            const char *q = p + 1;
            if (c == '\r' && q < e && *q == '\n')
                q++;
            q = skip_blanks(q, e);
            if (q >= e || *q == '[') {
                diag(ps, PDN_D_UNCLOSED_STRING, p, 1, off(ps, start - 1));
                break;
            }
        }
        p++;
    }
    if (p >= e)
        diag(ps, PDN_D_UNCLOSED_STRING, p, 0, off(ps, start - 1));
    *vend = p;
    if (escaped) {
        if (!push_string(ps, copied, (size_t)(p - copied)))
            return e;
        t->value_in_strings = true;
        t->value_off = (uint32_t)sbase;
        t->value_len = (uint32_t)(ps->g->strings.len - sbase);
    } else {
        t->value_off = off(ps, start);
        t->value_len = (uint32_t)(p - start);
    }
    return p < e && *p == '"' ? p + 1 : p;
}

/* PdnTag : '[' IDENTIFIER STRING ']' */
static void parse_tag(parser *ps)
{
    const char *open = ps->p, *e = ps->e;
    const char *p = skip_blanks(open + 1, e);
    const char *name = p;
    while (p < e && (IS(*p, C_DIGIT | C_LOWER | C_UPPER) || *p == '_'))
        p++;
    size_t name_len = (size_t)(p - name);
    bool odd_name = false;
    if (p < e && *p != '"' && *p != ']' && !IS(*p, C_SPACE | C_DELIM) ) {
        /* Localised names with spaces or entities: [Type de jeu "20"]. */
        const char *le = line_end(p, e), *q = memchr(p, '"', (size_t)(le - p));
        if (q && !memchr(name, ']', (size_t)(q - name))) {
            const char *t = q;
            while (t > name && (t[-1] == ' ' || t[-1] == '\t'))
                t--;
            name_len = (size_t)(t - name);
            odd_name = true;
            p = q;
        }
    } else if (p < e && *p == ' ') {
        const char *q = skip_blanks(p, e);
        if (q < e && *q != '"' && *q != ']' && !IS(*q, C_DELIM)) {
            const char *le = line_end(q, e), *r = memchr(q, '"', (size_t)(le - q));
            if (r && !memchr(name, ']', (size_t)(r - name))) {
                const char *t = r;
                while (t > name && (t[-1] == ' ' || t[-1] == '\t'))
                    t--;
                name_len = (size_t)(t - name);
                odd_name = true;
                p = r;
            }
        }
    }
    p = skip_blanks(p, e);
    if (name_len == 0 || p >= e || *p != '"') {
        /* Not a tag: keep the bracketed text (to ']' on this line) as junk. */
        const char *le = line_end(open, e), *q = open + 1;
        while (q < le && *q != ']')
            q++;
        if (q < le)
            q++;
        diag(ps, PDN_D_BAD_TAG, open, (size_t)(q - open), UINT32_MAX);
        add_comment(ps, PDN_COMMENT_JUNK, open, (size_t)(q - open), open, (size_t)(q - open));
        ps->p = q;
        return;
    }
    if (odd_name)
        diag(ps, PDN_D_TAG_NAME_CHARS, name, name_len, UINT32_MAX);
    else if (!IS(*name, C_UPPER))
        diag(ps, PDN_D_TAG_NAME_CASE, name, name_len, UINT32_MAX);
    pdn_tag_rec t;
    memset(&t, 0, sizeof t);
    t.offset = off(ps, open);
    t.name_off = off(ps, name);
    t.name_len = (uint32_t)name_len;
    const char *vend;
    p = tag_value(ps, p + 1, &t, &vend);
    p = skip_blanks(p, e);
    if (p < e && *p == ']') {
        p++;
    } else {
        diag(ps, PDN_D_UNCLOSED_TAG, p, 1, off(ps, open));
    }
    /* Most headers have no duplicate: a bit per name shape rules them out
     * without comparing names. */
    uint64_t bit = UINT64_C(1) << ((name_len * 7 + (unsigned char)*name) & 63);
    const pdn_tag_rec *dup = (ps->tag_bloom & bit) ? find_tag(ps, name, name_len) : NULL;
    ps->tag_bloom |= bit;
    if (dup)
        diag(ps, PDN_D_DUPLICATE_TAG, open, (size_t)(p - open), dup->offset);
    struct pdn_game *g = ps->g;
    if (!pdn_vec__reserve(&g->tag_recs, &g->alloc, sizeof t, 1)) {
        ps->nomem = true;
        return;
    }
    pdn_tag_rec *slot = (pdn_tag_rec *)g->tag_recs.data + g->tag_recs.len++;
    *slot = t;
    note_tag(ps, slot);
    ps->tag_mark = pdn_game__node(g, PDN_HEADER)->last;
    ps->last_tag_end = p;
    ps->p = p;
}

/* ---- movetext tokens ---------------------------------------------------------- */

typedef struct square_scan {
    pdn_square sq;
    bool zero; /* leading zero */
    bool upper;
} square_scan;

/* Square : ALPHASQUARE | NUMSQUARE.  Files a-p and ranks 1-16 cover every
 * board the GameType tag can describe up to 16x16. */
static const char *scan_square(const char *p, const char *e, square_scan *out)
{
    out->zero = out->upper = false;
    if (p >= e)
        return NULL;
    unsigned char c = (unsigned char)*p;
    if (IS(c, C_DIGIT)) {
        unsigned v = c - '0';
        const char *q = p + 1;
        if (q < e && IS(*q, C_DIGIT)) {
            v = v * 10 + (unsigned)(*q - '0');
            q++;
            if (c == '0')
                out->zero = true;
        }
        if ((q < e && IS(*q, C_DIGIT)) || v == 0)
            return NULL;
        out->sq = (pdn_square)v;
        return q;
    }
    if ((c >= 'a' && c <= 'p') || (c >= 'A' && c <= 'P')) {
        unsigned file = (unsigned)((c | 0x20) - 'a');
        const char *q = p + 1;
        if (q >= e || !IS(*q, C_DIGIT) || *q == '0')
            return NULL;
        unsigned rank = (unsigned)(*q++ - '0');
        if (q < e && IS(*q, C_DIGIT)) {
            rank = rank * 10 + (unsigned)(*q++ - '0');
            if (rank > 16)
                return NULL;
        }
        if (q < e && IS(*q, C_DIGIT))
            return NULL;
        out->upper = c < 'a';
        out->sq = PDN_SQUARE_MAKE_ALPHA(file, rank);
        return q;
    }
    return NULL;
}

static int sep_of(char c)
{
    switch (c) {
    case '-': return PDN_SEP_MOVE;
    case 'x': case 'X': return PDN_SEP_CAPTURE;
    case ':': return PDN_SEP_COLON;
    default: return -1;
    }
}

#define MAX_PATH 64 /* squares in one move; a capture of 20 pieces needs 21 */

typedef struct move_scan {
    pdn_square sq[MAX_PATH];
    size_t n;
    int sep;
    bool space, zero, upper, nosep4;
    const char *end;
} move_scan;

/* Move : Square (SEP Square)+ | alpha squares without separator | NNNN */
static bool scan_draughts_move(const parser *ps, const char *p, move_scan *m)
{
    const char *e = ps->e;
    square_scan s;
    m->n = 0;
    m->sep = PDN_SEP_NONE;
    m->space = m->zero = m->upper = m->nosep4 = false;
    /* "3228": four digits standing for two two-digit squares. */
    if (e - p >= 4 && IS(p[0], C_DIGIT) && IS(p[1], C_DIGIT) && IS(p[2], C_DIGIT) &&
        IS(p[3], C_DIGIT) && (e - p == 4 || !IS(p[4], C_DIGIT)) && (e - p == 4 || p[4] != '.') &&
        p[0] != '0' && p[2] != '0') {
        m->sq[0] = (pdn_square)((p[0] - '0') * 10 + (p[1] - '0'));
        m->sq[1] = (pdn_square)((p[2] - '0') * 10 + (p[3] - '0'));
        m->n = 2;
        m->nosep4 = true;
        m->end = p + 4;
        return true;
    }
    const char *q = scan_square(p, e, &s);
    if (!q)
        return false;
    m->sq[m->n++] = s.sq;
    m->zero |= s.zero;
    m->upper |= s.upper;
    for (;;) {
        const char *r = skip_blanks(q, e);
        bool sp = r != q;
        int sep = r < e ? sep_of(*r) : -1;
        if (sep >= 0 && m->n < MAX_PATH) {
            if (m->n > 1 && (sep == PDN_SEP_MOVE) != (m->sep == PDN_SEP_MOVE))
                break; /* "32x23 - -": what follows is not part of this move */
            const char *t = skip_blanks(r + 1, e);
            sp |= t != r + 1;
            const char *u = scan_square(t, e, &s);
            if (!u)
                break;
            m->sep = sep;
            m->sq[m->n++] = s.sq;
            m->zero |= s.zero;
            m->upper |= s.upper;
            m->space |= sp;
            q = u;
            continue;
        }
        /* a3b4: algebraic squares written without separator. */
        if (!sp && PDN_SQUARE_IS_ALPHA(m->sq[m->n - 1]) && m->sep == PDN_SEP_NONE &&
            m->n < MAX_PATH) {
            const char *u = scan_square(q, e, &s);
            if (u && PDN_SQUARE_IS_ALPHA(s.sq)) {
                m->sq[m->n++] = s.sq;
                m->upper |= s.upper;
                q = u;
                continue;
            }
        }
        break;
    }
    m->end = q;
    return m->n >= 2;
}

/* Length of a SAN move at p (without '!?' marks), or 0.  Castling with
 * zeros and the null moves "--" and "Z0" are accepted for reading. */
static size_t scan_san(const char *p, const char *e)
{
    const char *q = p;
    size_t avail = (size_t)(e - p);
    if (avail >= 5 && (memcmp(p, "O-O-O", 5) == 0 || memcmp(p, "0-0-0", 5) == 0))
        q = p + 5;
    else if (avail >= 3 && (memcmp(p, "O-O", 3) == 0 || memcmp(p, "0-0", 3) == 0))
        q = p + 3;
    else if (avail >= 2 && (memcmp(p, "--", 2) == 0 || memcmp(p, "Z0", 2) == 0))
        q = p + 2;
    else if (avail >= 4 && strchr("PNBRQ", *p) && *p && p[1] == '@' && p[2] >= 'a' &&
             p[2] <= 'h' && p[3] >= '1' && p[3] <= '8')
        q = p + 4; /* a drop of chess variants: N@f3 */
    else if (strchr("KQRBN", *p) && *p) {
        /* piece: [a-h]? [1-8]? x? [a-h][1-8] */
        const char *r = p + 1;
        char buf[8];
        size_t n = 0;
        while (r < e && n < sizeof buf && ((*r >= 'a' && *r <= 'h') || (*r >= '1' && *r <= '8') ||
                                           *r == 'x'))
            buf[n++] = *r++;
        if (n < 2 || !(buf[n - 2] >= 'a' && buf[n - 2] <= 'h') ||
            !(buf[n - 1] >= '1' && buf[n - 1] <= '8'))
            return 0;
        size_t k = 0, m = n - 2;
        if (k < m && buf[k] >= 'a' && buf[k] <= 'h')
            k++;
        if (k < m && buf[k] >= '1' && buf[k] <= '8')
            k++;
        if (k < m && buf[k] == 'x')
            k++;
        if (k != m)
            return 0;
        q = r;
    } else if (*p >= 'a' && *p <= 'h') {
        const char *r = p + 1;
        if (e - r >= 3 && *r == 'x' && r[1] >= 'a' && r[1] <= 'h' && r[2] >= '1' && r[2] <= '8')
            r += 3;
        else if (r < e && *r >= '1' && *r <= '8')
            r += 1;
        else
            return 0;
        if (r < e && IS(*r, C_DIGIT))
            return 0;
        const char *t = r < e && *r == '=' ? r + 1 : r;
        if (t < e && strchr("QRBN", *t) && *t)
            r = t + 1;
        q = r;
    } else {
        return 0;
    }
    while (q < e && (*q == '+' || *q == '#'))
        q++;
    return (size_t)(q - p);
}

static size_t scan_strength(const char *q, const char *e)
{
    const char *r = q;
    if (r < e && *r == '(') {
        r++;
        const char *t = r;
        while (r < e && (*r == '!' || *r == '?'))
            r++;
        if (r == t || r >= e || *r != ')')
            return 0;
        return (size_t)(r + 1 - q);
    }
    while (r < e && (*r == '!' || *r == '?'))
        r++;
    return (size_t)(r - q);
}

static uint32_t add_move(parser *ps, const char *at, size_t len, pdn_move_rec *rec)
{
    struct pdn_game *g = ps->g;
    if (!pdn_vec__reserve(&g->moves, &g->alloc, sizeof *rec, 1)) {
        ps->nomem = true;
        return PDN_NIL;
    }
    if (ps->pending) {
        rec->number = ps->pending_num;
        rec->number_kind = ps->pending_kind;
        ps->pending = false;
    }
    uint32_t i = add_node(ps, ps->cont, PDN_NODE_MOVE, at, len);
    if (i == PDN_NIL)
        return i;
    pdn_game__node(g, i)->a = (uint32_t)g->moves.len;
    ((pdn_move_rec *)g->moves.data)[g->moves.len++] = *rec;
    ps->last_move = ps->last_item = i;
    return i;
}

static pdn_move_rec *move_rec(parser *ps, uint32_t node)
{
    return (pdn_move_rec *)ps->g->moves.data + pdn_game__node(ps->g, node)->a;
}

static void add_nag(parser *ps, const char *at, size_t len, unsigned value)
{
    uint32_t i = add_node(ps, ps->cont, PDN_NODE_NAG, at, len);
    if (i == PDN_NIL)
        return;
    struct pdn_node *n = pdn_game__node(ps->g, i);
    n->a = value;
    n->attach = ps->pending ? PDN_ATTACH_BEFORE
                            : ps->last_move == PDN_NIL ? PDN_ATTACH_START : PDN_ATTACH_AFTER;
    ps->last_item = i;
}

/* What follows a move: strength, forced-move mark, glued text. */
static void move_suffix(parser *ps, uint32_t node, const char *q)
{
    const char *e = ps->e;
    size_t sl = scan_strength(q, e);
    if (sl && node != PDN_NIL) {
        pdn_move_rec *m = move_rec(ps, node);
        m->str_off = off(ps, q);
        m->str_len = (uint8_t)(sl > 255 ? 255 : sl);
        q += sl;
        pdn_game__node(ps->g, node)->length = off(ps, q) - pdn_game__node(ps->g, node)->offset;
    }
    if (q < e && *q == '*') {
        diag(ps, PDN_D_STRENGTH_STAR, q, 1, UINT32_MAX);
        add_nag(ps, q, 1, 7);
        q++;
    }
    ps->p = q;
    if (!at_delim(ps, q))
        junk(ps, PDN_D_GLUED_TEXT);
}

static void use_pending_check(parser *ps)
{
    if (ps->pending) {
        if (!ps->pending_ellipsis)
            diag(ps, PDN_D_NUMBER_WITHOUT_MOVE, ps->s + ps->pending_off, ps->pending_len,
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

static void start_body(parser *ps)
{
    if (!ps->in_body) {
        end_header(ps);
        ps->in_body = true;
        if (!ps->tags_checked) {
            ps->tags_checked = true;
            /* The checks map value offsets into the text read so far. */
            ps->g->text_len = (size_t)(ps->e - ps->s);
            if (!pdn_syntax__check_tags(ps->g))
                ps->nomem = true;
        }
    }
}

static void draughts_move(parser *ps, const move_scan *m)
{
    start_body(ps);
    const char *at = ps->p;
    struct pdn_game *g = ps->g;
    if (!pdn_vec__reserve(&g->squares, &g->alloc, sizeof(pdn_square), m->n)) {
        ps->nomem = true;
        return;
    }
    pdn_move_rec rec;
    memset(&rec, 0, sizeof rec);
    rec.kind = PDN_MOVE_SQUARES;
    rec.sep = (uint8_t)m->sep;
    rec.squares = (uint32_t)g->squares.len;
    rec.square_count = (uint16_t)m->n;
    memcpy((pdn_square *)g->squares.data + g->squares.len, m->sq, m->n * sizeof(pdn_square));
    g->squares.len += m->n;
    size_t len = (size_t)(m->end - at);
    if (m->space)
        diag(ps, PDN_D_MOVE_SPACE, at, len, UINT32_MAX);
    if (m->zero)
        diag(ps, PDN_D_LEADING_ZERO, at, len, UINT32_MAX);
    if (m->upper)
        diag(ps, PDN_D_SQUARE_CASE, at, len, UINT32_MAX);
    if (m->nosep4)
        diag(ps, PDN_D_NO_SEPARATOR, at, len, UINT32_MAX);
    if (m->sep == PDN_SEP_MOVE && m->n > 2 && ps->cap_sep != '-')
        diag(ps, PDN_D_DASH_PATH, at, len, UINT32_MAX);
    char want = ps->cap_sep ? ps->cap_sep : 'x';
    if (!ps->said_separator &&
        ((m->sep == PDN_SEP_CAPTURE && want != 'x') || (m->sep == PDN_SEP_COLON && want != ':'))) {
        ps->said_separator = true;
        diag(ps, PDN_D_CAPTURE_SEPARATOR, at, len, UINT32_MAX);
    }
    if (ps->notation && !ps->said_notation) {
        bool alpha = PDN_SQUARE_IS_ALPHA(m->sq[0]);
        if (alpha != (ps->notation == 'A')) {
            ps->said_notation = true;
            diag(ps, PDN_D_NOTATION_MISMATCH, at, len, UINT32_MAX);
        }
    }
    const char *q = m->end;
    /* PDN 3.1 proposal: "47x36 <42,29,14,31>" lists the captured squares. */
    const char *r = skip_blanks(q, ps->e);
    if (r < ps->e && *r == '<') {
        pdn_square cap[MAX_PATH];
        size_t nc = 0;
        const char *t = skip_blanks(r + 1, ps->e);
        square_scan s;
        bool ok = false;
        while (nc < MAX_PATH) {
            const char *u = scan_square(t, ps->e, &s);
            if (!u)
                break;
            cap[nc++] = s.sq;
            t = skip_blanks(u, ps->e);
            if (t < ps->e && *t == ',') {
                t = skip_blanks(t + 1, ps->e);
                continue;
            }
            ok = t < ps->e && *t == '>';
            break;
        }
        if (ok && pdn_vec__reserve(&g->squares, &g->alloc, sizeof(pdn_square), nc)) {
            rec.has_captured = 1;
            rec.captured = (uint32_t)g->squares.len;
            rec.captured_count = (uint16_t)nc;
            memcpy((pdn_square *)g->squares.data + g->squares.len, cap, nc * sizeof(pdn_square));
            g->squares.len += nc;
            diag(ps, PDN_D_CAPTURED_LIST, r, (size_t)(t + 1 - r), UINT32_MAX);
            q = t + 1;
        }
    }
    uint32_t node = add_move(ps, at, (size_t)(q - at), &rec);
    move_suffix(ps, node, q);
}

/* The common case, kept lean because it is most of every file: a numeric
 * move like "32-28" or "26x17x8" with one- or two-digit squares, no leading
 * zero, no spaces, followed by white space.  Anything else (a strength, a
 * glued '*', "1- 6", a long dash path) returns false and takes the general
 * path, which reports what it finds. */
static bool fast_move(parser *ps)
{
    struct pdn_game *g = ps->g;
    if (g->squares.cap - g->squares.len < MAX_PATH || g->moves.cap == g->moves.len ||
        g->nodes.cap == g->nodes.len)
        return false; /* the general path grows the arrays (or reports OOM) */
    const char *p = ps->p, *e = ps->e;
    pdn_square *sq = (pdn_square *)g->squares.data + g->squares.len;
    size_t n = 0;
    int sep = -1;
    bool alpha = IS(*p, C_LOWER);
    for (;;) {
        if (p >= e)
            return false;
        if (!alpha) {
            if (!IS(*p, C_DIGIT) || *p == '0')
                return false;
            unsigned v = (unsigned)(*p++ - '0');
            if (p < e && IS(*p, C_DIGIT))
                v = v * 10 + (unsigned)(*p++ - '0');
            sq[n++] = (pdn_square)v;
        } else {
            if (*p < 'a' || *p > 'p' || e - p < 2 || p[1] < '1' || p[1] > '9')
                return false;
            unsigned file = (unsigned)(*p - 'a'), rank = (unsigned)(p[1] - '0');
            p += 2;
            if (p < e && IS(*p, C_DIGIT)) {
                rank = rank * 10 + (unsigned)(*p++ - '0');
                if (rank > 16)
                    return false;
            }
            sq[n++] = PDN_SQUARE_MAKE_ALPHA(file, rank);
        }
        if (p >= e)
            break;
        int s = *p == '-' ? PDN_SEP_MOVE : *p == 'x' ? PDN_SEP_CAPTURE : *p == ':' ? PDN_SEP_COLON : -1;
        if (s < 0)
            break;
        if ((sep >= 0 && s != sep) || n == MAX_PATH)
            return false;
        sep = s;
        p++;
    }
    if (n < 2 || (p < e && !IS(*p, C_SPACE)) ||
        (sep == PDN_SEP_MOVE && n > 2 && ps->cap_sep != '-') ||
        (ps->notation && alpha != (ps->notation == 'A')))
        return false;
    start_body(ps);
    const char *at = ps->p;
    char want = ps->cap_sep ? ps->cap_sep : 'x';
    if (sep != PDN_SEP_MOVE && !ps->said_separator &&
        ((sep == PDN_SEP_CAPTURE && want != 'x') || (sep == PDN_SEP_COLON && want != ':'))) {
        ps->said_separator = true;
        diag(ps, PDN_D_CAPTURE_SEPARATOR, at, (size_t)(p - at), UINT32_MAX);
    }
    pdn_move_rec *m = (pdn_move_rec *)g->moves.data + g->moves.len;
    *m = (pdn_move_rec){0};
    m->kind = PDN_MOVE_SQUARES;
    m->sep = (uint8_t)sep;
    m->squares = (uint32_t)g->squares.len;
    m->square_count = (uint16_t)n;
    if (ps->pending) {
        m->number = ps->pending_num;
        m->number_kind = ps->pending_kind;
        ps->pending = false;
    }
    g->squares.len += n;
    uint32_t i = (uint32_t)g->nodes.len++;
    struct pdn_node *node = pdn_game__node(g, i), *par = pdn_game__node(g, ps->cont);
    *node = (struct pdn_node){0};
    node->game = g;
    node->kind = PDN_NODE_MOVE;
    node->parent = ps->cont;
    node->offset = off(ps, at);
    node->length = (uint32_t)(p - at);
    node->a = (uint32_t)g->moves.len++;
    if (par->last != PDN_NIL) {
        pdn_game__node(g, par->last)->next = i;
        node->prev = par->last;
    } else {
        par->first = i;
    }
    par->last = i;
    ps->last_move = ps->last_item = i;
    ps->p = p;
    return true;
}

/* The bulk of every file, in one tight loop: runs of white space, move
 * numbers ("12." and "12...") and plain moves ("32-28", "26x17x8", "c3:e5")
 * followed by white space.  State lives in locals for the whole run; the
 * run stops at the first token that needs anything else (a result, a
 * strength, a leading zero, a separator the GameType does not use, full
 * arrays) and leaves it to the general parser, which reports what it finds.
 * Valid only in the body of a draughts game. */
static void fast_run(parser *ps)
{
    struct pdn_game *g = ps->g;
    const char *p = ps->p, *e = ps->e, *s = ps->s;
    struct pdn_node *nodes = g->nodes.data;
    pdn_move_rec *moves = g->moves.data;
    pdn_square *squares = g->squares.data;
    size_t nlen = g->nodes.len, ncap = g->nodes.cap, mlen = g->moves.len, mcap = g->moves.cap;
    size_t slen = g->squares.len, scap = g->squares.cap;
    uint32_t cont = ps->cont, last = nodes[cont].last, last_move = ps->last_move;
    bool pending = ps->pending;
    uint8_t pending_kind = ps->pending_kind;
    uint32_t pending_num = ps->pending_num;
    const char want = ps->cap_sep ? ps->cap_sep : 'x';
    const int ok_capture = want == ':' ? PDN_SEP_COLON : want == 'x' ? PDN_SEP_CAPTURE : -1;
    const char notation = ps->notation;
    bool took_number = false;
    const char *number_at = NULL;

    for (;;) {
        while (p < e && (*p == ' ' || *p == '\n' || *p == '\t' || (*p == '\r' && p + 1 < e && p[1] == '\n')))
            p++;
        if (p >= e)
            break;
        unsigned char c = (unsigned char)*p;
        if (nlen == ncap || mlen == mcap || scap - slen < MAX_PATH)
            break;
        const char *q = p;
        bool alpha = c >= 'a' && c <= 'p';
        if (!alpha) {
            if (c < '1' || c > '9')
                break;
            /* A move number? */
            const char *t = p;
            uint32_t num = 0;
            while (t < e && IS(*t, C_DIGIT) && t - p < 8)
                num = num * 10 + (uint32_t)(*t++ - '0');
            if (t < e && *t == '.') {
                if (pending)
                    break;
                const char *u = t + 1;
                uint8_t kind = PDN_NUMBER_WHITE;
                if (e - u >= 2 && u[0] == '.' && u[1] == '.') {
                    kind = PDN_NUMBER_BLACK;
                    u += 2;
                }
                if (u < e && *u == '.')
                    break;
                if (u < e && !IS(*u, C_SPACE) && !IS(*u, C_DIGIT))
                    break;
                if (kind == PDN_NUMBER_WHITE && u < e && IS(*u, C_SPACE)) {
                    /* "1. ..." is the general parser's business. */
                    const char *v = u;
                    while (v < e && (*v == ' ' || *v == '\t'))
                        v++;
                    if (v < e && *v == '.')
                        break;
                }
                pending = true;
                pending_kind = kind;
                pending_num = num;
                took_number = true;
                number_at = p;
                ps->pending_node = nlen;
                ps->pending_off = (uint32_t)(p - s);
                ps->pending_len = (uint32_t)(u - p);
                p = u;
                continue;
            }
        }
        /* A move: squares of one kind joined by one separator. */
        pdn_square *sq = squares + slen;
        size_t n = 0;
        int sep = -1;
        for (;;) {
            if (q >= e)
                goto out;
            if (!alpha) {
                if (*q < '1' || *q > '9')
                    goto out;
                unsigned v = (unsigned)(*q++ - '0');
                if (q < e && IS(*q, C_DIGIT))
                    v = v * 10 + (unsigned)(*q++ - '0');
                sq[n++] = (pdn_square)v;
            } else {
                if (*q < 'a' || *q > 'p' || e - q < 2 || q[1] < '1' || q[1] > '9')
                    goto out;
                unsigned file = (unsigned)(*q - 'a'), rank = (unsigned)(q[1] - '0');
                q += 2;
                if (q < e && IS(*q, C_DIGIT)) {
                    rank = rank * 10 + (unsigned)(*q++ - '0');
                    if (rank > 16)
                        goto out;
                }
                sq[n++] = PDN_SQUARE_MAKE_ALPHA(file, rank);
            }
            if (q >= e)
                break;
            int sp = *q == '-' ? PDN_SEP_MOVE : *q == 'x' ? PDN_SEP_CAPTURE : *q == ':' ? PDN_SEP_COLON : -1;
            if (sp < 0)
                break;
            if ((sep >= 0 && sp != sep) || n == MAX_PATH)
                goto out;
            sep = sp;
            q++;
        }
        if (n < 2 || (q < e && !IS(*q, C_SPACE)) || *q == '\0')
            break;
        if (sep == PDN_SEP_MOVE ? n > 2 && want != '-' : sep != ok_capture)
            break;
        if (notation && alpha != (notation == 'A'))
            break;
        /* "1-1" is a result, not a move. */
        if (!alpha && n == 2 && q - p == 3 && p[0] == '1' && p[2] == '1')
            break;
        pdn_move_rec *m = moves + mlen;
        m->number = pending ? pending_num : 0;
        m->squares = (uint32_t)slen;
        m->captured = 0;
        m->str_off = 0;
        m->san_off = 0;
        m->square_count = (uint16_t)n;
        m->captured_count = 0;
        m->str_len = 0;
        m->san_len = 0;
        m->kind = PDN_MOVE_SQUARES;
        m->sep = (uint8_t)sep;
        m->number_kind = pending ? pending_kind : PDN_NUMBER_NONE;
        m->has_captured = 0;
        pending = false;
        slen += n;
        uint32_t i = (uint32_t)nlen++;
        struct pdn_node *nd = nodes + i;
        nd->game = g;
        nd->kind = PDN_NODE_MOVE;
        nd->sub = nd->attach = nd->pad = 0;
        nd->parent = cont;
        nd->next = nd->first = nd->last = nd->b = 0;
        nd->prev = last;
        nd->offset = (uint32_t)(p - s);
        nd->length = (uint32_t)(q - p);
        nd->a = (uint32_t)mlen++;
        if (last != PDN_NIL)
            nodes[last].next = i;
        else
            nodes[cont].first = i;
        last = last_move = i;
        p = q;
    }
out:
    (void)number_at;
    g->nodes.len = nlen;
    g->moves.len = mlen;
    g->squares.len = slen;
    nodes[cont].last = last;
    if (last_move != ps->last_move)
        ps->last_move = ps->last_item = last_move;
    ps->pending = pending;
    if (took_number) {
        ps->pending_kind = pending_kind;
        ps->pending_num = pending_num;
        ps->pending_ellipsis = false;
    }
    ps->p = p;
}

static void san_move(parser *ps, size_t len)
{
    start_body(ps);
    const char *at = ps->p;
    pdn_move_rec rec;
    memset(&rec, 0, sizeof rec);
    rec.kind = PDN_MOVE_SAN;
    rec.san_off = off(ps, at);
    rec.san_len = (uint8_t)len;
    uint32_t node = add_move(ps, at, len, &rec);
    move_suffix(ps, node, at + len);
}

/* Turns the game into a chess game when the tag did not say what it is. */
static bool chess_allowed(parser *ps, const char *at, size_t len)
{
    if (ps->chess)
        return true;
    if (ps->g->gametype != -1 || ps->default_gametype != -1)
        return false;
    ps->chess = true;
    ps->g->gametype = 0;
    diag(ps, PDN_D_CHESS_INFERRED, at, len, UINT32_MAX);
    return true;
}

/* ---- terminators -------------------------------------------------------------- */

/* WIN1 DRAW1 LOSS1 WIN2 DRAW2 LOSS2 DOUBLEFORFEIT, when not followed by a
 * digit ("1-18" is a move).  Called for every token that starts with a
 * digit, so it decides on the first bytes without comparing strings. */
static size_t scan_result(const char *p, const char *e)
{
    size_t avail = (size_t)(e - p);
    if (avail < 3 || p[0] > '2')
        return 0;
    if (p[1] == '-') {
        char a = p[0], b = p[2];
        bool ok = (a == '1' && (b == '0' || b == '1')) || (a == '0' && b <= '2' && b >= '0') ||
                  (a == '2' && b == '0');
        return ok && (avail == 3 || !IS(p[3], C_DIGIT)) ? 3 : 0;
    }
    if (avail >= 7 && p[1] == '/' && memcmp(p, "1/2-1/2", 7) == 0 &&
        (avail == 7 || !IS(p[7], C_DIGIT)))
        return 7;
    return 0;
}

/* Closes every open variation at `at`, reporting each as unclosed. */
static void close_all(parser *ps, const char *at)
{
    while (ps->depth) {
        struct pdn_node *v = pdn_game__node(ps->g, ps->cont);
        diag(ps, PDN_D_UNCLOSED_VARIATION, at, 1, v->offset);
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
    use_pending_check(ps);
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

/* Handles a token starting with a digit.  Returns true when the game ended. */
static bool digit_token(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    if (ps->chess) {
        size_t n = scan_san(p, e);
        if (n && p[0] == '0' && n >= 3) {
            san_move(ps, n);
            return false;
        }
    }
    size_t rl = scan_result(p, e);
    if (rl) {
        if (ps->depth) {
            diag(ps, PDN_D_RESULT_IN_VARIATION, p, rl, UINT32_MAX);
            add_comment(ps, PDN_COMMENT_JUNK, p, rl, p, rl);
            ps->p = p + rl;
            return false;
        }
        if (!ps->chess)
            diag(ps, PDN_D_RESULT_TERMINATOR, p, rl, UINT32_MAX);
        terminate(ps, PDN_TERM_RESULT, p, rl);
        return true;
    }
    if (ps->odd_result_len && ps->depth == 0) {
        const char *v = (ps->odd_result_in_strings ? (const char *)ps->g->strings.data : ps->s) +
                        ps->odd_result_off;
        size_t n = ps->odd_result_len;
        if ((size_t)(e - p) >= n && memcmp(p, v, n) == 0 && at_delim(ps, p + n)) {
            diag(ps, PDN_D_ODD_RESULT_TERMINATOR, p, n, UINT32_MAX);
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
        start_body(ps);
        use_pending_check(ps);
        const char *r = q + 1;
        uint8_t kind = PDN_NUMBER_WHITE;
        if (e - r >= 2 && r[0] == '.' && r[1] == '.') {
            kind = PDN_NUMBER_BLACK;
            r += 2;
        } else {
            /* "1. ..." and "1. …" say the same as "1...". */
            const char *t = r;
            while (t < e && (*t == ' ' || *t == '\t'))
                t++;
            if (e - t >= 3 && memcmp(t, "...", 3) == 0 && (e - t == 3 || t[3] != '.')) {
                diag(ps, PDN_D_ELLIPSIS, t, 3, UINT32_MAX);
                kind = PDN_NUMBER_BLACK;
                r = t + 3;
            } else if (e - t >= 3 && memcmp(t, "\xE2\x80\xA6", 3) == 0) {
                diag(ps, PDN_D_ELLIPSIS, t, 3, UINT32_MAX);
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
    if (!ps->chess && scan_draughts_move(ps, p, &m)) {
        draughts_move(ps, &m);
        return false;
    }
    junk(ps, PDN_D_JUNK);
    return false;
}

/* Digits: the fast move path first, then everything else. */
static bool digits(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    /* "12. " and "12... ": a move number in its usual form. */
    if (*p != '0' && ps->in_body && !ps->pending) {
        const char *q = p;
        uint32_t num = 0;
        while (q < e && IS(*q, C_DIGIT) && q - p < 8)
            num = num * 10 + (uint32_t)(*q++ - '0');
        if (e - q >= 2 && q[0] == '.' && q[1] == ' ' && (e - q == 2 || q[2] != '.')) {
            ps->pending = true;
            ps->pending_ellipsis = false;
            ps->pending_node = ps->g->nodes.len;
            ps->pending_kind = PDN_NUMBER_WHITE;
            ps->pending_num = num;
            ps->pending_off = off(ps, p);
            ps->pending_len = (uint32_t)(q + 1 - p);
            ps->p = q + 1;
            return false;
        }
    }
    if (!ps->chess && !ps->odd_result_len && !scan_result(p, e) && fast_move(ps))
        return false;
    return digit_token(ps);
}


static void letter_token(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    move_scan m;
    if (!ps->chess && scan_draughts_move(ps, p, &m)) {
        draughts_move(ps, &m);
        return;
    }
    size_t n = scan_san(p, e);
    /* SAN followed by more letters is not a move: "Nf3xp5+". */
    if (n && !at_delim(ps, p + n + scan_strength(p + n, e)))
        n = 0;
    if (n && chess_allowed(ps, p, n)) {
        san_move(ps, n);
        return;
    }
    junk(ps, PDN_D_JUNK);
}

static void letters(parser *ps)
{
    if (ps->chess || !fast_move(ps))
        letter_token(ps);
}

static void open_variation(parser *ps)
{
    start_body(ps);
    use_pending_check(ps);
    uint32_t i = add_node(ps, ps->cont, PDN_NODE_VARIATION, ps->p, 1);
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
        diag(ps, PDN_D_STRAY_RPAREN, p, 1, UINT32_MAX);
        add_comment(ps, PDN_COMMENT_JUNK, p, 1, p, 1);
        ps->p = p + 1;
        return;
    }
    use_pending_check(ps);
    struct pdn_node *v = pdn_game__node(ps->g, ps->cont);
    if (v->first == PDN_NIL)
        diag(ps, PDN_D_EMPTY_VARIATION, ps->s + v->offset, off(ps, p) + 1 - v->offset,
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
        diag(ps, PDN_D_UNCLOSED_COMMENT, text_end, 1, off(ps, p));
    }
    uint32_t i = add_comment(ps, PDN_COMMENT_BRACE, p, (size_t)(q - p), p + 1,
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
        diag(ps, PDN_D_LINE_COMMENT, p, (size_t)(q - p), UINT32_MAX);
    add_comment(ps, kind, p, (size_t)(q - p), p + 1, (size_t)(q - p - 1));
    ps->p = q;
}

/* SETUP : '/' 'FEN' STRING '/' */
static void setup(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    const char *le = line_end(p, e);
    const char *close = memchr(p + 1, '/', (size_t)(le - p - 1));
    start_body(ps);
    use_pending_check(ps);
    if (!close) {
        diag(ps, PDN_D_UNCLOSED_SETUP, le, 1, off(ps, p));
        add_comment(ps, PDN_COMMENT_JUNK, p, (size_t)(le - p), p, (size_t)(le - p));
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
    uint32_t i = add_node(ps, ps->cont, PDN_NODE_SETUP, p, (size_t)(close + 1 - p));
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
            diag(ps, PDN_D_BAD_SETUP, p, (size_t)(close + 1 - p), UINT32_MAX);
        }
        ps->last_item = i;
    }
    ps->p = close + 1;
}

/* "- -": a move that was not recorded.  "--" is also chess's null move. */
static bool dash_token(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    if (ps->chess) {
        size_t n = scan_san(p, e);
        if (n) {
            san_move(ps, n);
            return true;
        }
    }
    const char *q = skip_blanks(p + 1, e);
    if (q < e && *q == '-' && at_delim(ps, q + 1)) {
        start_body(ps);
        diag(ps, PDN_D_UNKNOWN_MOVE, p, (size_t)(q + 1 - p), UINT32_MAX);
        pdn_move_rec rec;
        memset(&rec, 0, sizeof rec);
        rec.kind = PDN_MOVE_UNKNOWN;
        uint32_t node = add_move(ps, p, (size_t)(q + 1 - p), &rec);
        move_suffix(ps, node, q + 1);
        return true;
    }
    return false;
}

/* "32-28 !": a strength written apart from its move. */
static bool spaced_strength(parser *ps)
{
    size_t n = scan_strength(ps->p, ps->e);
    if (!n || ps->last_item == PDN_NIL || ps->last_item != ps->last_move)
        return false;
    pdn_move_rec *m = move_rec(ps, ps->last_move);
    if (m->str_len || !at_delim(ps, ps->p + n))
        return false;
    diag(ps, PDN_D_STRENGTH_SPACE, ps->p, n, UINT32_MAX);
    m->str_off = off(ps, ps->p);
    m->str_len = (uint8_t)(n > 255 ? 255 : n);
    ps->p += n;
    return true;
}

static bool is_dup_header_tag(const parser *ps)
{
    const char *p = skip_blanks(ps->p + 1, ps->e), *q = p;
    while (q < ps->e && (IS(*q, C_DIGIT | C_LOWER | C_UPPER) || *q == '_'))
        q++;
    return q > p && find_tag(ps, p, (size_t)(q - p)) != NULL;
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
    return (n == 7 && memcmp(v, "1/2-1/2", 7) == 0) || (n == 5 && memcmp(v, "\xC2\xBD-\xC2\xBD", 5) == 0);
}

static void finish(parser *ps, pdn_parse_out *out, const char *end)
{
    struct pdn_game *g = ps->g;
    if (ps->depth) {
        use_pending_check(ps);
        close_all(ps, end);
    }
    use_pending_check(ps);
    if (!ps->in_body && !out->by_header)
        end_header(ps);
    if (!ps->tags_checked) {
        ps->tags_checked = true;
        g->text_len = (size_t)(ps->e - ps->s);
        if (!pdn_syntax__check_tags(g))
            ps->nomem = true;
    }
    if (g->term_kind != PDN_TERM_NONE && g->tag_recs.len == 0 && !has_items(ps) &&
        pdn_game__node(g, PDN_HEADER)->first == PDN_NIL)
        diag(ps, PDN_D_EMPTY_GAME, ps->s + g->term_off, g->term_len, UINT32_MAX);
    if (g->term_kind == PDN_TERM_RESULT) {
        const pdn_tag_rec *t = find_tag(ps, "Result", 6);
        if (t) {
            const char *v = (t->value_in_strings ? (const char *)g->strings.data : ps->s) +
                            t->value_off;
            /* The same text (a draw may be written "½-½"), as the writer
             * decides whether to keep the terminator as a comment: "1-0"
             * and "2-0" are different results in different systems. */
            pdn_result vr = pdn_parse_result(v, t->value_len);
            size_t vl = t->value_len;
            while (vl && v[vl - 1] == ' ')
                vl--;
            while (vl && *v == ' ')
                v++, vl--;
            const char *tt = ps->s + g->term_off;
            bool same = (vl == g->term_len && memcmp(v, tt, vl) == 0) ||
                        (is_half_draw(v, vl) && is_half_draw(tt, g->term_len));
            if (vr != PDN_RESULT_UNKNOWN && !same)
                diag(ps, PDN_D_TERMINATOR_MISMATCH, ps->s + g->term_off, g->term_len, t->offset);
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
    parser ps;
    memset(&ps, 0, sizeof ps);
    ps.g = g;
    ps.s = ps.p = in->text;
    ps.e = in->text + in->len;
    ps.default_gametype = in->default_gametype;
    ps.next_is_header = in->next_is_header;
    g->text = in->text;
    g->mode = in->mode;
    g->gametype = in->default_gametype;
    ps.chess = in->default_gametype == 0;
    ps.cap_sep = in->default_gametype > 0 ? pdn_gametype_capture_separator(in->default_gametype) : 0;
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
    memset(n, 0, 2 * sizeof *n);
    n[0].game = n[1].game = g;
    n[0].kind = PDN_NODE_ROOT;
    n[1].kind = PDN_NODE_HEADER;
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
                diag(&ps, PDN_D_NO_TERMINATOR, p, 1, UINT32_MAX);
                out->by_header = true;
                out->ran_out = false;
            }
            end = ps.e;
            break;
        }
        unsigned char c = (unsigned char)*p;
        if (ps.in_body && !ps.chess && !ps.odd_result_len && (IS(c, C_DIGIT) || IS(c, C_LOWER))) {
            fast_run(&ps);
            if (ps.p != p)
                continue;
        }
        switch (c) {
        case '[':
            if (ps.in_body || ps.depth || ps.pending ||
                (g->tag_recs.len && header_blank && is_dup_header_tag(&ps))) {
                use_pending_check(&ps);
                close_all(&ps, p);
                diag(&ps, PDN_D_NO_TERMINATOR, p, 1, UINT32_MAX);
                out->by_header = true;
                end = p;
                break;
            }
            if (ps.last_tag_end && ps.last_tag_end == p)
                diag(&ps, PDN_D_TAG_SPACING, p, 1, UINT32_MAX);
            else if (ps.last_tag_end && header_blank)
                diag(&ps, PDN_D_TAG_SPACING, p, 1, UINT32_MAX);
            parse_tag(&ps);
            header_blank = false;
            continue;
        case '{':
            /* Grammar: a comment belongs to the game body, so after the
             * tags it starts the movetext. */
            if (g->tag_recs.len)
                start_body(&ps);
            brace_comment(&ps);
            continue;
        case '}':
            diag(&ps, PDN_D_STRAY_RBRACE, p, 1, UINT32_MAX);
            add_comment(&ps, PDN_COMMENT_JUNK, p, 1, p, 1);
            ps.p = p + 1;
            continue;
        case '(':
            if (!spaced_strength(&ps))
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
                junk(&ps, PDN_D_BAD_NAG);
            } else {
                start_body(&ps);
                add_nag(&ps, p, (size_t)(q - p), v);
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
                start_body(&ps);
                diag(&ps, PDN_D_ELLIPSIS, p, 3, UINT32_MAX);
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
                junk(&ps, PDN_D_JUNK);
            }
            continue;
        case '!':
        case '?':
            if (!spaced_strength(&ps))
                junk(&ps, PDN_D_JUNK);
            continue;
        case '-':
            if (!dash_token(&ps))
                junk(&ps, PDN_D_JUNK);
            continue;
        case 0xC2:
            /* "½-½" */
            if (ps.e - p >= 5 && memcmp(p, "\xC2\xBD-\xC2\xBD", 5) == 0 && ps.depth == 0 &&
                !(ps.e - p > 5 && IS(p[5], C_DIGIT))) {
                diag(&ps, PDN_D_ODD_RESULT_TERMINATOR, p, 5, UINT32_MAX);
                terminate(&ps, PDN_TERM_RESULT, p, 5);
                end = ps.p;
                break;
            }
            junk(&ps, PDN_D_JUNK);
            continue;
        default:
            if (IS(c, C_DIGIT)) {
                if (digits(&ps)) {
                    end = ps.p;
                    break;
                }
            } else if (IS(c, C_LOWER)) {
                letters(&ps);
            } else if (IS(c, C_UPPER)) {
                letter_token(&ps);
            } else {
                junk(&ps, PDN_D_JUNK);
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
