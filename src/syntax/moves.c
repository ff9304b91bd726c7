/* SPDX-License-Identifier: MIT */
/*
 * moves.c - moves in every form the reader meets: draughts squares with
 * their separators, chess SAN, unknown moves "- -", strengths, the
 * forced-move mark, PDN 3.1 captured lists, NAGs.  Runs of plain draughts
 * moves take the loop of fast_run.c.
 */
#include "syntax/parser.h"

/* Square : ALPHASQUARE | NUMSQUARE.  Files a-p and ranks 1-16 cover every
 * board the GameType tag can describe up to 16x16.  Inline: a move reads
 * two squares at least, and a call costs about what a square does. */
static PDN_FORCE_INLINE const char *scan_square(const char *p, const char *e, square_scan *out)
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
    case '-':
        return PDN_SEP_MOVE;
    case 'x':
    case 'X':
        return PDN_SEP_CAPTURE;
    case ':':
        return PDN_SEP_COLON;
    default:
        return -1;
    }
}

/* Move : Square (SEP Square)+ | alpha squares without separator | NNNN */
bool pdn_parse__scan_move(const parser *ps, const char *p, move_scan *m)
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
        const char *r = skip_gap(q, e);
        bool sp = r != q;
        int sep = r < e ? sep_of(*r) : -1;
        if (sep >= 0 && m->n < MAX_PATH) {
            if (m->n > 1 && (sep == PDN_SEP_MOVE) != (m->sep == PDN_SEP_MOVE))
                break; /* "32x23 - -": what follows is not part of this move */
            const char *t = skip_gap(r + 1, e);
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
    /* "1 - 1" reads back as the result 1-1: it cannot be a move. */
    if (m->n == 2 && m->sq[0] == 1 && m->sq[1] == 1 && m->sep == PDN_SEP_MOVE)
        return false;
    return m->n >= 2;
}

/* Length of a SAN move at p (without '!?' marks), or 0.  Castling with
 * zeros and the null moves "--" and "Z0" are accepted for reading. */
static size_t standard_san(const char *p, const char *e)
{
    const char *q = p;
    size_t avail = (size_t)(e - p);
    /* Told apart by the first byte: tests, not a search of each form. */
    const char c = *p;
    if (c == 'O' || c == '0') {
        if (avail >= 3 && p[1] == '-' && p[2] == c)
            q = avail >= 5 && p[3] == '-' && p[4] == c ? p + 5 : p + 3;
        else
            return 0;
    } else if (c == '-' || c == 'Z') {
        if (avail >= 2 && p[1] == (c == '-' ? '-' : '0'))
            q = p + 2;
        else
            return 0;
    } else if (avail >= 4 && (c == 'P' || c == 'N' || c == 'B' || c == 'R' || c == 'Q') &&
               p[1] == '@' && p[2] >= 'a' && p[2] <= 'h' && p[3] >= '1' && p[3] <= '8')
        q = p + 4; /* a drop of chess variants: N@f3 */
    else if (c == 'K' || c == 'Q' || c == 'R' || c == 'B' || c == 'N') {
        /* piece: [a-h]? [1-8]? x? [a-h][1-8] */
        const char *r = p + 1;
        char buf[8];
        size_t n = 0;
        while (r < e && n < sizeof buf &&
               ((*r >= 'a' && *r <= 'h') || (*r >= '1' && *r <= '8') || *r == 'x'))
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
        if (t < e && (*t == 'Q' || *t == 'R' || *t == 'B' || *t == 'N'))
            r = t + 1;
        q = r;
    } else {
        return 0;
    }
    while (q < e && (*q == '+' || *q == '#'))
        q++;
    return (size_t)(q - p);
}

/* Characters a chess move may be written with, in any of the forms
 * pdn_san_parse() reads. */
static bool san_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '=' ||
           c == '+' || c == '#' || c == ':' || c == '-' || c == '/';
}

/*
 * The other forms of a chess move that files use: long algebraic ("e2-e4",
 * "Ng1-f3", "e2e4", "e7e8q", "c7xd8=Q"), the pawn letter ("Pe4"), ':' for
 * captures, "(Q)" and "/Q" promotions, "++".  The run of move characters at
 * p is a move when pdn_san_parse() reads it; the replay then reports its
 * form.
 */
static size_t other_san(const char *p, const char *e)
{
    const char *q = p;
    while (q < e && q - p < 16 && san_char(*q))
        q++;
    /* "e8(Q)": a promotion, not a variation. */
    if (e - q >= 3 && q[0] == '(' && q[2] == ')' && strchr("QRBNqrbn", q[1]) && q[1])
        q += 3;
    pdn_san san;
    size_t at;
    if (q == p || pdn_san_parse(&san, p, (size_t)(q - p), &at) != PDN_SAN_OK)
        return 0;
    return (size_t)(q - p);
}

size_t pdn_parse__scan_san(const char *p, const char *e, bool chess)
{
    size_t n = standard_san(p, e);
    /* Only standard SAN makes a game without GameType a chess game: "xd2"
     * in a draughts file is junk, not a pawn's capture. */
    if (!chess || (n && (p + n >= e || !san_char(p[n]))))
        return n;
    size_t w = other_san(p, e);
    return w > n ? w : n;
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
    uint32_t i = pdn_parse__add_node(ps, ps->cont, PDN_NODE_MOVE, at, len);
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

void pdn_parse__add_nag(parser *ps, const char *at, size_t len, unsigned value)
{
    uint32_t i = pdn_parse__add_node(ps, ps->cont, PDN_NODE_NAG, at, len);
    if (i == PDN_NIL)
        return;
    struct pdn_node *n = pdn_game__node(ps->g, i);
    n->a = value;
    n->attach = ps->pending                ? PDN_ATTACH_BEFORE
                : ps->last_move == PDN_NIL ? PDN_ATTACH_START
                                           : PDN_ATTACH_AFTER;
    ps->last_item = i;
}

/* What follows a move: strength, forced-move mark, glued text. */
static void move_suffix(parser *ps, uint32_t node, const char *q)
{
    const char *e = ps->e;
    /* Mostly a move stands alone. */
    size_t sl = q < e && (*q == '!' || *q == '?' || *q == '(') ? scan_strength(q, e) : 0;
    if (sl && node != PDN_NIL) {
        pdn_move_rec *m = move_rec(ps, node);
        m->str_off = off(ps, q);
        m->str_len = (uint8_t)(sl > 255 ? 255 : sl);
        q += sl;
        pdn_game__node(ps->g, node)->length = off(ps, q) - pdn_game__node(ps->g, node)->offset;
    }
    if (q < e && *q == '*') {
        pdn_parse__diag(ps, PDN_D_STRENGTH_STAR, q, 1, UINT32_MAX);
        pdn_parse__add_nag(ps, q, 1, 7);
        q++;
    }
    ps->p = q;
    if (!at_delim(ps, q))
        pdn_parse__junk(ps, PDN_D_GLUED_TEXT);
}

void pdn_parse__draughts_move(parser *ps, const move_scan *m)
{
    pdn_parse__start_body(ps);
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
    /* A move has two squares at least (pdn_parse__scan_move()): those two
     * without a call, the rest of a capture's path by memcpy(). */
    pdn_square *to = (pdn_square *)g->squares.data + g->squares.len;
    to[0] = m->sq[0];
    to[1] = m->sq[1];
    if (m->n > 2)
        memcpy(to + 2, m->sq + 2, (m->n - 2) * sizeof(pdn_square));
    g->squares.len += m->n;
    size_t len = (size_t)(m->end - at);
    if (m->space) {
        pdn_parse__diag(ps, PDN_D_MOVE_SPACE, at, len, UINT32_MAX);
        pdn_parse__gap_nuls(ps, at, m->end);
    }
    if (m->zero)
        pdn_parse__diag(ps, PDN_D_LEADING_ZERO, at, len, UINT32_MAX);
    if (m->upper)
        pdn_parse__diag(ps, PDN_D_SQUARE_CASE, at, len, UINT32_MAX);
    if (m->nosep4)
        pdn_parse__diag(ps, PDN_D_NO_SEPARATOR, at, len, UINT32_MAX);
    if (m->sep == PDN_SEP_MOVE && m->n > 2 && ps->cap_sep != '-')
        pdn_parse__diag(ps, PDN_D_DASH_PATH, at, len, UINT32_MAX);
    char want = ps->cap_sep ? ps->cap_sep : 'x';
    if (!ps->said_separator &&
        ((m->sep == PDN_SEP_CAPTURE && want != 'x') || (m->sep == PDN_SEP_COLON && want != ':'))) {
        ps->said_separator = true;
        pdn_parse__diag(ps, PDN_D_CAPTURE_SEPARATOR, at, len, UINT32_MAX);
    }
    if (ps->notation && !ps->said_notation) {
        bool alpha = PDN_SQUARE_IS_ALPHA(m->sq[0]);
        if (alpha != (ps->notation == 'A')) {
            ps->said_notation = true;
            pdn_parse__diag(ps, PDN_D_NOTATION_MISMATCH, at, len, UINT32_MAX);
        }
    }
    const char *q = m->end;
    /* PDN 3.1 proposal: "47x36 <42,29,14,31>" lists the captured squares. */
    const char *r = skip_gap(q, ps->e);
    if (r < ps->e && *r == '<') {
        pdn_square cap[MAX_PATH];
        size_t nc = 0;
        const char *t = skip_gap(r + 1, ps->e);
        square_scan s;
        bool ok = false;
        while (nc < MAX_PATH) {
            const char *u = scan_square(t, ps->e, &s);
            if (!u)
                break;
            cap[nc++] = s.sq;
            t = skip_gap(u, ps->e);
            if (t < ps->e && *t == ',') {
                t = skip_gap(t + 1, ps->e);
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
            pdn_parse__gap_nuls(ps, q, t);
            pdn_parse__diag(ps, PDN_D_CAPTURED_LIST, r, (size_t)(t + 1 - r), UINT32_MAX);
            q = t + 1;
        }
    }
    uint32_t node = add_move(ps, at, (size_t)(q - at), &rec);
    move_suffix(ps, node, q);
}

void pdn_parse__san_move(parser *ps, size_t len)
{
    pdn_parse__start_body(ps);
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
    pdn_parse__diag(ps, PDN_D_CHESS_INFERRED, at, len, UINT32_MAX);
    return true;
}

void pdn_parse__letters(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    move_scan m;
    if (!ps->chess && pdn_parse__scan_move(ps, p, &m)) {
        pdn_parse__draughts_move(ps, &m);
        return;
    }
    size_t n = pdn_parse__scan_san(p, e, ps->chess);
    /* SAN followed by more letters is not a move: "Nf3xp5+". */
    if (n && !at_delim(ps, p + n + scan_strength(p + n, e)))
        n = 0;
    if (n && chess_allowed(ps, p, n)) {
        pdn_parse__san_move(ps, n);
        return;
    }
    pdn_parse__junk(ps, PDN_D_JUNK);
}

/* "- -": a move that was not recorded.  "--" is also chess's null move. */
bool pdn_parse__dash(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    if (ps->chess) {
        size_t n = pdn_parse__scan_san(p, e, true);
        if (n) {
            pdn_parse__san_move(ps, n);
            return true;
        }
    }
    const char *q = skip_gap(p + 1, e);
    if (q < e && *q == '-' && at_delim(ps, q + 1 + scan_strength(q + 1, e))) {
        pdn_parse__start_body(ps);
        pdn_parse__gap_nuls(ps, p + 1, q);
        pdn_parse__diag(ps, PDN_D_UNKNOWN_MOVE, p, (size_t)(q + 1 - p), UINT32_MAX);
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
bool pdn_parse__spaced_strength(parser *ps)
{
    size_t n = scan_strength(ps->p, ps->e);
    if (!n || ps->last_item == PDN_NIL || ps->last_item != ps->last_move)
        return false;
    pdn_move_rec *m = move_rec(ps, ps->last_move);
    if (m->str_len || !at_delim(ps, ps->p + n))
        return false;
    pdn_parse__diag(ps, PDN_D_STRENGTH_SPACE, ps->p, n, UINT32_MAX);
    m->str_off = off(ps, ps->p);
    m->str_len = (uint8_t)(n > 255 ? 255 : n);
    ps->p += n;
    return true;
}
