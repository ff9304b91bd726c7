/* SPDX-License-Identifier: MIT */
/*
 * fast_run.c - the bulk of a draughts game's movetext in one loop: runs of
 * white space, move numbers ("12." and "12...") and plain moves ("32-28",
 * "26x17x8", "c3:e5") between white space, found 64 bytes at a time.
 * Anything else is left to the general parser (moves.c, parse.c), which
 * reads it as it always does.
 */
#include "base/bits.h"
#include "syntax/parser.h"

#include <stddef.h>

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
