/* SPDX-License-Identifier: MIT */
/*
 * fast_san.c - the bulk of a chess game's movetext in one loop: move numbers
 * ("12.", "12...", also glued to the move: "12.e4") and SAN moves in their
 * standard forms, each followed by white space.  Anything else is left to
 * the general parser, which reads it as it always does; the loop only
 * spares it the dispatch, the lookahead and the tree calls of the common
 * tokens.
 */
#include "syntax/parser.h"

/* Room the loop needs after a token's first byte, so that reading a token
 * and the bytes after it needs no bounds check: the longest standard SAN
 * ("Qh4xe1+" and check marks) is far shorter. */
#define MARGIN 32
/* Tokens between two checks of the arrays' room. */
#define BATCH 32

/* Byte classes of the loop: a table lookup instead of a chain of compares
 * for each byte. */
enum { F_FILE = 1, F_RANK = 2, F_X = 4, F_PIECE = 8, F_BLANK = 16, F_CHECK = 32, F_DIGIT = 64 };
static const unsigned char cls[256] = {
    ['a'] = F_FILE,
    ['b'] = F_FILE,
    ['c'] = F_FILE,
    ['d'] = F_FILE,
    ['e'] = F_FILE,
    ['f'] = F_FILE,
    ['g'] = F_FILE,
    ['h'] = F_FILE,
    ['0'] = F_DIGIT,
    ['1'] = F_RANK | F_DIGIT,
    ['2'] = F_RANK | F_DIGIT,
    ['3'] = F_RANK | F_DIGIT,
    ['4'] = F_RANK | F_DIGIT,
    ['5'] = F_RANK | F_DIGIT,
    ['6'] = F_RANK | F_DIGIT,
    ['7'] = F_RANK | F_DIGIT,
    ['8'] = F_RANK | F_DIGIT,
    ['9'] = F_DIGIT,
    ['x'] = F_X,
    ['N'] = F_PIECE,
    ['B'] = F_PIECE,
    ['R'] = F_PIECE,
    ['Q'] = F_PIECE,
    ['K'] = F_PIECE,
    [' '] = F_BLANK,
    ['\n'] = F_BLANK,
    ['\t'] = F_BLANK,
    ['+'] = F_CHECK,
    ['#'] = F_CHECK,
};

/* White space the loop steps over: CR only before LF (a lone CR is a line
 * break the general parser reports). */
static bool blank(const unsigned char *p)
{
    return (cls[*p] & F_BLANK) || (*p == '\r' && p[1] == '\n');
}

/*
 * The end of a standard SAN move at p, or NULL: what
 * pdn_parse__scan_san() reads as SAN, less castling with zeros, null
 * moves and drops, which it leaves to the general parser.
 *   Piece [a-h]? [1-8]? 'x'? [a-h][1-8] | [a-h] ('x' [a-h][1-8] | [1-8]) ('='? [QRBN])?
 *   | "O-O" | "O-O-O", then [+#]*
 */
static const unsigned char *standard_move(const unsigned char *p)
{
    const unsigned char *q;
    unsigned c = cls[*p];
    if (c & F_FILE) {
        if (cls[p[1]] & F_RANK)
            q = p + 2;
        else if (p[1] == 'x' && (cls[p[2]] & F_FILE) && (cls[p[3]] & F_RANK))
            q = p + 4;
        else
            return NULL;
        if (cls[*q] & F_DIGIT)
            return NULL;
        const unsigned char *t = q + (*q == '=');
        if ((cls[*t] & F_PIECE) && *t != 'K')
            q = t + 1;
    } else if (c & F_PIECE) {
        /* Up to eight bytes of files, ranks and 'x': the destination last,
         * before it at most a file, a rank and an 'x', in that order. */
        const unsigned char *r = p + 1;
        while (r - p <= 8 && (cls[*r] & (F_FILE | F_RANK | F_X)))
            r++;
        if (r - p < 3 || !(cls[r[-2]] & F_FILE) || !(cls[r[-1]] & F_RANK))
            return NULL;
        const unsigned char *k = p + 1, *dest = r - 2;
        k += k < dest && (cls[*k] & F_FILE);
        k += k < dest && (cls[*k] & F_RANK);
        k += k < dest && *k == 'x';
        if (k != dest)
            return NULL;
        q = r;
    } else if (*p == 'O' && p[1] == '-' && p[2] == 'O') {
        q = p + 3;
        if (q[0] == '-' && q[1] == 'O')
            q += 2;
    } else {
        return NULL;
    }
    /* Check marks, a few at the most (the loop has MARGIN bytes). */
    while ((cls[*q] & F_CHECK) && q - p < 16)
        q++;
    return q;
}

void pdn_parse__fast_san_run(parser *ps)
{
    if (ps->e - ps->p <= MARGIN)
        return;
    struct pdn_game *g = ps->g;
    const unsigned char *p = (const unsigned char *)ps->p;
    const unsigned char *const s = (const unsigned char *)ps->s;
    const unsigned char *const stop_at = (const unsigned char *)ps->e - MARGIN;
    const uint32_t cont = ps->cont;
    uint32_t last = pdn_game__node(g, cont)->last;
    const size_t nodes0 = g->nodes.len;
    /* The move number in locals for the run (see quick_number). */
    bool waiting = ps->pending, taken = false;
    uint8_t kind_n = ps->pending_kind;
    uint32_t num_n = ps->pending_num, off_n = ps->pending_off, len_n = ps->pending_len;
    size_t node_n = ps->pending_node;
    size_t room = 0;

    while (p < stop_at) {
        if (room == 0) {
            if (!pdn_vec__reserve(&g->nodes, &g->alloc, sizeof(struct pdn_node), BATCH) ||
                !pdn_vec__reserve(&g->moves, &g->alloc, sizeof(pdn_move_rec), BATCH))
                break; /* the general parser meets that too, and reports it */
            room = BATCH;
        }
        const unsigned char *t = p;
        if ((unsigned)(*t - '1') < 9) {
            /* MOVENUMBER : [0-9]+ '.' ('..')?, not glued to what the
             * general parser reads after it ("1. ...", "1. …"). */
            const unsigned char *u = t;
            uint32_t num = 0;
            while ((cls[*u] & F_DIGIT) && u - t < 4)
                num = num * 10 + (uint32_t)(*u++ - '0');
            if (*u != '.' || waiting)
                break;
            u++;
            uint8_t kind = PDN_NUMBER_WHITE;
            if (u[0] == '.' && u[1] == '.') {
                kind = PDN_NUMBER_BLACK;
                u += 2;
                if (*u == '.')
                    break;
            } else if (*u == '.') {
                break;
            }
            const unsigned char *v = u;
            while (v < stop_at && (*v == ' ' || *v == '\t'))
                v++;
            if (kind == PDN_NUMBER_WHITE && (*v == '.' || *v == 0xE2))
                break;
            waiting = taken = true;
            kind_n = kind;
            num_n = num;
            node_n = g->nodes.len;
            off_n = (uint32_t)(t - s);
            len_n = (uint32_t)(u - t);
            p = u;
        } else {
            const unsigned char *q = standard_move(t);
            if (q == NULL || !blank(q))
                break;
            pdn_move_rec *m = (pdn_move_rec *)g->moves.data + g->moves.len;
            *m = (pdn_move_rec){
                .number = waiting ? num_n : 0,
                .san_off = (uint32_t)(t - s),
                .san_len = (uint8_t)(q - t),
                .kind = PDN_MOVE_SAN,
                .number_kind = (uint8_t)(waiting ? kind_n : 0),
            };
            uint32_t i = (uint32_t)g->nodes.len++;
            struct pdn_node *nodes = g->nodes.data;
            nodes[i] = (struct pdn_node){
                .game = g,
                .kind = PDN_NODE_MOVE,
                .parent = cont,
                .prev = last,
                .offset = (uint32_t)(t - s),
                .length = (uint32_t)(q - t),
                .a = (uint32_t)g->moves.len++,
            };
            if (last != PDN_NIL)
                nodes[last].next = i;
            else
                nodes[cont].first = i;
            last = i;
            waiting = false;
            room--;
            p = q;
        }
        while (p < stop_at && blank(p))
            p += 1 + (*p == '\r');
    }
    quick_end(ps, (const char *)p, last, g->nodes.len != nodes0,
              (quick_number){waiting, taken, kind_n, num_n, off_n, len_n, node_n});
}
