/* SPDX-License-Identifier: MIT */
/*
 * moves.c - moves in every form the reader meets: draughts squares with
 * their separators (and the fast loop for runs of plain moves), chess SAN,
 * unknown moves "- -", strengths, the forced-move mark, PDN 3.1 captured
 * lists, NAGs.
 */
#include "base/bits.h"
#include "syntax/parser.h"

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
    if (avail >= 5 && (memcmp(p, "O-O-O", 5) == 0 || memcmp(p, "0-0-0", 5) == 0))
        q = p + 5;
    else if (avail >= 3 && (memcmp(p, "O-O", 3) == 0 || memcmp(p, "0-0", 3) == 0))
        q = p + 3;
    else if (avail >= 2 && (memcmp(p, "--", 2) == 0 || memcmp(p, "Z0", 2) == 0))
        q = p + 2;
    else if (avail >= 4 && strchr("PNBRQ", *p) && *p && p[1] == '@' && p[2] >= 'a' && p[2] <= 'h' &&
             p[3] >= '1' && p[3] <= '8')
        q = p + 4; /* a drop of chess variants: N@f3 */
    else if (strchr("KQRBN", *p) && *p) {
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
    size_t sl = scan_strength(q, e);
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
    memcpy((pdn_square *)g->squares.data + g->squares.len, m->sq, m->n * sizeof(pdn_square));
    g->squares.len += m->n;
    size_t len = (size_t)(m->end - at);
    if (m->space)
        pdn_parse__diag(ps, PDN_D_MOVE_SPACE, at, len, UINT32_MAX);
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
            pdn_parse__diag(ps, PDN_D_CAPTURED_LIST, r, (size_t)(t + 1 - r), UINT32_MAX);
            q = t + 1;
        }
    }
    uint32_t node = add_move(ps, at, (size_t)(q - at), &rec);
    move_suffix(ps, node, q);
}

/* Separator of a move by byte, plus one; 0 for any other byte. */
static const unsigned char sep_code[256] = {
    ['-'] = PDN_SEP_MOVE + 1,
    ['x'] = PDN_SEP_CAPTURE + 1,
    [':'] = PDN_SEP_COLON + 1,
};

/* What the first byte of the next token tells about this one: the general
 * parser goes on reading a move over blanks ("32x23 x14", also with 'X')
 * and looks for a PDN 3.1 list of captured squares after it ("47x36
 * <42,29>"), and after a move number for "..." ("1. ...", "1. …"). */
enum { STOPS_MOVE = 1, STOPS_NUMBER = 2 };
static const unsigned char follow[256] = {
    ['-'] = STOPS_MOVE, ['x'] = STOPS_MOVE,   [':'] = STOPS_MOVE,    ['<'] = STOPS_MOVE,
    ['X'] = STOPS_MOVE, ['.'] = STOPS_NUMBER, [0xE2] = STOPS_NUMBER,
};

/* The fast loop looks at the text 64 bytes at a time (a window) and may
 * read 16 bytes past one: the LF of a CRLF at its end, a square or a move
 * number running over it.  The last bytes of the text are copied into a
 * buffer padded with spaces, which reads as the end of the text does. */
#define WINDOW 64
#define FAST_ZONE (WINDOW + 16)
/* Tokens of one window: at most 32 (a token and a space), with at most 64
 * squares in all (two bytes per square at the least). */
#define WINDOW_TOKENS 32
#define WINDOW_SQUARES 64

/* Makes room for the tokens of a window; false when memory ran out (the
 * general parser then meets that too, and reports it). */
static bool window_room(struct pdn_game *g)
{
    return pdn_vec__reserve(&g->nodes, &g->alloc, sizeof(struct pdn_node), WINDOW_TOKENS) &&
           pdn_vec__reserve(&g->moves, &g->alloc, sizeof(pdn_move_rec), WINDOW_TOKENS) &&
           pdn_vec__reserve(&g->squares, &g->alloc, sizeof(pdn_square), WINDOW_SQUARES);
}

/*
 * The commonest tokens by their shape, told from the bits of a window
 * alone: the token's bytes that are not digits or are a zero starting a
 * run of digits, and the white space after it (which gives its length), so
 * up to five bytes.  A move here is two squares around one byte, which the
 * loop checks is a separator: numeric squares of one or two digits, or
 * algebraic ones of a letter and one digit (the loop checks the letters); a
 * number is one or two digits and '.' or "..." (the loop checks the dots).
 * Everything else is read byte by byte (read_token).
 */
enum {
    SHAPE_MOVE = 1,     /* numeric */
    SHAPE_ALPHA = 2,    /* algebraic, "c3-d4" */
    SHAPE_NUMBER = 4,   /* "12." */
    SHAPE_BLACK = 8,    /* number: "..." */
    SHAPE_FIRST2 = 16,  /* the first square, or the number, has two digits */
    SHAPE_SECOND2 = 32, /* the second square has two digits */
};
static const unsigned char shape[64] = {
    [0x06] = SHAPE_NUMBER,                              /* d.    */
    [0x0C] = SHAPE_NUMBER | SHAPE_FIRST2,               /* dd.   */
    [0x1E] = SHAPE_NUMBER | SHAPE_BLACK,                /* d...  */
    [0x3C] = SHAPE_NUMBER | SHAPE_BLACK | SHAPE_FIRST2, /* dd... */
    [0x0A] = SHAPE_MOVE,                                /* d-d   */
    [0x12] = SHAPE_MOVE | SHAPE_SECOND2,                /* d-dd  */
    [0x14] = SHAPE_MOVE | SHAPE_FIRST2,                 /* dd-d  */
    [0x24] = SHAPE_MOVE | SHAPE_FIRST2 | SHAPE_SECOND2, /* dd-dd */
    [0x2D] = SHAPE_ALPHA,                               /* a1-b2 */
};

/* The node and move record of a plain move, whole words at a time where
 * the layout is known (little-endian, the offsets below), so that a record
 * costs a store per eight bytes rather than one per field and the zeroing
 * of the rest. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&                                 \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && UINTPTR_MAX == UINT64_MAX
#define WORD_RECORDS 1
_Static_assert(offsetof(struct pdn_node, game) == 0 && offsetof(struct pdn_node, kind) == 8 &&
                   offsetof(struct pdn_node, parent) == 12 &&
                   offsetof(struct pdn_node, next) == 16 && offsetof(struct pdn_node, prev) == 20 &&
                   offsetof(struct pdn_node, first) == 24 &&
                   offsetof(struct pdn_node, offset) == 32 &&
                   offsetof(struct pdn_node, length) == 36 && offsetof(struct pdn_node, a) == 40 &&
                   sizeof(struct pdn_node) == 48,
               "node layout");
_Static_assert(offsetof(pdn_move_rec, squares) == 4 && offsetof(pdn_move_rec, captured) == 8 &&
                   offsetof(pdn_move_rec, san_off) == 16 &&
                   offsetof(pdn_move_rec, square_count) == 20 &&
                   offsetof(pdn_move_rec, str_len) == 24 && offsetof(pdn_move_rec, kind) == 26 &&
                   offsetof(pdn_move_rec, sep) == 27 && offsetof(pdn_move_rec, number_kind) == 28 &&
                   sizeof(pdn_move_rec) == 32,
               "move record layout");
static inline void put64(void *at, uint64_t v)
{
    memcpy(at, &v, 8);
}
#else
#define WORD_RECORDS 0
#endif

/* A token that is not of a common shape, read byte by byte: t..te is the
 * token and `after` the first byte of the next one.  Squares go to sq.
 * Returns 0 when the token stops the run, 1 for a move number (*number,
 * *number_kind), 2 for a move (*n squares, *sep). */
static PDN_NOINLINE int read_token(const char *t, const char *te, unsigned after, unsigned rules,
                                   bool waiting, pdn_square *sq, size_t *n_out, unsigned *sep_out,
                                   uint32_t *number, uint8_t *number_kind)
{
    const unsigned c = (unsigned char)t[0], c1 = (unsigned char)t[1];
    const char *q;
    unsigned sep, kind;
    size_t n = 1;
    if (c - '1' < 9) {
        unsigned d = c1 - '0', two = d < 10;
        unsigned v = (c - '0') * (1 + 9 * two) + (d & (0u - two));
        q = t + 1 + two;
        sep = sep_code[(unsigned char)*q];
        if (!sep) {
            /* MOVENUMBER : [0-9]+ '.' ('..')?, mostly of one or two
             * digits, which are read already. */
            const char *u = q;
            uint32_t num = v;
            if (*u != '.')
                while (u - t < 8 && IS(*u, C_DIGIT))
                    num = num * 10 + (uint32_t)(*u++ - '0');
            if (*u != '.' || waiting)
                return 0;
            u++;
            uint8_t nk = PDN_NUMBER_WHITE;
            if (u[0] == '.' && u[1] == '.') {
                nk = PDN_NUMBER_BLACK;
                u += 2;
            }
            if (u != te || (nk == PDN_NUMBER_WHITE && follow[after] & STOPS_NUMBER))
                return 0;
            *number = num;
            *number_kind = nk;
            return 1;
        }
        /* Move : Square (SEP Square)+, one separator and one kind of
         * square, fewer than MAX_PATH in a window. */
        sq[0] = (pdn_square)v;
        sep--;
        for (;;) {
            unsigned a = (unsigned char)q[1], r = (unsigned)((unsigned char)q[2] - '0');
            if (a - '1' >= 9)
                return 0;
            two = r < 10;
            sq[n++] = (pdn_square)((a - '0') * (1 + 9 * two) + (r & (0u - two)));
            q += 2 + two;
            unsigned more = sep_code[(unsigned char)*q];
            if (!more)
                break;
            if (more - 1 != sep)
                return 0;
        }
        /* "1-1" is a result, not a move. */
        if (((unsigned)sq[0] << 16 | sq[1]) == 0x10001 && n == 2)
            return 0;
        kind = 1u << 8;
    } else if (c - 'a' < 16) {
        unsigned r = c1 - '0', d = (unsigned)((unsigned char)t[2] - '0'), two = d < 10;
        unsigned rank = r * (1 + 9 * two) + (d & (0u - two));
        if (r - 1 >= 9 || rank > 16)
            return 0;
        sq[0] = PDN_SQUARE_MAKE_ALPHA(c - 'a', rank);
        q = t + 2 + two;
        sep = sep_code[(unsigned char)*q];
        if (!sep)
            return 0;
        sep--;
        for (;;) {
            unsigned a = (unsigned char)q[1];
            r = (unsigned)((unsigned char)q[2] - '0');
            d = (unsigned)((unsigned char)q[3] - '0');
            two = d < 10;
            rank = r * (1 + 9 * two) + (d & (0u - two));
            if (a - 'a' >= 16 || r - 1 >= 9 || rank > 16)
                return 0;
            sq[n++] = PDN_SQUARE_MAKE_ALPHA(a - 'a', rank);
            q += 3 + two;
            unsigned more = sep_code[(unsigned char)*q];
            if (!more)
                break;
            if (more - 1 != sep)
                return 0;
        }
        kind = 1u << 9;
    } else {
        return 0;
    }
    if (q != te || !(rules >> (sep + (n == 2 ? 0 : 4)) & 1) || !(rules & kind) ||
        follow[after] & STOPS_MOVE)
        return 0;
    *n_out = n;
    *sep_out = sep;
    return 2;
}

/* What every node of a run starts with. */
typedef struct node_start {
    const struct pdn_game *g;
    uint32_t cont;
} node_start;

/* Writes the node nd and its move record mv, the move record index mi, for
 * a move of n squares at slen: `links` holds the node's next and prev,
 * `pend` the waiting move number (see pdn_parse__fast_run). */
static PDN_FORCE_INLINE void put_move(struct pdn_node *nd, pdn_move_rec *mv, const node_start *ns,
                                      uint64_t links, uint32_t offset, uint32_t len, size_t mi,
                                      uint64_t pend, size_t slen, size_t n, unsigned sep)
{
#if WORD_RECORDS
    char *nb = (char *)nd, *mb = (char *)mv;
    nd->game = ns->g;
    put64(nb + 8, PDN_NODE_MOVE | (uint64_t)ns->cont << 32);
    put64(nb + 16, links);
    put64(nb + 24, 0);
    put64(nb + 32, offset | (uint64_t)len << 32);
    put64(nb + 40, mi);
    put64(mb, (uint32_t)pend | (uint64_t)slen << 32);
    put64(mb + 8, 0);
    put64(mb + 16, (uint64_t)n << 32);
    put64(mb + 24, (uint64_t)sep << 24 | (pend >> 32) << 32);
#else
    *mv = (pdn_move_rec){
        .number = (uint32_t)pend,
        .squares = (uint32_t)slen,
        .square_count = (uint16_t)n,
        .kind = PDN_MOVE_SQUARES,
        .sep = (uint8_t)sep,
        .number_kind = (uint8_t)(pend >> 32),
    };
    *nd = (struct pdn_node){
        .game = ns->g,
        .kind = PDN_NODE_MOVE,
        .parent = ns->cont,
        .next = (uint32_t)links,
        .prev = (uint32_t)(links >> 32),
        .offset = offset,
        .length = len,
        .a = (uint32_t)mi,
    };
#endif
}

/* A move number the run read: into the parser as quick_end() would put
 * it; returns what the next move gets of it. */
static inline uint64_t take_number(parser *ps, uint32_t num, uint8_t kind, size_t node,
                                   uint32_t offset, uint32_t len)
{
    ps->pending_kind = kind;
    ps->pending_num = num;
    ps->pending_ellipsis = false;
    ps->pending_node = node;
    ps->pending_off = offset;
    ps->pending_len = len;
    return num | (uint64_t)kind << 32;
}

/* The bulk of every file, in one tight loop: runs of white space, move
 * numbers ("12." and "12...") and plain moves ("32-28", "26x17x8", "c3:e5")
 * between white space.  The tokens of a window are found first, from one
 * bit per byte of white space, so reading a token never waits for the end
 * of the one before it.  The commonest tokens (two squares, a short move
 * number) are known by their shape in the window's bits (`shape`) and read
 * without a loop; the others byte by byte (read_token).  Each token must
 * end exactly where the white space says.  A token is taken only when the
 * start of the next one is in sight, as the general parser looks there too
 * ("1. ...", "32x23 x14", "47x36 <42,29>").  State lives in locals for the
 * whole run; the run stops at the first token that needs anything else (a
 * result, a strength, a leading zero, a separator the GameType does not
 * use, a lone CR) and leaves it to the general parser, which reports what
 * it finds.  Valid only in the body of a draughts game. */
void pdn_parse__fast_run(parser *ps)
{
    struct pdn_game *g = ps->g;
    const char *p = ps->p, *const e = ps->e, *const s = ps->s;
    /* Every move adds one node and one move record, mi being the record's
     * index: the node's is that plus what it is now (no other kind of item
     * is added here). */
    const size_t nodes_over_moves = g->nodes.len - g->moves.len;
    const size_t mi0 = g->moves.len;
    size_t mi = mi0, slen = g->squares.len;
    const uint32_t cont = ps->cont;
    const uint32_t last0 = pdn_game__node(g, cont)->last;
    /* The moves of the run are consecutive nodes, each the next of the one
     * before: a node's next and prev words (next = own index + 1, prev =
     * own index - 1) are counted on, and the ends of the run are linked
     * when it ends. */
    const size_t first = mi0 + nodes_over_moves; /* at least 2: the root, the header */
    uint64_t links = (uint64_t)(first + 1) | (uint64_t)(first - 1) << 32;
    const uint64_t links_step = 1 | UINT64_C(1) << 32;
    /* What the next move gets of a waiting move number: the number, its
     * kind above (0 when no number waits).  A number that is read goes to
     * the parser at once (few tokens are numbers), only whether it waits
     * stays in this local. */
    uint64_t pend = ps->pending ? ps->pending_num | (uint64_t)ps->pending_kind << 32 : 0;
    /* What a move may be, one bit each: its separator (pdn_separator)
     * between two squares (bits 0-2) and between more (bits 4-6), numeric
     * (bit 8) or algebraic (bit 9).  '-' always joins two squares, more only
     * where the GameType captures with '-'; a capture needs the GameType's
     * own separator, or either once the foreign one was reported; a
     * notation other than the GameType's is read without a word once it
     * was reported (pdn_parse__draughts_move). */
    const char want = ps->cap_sep ? ps->cap_sep : 'x';
    unsigned capture = want == ':' ? 1u << PDN_SEP_COLON : want == 'x' ? 1u << PDN_SEP_CAPTURE : 0;
    if (ps->said_separator)
        capture = 1u << PDN_SEP_COLON | 1u << PDN_SEP_CAPTURE;
    const unsigned rules = (1u << PDN_SEP_MOVE | capture) |
                           ((want == '-' ? 1u << PDN_SEP_MOVE : 0) | capture) << 4 |
                           (unsigned)(ps->notation != 'A' || ps->said_notation) << 8 |
                           (unsigned)(ps->notation != 'N' || ps->said_notation) << 9;
    /* The separators (by sep_code) a move of two squares may have: numeric
     * in bits 0-3, algebraic in bits 4-7. */
    const unsigned two_squares =
        (rules >> 8 & 1 ? (rules & 7) << 1 : 0) | (rules >> 9 & 1 ? (rules & 7) << 5 : 0);
    const node_start node_head = {g, cont};
    char pad[FAST_ZONE];
    const char *base = p, *t = p; /* the window, and the token being read */
    uint32_t boff = 0;

    while (p < e) {
        if (g->nodes.cap - (mi + nodes_over_moves) < WINDOW_TOKENS ||
            g->moves.cap - mi < WINDOW_TOKENS || g->squares.cap - slen < WINDOW_SQUARES) {
            g->nodes.len = mi + nodes_over_moves;
            g->moves.len = mi;
            g->squares.len = slen;
            if (!window_room(g))
                break;
        }
        /* The node of move record 0 (nodes_over_moves is at most the
         * number of nodes). */
        struct pdn_node *const nodes = (struct pdn_node *)g->nodes.data + nodes_over_moves;
        pdn_move_rec *const moves = g->moves.data;
        pdn_square *const squares = g->squares.data;
        /* Tokens are read at base; their offsets in the text are boff
         * plus their place in the window. */
        base = p;
        boff = (uint32_t)(p - s);
        if (e - p < FAST_ZONE) {
            memcpy(pad, p, (size_t)(e - p));
            memset(pad + (e - p), ' ', (size_t)(FAST_ZONE - (e - p)));
            base = pad;
        }
        pdn_bits_movetext m;
        pdn_bits__movetext((const unsigned char *)base, &m);
        const uint64_t sp = m.space;
        /* The bytes that make a token's shape: those that are not digits,
         * and zeros that start a run of digits (a leading zero, or a square
         * or number 0), which no shape has. */
        const uint64_t odd = ~m.digit | (m.zero & ~(m.digit << 1));
        /* A CR not followed by LF ends a token but is no white space this
         * loop skips: tokens after it are left to the general parser. */
        uint64_t lone = 0;
        if (m.cr) {
            uint64_t lf, cr;
            pdn_bits__block2((const unsigned char *)base, '\n', '\r', &lf, &cr);
            lone = cr & ~(lf >> 1 | (uint64_t)(base[WINDOW] == '\n') << 63);
        }
        /* base is at the start of a token or in white space. */
        uint64_t starts = ~sp & (sp << 1 | 1), ends = sp & ~sp << 1;
        if (lone)
            starts &= (lone & (0 - lone)) - 1;
        /* The tokens of the window; those of no common shape are read
         * outside the inner loop, so that the call does not weigh on it. */
        unsigned ts, te, after;
        for (;;) {
            for (;; starts &= starts - 1, ends &= ends - 1) {
                uint64_t next = starts & (starts - 1);
                if (!next) {
                    /* The next token is not in sight: read the last one
                     * again in the next window, or stop at a lone CR. */
                    if (starts) {
                        p = s + boff + pdn_bits__ctz(starts);
                        if (p == s + boff || lone)
                            goto out;
                    } else if (lone) {
                        p = s + boff + pdn_bits__ctz(lone);
                        goto out;
                    } else {
                        p = e - p > WINDOW ? p + WINDOW : e;
                    }
                    break;
                }
                ts = pdn_bits__ctz(starts);
                te = pdn_bits__ctz(ends);
                after = (unsigned char)base[pdn_bits__ctz(next)];
                const unsigned len = te - ts;
                t = base + ts;
                unsigned sep;
                const unsigned sh = len < 6 ? shape[(odd >> ts) & ((2u << len) - 1)] : 0;
                const uint64_t raw = pdn_bits__load((const unsigned char *)t);
                /* Each byte's digit value, and each pair's as a two-digit
                 * number (no byte carries: 10 * 15 + 15 < 256). */
                const uint64_t w = raw & PDN_BITS_REP(0x0F), y = w * 10 + (w >> 8);
                if (sh & SHAPE_MOVE) {
                    const unsigned at = sh & SHAPE_FIRST2 ? 2 : 1;
                    const unsigned code = sep_code[raw >> 8 * at & 0xFF];
                    const unsigned a = (unsigned)((sh & SHAPE_FIRST2 ? y : w) & 0xFF);
                    const unsigned b =
                        (unsigned)((sh & SHAPE_SECOND2 ? y : w) >> (8 * at + 8) & 0xFF);
                    /* "1-1" is a result, not a move. */
                    if (!(two_squares >> code & 1) || follow[after] & STOPS_MOVE ||
                        (a == 1 && b == 1 && code == PDN_SEP_MOVE + 1))
                        goto general;
                    squares[slen] = (pdn_square)a;
                    squares[slen + 1] = (pdn_square)b;
                    sep = code - 1;
                } else if (sh & SHAPE_ALPHA) {
                    /* a1-b2: letters a-p, ranks 1-9. */
                    const unsigned code = sep_code[raw >> 16 & 0xFF];
                    const unsigned f0 = (unsigned)(raw & 0xFF) - 'a',
                                   f1 = (unsigned)(raw >> 24 & 0xFF) - 'a';
                    if ((f0 | f1) >= 16 || !(two_squares >> (code + 4) & 1) ||
                        follow[after] & STOPS_MOVE)
                        goto general;
                    squares[slen] = PDN_SQUARE_MAKE_ALPHA(f0, w >> 8 & 0xFF);
                    squares[slen + 1] = PDN_SQUARE_MAKE_ALPHA(f1, w >> 32 & 0xFF);
                    sep = code - 1;
                } else if (sh & SHAPE_NUMBER) {
                    const unsigned at = sh & SHAPE_FIRST2 ? 2 : 1;
                    const uint64_t dots = raw >> 8 * at & (sh & SHAPE_BLACK ? 0xFFFFFF : 0xFF);
                    if (pend || dots != (sh & SHAPE_BLACK ? UINT64_C(0x2E2E2E) : 0x2E) ||
                        (!(sh & SHAPE_BLACK) && follow[after] & STOPS_NUMBER))
                        goto general;
                    const uint8_t nk = sh & SHAPE_BLACK ? PDN_NUMBER_BLACK : PDN_NUMBER_WHITE;
                    pend = take_number(ps, (uint32_t)((sh & SHAPE_FIRST2 ? y : w) & 0xFF), nk,
                                       mi + nodes_over_moves, boff + ts, len);
                    continue;
                } else {
                    goto general;
                }
                put_move(nodes + mi, moves + mi, &node_head, links, boff + ts, len, mi, pend, slen,
                         2, sep);
                links += links_step;
                mi++;
                slen += 2;
                pend = 0;
            }
            break;
        general:;
            size_t n;
            unsigned sep;
            uint32_t num;
            uint8_t nk;
            int r = read_token(t, base + te, after, rules, pend != 0, squares + slen, &n, &sep,
                               &num, &nk);
            if (r == 0)
                goto stop;
            if (r == 1) {
                pend = take_number(ps, num, nk, mi + nodes_over_moves, boff + ts, te - ts);
            } else {
                put_move(nodes + mi, moves + mi, &node_head, links, boff + ts, te - ts, mi, pend,
                         slen, n, sep);
                links += links_step;
                mi++;
                slen += n;
                pend = 0;
            }
            starts &= starts - 1;
            ends &= ends - 1;
        }
    }
    goto out;
stop:
    p = s + boff + (t - base);
out:;
    /* The ends of the run: the first move follows the container's last
     * item, the last one has no next. */
    uint32_t last = last0;
    if (mi != mi0) {
        struct pdn_node *nodes = g->nodes.data;
        last = (uint32_t)(mi + nodes_over_moves - 1);
        nodes[first].prev = last0;
        nodes[last].next = PDN_NIL;
        if (last0 != PDN_NIL)
            nodes[last0].next = (uint32_t)first;
        else
            nodes[cont].first = (uint32_t)first;
    }
    g->nodes.len = mi + nodes_over_moves;
    g->moves.len = mi;
    g->squares.len = slen;
    quick_end(ps, p, last, mi != mi0, (quick_number){pend != 0, false, 0, 0, 0, 0, 0});
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
    const char *q = skip_blanks(p + 1, e);
    if (q < e && *q == '-' && at_delim(ps, q + 1 + scan_strength(q + 1, e))) {
        pdn_parse__start_body(ps);
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
