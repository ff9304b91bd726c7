/* SPDX-License-Identifier: MIT */
/*
 * fast_san.c - the bulk of a chess game's movetext in one loop: move numbers
 * ("12.", "12...", also glued to the move: "12.e4"), SAN moves in their
 * standard forms and brace comments, between white space.  Anything else is
 * left to the general parser, which reads it as it always does; the loop
 * only spares it the dispatch, the lookahead and the tree calls.
 */
#include "syntax/parser.h"

#include "base/bits.h"

/* The text is looked at 64 bytes at a time (a window), whose tokens are
 * found at once from one bit per byte of white space.  Reading a token may
 * look up to 16 bytes past the window (the eight bytes of a move's shape,
 * the LF of a CRLF at its end), so the loop ends that far before the end of
 * the text and leaves the last bytes to the general parser. */
#define WINDOW 64
#define READ_PAST 16
/* Tokens of one window: at most 32, a byte and a space each. */
#define WINDOW_TOKENS 32
/* Bytes of a move's shape: the longest standard SAN ("Qh4xe1", "exd8=Q")
 * with two check marks. */
#define SHAPE_BYTES 8

/* The shape of a move is one nibble per byte, its class, from the first
 * byte on, every nibble after the last one all ones: one number to compare
 * with the few standard shapes instead of a branch for each byte.  Class 0
 * is a byte no standard move has.  A check mark is in the class of the
 * nibbles after the move (all ones), so that "Nf3", "Nf3+" and "Nf3#" have
 * one shape and a mark anywhere else matches none. */
enum {
    S_FILE = 1,
    S_RANK,
    S_X,
    S_PIECE, /* the king too: it is no piece only as a promotion */
    S_EQ,
    S_O,
    S_DASH,
    S_MARK = 15,
};

static const unsigned char shape_class[256] = {
    ['a'] = S_FILE,  ['b'] = S_FILE,  ['c'] = S_FILE,  ['d'] = S_FILE,  ['e'] = S_FILE,
    ['f'] = S_FILE,  ['g'] = S_FILE,  ['h'] = S_FILE,  ['1'] = S_RANK,  ['2'] = S_RANK,
    ['3'] = S_RANK,  ['4'] = S_RANK,  ['5'] = S_RANK,  ['6'] = S_RANK,  ['7'] = S_RANK,
    ['8'] = S_RANK,  ['x'] = S_X,     ['N'] = S_PIECE, ['B'] = S_PIECE, ['R'] = S_PIECE,
    ['Q'] = S_PIECE, ['K'] = S_PIECE, ['='] = S_EQ,    ['O'] = S_O,     ['-'] = S_DASH,
    ['+'] = S_MARK,  ['#'] = S_MARK,
};

/* A shape: class c as the i-th nibble, and the shapes of two to six bytes. */
#define NIB(c, i) ((uint64_t)(c) << (4 * (i)))
#define REST(i) (~UINT64_C(0) << (4 * (i)))
#define SH2(a, b) (NIB(a, 0) | NIB(b, 1) | REST(2))
#define SH3(a, b, c) (NIB(a, 0) | NIB(b, 1) | NIB(c, 2) | REST(3))
#define SH4(a, b, c, d) (NIB(a, 0) | NIB(b, 1) | NIB(c, 2) | NIB(d, 3) | REST(4))
#define SH5(a, b, c, d, f) (NIB(a, 0) | NIB(b, 1) | NIB(c, 2) | NIB(d, 3) | NIB(f, 4) | REST(5))
#define SH6(a, b, c, d, f, h)                                                                      \
    (NIB(a, 0) | NIB(b, 1) | NIB(c, 2) | NIB(d, 3) | NIB(f, 4) | NIB(h, 5) | REST(6))

/* By byte: MARK_BYTE for the check marks '+' and '#', PIECE_BYTE for the
 * piece letters B, K, N, Q and R; one load each where tests were.  With
 * them, where PDN_SAN_CODE() has it, the mark's code (1 '+', 2 '#') or the
 * piece's (2 knight to 6 king). */
enum { MARK_BYTE = 1, PIECE_BYTE = 2 };
#define MARK_CODE(c) (MARK_BYTE | PDN_SAN_CODE(0, 0, 0, 0, c))
#define PIECE_CODE(c) (PIECE_BYTE | PDN_SAN_CODE(0, c, 0, 0, 0))
/* A pawn's shape and the "x" of a capture. */
#define PAWN_CODE PDN_SAN_CODE(0, 1, 0, 0, 0)
#define X_CODE PDN_SAN_CODE(0, 0, 1, 0, 0)
/* What turns a piece's shape into that piece's with its file written. */
#define NAMED_SHAPE PDN_SAN_CODE(0, PDN_SAN_NAMED, 0, 0, 0)
static const uint16_t byte_kind[256] = {
    ['+'] = MARK_CODE(1),  ['#'] = MARK_CODE(2),  ['N'] = PIECE_CODE(2), ['B'] = PIECE_CODE(3),
    ['R'] = PIECE_CODE(4), ['Q'] = PIECE_CODE(5), ['K'] = PIECE_CODE(6)};

/* standard_move()'s answer for a standard move: this bit, and the move's
 * PDN_SAN_CODE() in the low 16 bits where it has one. */
#define STANDARD (1u << 16)

/* standard_move()'s answer for a move of `n` bytes of which the first
 * `body` are the move: its `code` with the check mark after them, or no
 * code for more than one mark. */
static inline unsigned marked(const unsigned char *t, unsigned body, unsigned n, unsigned code)
{
    if (n - body > 1)
        return STANDARD;
    if (n > body)
        code |= byte_kind[t[body]] & PDN_SAN_CODE(0, 0, 0, 0, 3);
    return STANDARD | code;
}

/* The cell of a file letter and a rank digit at t, known to be such. */
#define CELL(t) ((unsigned)((t)[0] - 'a') + 8u * (unsigned)((t)[1] - '1'))
/* A piece move's shape with its file written, the piece letter at t. */
#define NAMED_CODE(t)                                                                              \
    ((byte_kind[(t)[0]] & PDN_SAN_CODE(0, 7, 0, 0, 0)) |                                           \
     PDN_SAN_CODE(0, PDN_SAN_NAMED, 0, (unsigned)((t)[1] - 'a'), 0))

/*
 * Whether t[0..n), 2 <= n <= SHAPE_BYTES, is a standard SAN move: what
 * pdn_parse__scan_san() reads as SAN, less castling with zeros, null moves
 * and drops, which are left to the general parser.
 *   Piece [a-h]? [1-8]? 'x'? [a-h][1-8] | [a-h] ('x' [a-h])? [1-8] ('='? [QRBN])?
 *   | "O-O" | "O-O-O", then [+#]*
 * 0 when it is not, else STANDARD with the PDN_SAN_CODE() of the shapes
 * common_move() leaves that have one: a piece's move with its file of
 * origin written, and castling.  The SHAPE_BYTES bytes at t may be read.
 */
static PDN_NOINLINE unsigned standard_move(const unsigned char *t, unsigned n)
{
    /* Most moves have four bytes or fewer: the other four only for them. */
    uint64_t shape = (uint64_t)shape_class[t[0]] | (uint64_t)shape_class[t[1]] << 4 |
                     (uint64_t)shape_class[t[2]] << 8 | (uint64_t)shape_class[t[3]] << 12;
    if (n > 4)
        shape |= (uint64_t)shape_class[t[4]] << 16 | (uint64_t)shape_class[t[5]] << 20 |
                 (uint64_t)shape_class[t[6]] << 24 | (uint64_t)shape_class[t[7]] << 28;
    shape |= REST(n);
    /* The commonest first, without the switch's search. */
    if (shape == SH2(S_FILE, S_RANK) || shape == SH3(S_PIECE, S_FILE, S_RANK))
        return STANDARD;
    switch (shape) {
    /* Pieces with their file of origin written, then 'x' or not. */
    case SH4(S_PIECE, S_FILE, S_FILE, S_RANK):
        return marked(t, 4, n, CELL(t + 2) | NAMED_CODE(t));
    case SH5(S_PIECE, S_FILE, S_X, S_FILE, S_RANK):
        return marked(t, 5, n, CELL(t + 3) | NAMED_CODE(t) | X_CODE);
    /* Castling: 0 on the king's wing, 1 on the queen's. */
    case SH3(S_O, S_DASH, S_O):
        return marked(t, 3, n, PDN_SAN_CODE(0, PDN_SAN_CASTLE, 0, 0, 0));
    case SH5(S_O, S_DASH, S_O, S_DASH, S_O):
        return marked(t, 5, n, PDN_SAN_CODE(1, PDN_SAN_CASTLE, 0, 0, 0));
    /* Pawns: a push or a capture. */
    case SH4(S_FILE, S_X, S_FILE, S_RANK):
    /* Pieces, with what tells them apart and 'x' before the square. */
    case SH4(S_PIECE, S_RANK, S_FILE, S_RANK):
    case SH4(S_PIECE, S_X, S_FILE, S_RANK):
    case SH5(S_PIECE, S_FILE, S_RANK, S_FILE, S_RANK):
    case SH5(S_PIECE, S_RANK, S_X, S_FILE, S_RANK):
    case SH6(S_PIECE, S_FILE, S_RANK, S_X, S_FILE, S_RANK):
        return STANDARD;
    /* Promotions, to any piece but the king. */
    case SH3(S_FILE, S_RANK, S_PIECE):
        return t[2] != 'K' ? STANDARD : 0;
    case SH4(S_FILE, S_RANK, S_EQ, S_PIECE):
        return t[3] != 'K' ? STANDARD : 0;
    case SH5(S_FILE, S_X, S_FILE, S_RANK, S_PIECE):
        return t[4] != 'K' ? STANDARD : 0;
    case SH6(S_FILE, S_X, S_FILE, S_RANK, S_EQ, S_PIECE):
        return t[5] != 'K' ? STANDARD : 0;
    default:
        return 0;
    }
}

/*
 * The commonest shapes without standard_move()'s table: a pawn's push or
 * capture, a piece's move or capture, with a check mark or none, and
 * without one a piece's move with its file written and castling.  The
 * bytes are taken as a little-endian word: a byte less the first of its
 * range (a file, a rank) is below 8 exactly when the byte is in the range,
 * and a byte below its range borrows only from a byte that fails already.
 * The differences are the cells' numbers, which make the move's
 * PDN_SAN_CODE(), the answer; 0 for all else, which standard_move()
 * decides.  The shapes without a mark, most moves, are tried first
 * (common_move()), then those with one (marked_move()).
 */
static PDN_FORCE_INLINE unsigned marked_move(const unsigned char *t, unsigned n)
{
    const unsigned last = byte_kind[t[n - 1]];
    if (!(last & MARK_BYTE))
        return 0;
    n--;
    const unsigned mark = last & PDN_SAN_CODE(0, 0, 0, 0, 3);
    uint32_t w = (uint32_t)t[0] | (uint32_t)t[1] << 8 | (uint32_t)t[2] << 16 | (uint32_t)t[3] << 24;
    const unsigned first = byte_kind[t[0]];
    if (first & PIECE_BYTE) {
        const unsigned piece = first & PDN_SAN_CODE(0, 7, 0, 0, 0);
        w >>= 8;
        n--;
        if (n == 2) { /* [a-h][1-8] */
            w -= UINT32_C(0x3161);
            return (w & UINT32_C(0xF8F8)) == 0 ? ((w & 7) | (w >> 5 & 0x38)) | piece | mark : 0;
        }
        if (n == 3) { /* 'x' [a-h][1-8] */
            w -= UINT32_C(0x316178);
            return (w & UINT32_C(0xF8F8FF)) == 0
                       ? ((w >> 8 & 7) | (w >> 13 & 0x38)) | piece | X_CODE | mark
                       : 0;
        }
        return 0;
    }
    if (n == 2) { /* [a-h][1-8] */
        w -= UINT32_C(0x3161);
        return (w & UINT32_C(0xF8F8)) == 0 ? ((w & 7) | (w >> 5 & 0x38)) | PAWN_CODE | mark : 0;
    }
    if (n == 4) { /* [a-h] 'x' [a-h][1-8] */
        w -= UINT32_C(0x31617861);
        return (w & UINT32_C(0xF8F8FFF8)) == 0
                   ? ((w >> 16 & 7) | (w >> 21 & 0x38)) | PAWN_CODE | X_CODE | (w & 7) << 10 | mark
                   : 0;
    }
    return 0;
}

static PDN_FORCE_INLINE unsigned common_move(const unsigned char *t, unsigned n)
{
    uint32_t w = (uint32_t)t[0] | (uint32_t)t[1] << 8 | (uint32_t)t[2] << 16 | (uint32_t)t[3] << 24;
    const unsigned first = byte_kind[t[0]];
    if (first & PIECE_BYTE) {
        const unsigned piece = first & PDN_SAN_CODE(0, 7, 0, 0, 0);
        w >>= 8;
        if (n == 3) { /* [a-h][1-8] */
            w -= UINT32_C(0x3161);
            if ((w & UINT32_C(0xF8F8)) == 0)
                return ((w & 7) | (w >> 5 & 0x38)) | piece;
        } else if (n == 4) { /* 'x' [a-h][1-8] */
            w -= UINT32_C(0x316178);
            if ((w & UINT32_C(0xF8F8FF)) == 0)
                return ((w >> 8 & 7) | (w >> 13 & 0x38)) | piece | X_CODE;
            /* [a-h] [a-h][1-8], the file of origin written: the commonest
             * of the shapes standard_move() codes, taken here without its
             * call (w is now the word less 0x316161). */
            w += UINT32_C(0x316178) - UINT32_C(0x316161);
            if ((w & UINT32_C(0xF8F8F8)) == 0)
                return ((w >> 8 & 7) | (w >> 13 & 0x38)) | piece | NAMED_SHAPE | (w & 7) << 10;
        }
    } else if (n == 2) { /* [a-h][1-8] */
        w -= UINT32_C(0x3161);
        if ((w & UINT32_C(0xF8F8)) == 0)
            return ((w & 7) | (w >> 5 & 0x38)) | PAWN_CODE;
    } else if (n == 4) { /* [a-h] 'x' [a-h][1-8] */
        w -= UINT32_C(0x31617861);
        if ((w & UINT32_C(0xF8F8FFF8)) == 0)
            return ((w >> 16 & 7) | (w >> 21 & 0x38)) | PAWN_CODE | X_CODE | (w & 7) << 10;
    } else if ((w & UINT32_C(0xFFFFFF)) == UINT32_C(0x4F2D4F)) {
        /* "O-O" and "O-O-O" without a mark, also taken here rather than
         * by standard_move(). */
        if (n == 3)
            return PDN_SAN_CODE(0, PDN_SAN_CASTLE, 0, 0, 0);
        if (n == 5 && w >> 24 == '-' && t[4] == 'O')
            return PDN_SAN_CODE(1, PDN_SAN_CASTLE, 0, 0, 0);
    }
    return marked_move(t, n);
}

/* The record of a SAN move at offset mo of n bytes with the reader's
 * code, numbered as numk has it (san_run()): a whole record, which the
 * compiler writes each byte of once (a function returning it costs the
 * loop about 1 M instructions on 5 MB, by its registers). */
#define SAN_RECORD(numk, mo, n, code)                                                              \
    ((pdn_move_rec){                                                                               \
        .number = (uint32_t)(numk),                                                                \
        .san_off = (mo),                                                                           \
        .san_len = (uint8_t)(n),                                                                   \
        .kind = PDN_MOVE_SAN,                                                                      \
        .number_kind = (uint8_t)((numk) >> 32),                                                    \
        .san_code = (uint16_t)(code),                                                              \
    })

/* The node of that move, the idx-th of the game's, in container cont,
 * linked to the nodes before and after it, its record the rec-th. */
static PDN_FORCE_INLINE struct pdn_node move_node(struct pdn_game *g, uint32_t cont, uint32_t idx,
                                                  uint32_t mo, uint32_t n, uint32_t rec)
{
    return (struct pdn_node){
        .game = g,
        .kind = PDN_NODE_MOVE,
        .parent = cont,
        .next = idx + 1,
        .prev = idx - 1,
        .offset = mo,
        .length = n,
        .a = rec,
    };
}

/*
 * The code of a standard move glued to the ')' that closes its variation
 * ("Nf3)"), the token at t, its length less the ')' in *n; 0 when the
 * token is no such move.  The token ends at its first byte of white space,
 * as the loop finds it; the loop stops reading READ_PAST bytes before the
 * end of the text, so the bytes looked at are there.
 */
static PDN_NOINLINE unsigned closed_move(const unsigned char *t, uint32_t *n)
{
    const unsigned char *u = t;
    while (*u != ' ' && *u != '\n' && *u != '\r' && *u != '\t')
        if (++u == t + SHAPE_BYTES + 1)
            return 0;
    if (u - t < 3 || u[-1] != ')')
        return 0;
    *n = (uint32_t)(u - 1 - t);
    unsigned code = common_move(t, *n);
    return code != 0 ? code : standard_move(t, *n);
}

/* The CRs of a window that end no line (no LF after them, the byte past
 * the window included), from pdn_bits__spaces()'s LF and CR bits. */
static inline uint64_t lone_crs(const unsigned char *p, uint64_t lf, uint64_t cr)
{
    return cr & ~(lf >> 1 | (uint64_t)(p[WINDOW] == '\n') << 63);
}

#if PDN_BITS_SSE2
/* The white space bits of the k-th 16 bytes of p; the CRs' bytes in *cr. */
static PDN_FORCE_INLINE uint64_t space_part(const unsigned char *p, unsigned k, __m128i *cr)
{
    __m128i w = pdn_bits__part(p, k);
    *cr = _mm_cmpeq_epi8(w, _mm_set1_epi8('\r'));
    __m128i any = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(w, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(w, _mm_set1_epi8('\t'))),
        _mm_or_si128(_mm_cmpeq_epi8(w, _mm_set1_epi8('\n')), *cr));
    return (uint64_t)(unsigned)_mm_movemask_epi8(any);
}
#endif

/*
 * pdn_bits__spaces() for this loop, which needs the line ends only for the
 * CRs alone in `*lone`: the four kinds of white space are joined before
 * their bits are gathered, and the line ends are asked for only in a
 * window with a CR, which most texts have none of.
 */
static PDN_FORCE_INLINE uint64_t window_spaces(const unsigned char *p, uint64_t *lone)
{
#if PDN_BITS_SSE2
    __m128i c0, c1, c2, c3;
    uint64_t s = space_part(p, 0, &c0) | space_part(p, 1, &c1) << 16 | space_part(p, 2, &c2) << 32 |
                 space_part(p, 3, &c3) << 48;
    *lone = 0;
    if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(c0, c1), _mm_or_si128(c2, c3))) != 0) {
        uint64_t lf, cr;
        pdn_bits__spaces(p, &lf, &cr);
        *lone = lone_crs(p, lf, cr);
    }
    return s;
#else
    uint64_t lf, cr, s = pdn_bits__spaces(p, &lf, &cr);
    *lone = lone_crs(p, lf, cr);
    return s;
#endif
}

uint64_t pdn_parse__window_spaces(const unsigned char *p, uint64_t *lone)
{
    return window_spaces(p, lone);
}

#if PDN_BITS_SSE2
/* The index of the node nd is to write: the one the links count. */
#define NODE_INDEX() ((uint32_t)_mm_cvtsi128_si32(links) - 1)
/* Whether a node's game, kind and parent are its first 16 bytes, its links
 * next, prev, first and last the next 16, and offset, length, a and b the
 * last 16 (pointers of 8 bytes). */
#define NODE_VEC                                                                                   \
    (offsetof(struct pdn_node, parent) == 12 && offsetof(struct pdn_node, next) == 16 &&           \
     offsetof(struct pdn_node, prev) == 20 && offsetof(struct pdn_node, first) == 24 &&            \
     offsetof(struct pdn_node, last) == 28 && offsetof(struct pdn_node, offset) == 32 &&           \
     offsetof(struct pdn_node, b) == 44 && sizeof(struct pdn_node) == 48)
#else
#define NODE_INDEX() ((uint32_t)(nd - nd0))
#endif

/* The end of a move number "12." or "12..." at t, its value and kind as
 * numk has them in *read; NULL when t does not start with one of four
 * digits at most, then a period or three. */
static inline const unsigned char *number_end(const unsigned char *t, uint64_t *read)
{
    const unsigned char *u = t + 1;
    uint32_t num = (uint32_t)(*t - '0'), d;
    /* Up to three more digits, unrolled: most numbers have one or two. */
    if ((d = (uint32_t)u[0] - '0') < 10) {
        num = num * 10 + d;
        u++;
        if ((d = (uint32_t)u[0] - '0') < 10) {
            num = num * 10 + d;
            u++;
            if ((d = (uint32_t)u[0] - '0') < 10) {
                num = num * 10 + d;
                u++;
            }
        }
    }
    if (*u != '.')
        return NULL;
    u++;
    uint64_t nk = num | (uint64_t)PDN_NUMBER_WHITE << 32;
    if (u[0] == '.' && u[1] == '.') {
        nk += (uint64_t)(PDN_NUMBER_BLACK - PDN_NUMBER_WHITE) << 32;
        u += 2;
    }
    *read = nk;
    return *u != '.' ? u : NULL;
}

/*
 * A number or a move is read only when the start of the next token is in
 * sight too: a white move number is not taken before "..." or "…" (the
 * general parser reads "1. ..." as Black's number), nor before a NUL byte,
 * a blank there but no white space here, and the token before a
 * CR that is no line break is left to the general parser, as in the
 * draughts loop.  A move must end exactly where the white space says.
 * Nodes are written in a row, each linked to the one before and after it,
 * and the ends of the row are put right at the end.  State lives in locals
 * for the whole run, the fewer the better: they are many for the registers.
 */
static PDN_FORCE_INLINE void san_run(parser *ps, const bool odd_result)
{
    struct pdn_game *g = ps->g;
    /* The number waiting for its move as the move will have it: the value
     * in the low half, the kind above it (0 for none).  Values from 2^30
     * on are left to the general parser. */
    uint64_t numk = ps->pending ? ps->pending_num | (uint64_t)ps->pending_kind << 32 : 0;
    if (ps->pending && (ps->pending_kind == PDN_NUMBER_NONE || ps->pending_num >> 30 != 0))
        return;
    const unsigned char *const s = (const unsigned char *)ps->s;
    const unsigned char *const e = (const unsigned char *)ps->e;
    const unsigned char *p = (const unsigned char *)ps->p, *t = p;
    /* The arrays exist from here on, so that the pointers below point into
     * them (a game's first moves may find the move array not yet made). */
    if ((!g->nodes.data &&
         !pdn_vec__reserve(&g->nodes, &g->alloc, sizeof(struct pdn_node), WINDOW_TOKENS)) ||
        (!g->moves.data &&
         !pdn_vec__reserve(&g->moves, &g->alloc, sizeof(pdn_move_rec), WINDOW_TOKENS)))
        return; /* the general parser meets that too, and reports it */
    const uint32_t ni0 = (uint32_t)g->nodes.len;
    const uint32_t mi0 = (uint32_t)g->moves.len;
    uint32_t ni = ni0, mi = mi0;
    const uint32_t cont = ps->cont;
    /* A Result tag with a value of its own makes that value end the game
     * where it starts a token (digit_token() in parse.c): a token that
     * starts like it is left to the general parser. */
    const unsigned char *const odd =
        !odd_result                 ? NULL
        : ps->odd_result_in_strings ? (const unsigned char *)g->strings.data + ps->odd_result_off
                                    : s + ps->odd_result_off;
    const size_t odd_len = ps->odd_result_len;
    /* The last move number taken, read again at the end if it still waits
     * for its move (see quick_number). */
    const unsigned char *num_at = NULL;

#if PDN_BITS_SSE2
    /* A move node's first 32 bytes, when the layout has them where this
     * expects: game, kind and parent the same for the whole run, the links
     * to the nodes before and after (first and last none) counted up. */
    const bool node_vec = NODE_VEC;
    struct pdn_node head_node = {.game = g, .kind = PDN_NODE_MOVE, .parent = cont};
    const __m128i head = _mm_loadu_si128((const __m128i *)(const void *)&head_node);
    __m128i links = _mm_setr_epi32((int)(ni + 1), (int)(ni - 1), 0, 0);
    const __m128i link_step = _mm_setr_epi32(1, 1, 0, 0);
    /* Its last 16 bytes: offset and length written over, the move's index
     * counted up, the b field none. */
    __m128i tail = _mm_setr_epi32(0, 0, (int)mi, 0);
    const __m128i tail_step = _mm_setr_epi32(0, 0, 1, 0);
#endif
    /* Nodes and moves are counted by nd and mv alone; nd0 and mv0 are the
     * arrays, nd_end and mv_end their ends, all in locals because a store
     * into the arrays may be one into the game for all the compiler knows. */
    struct pdn_node *nd0 = g->nodes.data, *nd = nd0 + ni;
    pdn_move_rec *mv0 = g->moves.data, *mv = mv0 + mi;
    const unsigned char *nd_end = (const unsigned char *)(nd0 + g->nodes.cap);
    const unsigned char *mv_end = (const unsigned char *)(mv0 + g->moves.cap);

    while (e - p >= WINDOW + READ_PAST) {
        if ((size_t)(nd_end - (const unsigned char *)nd) < WINDOW_TOKENS * sizeof *nd ||
            (size_t)(mv_end - (const unsigned char *)mv) < WINDOW_TOKENS * sizeof *mv) {
            ni = (uint32_t)(nd - nd0);
            mi = (uint32_t)(mv - mv0);
            g->nodes.len = ni;
            g->moves.len = mi;
            const bool room =
                pdn_vec__reserve(&g->nodes, &g->alloc, sizeof(struct pdn_node), WINDOW_TOKENS) &&
                pdn_vec__reserve(&g->moves, &g->alloc, sizeof(pdn_move_rec), WINDOW_TOKENS);
            /* The arrays may have moved, also when the second one could
             * not grow; the general parser meets that too, and reports it. */
            nd0 = g->nodes.data;
            nd = nd0 + ni;
            mv0 = g->moves.data;
            mv = mv0 + mi;
            if (!room)
                break;
            nd_end = (const unsigned char *)(nd0 + g->nodes.cap);
            mv_end = (const unsigned char *)(mv0 + g->moves.cap);
        }
        uint64_t lone;
        uint64_t sp = window_spaces(p, &lone);
        /* p is at the start of a token or in white space. */
        uint64_t starts = ~sp & (sp << 1 | 1), ends = sp & ~sp << 1;
        if (lone)
            starts &= (lone & (0 - lone)) - 1;
        for (;; starts &= starts - 1, ends &= ends - 1) {
            if (!starts) {
                /* White space to the end of the window, or up to a lone
                 * CR, where the general parser goes on. */
                if (lone) {
                    p += pdn_bits__ctz(lone);
                    goto out;
                }
                p += WINDOW;
                break;
            }
            t = p + pdn_bits__ctz(starts);
            if (*t == '{') {
                /* COMMENT : '{' [^}]* '}' as brace_comment() in parse.c
                 * adds it (pdn_parse__add_comment()); that one also takes
                 * the unclosed ones and those that may hold commands ('['). */
                const unsigned char *q = memchr(t + 1, '}', (size_t)(e - t - 1));
                if (q == NULL || memchr(t + 1, '[', (size_t)(q - t - 1)) != NULL)
                    goto stop;
                const uint32_t idx = NODE_INDEX();
                const uint32_t len = (uint32_t)(q - t), ti = (uint32_t)(t - s);
                *nd++ = (struct pdn_node){
                    .game = g,
                    .kind = PDN_NODE_COMMENT,
                    .sub = PDN_COMMENT_BRACE,
                    .attach = numk != 0                                     ? PDN_ATTACH_BEFORE
                              : ps->last_move == PDN_NIL && mv == mv0 + mi0 ? PDN_ATTACH_START
                                                                            : PDN_ATTACH_AFTER,
                    .parent = cont,
                    .next = idx + 1,
                    .prev = idx - 1,
                    .offset = ti,
                    .length = len + 1,
                    .a = ti + 1,
                    .b = len - 1,
                };
#if PDN_BITS_SSE2
                links = _mm_add_epi32(links, link_step);
#endif
                /* The comment may hold white space: a new window after it. */
                p = q + 1;
                break;
            }
            uint64_t next = starts & (starts - 1);
            if (!next) {
                /* The next token is not in sight: read the last one again
                 * in the next window, or stop at a lone CR. */
                if (t == p || lone)
                    goto stop;
                p = t;
                break;
            }
            const unsigned char *const te = p + pdn_bits__ctz(ends);
            if ((unsigned)(*t - '1') < 9) {
                /* MOVENUMBER : [0-9]+ '.' ('..')? */
                uint64_t read;
                unsigned d;
                const unsigned char *m;
                if (numk != 0)
                    goto stop;
                /* White's numbers of one and two digits alone, the
                 * commonest, told by their length: number_end() reads
                 * them so. */
                if (te - t == 3 && t[2] == '.' && (d = (unsigned)t[1] - '0') < 10) {
                    read = (((unsigned)*t - '0') * 10 + d) | (uint64_t)PDN_NUMBER_WHITE << 32;
                    m = te;
                } else if (te - t == 2 && t[1] == '.') {
                    read = ((unsigned)*t - '0') | (uint64_t)PDN_NUMBER_WHITE << 32;
                    m = te;
                } else if ((m = number_end(t, &read)) == NULL) {
                    goto stop;
                }
                if (odd_result && (size_t)(e - t) >= odd_len && memcmp(t, odd, odd_len) == 0)
                    goto stop;
                if (m == te) {
                    const unsigned char after = p[pdn_bits__ctz(next)];
                    /* '.', a NUL, or 0xE2 ("…"): bytes from 0xE2 up and 0
                     * in one comparison, the few others it takes stopping
                     * the run no worse than a move it cannot read. */
                    if (read >> 32 == PDN_NUMBER_WHITE &&
                        (after == '.' || (unsigned char)(after - 1) >= 0xE1))
                        goto stop;
                    numk = read;
                    num_at = t;
                    continue;
                }
                /* Glued to its move: taken with it, or not at all (see
                 * unglue); the move is the token from here on. */
                numk = read;
                num_at = t;
                t = m;
            }
            const uint32_t n = (uint32_t)(te - t);
            if (n - 2 > SHAPE_BYTES - 2)
                goto unglue;
            const uint32_t mo = (uint32_t)(t - s);
            /* The code in the record's 16 bits: STANDARD drops out. */
            unsigned code = common_move(t, n);
            if (code == 0 && (code = standard_move(t, n)) == 0)
                goto unglue;
            *mv++ = SAN_RECORD(numk, mo, n, code);
#if PDN_BITS_SSE2
            if (node_vec) {
                _mm_storeu_si128((__m128i *)(void *)nd, head);
                _mm_storeu_si128((__m128i *)(void *)&nd->next, links);
                _mm_storeu_si128((__m128i *)(void *)&nd->offset, tail);
                links = _mm_add_epi32(links, link_step);
                tail = _mm_add_epi32(tail, tail_step);
                nd->offset = mo;
                nd->length = n;
                nd++;
            } else
#endif
            {
                const uint32_t idx = NODE_INDEX();
                *nd++ = move_node(g, cont, idx, mo, n, (uint32_t)(mv - 1 - mv0));
            }
#if PDN_BITS_SSE2
            if (!node_vec)
                links = _mm_add_epi32(links, link_step);
#endif
            numk = 0;
        }
    }
    goto out;
unglue:
    /* A move glued to the ')' that closes its variation ("Nf3)"), which
     * the general parser reads as the move and the ')': the move is taken
     * here, out of the loop, whose registers a test there would cost, and
     * the run stops at the ')'. */
    {
        uint32_t n;
        const unsigned code = closed_move(t, &n);
        if (code != 0) {
            const uint32_t mo = (uint32_t)(t - s);
            *mv++ = SAN_RECORD(numk, mo, n, code);
            const uint32_t idx = (uint32_t)(nd - nd0);
            *nd++ = move_node(g, cont, idx, mo, n, (uint32_t)(mv - 1 - mv0));
            numk = 0;
            p = t + n;
            goto out;
        }
    }
    /* A number glued to a move the loop cannot read is left with it: the
     * one number that ends where the move starts (white space follows any
     * other). */
    if (numk != 0 && num_at != NULL) {
        uint64_t read;
        if (number_end(num_at, &read) == t) {
            numk = 0;
            t = num_at;
        }
    }
stop:
    p = t;
out:
    ni = (uint32_t)(nd - nd0);
    mi = (uint32_t)(mv - mv0);
    g->nodes.len = ni;
    g->moves.len = mi;
    struct pdn_node *nodes = g->nodes.data;
    uint32_t last = nodes[cont].last;
    if (ni != ni0) {
        nodes[ni - 1].next = PDN_NIL;
        nodes[ni0].prev = last;
        if (last != PDN_NIL)
            nodes[last].next = ni0;
        else
            nodes[cont].first = ni0;
        last = ni - 1;
    }
    /* The parser reads a move number's fields only while it waits for its
     * move: they go back for a number of this loop's that still waits, the
     * last one taken (the parser's own, taken before the loop, is consumed
     * by the loop's first move).  The nodes since it are comments, the only
     * nodes after its offset. */
    quick_number q = {.waiting = numk != 0, .taken = numk != 0 && num_at != NULL};
    if (q.taken) {
        uint64_t read = 0;
        q.len = (uint32_t)(number_end(num_at, &read) - num_at);
        q.num = (uint32_t)read;
        q.kind = (uint8_t)(read >> 32);
        q.off = (uint32_t)(num_at - s);
        uint32_t i = ni;
        while (i > ni0 && nodes[i - 1].offset > q.off)
            i--;
        q.node = i;
    }
    const uint32_t last_move = ps->last_move;
    quick_end(ps, (const char *)p, last, ni != ni0, q);
    /* The last item may be a comment: the last move is the run's last move
     * node if it added any, else what it was. */
    if (mi != mi0) {
        uint32_t i = ni - 1;
        while (nodes[i].kind != PDN_NODE_MOVE)
            i--;
        ps->last_move = i;
    } else {
        ps->last_move = last_move;
    }
}

/* A loop for each kind of game, so that the commonest, without a Result
 * tag of its own, keeps no test for one, nor the registers it needs. */
void pdn_parse__fast_san_run(parser *ps)
{
    /* Where the loop would stop at once it is not started: too near the
     * end of the text, and at a token that starts with '0' or with a digit
     * that no digit or period follows ("1-0", "0-1", "1/2-1/2"), which the
     * parser hands it again after each run that stopped at a result. */
    const unsigned char *const p = (const unsigned char *)ps->p;
    if ((const unsigned char *)ps->e - p < WINDOW + READ_PAST || p[0] == '0' ||
        ((unsigned)(p[0] - '1') < 9 && p[1] != '.' && (unsigned)(p[1] - '0') >= 10))
        return;
    if (ps->odd_result_len != 0)
        san_run(ps, true);
    else
        san_run(ps, false);
}
