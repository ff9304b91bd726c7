/* SPDX-License-Identifier: MIT */
/*
 * parser.h - the state of the game parser and what its four files share:
 * parse.c (the game: header, movetext structure, terminators), tags.c (tag
 * pairs), moves.c (moves, move marks, NAGs) and fast_san.c (the common chess
 * tokens).  Private to src/syntax.
 */
#ifndef PDN_SYNTAX_PARSER_H
#define PDN_SYNTAX_PARSER_H

#include "syntax/parse.h"

#include <string.h>

typedef struct parser {
    /* Every field is set by pdn_parse__game() for each game, by stores the
     * compiler merges into a few wider ones: grouped by size, so that no
     * padding splits them. */
    struct pdn_game *g;
    const char *s, *p, *e; /* text, cursor, end */
    int default_gametype;
    bool next_is_header;
    bool quick; /* the quick movetext loops may run */
    bool chess;
    char cap_sep;  /* GameType's capture separator */
    char notation; /* 'N', 'A' or 0 when unknown */
    bool nomem;
    bool in_body; /* movetext has started */
    bool tags_checked;
    bool pending;          /* a move number waits for its move */
    bool pending_ellipsis; /* "..." written: grammar 4.4 counts that as the move */
    uint8_t pending_kind;
    bool odd_result_in_strings;
    bool said_notation, said_separator; /* reported once a game: they repeat */
    uint32_t cont;                      /* container receiving new items */
    uint32_t last_move;                 /* last move of the current sequence, or NIL */
    uint32_t last_item;                 /* last item of the current sequence, or NIL */
    uint32_t depth;
    uint32_t pending_num, pending_off, pending_len;
    uint32_t odd_result_off, odd_result_len; /* non-standard Result tag value */
    uint32_t tag_mark;                       /* last header item before the latest tag, or NIL */
    uint32_t result_rec;                     /* 1 + index of the first Result tag record, or 0 */
    size_t pending_node;                     /* first node created while the number waited */
    const char *last_tag_end;
    /* With a non-standard Result: the first '[' at or after where the
     * draughts loop last looked for one, or the text's end; NULL before it
     * looked (fast_run.c).  Kept so that the runs of a long game look at
     * each byte once. */
    const char *odd_cut;
    uint64_t tag_bloom; /* one bit per (length, first letter) of the tags seen */
} parser;

/* ---- character classes ----------------------------------------------------- */

/* C_BLANK: the white space the fast move loop skips (CR needs a look at
 * the next byte); C_NAME: the bytes of a tag name. */
enum {
    C_SPACE = 1,
    C_DIGIT = 2,
    C_LOWER = 4,
    C_UPPER = 8,
    C_DELIM = 16,
    C_BLANK = 32,
    C_NAME = 64,
};

/* Classes of bytes, indexed by byte value (parse.c). */
extern const unsigned char pdn_parse__cls[256];

#define IS(c, k) ((pdn_parse__cls[(unsigned char)(c)] & (k)) != 0)

#define MAX_PATH 64 /* squares in one move; a capture of 20 pieces needs 21 */

static inline uint32_t off(const parser *ps, const char *q)
{
    return (uint32_t)(q - ps->s);
}

static inline const char *skip_blanks(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* The blanks the reader allows inside a move and between a move or a move
 * number and what attaches to it ("32 - 28", "47x36 <42,29>", "- -",
 * "1. ..."): NUL bytes too, as they are white space everywhere else and the
 * canonical writer puts a space for them.  The caller reports the NULs of
 * a gap it takes (pdn_parse__gap_nuls). */
static inline const char *skip_gap(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t' || *p == 0))
        p++;
    return p;
}

static inline const char *line_end(const char *p, const char *e)
{
    while (p < e && *p != '\n' && *p != '\r')
        p++;
    return p;
}

static inline bool at_delim(const parser *ps, const char *q)
{
    return q >= ps->e || IS(*q, C_DELIM);
}

/* Length of one UTF-8 character starting at q (1 for a stray byte). */
static inline size_t char_len(const char *q, const char *e)
{
    unsigned char c = (unsigned char)*q;
    size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    if ((size_t)(e - q) < n)
        n = (size_t)(e - q);
    /* Only real continuation bytes belong to the character: a stray lead
     * byte must not swallow a '[' or '*' after it. */
    for (size_t i = 1; i < n; i++)
        if (((unsigned char)q[i] & 0xC0) != 0x80)
            return i;
    return n;
}

typedef struct square_scan {
    pdn_square sq;
    bool zero; /* leading zero */
    bool upper;
} square_scan;

typedef struct move_scan {
    pdn_square sq[MAX_PATH];
    size_t n;
    int sep;
    bool space, zero, upper, nosep4;
    const char *end;
} move_scan;

/* ---- the quick movetext loops ---------------------------------------------------- */

/* The move number a quick loop hands back.  While it runs the loop keeps
 * these in locals: stores into the parser would have to be made again after
 * every store into the game's arrays, which may alias them. */
typedef struct quick_number {
    bool waiting; /* a move number waits for its move */
    bool taken;   /* the fields below hold a move number the loop read (the chess
                   * loop hands back only one that still waits for its move) */
    uint8_t kind;
    uint32_t num, off, len;
    size_t node;
} quick_number;

/* Ends a quick loop at p: `last` is the container's last item now, `added`
 * whether the loop added moves; the move number goes back to the parser. */
static inline void quick_end(parser *ps, const char *p, uint32_t last, bool added, quick_number q)
{
    pdn_game__node(ps->g, ps->cont)->last = last;
    if (added)
        ps->last_move = ps->last_item = last;
    if (q.taken) {
        ps->pending_kind = q.kind;
        ps->pending_num = q.num;
        ps->pending_ellipsis = false;
        ps->pending_node = q.node;
        ps->pending_off = q.off;
        ps->pending_len = q.len;
    }
    ps->pending = q.waiting;
    ps->p = p;
}

/* ---- shared steps ------------------------------------------------------------ */

/* parse.c: diagnostics, tree building, recovery */
void pdn_parse__diag(parser *ps, pdn_diag_code code, const char *at, size_t len, uint32_t related);
uint32_t pdn_parse__add_node(parser *ps, uint32_t parent, pdn_node_kind kind, const char *at,
                             size_t len);
uint32_t pdn_parse__add_comment(parser *ps, pdn_comment_kind kind, const char *at, size_t len,
                                const char *text, size_t text_len);
/* Reports each run of NUL bytes in [p, q), a gap the reader took. */
void pdn_parse__gap_nuls(parser *ps, const char *p, const char *q);
/* Unreadable text up to the next delimiter becomes a junk comment. */
void pdn_parse__junk(parser *ps, pdn_diag_code code);
/* A move number that got no move is reported and dropped. */
void pdn_parse__use_pending(parser *ps);
/* The first movetext token: ends the header, checks the tag values. */
void pdn_parse__start_body(parser *ps);

/* moves.c */
bool pdn_parse__scan_move(const parser *ps, const char *p, move_scan *m);
void pdn_parse__draughts_move(parser *ps, const move_scan *m);
/* Length of a chess move at p, or 0: standard SAN, and with `chess` (the
 * game is known to be chess) the other forms pdn_san_parse() reads. */
size_t pdn_parse__scan_san(const char *p, const char *e, bool chess);
void pdn_parse__san_move(parser *ps, size_t len);
void pdn_parse__letters(parser *ps);
bool pdn_parse__dash(parser *ps);
bool pdn_parse__spaced_strength(parser *ps);
void pdn_parse__add_nag(parser *ps, const char *at, size_t len, unsigned value);

/* fast_run.c: runs of move numbers and plain moves in a draughts body. */
void pdn_parse__fast_run(parser *ps);

/* fast_san.c: runs of move numbers and standard SAN in a chess body. */
void pdn_parse__fast_san_run(parser *ps);
/* The white space of the 64 bytes at p as that loop finds it, the CRs not
 * followed by LF in *lone (out of line for its test, unit/fast_san_spaces). */
uint64_t pdn_parse__window_spaces(const unsigned char *p, uint64_t *lone);

/* tags.c */
void pdn_parse__tag(parser *ps);
const pdn_tag_rec *pdn_parse__find_tag(const parser *ps, const char *name, size_t len);
/* The length of the name at `name` (16 bytes readable) when it is one of
 * the commonest, followed by ' ' and '"', as the quick tag reader knows
 * them, with its pdn_game__tag_shape() in *shape; 0 for any other text,
 * SIZE_MAX when a slot of the table without a name matches (for its test,
 * unit/tag_known). */
size_t pdn_parse__known_name(const char *name, uint64_t *shape);

#endif
