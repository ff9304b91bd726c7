/* SPDX-License-Identifier: MIT */
/*
 * game.h - the in-memory game: its text, tags, tree nodes and diagnostics.
 * The parser (src/syntax) fills it; everything else reads it through the
 * public accessors in game.c.
 *
 * Node layout: all nodes of a game live in one array; links are indexes into
 * it (0 = none, which is safe because node 0 is the root and never anyone's
 * sibling or child).  Node 1 is the header sequence.  Per-kind data beyond
 * the common fields live in side arrays (moves, squares) so that a node stays
 * small.
 */
#ifndef PDN_TREE_GAME_H
#define PDN_TREE_GAME_H

#include "base/base.h"

#define PDN_NIL 0u
#define PDN_ROOT 0u
#define PDN_HEADER 1u

struct pdn_node {
    const struct pdn_game *game;
    uint8_t kind;   /* pdn_node_kind */
    uint8_t sub;    /* comment kind */
    uint8_t attach; /* pdn_attach */
    uint8_t pad;
    uint32_t parent, next, prev, first, last;
    uint32_t offset, length; /* source span */
    uint32_t a, b;           /* comment/setup: text span; nag: value; move: index */
};

/* Side record of a move node. */
typedef struct pdn_move_rec {
    uint32_t number;
    uint32_t squares;  /* index into game->squares */
    uint32_t captured; /* index into game->squares */
    uint32_t str_off;  /* strength span */
    uint32_t san_off;  /* SAN span */
    uint16_t square_count;
    uint16_t captured_count;
    uint8_t str_len;
    uint8_t san_len;
    uint8_t kind; /* pdn_move_kind */
    uint8_t sep;  /* pdn_separator */
    uint8_t number_kind;
    uint8_t has_captured;
    uint16_t san_code; /* PDN_SAN_CODE() of a SAN move the reader's chess loop
                          read in one of the commonest shapes; 0 for all else */
} pdn_move_rec;

/*
 * The reader's reading of a SAN move of the commonest shapes, each with one
 * check mark or none: a pawn's push ("e4") or capture ("exd5"), a piece's
 * move ("Nf3") or capture ("Nxf3"), with its file of origin too ("Nbd7",
 * "Rfxe1"), and castling ("O-O", "O-O-O"); the replay's short path takes it
 * instead of reading the text again.  The target cell (rank * 8 + file; for
 * castling 0 on the king's wing, 1 on the queen's), the shape (1 pawn, then
 * knight, bishop, rook, queen and king: the chess kind index plus one;
 * PDN_SAN_CASTLE; PDN_SAN_NAMED plus one of the pieces for a piece with its
 * file written), whether "x" is written, the file of origin of a pawn's
 * capture or a named piece and the check mark (0 none, 1 '+', 2 '#').  The
 * shape's four bits are next to each other, so that one look-up of a table
 * of 16 tells them apart.  Never 0.
 */
#define PDN_SAN_CODE(to, shape, x, from_file, mark)                                                \
    ((unsigned)(to) | (unsigned)(shape) << 6 | (unsigned)(x) << 15 | (unsigned)(from_file) << 10 | \
     (unsigned)(mark) << 13)
#define PDN_SAN_CASTLE 7u
#define PDN_SAN_NAMED 8u

/* A tag as parsed: spans into the text, or into game->strings when the value
 * had escapes. */
typedef struct pdn_tag_rec {
    uint32_t offset;
    uint32_t name_off, name_len;
    uint32_t value_off, value_len;
    bool value_in_strings;
} pdn_tag_rec;

struct pdn_game {
    pdn_alloc alloc;
    bool owned_text; /* text is ours (clone, transcoded copy) */
    const char *text;
    size_t text_len;
    pdn_vec own_text;    /* char: storage when owned_text */
    pdn_vec nodes;       /* pdn_node */
    pdn_vec moves;       /* pdn_move_rec */
    pdn_vec squares;     /* pdn_square */
    pdn_vec tag_recs;    /* pdn_tag_rec */
    pdn_vec tags;        /* pdn_tag, resolved after parsing */
    pdn_vec strings;     /* char: unescaped tag values */
    pdn_vec diags;       /* pdn_diag */
    pdn_vec line_starts; /* uint32_t: offsets where a line starts (lines.c) */
    uint64_t tag_shapes; /* pdn_game__tag_shape() of each tag name read (pdn_game__tag()) */
    bool ascii;          /* no byte >= 0x80: a column is a byte difference */
    uint64_t index;
    uint64_t input_offset;
    uint64_t line0; /* line of text[0] */
    uint32_t col0;  /* column of text[0] */
    bool after_cr;  /* the byte before text[0] was CR */
    pdn_encoding encoding;
    pdn_mode mode;
    int gametype;
    uint8_t term_kind; /* pdn_terminator_kind */
    uint32_t term_off, term_len;
    /* The last date value the tag checks read and pdn_parse_date()'s
     * verdict on it (len 0: none), [0] for Date tags and [1] for the other
     * date tags (EventDate, UTCDate...), which chess headers carry beside
     * Date with another value.  Kept from game to game where the object is
     * reused, as a reader's is: the games of a file mostly come in runs of
     * one date (tagvalues.c). */
    struct pdn_date_note {
        char text[32];
        uint8_t len;
        pdn_diag_code code;
        uint32_t at;
    } dates[2];
};

/* One of 64 bits for a tag name's length and first byte: names whose bits
 * are not in a set of them are not in the set (duplicate tags, the tags the
 * checks look for).  The multiplier gives a bit of its own to each name of
 * the common chess headers (Seven Tag Roster, Elo, FIDE id, title, ECO,
 * Opening, Variation, EventDate, PlyCount, Annotator, Lichess and
 * chess.com tags) and of the common draughts ones, and to GameType and
 * ResultFormat against all of them: a shared bit sends a tag to the
 * duplicate search, and a header to the checks' slower pass.  A macro too,
 * for tables. */
#define PDN_GAME__TAG_SHAPE(len, first)                                                            \
    (UINT64_C(1) << ((uint32_t)(((uint32_t)(len) << 8 | (uint32_t)(first)) * 0x1a77fda1u) >> 26))
static inline uint64_t pdn_game__tag_shape(size_t len, unsigned char first)
{
    return PDN_GAME__TAG_SHAPE(len, first);
}

/* Empties a game for reuse, keeping its capacity. */
void pdn_game__reset(struct pdn_game *g);
void pdn_game__init(struct pdn_game *g, pdn_alloc alloc);
void pdn_game__release(struct pdn_game *g);
/* Adds a diagnostic with the severity `code` has in the game's mode (nothing
 * when it has none there); false on out-of-memory. */
bool pdn_game__diag(struct pdn_game *g, pdn_diag_code code, size_t off, size_t len,
                    uint32_t related, uint32_t arg);
/* Builds the line index of the text (line0, col0, after_cr set first);
 * *out_high says whether any byte is >= 0x80.  `readable` bytes from the
 * start of the text may be read (at least its length).  False on
 * out-of-memory. */
bool pdn_game__index_lines(struct pdn_game *g, size_t readable, bool *out_high);
/* The first tag named name[0..len), as pdn_game_tag() finds it; inline,
 * with the length of a literal known (PDN_GAME__TAG), for the tag checks
 * and the replay, which ask every game. */
static inline const pdn_tag *pdn_game__tag(const struct pdn_game *g, const char *name, size_t len)
{
    /* Most names asked for (FEN, GameType, Variant) are in no header: the
     * shapes of the names read say so without a pass. */
    if (len && !(g->tag_shapes & pdn_game__tag_shape(len, (unsigned char)name[0])))
        return NULL;
    const pdn_tag *t = g->tags.data;
    for (size_t i = 0; i < g->tags.len; i++)
        if (t[i].name.len == len && memcmp(t[i].name.ptr, name, len) == 0)
            return &t[i];
    return NULL;
}
#define PDN_GAME__TAG(g, literal) pdn_game__tag((g), literal, sizeof literal - 1)

/* Line and column just after the end of the game's text. */
void pdn_game__line_after(const struct pdn_game *g, uint64_t *line, uint32_t *col);
/* pdn_game_locate() for offsets that mostly come in text order, as a
 * writer meets them: *hint (0 at first) is where the last one was, and a
 * step forward costs the lines stepped over, not a search. */
void pdn_game__locate_next(const struct pdn_game *g, uint32_t offset, size_t *hint, uint64_t *line,
                           uint32_t *column);
/* Turns tag records into the public pdn_tag array. */
bool pdn_game__resolve_tags(struct pdn_game *g);
/* The public tag of the record r of g. */
static inline pdn_tag pdn_game__public_tag(const struct pdn_game *g, const pdn_tag_rec *r)
{
    const char *values = r->value_in_strings ? (const char *)g->strings.data : g->text;
    return (pdn_tag){.offset = r->offset,
                     .name = pdn_str__make(g->text + r->name_off, r->name_len),
                     .value = pdn_str__make(values + r->value_off, r->value_len)};
}

static inline struct pdn_node *pdn_game__node(const struct pdn_game *g, uint32_t i)
{
    return (struct pdn_node *)g->nodes.data + i;
}

#endif
