/* SPDX-License-Identifier: MIT */
/*
 * fast_run.c - the bulk of a draughts game's movetext in one loop: move
 * numbers ("12." and "12...") and plain moves ("32-28", "26x17x8", "c3:e5")
 * between white space, a number and its move ("12. 32-28") as one, found
 * 64 bytes at a time, also where written with leading zeros ("01.
 * 06-11") or a space before the second square ("2- 7").  Anything else
 * is left to the general parser (moves.c, parse.c), which reads it as it
 * always does.
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

/* By the byte between two numeric squares: the separator where a move of
 * two squares may have it, or NO_SEP, for each set of separators a
 * GameType allows (bit i for pdn_separator i), so that one look-up tells
 * both which separator it is and whether the run takes it.  The separator
 * is in the top byte (SEP_WORD), as the move record's word at 24 has it,
 * so that the record takes the look-up as it is; NO_SEP is the sign bit,
 * which no separator has.  Every entry is written out (by SEPS_256), as
 * the ones left out would be 0, a separator. */
#define SEP_WORD(sep) ((uint32_t)(sep) << 24)
#define NO_SEP UINT32_C(0x80000000)
#define SEP_OF(m, sep) ((m) >> (sep)&1 ? SEP_WORD(sep) : NO_SEP)
#define SEP_ENTRY(m, c)                                                                            \
    ((c) == '-'   ? SEP_OF(m, PDN_SEP_MOVE)                                                        \
     : (c) == 'x' ? SEP_OF(m, PDN_SEP_CAPTURE)                                                     \
     : (c) == ':' ? SEP_OF(m, PDN_SEP_COLON)                                                       \
                  : NO_SEP)
#define SEPS_4(m, c) SEP_ENTRY(m, c), SEP_ENTRY(m, c + 1), SEP_ENTRY(m, c + 2), SEP_ENTRY(m, c + 3)
#define SEPS_16(m, c) SEPS_4(m, c), SEPS_4(m, c + 4), SEPS_4(m, c + 8), SEPS_4(m, c + 12)
#define SEPS_64(m, c) SEPS_16(m, c), SEPS_16(m, c + 16), SEPS_16(m, c + 32), SEPS_16(m, c + 48)
#define SEPS_256(m)                                                                                \
    {                                                                                              \
        SEPS_64(m, 0), SEPS_64(m, 64), SEPS_64(m, 128), SEPS_64(m, 192)                            \
    }
static const uint32_t numeric_seps[8][256] = {
    SEPS_256(0), SEPS_256(1), SEPS_256(2), SEPS_256(3),
    SEPS_256(4), SEPS_256(5), SEPS_256(6), SEPS_256(7),
};

/* What the first byte of the next token tells about this one: the general
 * parser goes on reading a move over blanks ("32x23 x14", also with 'X')
 * and looks for a PDN 3.1 list of captured squares after it ("47x36
 * <42,29>"), and after a move number for "..." ("1. ...", "1. …").  NUL
 * bytes are blanks there (skip_gap) but no white space to the loop, so a
 * token starting with one may hide either.  No token of a common shape
 * starts with one of these bytes, so the loop asks only where the run
 * stops (follows) and read_token for its own. */
enum { STOPS_MOVE = 1, STOPS_NUMBER = 2 };
static const unsigned char follow[256] = {
    ['-'] = STOPS_MOVE,    ['x'] = STOPS_MOVE,
    [':'] = STOPS_MOVE,    ['<'] = STOPS_MOVE,
    ['X'] = STOPS_MOVE,    ['.'] = STOPS_NUMBER,
    [0xE2] = STOPS_NUMBER, [0] = STOPS_MOVE | STOPS_NUMBER,
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
_Static_assert(WINDOW_SQUARES == 2 * WINDOW_TOKENS, "two squares a token (see enough_room)");

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
 * run of digits, and the white space after it (the highest bit), so up to
 * five bytes.  A move here is two squares around one byte, which the loop
 * checks is a separator: numeric squares of one or two digits, or algebraic
 * ones of a letter and one digit (the loop checks the letters); a number is
 * one or two digits and '.' or "..." (the loop checks the dots).  Each
 * shape is a case of its own, so that what it needs is known without a
 * look-up.  Everything else is read byte by byte (read_token).
 */
enum {
    SHAPE_D_DOT = 0x06,   /* d.    */
    SHAPE_DD_DOT = 0x0C,  /* dd.   */
    SHAPE_D_DOTS = 0x1E,  /* d...  */
    SHAPE_DD_DOTS = 0x3C, /* dd... */
    SHAPE_D_D = 0x0A,     /* d-d   */
    SHAPE_D_DD = 0x12,    /* d-dd  */
    SHAPE_DD_D = 0x14,    /* dd-d  */
    SHAPE_DD_DD = 0x24,   /* dd-dd */
    SHAPE_A1_B2 = 0x2D,   /* a1-b2 */
    /* dd. dd-dd, a number and its move as one (see fuse in run_windows) */
    SHAPE_DD_DOT_DD_DD = SHAPE_DD_DD << 4 | 0x8,
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
static inline void put32(void *at, uint32_t v)
{
    memcpy(at, &v, 4);
}
static inline void put64(void *at, uint64_t v)
{
    memcpy(at, &v, 8);
}
/* Eight bytes as pdn_bits__load() reads them, in one load whatever the
 * compiler makes of the code around it. */
static inline uint64_t load8(const char *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}
#else
#define WORD_RECORDS 0
static inline uint64_t load8(const char *p)
{
    return pdn_bits__load((const unsigned char *)p);
}
#endif

/* A token read byte by byte: where it is in the window (start, end, the
 * start of the next one) and what it is. */
typedef struct token {
    unsigned ts, te, tn;
    size_t n;     /* a move's squares */
    unsigned sep; /* a move's separator */
    uint32_t number;
    uint8_t number_kind;
    bool zero;  /* a square or the number written with a leading zero ("06-11", "01.") */
    bool space; /* a move with a space before its second square ("2- 7") */
} token;

/* A token that is not of a common shape, read byte by byte: it starts at
 * ts in the window at base, whose white space is `white`, where the start
 * of the next one (whose first byte the general parser looks at, see
 * follow) is in sight too.  Squares go to sq.  Returns 0 when the
 * token stops the run, 1 for a move number, 2 for a move (which spans the
 * token after it too where that is its second square, "2- 7").  The
 * token's end is found here, not taken from the loop, so that the loop
 * keeps nothing for this rare call. */
static PDN_NOINLINE int read_token(const char *base, uint64_t white, unsigned ts, unsigned rules,
                                   bool waiting, pdn_square *sq, token *out)
{
    const unsigned te_at = ts + pdn_bits__ctz(white >> ts);
    unsigned tn = te_at + pdn_bits__ctz(~white >> te_at);
    const char *const t = base + ts;
    const char *te = base + te_at;
    unsigned after = (unsigned char)base[tn];
    out->ts = ts;
    out->te = te_at;
    out->tn = tn;
    const unsigned c = (unsigned char)t[0], c1 = (unsigned char)t[1];
    const char *q;
    unsigned sep, kind;
    size_t n = 1;
    /* A numeric square may be written with a leading zero ("06"), which
     * the general parser reads as the square and reports
     * (pdn_parse__draughts_move), and so may a move number ("01."), which
     * it reads without a word; "0" and "00" are neither. */
    bool zero = c == '0' && c1 - '1' < 9;
    if (c - '1' < 9 || zero) {
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
            out->number = num;
            out->number_kind = nk;
            out->zero = zero;
            return 1;
        }
        /* Move : Square (SEP Square)+, one separator and one kind of
         * square, fewer than MAX_PATH in a window. */
        sq[0] = (pdn_square)v;
        sep--;
        out->space = q + 1 == te;
        if (out->space) {
            /* "2- 7", "12x 1": the second square after one space, as files
             * that line squares up in columns write it, which the general
             * parser reads as one move and reports (PDN_D_MOVE_SPACE); two
             * squares without a leading zero (one report), the token after
             * them in sight. */
            const unsigned s2 = te_at + 1;
            if (zero || *te != ' ' || s2 >= WINDOW || !(white >> s2))
                return 0;
            const unsigned e2 = s2 + pdn_bits__ctz(white >> s2);
            if (!(~white >> e2))
                return 0;
            tn = e2 + pdn_bits__ctz(~white >> e2);
            te = base + e2;
            after = (unsigned char)base[tn];
            out->te = e2;
            out->tn = tn;
            unsigned a = (unsigned char)base[s2], r = (unsigned)((unsigned char)base[s2 + 1] - '0');
            if (a - '1' >= 9)
                return 0;
            two = r < 10;
            sq[n++] = (pdn_square)((a - '0') * (1 + 9 * two) + (r & (0u - two)));
            q = base + s2 + 1 + two;
        } else {
            for (;;) {
                unsigned a = (unsigned char)q[1], r = (unsigned)((unsigned char)q[2] - '0');
                const bool z = a == '0' && r - 1 < 9;
                if (a - '1' >= 9 && !z)
                    return 0;
                zero |= z;
                two = r < 10;
                sq[n++] = (pdn_square)((a - '0') * (1 + 9 * two) + (r & (0u - two)));
                q += 2 + two;
                unsigned more = sep_code[(unsigned char)*q];
                if (!more)
                    break;
                if (more - 1 != sep)
                    return 0;
            }
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
        out->space = false;
    } else {
        return 0;
    }
    if (q != te || !(rules >> (sep + (n == 2 ? 0 : 4)) & 1) || !(rules & kind) ||
        follow[after] & STOPS_MOVE)
        return 0;
    out->n = n;
    out->sep = sep;
    out->zero = zero;
    return 2;
}

/* Whether read_token turns away the token at t for its first bytes: it
 * starts with no square or number (not 1-9, not a letter a-p, not a '0'
 * before a digit 1-9, see read_token), or it is a
 * number of one digit followed by neither a digit, '.' nor a separator
 * ("1/2-1/2"), or a square of one digit followed by a separator and no
 * square or space ("1-0", "2-0").  Stopping the run is always safe (the general
 * parser reads on from there); this only spares read_token the tokens that
 * end most runs. */
static inline bool ends_run(const unsigned char *t)
{
    const unsigned c = t[0], c1 = t[1], c2 = t[2];
    if (c - '1' >= 9)
        return c == '0' ? c1 - '1' >= 9 : c - 'a' >= 16;
    if (c1 - '0' < 10 || c1 == '.')
        return false;
    return !sep_code[c1] || (c2 - '1' >= 9 && c2 != ' ');
}

/* What every node of a run starts with; the first two words are the node's
 * first 16 bytes where WORD_RECORDS writes them. */
typedef struct node_head {
    const struct pdn_game *g;
    uint64_t kind_parent; /* PDN_NODE_MOVE, the parent in the high half */
    uint32_t cont;
} node_head;

/* Writes the node nd and its move record mv for a move of n squares at
 * slen with separator SEP_WORD(sep): `links` holds the node's next and
 * prev, mi is the record's index, `pend` the waiting move number (see
 * pdn_parse__fast_run).  Where WORD_RECORDS knows the layout, the number's
 * word goes whole to both ends of the record and the squares and the
 * separator are written over the halves that are not its own: fewer
 * shifts than putting every word together first; the length is written
 * by put_len() before, so that a shape's length is a constant there. */
static PDN_FORCE_INLINE void put_move(struct pdn_node *nd, pdn_move_rec *mv, const node_head *head,
                                      uint64_t links, uint32_t offset, uint32_t len, uint32_t mi,
                                      uint64_t pend, uint32_t slen, uint32_t n, uint32_t sep)
{
#if WORD_RECORDS
    char *nb = (char *)nd, *mb = (char *)mv;
    memcpy(nb, head, 16);
    put64(nb + 16, links);
    put64(nb + 24, 0);
    put32(nb + 32, offset);
    (void)len;
    put64(nb + 40, mi);
    put64(mb, pend);
    put32(mb + 4, slen);
    put64(mb + 8, 0);
    put32(mb + 16, 0);
    put32(mb + 20, n);
    put64(mb + 24, pend);
    put32(mb + 24, sep);
#else
    *mv = (pdn_move_rec){
        .number = (uint32_t)pend,
        .squares = slen,
        .square_count = (uint16_t)n,
        .kind = PDN_MOVE_SQUARES,
        .sep = (uint8_t)(sep >> 24),
        .number_kind = (uint8_t)(pend >> 32),
    };
    *nd = (struct pdn_node){
        .game = head->g,
        .kind = PDN_NODE_MOVE,
        .parent = head->cont,
        .next = (uint32_t)links,
        .prev = (uint32_t)(links >> 32),
        .offset = offset,
        .length = len,
        .a = mi,
    };
#endif
}

/* Where SSE2 is at hand too, run_windows() keeps a node's next and prev
 * (with the zero first and last after them) and its record index (with
 * the zero b) in two vector registers, each a store and an add a move, and
 * writes the record's middle 16 bytes (no captures, strength or SAN; two
 * squares) as one constant: fewer instructions than counting links and the
 * index in general registers, which the token loop needs for itself. */
#if WORD_RECORDS && PDN_BITS_SSE2
#define VECTOR_RECORDS 1
static PDN_FORCE_INLINE void put_move2(struct pdn_node *nd, pdn_move_rec *mv, const node_head *head,
                                       __m128i links, __m128i mi, uint32_t offset, uint64_t pend,
                                       uint32_t slen, uint32_t sep)
{
    char *nb = (char *)nd, *mb = (char *)mv;
    memcpy(nb, head, 16);
    _mm_storeu_si128((__m128i *)(void *)(nb + 16), links);
    put32(nb + 32, offset);
    _mm_storel_epi64((__m128i *)(void *)(nb + 40), mi);
    put64(mb, pend);
    put32(mb + 4, slen);
    _mm_storeu_si128((__m128i *)(void *)(mb + 8), _mm_set_epi32(2, 0, 0, 0));
    put64(mb + 24, pend);
    put32(mb + 24, sep);
}
#else
#define VECTOR_RECORDS 0
#endif

/* The length of the node nd, where WORD_RECORDS writes it apart from
 * put_move(), as a constant where the shape tells it. */
static inline void put_len(struct pdn_node *nd, uint32_t len)
{
#if WORD_RECORDS
    put32((char *)nd + 36, len);
#else
    (void)nd;
    (void)len;
#endif
}

/* The two squares of a move into squares[0..1]. */
static inline void put_pair(pdn_square *squares, unsigned a, unsigned b)
{
#if WORD_RECORDS
    put32(squares, a | b << 16);
#else
    squares[0] = (pdn_square)a;
    squares[1] = (pdn_square)b;
#endif
}

/* The length of the move number the run read that waits in pend, as its
 * shapes write it: its digits (no leading zero) and '.' or "...". */
static uint32_t number_length(uint64_t pend)
{
    uint32_t n = (pend >> 32) == PDN_NUMBER_BLACK ? 3 : 1;
    for (uint32_t v = (uint32_t)pend; v; v /= 10)
        n++;
    return n;
}

/* Where the move number that waits in pend, which the run read, starts,
 * and its length (*len): the token before the white space before p, where
 * the run stopped.  Its value tells its length, but for one written with a
 * leading zero ("01."), which only read_token takes: the last of those
 * ended at zero_end and was zero_len long (zero_end is 0 when there was
 * none, as no number ends there). */
static const char *number_at(const char *s, const char *p, uint64_t pend, uint32_t zero_end,
                             uint32_t zero_len, uint32_t *len)
{
    while (p > s && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n' || p[-1] == '\r'))
        p--;
    *len = (uint32_t)(p - s) == zero_end ? zero_len : number_length(pend);
    return p - *len;
}

/* Whether the token at q makes the general parser read on from the last
 * one the run took: a move ("32x23 x14", "47x36 <42,29>") when no number
 * waits and the run took moves, a move number "12." ("12. ...") when the
 * number that waits is one the run read (ours). */
static bool follows(const char *q, uint64_t pend, bool ours, bool took_moves)
{
    const unsigned f = follow[(unsigned char)*q];
    if (!f)
        return false;
    if (pend)
        return ours && pend >> 32 == PDN_NUMBER_WHITE && f & STOPS_NUMBER;
    return took_moves && f & STOPS_MOVE;
}

/* The state of a run, kept in locals by run_windows() and handed back to
 * pdn_parse__fast_run() at each of its exits. */
typedef struct run {
    /* the same over the run */
    const char *s, *e;
    node_head head;
    uint32_t links_over_moves;   /* links' low half minus the next move record's index */
    uint64_t links_step;         /* what links grows by a move */
    const uint32_t *numeric_sep; /* see numeric_seps */
    const uint32_t *alpha_sep;   /* the same for a move "a1-b2" */
    /* what the run has come to */
    const char *p;
    uint64_t links, pend;
    size_t slen;
    /* the last node a window may start at: from there the arrays have
     * room for a window's tokens (see enough_room) */
    const struct pdn_node *nd_stop;
    struct pdn_node *nd;
    pdn_move_rec *mv;
    pdn_square *squares;
    /* a token of no common shape (RUN_GENERAL): its start ts in the window
     * at base, whose offset in the text is boff and white space `white`
     * (see read_token) */
    const char *base;
    uint64_t white;
    uint64_t odd; /* the window's bits that make a token's shape */
    unsigned ts;
    uint32_t boff;
    char pad[FAST_ZONE];
} run;

enum { RUN_ROOM, RUN_GENERAL, RUN_STOP };

/* The windows of a run and their tokens of common shape, until the arrays
 * need room (RUN_ROOM), a token must be read byte by byte (RUN_GENERAL) or
 * the run stops (RUN_STOP, at r->p).  It calls nothing, so the whole state
 * stays in registers without being kept safe across calls. */
static PDN_NOINLINE int run_windows(run *r)
{
    /* What each token changes is kept in locals; what it only reads, and
     * what changes only once a window, is in *r (the stores into the
     * arrays make the compiler read it again where it is needed), so that
     * the registers go to the former.  The squares' array is the one
     * exception: with the links in vector registers (VECTOR_RECORDS) a
     * register is free for it, and it saves a load a move. */
#if VECTOR_RECORDS
    __m128i links = _mm_set_epi64x(0, (long long)r->links);
    __m128i mi = _mm_cvtsi32_si128((int)((uint32_t)r->links - r->links_over_moves));
    uint64_t pend = r->pend;
#else
    uint64_t links = r->links, pend = r->pend;
#endif
    size_t slen = r->slen;
    pdn_square *const squares = r->squares;
    struct pdn_node *nd = r->nd;
    pdn_move_rec *mv = r->mv;
    const node_head head = r->head;
    int why = RUN_STOP;

    while (r->p < r->e) {
        if (nd > r->nd_stop) {
            why = RUN_ROOM;
            break;
        }
        /* Tokens are read at base; their offsets in the text are boff
         * plus their place in the window. */
        const char *base = r->p;
        r->boff = (uint32_t)(base - r->s);
        if (r->e - base < FAST_ZONE) {
            const size_t left = (size_t)(r->e - base);
            memcpy(r->pad, base, left);
            memset(r->pad + left, ' ', FAST_ZONE - left);
            base = r->pad;
        }
        /* A CR not followed by LF is no white space here: the token it is
         * part of is not of a common shape, and is left to the general
         * parser. */
        uint64_t sp, other, zero;
        pdn_bits__tokens((const unsigned char *)base, &sp, &other, &zero);
        r->white = sp;
        /* A move number and the token after it are one token to the loop
         * where one byte of white space is between them ("12. 32-28"), so
         * that it finds the two in one step: that byte (fuse) is no white
         * space here when a digit and a byte that is no digit (the dot)
         * come before it and no white space after it. */
        const uint64_t fuse = sp & other << 1 & ~(other << 2 | sp << 1 | sp >> 1);
        sp ^= fuse;
        /* The bytes that make a token's shape: those that are not digits,
         * and zeros that start a run of digits (a leading zero, or a square
         * or number 0), which no shape has; but not the byte before a fused
         * one, so that such a pair is told by its bits and the dot (see the
         * default case), and every other shape still has its bytes that
         * are no digits where its case checks them. */
        r->odd = (other | (zero & (other << 1 | 1))) ^ fuse >> 1;
        /* base is at the start of a token or in white space, so where
         * tokens start and end (the white space after them) come in turn
         * from the lowest bit: the bytes where white space stops or
         * starts. */
        uint64_t bounds = sp ^ (sp << 1 | 1);
        if (!bounds) {
            r->p = r->e - r->p > WINDOW ? r->p + WINDOW : r->e;
            continue;
        }
        /* The tokens of the window, each from its start ts to its end,
         * taken once the start of the next one is in sight.  A token the
         * loop takes here never starts with a byte that would make the
         * general parser read on from the one before ("32x23 x14", "1.
         * ..."): whether one does is asked only where the run stops (see
         * pdn_parse__fast_run). */
        size_t ts;
        for (;;) {
            /* The token's bits of odd with the white space after it, which
             * is always among them: below 64 for at most five bytes. */
            ts = pdn_bits__ctz(bounds);
            bounds &= bounds - 1;
            uint64_t bits = (r->odd & (bounds ^ (bounds - 1))) >> ts;
            bounds &= bounds - 1;
            if (!bounds) {
                /* The next token is not in sight: read this one again in
                 * the next window. */
                r->p += ts;
                if (ts == 0)
                    goto stop;
                break;
            }
            uint64_t raw = load8(base + ts), w;
            uint32_t pair, len, code, f;
            uint64_t y; /* each pair of digits as a number, see w */
        shape:
            /* Each byte's digit value; each pair's as a two-digit number
             * is w * 10 + (w >> 8) (no byte carries: 10 * 15 + 15 < 256). */
            w = raw & PDN_BITS_REP(0x0F);
            /* The commonest shapes by far, before the jump to the others:
             * a move "dd-dd", and one after its number ("12. 32-28", see
             * the default case). */
            if (bits == SHAPE_DD_DD)
                goto dd_dd;
            if (bits == SHAPE_DD_DOT_DD_DD) {
                if (pend || base[ts + 2] != '.')
                    goto general;
                pend = ((w * 10 + (w >> 8)) & 0xFF) | (uint64_t)PDN_NUMBER_WHITE << 32;
                ts += 4;
                raw = load8(base + ts);
                w = raw & PDN_BITS_REP(0x0F);
                goto dd_dd;
            }
            switch (bits) {
            case SHAPE_D_DOT:
                if (pend || base[ts + 1] != '.')
                    goto general;
                pend = (w & 0xFF) | (uint64_t)PDN_NUMBER_WHITE << 32;
                continue;
            case SHAPE_DD_DOT:
                if (pend || base[ts + 2] != '.')
                    goto general;
                pend = ((w * 10 + (w >> 8)) & 0xFF) | (uint64_t)PDN_NUMBER_WHITE << 32;
                continue;
            case SHAPE_D_DOTS:
                if (pend || (raw & 0xFFFFFF00) != 0x2E2E2E00)
                    goto general;
                pend = (w & 0xFF) | (uint64_t)PDN_NUMBER_BLACK << 32;
                continue;
            case SHAPE_DD_DOTS:
                if (pend || (raw & 0xFFFFFF0000) != 0x2E2E2E0000)
                    goto general;
                pend = ((w * 10 + (w >> 8)) & 0xFF) | (uint64_t)PDN_NUMBER_BLACK << 32;
                continue;
            case SHAPE_D_D:
                code = r->numeric_sep[(unsigned char)base[ts + 1]];
                pair = (uint32_t)w & 0xFF00FF;
                len = 3;
                put_len(nd, 3);
                /* "1-1" is a result, not a move. */
                if (code == NO_SEP || (pair == 0x10001 && code == SEP_WORD(PDN_SEP_MOVE)))
                    goto general;
                break;
            case SHAPE_D_DD:
                code = r->numeric_sep[(unsigned char)base[ts + 1]];
                if (code == NO_SEP)
                    goto general;
                pair = ((uint32_t)w & 0xFF) | (((uint32_t)w * 10 + ((uint32_t)w >> 8)) & 0xFF0000);
                len = 4;
                put_len(nd, 4);
                break;
            case SHAPE_DD_D:
                code = r->numeric_sep[(unsigned char)base[ts + 2]];
                if (code == NO_SEP)
                    goto general;
                pair = (((uint32_t)w * 10 + ((uint32_t)w >> 8)) & 0xFF) |
                       ((uint32_t)w >> 8 & 0xFF0000);
                len = 4;
                put_len(nd, 4);
                break;
            case SHAPE_DD_DD:
            dd_dd:
                y = w * 10 + (w >> 8);
                code = r->numeric_sep[(unsigned char)base[ts + 2]];
                if (code == NO_SEP)
                    goto general;
                pair = ((uint32_t)y & 0xFF) | ((uint32_t)(y >> 8) & 0xFF0000);
                len = 5;
                put_len(nd, 5);
                break;
            case SHAPE_A1_B2:
            a1_b2:
                /* a1-b2: letters a-p, ranks 1-9.  A square is its rank,
                 * then its file plus 0x80, which is the letter plus 0x1F:
                 * adding that to both letters at once gives a high nibble
                 * 8 exactly for 'a' to 'p' (a byte from 0xE1 up carries
                 * out and fails too), and the files' bytes as they go. */
                f = (uint32_t)raw + 0x1F00001F;
                code = r->alpha_sep[(unsigned char)base[ts + 2]];
                if ((f & 0xF00000F0) != 0x80000080 || code == NO_SEP)
                    goto general;
                /* The first file moves up a byte by one multiply (the
                 * second stays: what * 0x101 moves it to is cut off). */
                pair = ((f & 0xFF0000FF) * 0x101 & 0xFF00FF00) | ((uint32_t)(w >> 8) & 0xFF) |
                       ((uint32_t)(w >> 16) & 0xFF0000);
                len = 5;
                put_len(nd, 5);
                break;
            default:
                /* A move number of one or two digits and the token after
                 * one byte of white space ("12. 32-28", see fuse), whose
                 * dot alone has no bit: the number waits as above, and
                 * the token after it is told by the rest of the bits. */
                if ((bits & 0xF) == 0x8) {
                    if (pend || base[ts + 2] != '.')
                        goto general;
                    pend = ((w * 10 + (w >> 8)) & 0xFF) | (uint64_t)PDN_NUMBER_WHITE << 32;
                    ts += 4;
                    bits >>= 4;
                } else if ((bits & 7) == 4) {
                    if (pend || base[ts + 1] != '.')
                        goto general;
                    pend = (w & 0xFF) | (uint64_t)PDN_NUMBER_WHITE << 32;
                    ts += 3;
                    bits >>= 3;
                } else {
                    goto general;
                }
                /* The move after it, mostly of one of two shapes. */
                raw = load8(base + ts);
                w = raw & PDN_BITS_REP(0x0F);
                if (bits == SHAPE_DD_DD)
                    goto dd_dd;
                if (bits == SHAPE_A1_B2)
                    goto a1_b2;
                goto shape;
            }
            put_pair(squares + slen, pair & 0xFFFF, pair >> 16);
#if VECTOR_RECORDS
            (void)len;
            put_move2(nd, mv, &head, links, mi, (uint32_t)(r->boff + ts), pend, (uint32_t)slen,
                      code);
            links = _mm_add_epi32(links, _mm_set_epi32(0, 0, 1, 1));
            mi = _mm_add_epi32(mi, _mm_cvtsi32_si128(1));
#else
            put_move(nd, mv, &head, links, (uint32_t)(r->boff + ts), len,
                     (uint32_t)links - r->links_over_moves, pend, (uint32_t)slen, 2, code);
            links += r->links_step;
#endif
            nd++;
            mv++;
            slen += 2;
            pend = 0;
        }
        continue;
    general:
        /* read_token finds the token and the start of the next one again
         * from the white space. */
        r->base = base;
        r->ts = (unsigned)ts;
        why = RUN_GENERAL;
        break;
    stop:
        break;
    }
#if VECTOR_RECORDS
    uint64_t l;
    _mm_storel_epi64((__m128i *)(void *)&l, links);
    r->links = l;
#else
    r->links = links;
#endif
    r->pend = pend;
    r->slen = slen;
    r->nd = nd;
    r->mv = mv;
    return why;
}

/* Makes room in the game's arrays for the windows of r, sets up to which
 * node there is room for a window and where the next node, record and
 * square go; false when memory ran out.  A token of run_windows adds one
 * node, one record and two squares, so that the room is counted in nodes,
 * with half the squares' (and a window's WINDOW_SQUARES are two for each
 * of its WINDOW_TOKENS); a move of read_token with more squares calls it
 * again. */
static PDN_FORCE_INLINE bool enough_room(struct pdn_game *g, run *r, size_t nodes_over_moves)
{
    const size_t mi = (uint32_t)r->links - r->links_over_moves, ni = mi + nodes_over_moves;
    if (g->nodes.cap - ni < WINDOW_TOKENS || g->moves.cap - mi < WINDOW_TOKENS ||
        g->squares.cap - r->slen < WINDOW_SQUARES) {
        g->nodes.len = ni;
        g->moves.len = mi;
        g->squares.len = r->slen;
        if (!window_room(g))
            return false;
    }
    size_t room = g->nodes.cap - ni;
    if (g->moves.cap - mi < room)
        room = g->moves.cap - mi;
    if ((g->squares.cap - r->slen) / 2 < room)
        room = (g->squares.cap - r->slen) / 2;
    r->nd = (struct pdn_node *)g->nodes.data + ni;
    r->nd_stop = r->nd + (room - WINDOW_TOKENS);
    r->mv = (pdn_move_rec *)g->moves.data + mi;
    r->squares = g->squares.data;
    return true;
}

/* The bulk of every file, in one tight loop: runs of white space, move
 * numbers ("12." and "12...") and plain moves ("32-28", "26x17x8", "c3:e5")
 * between white space.  The tokens of a window are found first, from one
 * bit per byte of white space, so reading a token never waits for the end
 * of the one before it.  The commonest tokens (two squares, a short move
 * number) are known by their shape in the window's bits (`shape`) and read
 * without a loop (run_windows); the others byte by byte (read_token).  Each
 * token must end exactly where the white space says.  A token is taken
 * only when the start of the next one is in sight, as the general parser
 * looks there too ("1. ...", "32x23 x14", "47x36 <42,29>").  The run stops
 * at the first token that needs anything else (a result, a strength, a
 * separator the GameType does not use, a lone CR) and leaves it to the
 * general parser, which reports what it finds.  Valid only
 * in the body of a draughts game.  The run itself is a function apart from
 * the test before it (pdn_parse__fast_run), which so turns a token away
 * without the saving of registers the run needs. */
static PDN_NOINLINE void fast_run(parser *ps)
{
    struct pdn_game *g = ps->g;
    const char *const s = ps->s;
    /* Every move adds one node and one move record: the node's index is
     * the record's plus what it is now (no other kind of item is added
     * here). */
    const size_t nodes_over_moves = g->nodes.len - g->moves.len;
    const size_t mi0 = g->moves.len;
    const uint32_t cont = ps->cont;
    const uint32_t last0 = pdn_game__node(g, cont)->last;
    /* The moves of the run are consecutive nodes, each the next of the one
     * before: a node's next and prev words (next = own index + 1, prev =
     * own index - 1) are counted on, and the ends of the run are linked
     * when it ends.  The next node's own index, and the next move record's,
     * follow from them. */
    const size_t first = mi0 + nodes_over_moves; /* at least 2: the root, the header */
    const uint64_t links_step = 1 | UINT64_C(1) << 32;
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
    run r;
    r.s = s;
    r.e = ps->e;
    /* Where the Result tag holds no standard result, its value ends the
     * game before the next game's tags (digit_token), and it may also be a
     * move ("4-6"): the run's text ends at the first '[', as the token
     * before the end of its text is never the run's. */
    if (ps->odd_result_len) {
        if (ps->odd_cut == NULL || ps->odd_cut < ps->p) {
            const char *const tags = memchr(ps->p, '[', (size_t)(ps->e - ps->p));
            ps->odd_cut = tags ? tags : ps->e;
        }
        r.e = ps->odd_cut;
    }
    r.head = (node_head){g, PDN_NODE_MOVE | (uint64_t)cont << 32, cont};
    r.links_over_moves = (uint32_t)(nodes_over_moves + 1);
    r.links_step = links_step;
    /* The separators a move of two squares may have, numeric and
     * algebraic (by sep_code). */
    r.numeric_sep = numeric_seps[rules >> 8 & 1 ? rules & 7 : 0];
    r.alpha_sep = numeric_seps[rules >> 9 & 1 ? rules & 7 : 0];
    r.p = ps->p;
    r.links = (uint64_t)(first + 1) | (uint64_t)(first - 1) << 32;
    /* What the next move gets of a waiting move number: the number, its
     * kind above (never 0 while a number waits, so pend is 0 when none
     * does).  A number the run reads stays here and goes to the parser at
     * the end if it still waits then; where it is is found then
     * (number_at).  It is the run's when no number waited at the start or
     * the run took a move. */
    const uint64_t pend0 = ps->pending ? ps->pending_num | (uint64_t)ps->pending_kind << 32 : 0;
    r.pend = pend0;
    r.slen = g->squares.len;
    /* The last number with a leading zero the run read (see number_at). */
    uint32_t zero_end = 0, zero_len = 0;

    for (bool room = enough_room(g, &r, nodes_over_moves); room;) {
        const int why = run_windows(&r);
        if (why == RUN_ROOM) {
            room = enough_room(g, &r, nodes_over_moves);
            continue;
        }
        if (why != RUN_GENERAL)
            break;
        /* A result ("1-0", "2-0", "0-2", "1/2-1/2", "*") or a comment, where
         * almost every run ends, stops it without read_token. */
        if (ends_run((const unsigned char *)r.base + r.ts)) {
            r.p = s + r.boff + r.ts;
            break;
        }
        /* A token of no common shape: read byte by byte, then the window
         * starts again at the next token. */
        token tk;
        const int kind =
            read_token(r.base, r.white, r.ts, rules, r.pend != 0, r.squares + r.slen, &tk);
        r.p = s + r.boff + tk.ts;
        const bool took = (uint32_t)r.links - r.links_over_moves != mi0;
        if (kind == 0 || follows(r.p, r.pend, r.pend && (!pend0 || took), took))
            break;
        if (kind == 1) {
            r.pend = tk.number | (uint64_t)tk.number_kind << 32;
            if (tk.zero) {
                zero_end = r.boff + tk.te;
                zero_len = tk.te - tk.ts;
            }
        } else {
            /* The general parser's one report on such a move, in its place
             * among the game's diagnostics, as the run records no other
             * (and never gives such a move back, see follows: read_token
             * looked at the next token); without memory for it the move is
             * left to the general parser, which reports the failure if it
             * meets it too. */
            if ((tk.zero || tk.space) &&
                !pdn_game__diag(g, tk.space ? PDN_D_MOVE_SPACE : PDN_D_LEADING_ZERO, r.boff + tk.ts,
                                tk.te - tk.ts, UINT32_MAX, 0))
                break;
            put_len(r.nd, tk.te - tk.ts);
            put_move(r.nd, r.mv, &r.head, r.links, r.boff + tk.ts, tk.te - tk.ts,
                     (uint32_t)r.links - r.links_over_moves, r.pend, (uint32_t)r.slen,
                     (uint32_t)tk.n, SEP_WORD(tk.sep));
            r.links += links_step;
            r.nd++;
            r.mv++;
            r.slen += tk.n;
            r.pend = 0;
            if (tk.n > 2)
                room = enough_room(g, &r, nodes_over_moves);
        }
        r.p = s + r.boff + tk.tn;
    }

    const char *p = r.p;
    uint64_t links = r.links, pend = r.pend;
    size_t slen = r.slen;
    /* The token the run stops at may make the general parser read on from
     * the one before, which the run then leaves to it too. */
    const bool took = (uint32_t)links - r.links_over_moves != mi0;
    if (p < r.e && follows(p, pend, pend && (!pend0 || took), took)) {
        if (pend) {
            uint32_t len;
            p = number_at(s, p, pend, zero_end, zero_len, &len);
            pend = 0;
        } else {
            links -= links_step;
            const size_t k = (uint32_t)links - r.links_over_moves;
            const pdn_move_rec *last_move = (const pdn_move_rec *)g->moves.data + k;
            p = s + pdn_game__node(g, (uint32_t)(k + nodes_over_moves))->offset;
            pend = last_move->number_kind
                       ? last_move->number | (uint64_t)last_move->number_kind << 32
                       : 0;
            slen -= last_move->square_count;
        }
    }
    /* The ends of the run: the first move follows the container's last
     * item, the last one has no next. */
    const size_t mi = (uint32_t)links - r.links_over_moves;
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
    /* A number this run read that still waits goes to the parser; the
     * nodes made while it waits start with the next one. */
    const bool taken = pend && (!pend0 || mi != mi0);
    uint32_t number_len = 0;
    const char *const number = taken ? number_at(s, p, pend, zero_end, zero_len, &number_len) : s;
    quick_end(ps, p, last, mi != mi0,
              (quick_number){pend != 0, taken, (uint8_t)(pend >> 32), (uint32_t)pend,
                             (uint32_t)(number - s), number_len, mi + nodes_over_moves});
}

void pdn_parse__fast_run(parser *ps)
{
    /* A result ("2-0", "0-1", "1/2-1/2") or a comment is a token the run
     * stops at before it takes anything (ends_run), and the general parser
     * offers it one after every run that reached the end of a game or a
     * comment: it is turned away here, before the run is set up, as the run
     * would leave everything as it is.  Not white space, which the run
     * would skip. */
    const unsigned char *const u = (const unsigned char *)ps->p;
    if (ps->e - ps->p >= 3
            ? u[0] != ' ' && u[0] != '\n' && u[0] != '\t' && u[0] != '\r' && ends_run(u)
            : u[0] == '0')
        return;
    fast_run(ps);
}
