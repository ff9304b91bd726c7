/* SPDX-License-Identifier: MIT */
/*
 * canon.c - the canonical view of a game's tags and result (see canon.h).
 *
 * Pipeline position: between the tree and the writers.  Nothing here
 * allocates: the canonical order is produced by walking the tag array once
 * per roster name and once more for the other tags (8 passes), which keeps
 * the view a pure function of the game.
 */
#include "canon.h"

#include <string.h>

/* The seven-tag roster, in the order both PGN and PDN write it. */
enum { ROSTER_COUNT = 7, ROSTER_RESULT = 6 };

static const char *const roster_names[ROSTER_COUNT] = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result",
};

/* PGN defaults for missing roster tags (Result is handled apart). */
static const char *const roster_chess_default[ROSTER_COUNT] = {
    "?", "?", "????.??.??", "?", "?", "?", "*",
};

_Static_assert(sizeof roster_names / sizeof roster_names[0] == ROSTER_COUNT, "roster table size");
_Static_assert(sizeof roster_chess_default / sizeof roster_chess_default[0] == ROSTER_COUNT,
               "roster default table size");

/* ===================================================================== */
/* Small string helpers                                                  */
/* ===================================================================== */

static pdn_str cstr(const char *s)
{
    pdn_str r;
    r.ptr = s;
    r.len = strlen(s);
    return r;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static pdn_str trim(pdn_str s)
{
    if (s.ptr == NULL) {
        s.len = 0;
        return s;
    }
    while (s.len > 0 && is_space(s.ptr[0])) {
        s.ptr++;
        s.len--;
    }
    while (s.len > 0 && is_space(s.ptr[s.len - 1]))
        s.len--;
    return s;
}

static int str_eq(pdn_str a, const char *b)
{
    size_t n = strlen(b);
    return a.len == n && (n == 0 || memcmp(a.ptr, b, n) == 0);
}

/* The place of a tag in the roster, or -1: by length and first letter,
 * then one comparison of a few bytes, as writers ask this for every tag of
 * every game (several times).  The same names as roster_names. */
static int roster_index(pdn_str name)
{
    const char *p = name.ptr;
    switch (name.len) {
    case 4:
        return memcmp(p, "Site", 4) == 0 ? 1 : memcmp(p, "Date", 4) == 0 ? 2 : -1;
    case 5:
        switch (p[0]) {
        case 'E':
            return memcmp(p, "Event", 5) == 0 ? 0 : -1;
        case 'R':
            return memcmp(p, "Round", 5) == 0 ? 3 : -1;
        case 'W':
            return memcmp(p, "White", 5) == 0 ? 4 : -1;
        case 'B':
            return memcmp(p, "Black", 5) == 0 ? 5 : -1;
        default:
            return -1;
        }
    case 6:
        return memcmp(p, "Result", 6) == 0 ? ROSTER_RESULT : -1;
    default:
        return -1;
    }
}

/* Tags whose roster place is remembered from one pass over them. */
#define KNOWN_TAGS 64

/* "½-½" in UTF-8 (U+00BD is C2 BD) is the same result as "1/2-1/2". */
static pdn_str normal_result(pdn_str s)
{
    s = trim(s);
    if (str_eq(s, "\xC2\xBD-\xC2\xBD"))
        return cstr("1/2-1/2");
    return s;
}

int pdn_canon__same_result(pdn_str a, pdn_str b)
{
    a = normal_result(a);
    b = normal_result(b);
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}

int pdn_canon__result_unknown(pdn_str value)
{
    value = trim(value);
    return value.len == 0 || str_eq(value, "*") || str_eq(value, "?");
}

/* The terminator as a result R; 0 when the game did not end in a result. */
static int terminator_result(const pdn_game *g, pdn_str *out)
{
    pdn_str text = {"", 0};
    if (pdn_game_terminator(g, &text) != PDN_TERM_RESULT || text.ptr == NULL) {
        out->ptr = "";
        out->len = 0;
        return 0;
    }
    *out = text;
    return 1;
}

/* ===================================================================== */
/* Tags                                                                  */
/* ===================================================================== */

/* The tag after tag `i` of one roster place: the next of its list among
 * the first KNOWN_TAGS tags, then every later tag in turn. */
static size_t next_of(size_t i, const signed char *after)
{
    if (i >= KNOWN_TAGS)
        return i + 1;
    return after[i] >= 0 ? (size_t)after[i] : KNOWN_TAGS;
}

int pdn_canon__each_tag_src(const pdn_game *g, pdn_canon__tag_src_fn fn, void *ctx)
{
    size_t count = 0, i;
    const pdn_tag *tags = pdn_game_tags(g, &count);
    pdn_str r;
    int has_r = terminator_result(g, &r);
    int chess = pdn_game_type(g) == 0;
    int k, rc;

    if (tags == NULL)
        count = 0;
    /* The first KNOWN_TAGS tags in one list per roster place, in input
     * order (chained through `after`); the rest are looked at again. */
    signed char place[KNOWN_TAGS], first[ROSTER_COUNT], after[KNOWN_TAGS];
    memset(first, -1, sizeof first);
    for (i = count < KNOWN_TAGS ? count : KNOWN_TAGS; i-- > 0;) {
        place[i] = (signed char)roster_index(tags[i].name);
        if (place[i] >= 0) {
            after[i] = first[place[i]];
            first[place[i]] = (signed char)i;
        }
    }
#define PLACE(i) ((i) < KNOWN_TAGS ? place[i] : roster_index(tags[i].name))

    for (k = 0; k < ROSTER_COUNT; k++) {
        int seen = 0;
        for (i = first[k] >= 0 ? (size_t)first[k] : KNOWN_TAGS; i < count; i = next_of(i, after)) {
            pdn_str value = tags[i].value;
            if (PLACE(i) != k)
                continue;
            if (k == ROSTER_RESULT && !seen && has_r && pdn_canon__result_unknown(value))
                value = r;
            seen = 1;
            rc = fn(ctx, tags[i].name, value, &tags[i]);
            if (rc != 0)
                return rc;
        }
        if (seen)
            continue;
        if (k == ROSTER_RESULT && has_r) {
            rc = fn(ctx, cstr(roster_names[k]), r, NULL);
        } else if (chess) {
            rc = fn(ctx, cstr(roster_names[k]), cstr(roster_chess_default[k]), NULL);
        } else {
            continue;
        }
        if (rc != 0)
            return rc;
    }

    for (i = 0; i < count; i++) {
        if (PLACE(i) >= 0)
            continue;
        pdn_str value = tags[i].value;
        if (str_eq(tags[i].name, "FEN"))
            value = pdn_canon__fen(value);
        rc = fn(ctx, tags[i].name, value, &tags[i]);
        if (rc != 0)
            return rc;
    }
#undef PLACE
    return 0;
}

/* Adapter: pdn_canon__each_tag() in terms of pdn_canon__each_tag_src(). */
struct plain_ctx {
    pdn_canon__tag_fn fn;
    void *ctx;
};

static int plain_cb(void *ctx, pdn_str name, pdn_str value, const pdn_tag *src)
{
    struct plain_ctx *p = ctx;
    (void)src;
    return p->fn(p->ctx, name, value);
}

pdn_str pdn_canon__fen(pdn_str fen)
{
    /* Section 10.1: no dot at the end of a FEN when writing. */
    while (fen.len && (fen.ptr[fen.len - 1] == '.' || fen.ptr[fen.len - 1] == ' '))
        fen.len--;
    while (fen.len && fen.ptr[0] == ' ')
        fen.ptr++, fen.len--;
    return fen;
}

int pdn_canon__each_tag(const pdn_game *g, pdn_canon__tag_fn fn, void *ctx)
{
    struct plain_ctx p;
    p.fn = fn;
    p.ctx = ctx;
    return pdn_canon__each_tag_src(g, plain_cb, &p);
}

/* ===================================================================== */
/* Result                                                                */
/* ===================================================================== */

/* What pdn_canon__each_tag_src() gives for the Result place, found without
 * walking every tag: it runs for each game the writer writes. */
int pdn_canon__result(const pdn_game *g, pdn_str *out)
{
    size_t count = 0;
    const pdn_tag *tags = pdn_game_tags(g, &count);
    pdn_str r;
    int has_r = terminator_result(g, &r);
    for (size_t i = 0; tags != NULL && i < count; i++) {
        if (roster_index(tags[i].name) != ROSTER_RESULT)
            continue;
        pdn_str value = tags[i].value;
        if (has_r && pdn_canon__result_unknown(value))
            value = r;
        *out = trim(value);
        return 1;
    }
    if (has_r || pdn_game_type(g) == 0) {
        *out = trim(has_r ? r : cstr(roster_chess_default[ROSTER_RESULT]));
        return 1;
    }
    *out = cstr("");
    return 0;
}

int pdn_canon__conflict(const pdn_game *g, pdn_str *out)
{
    pdn_str r, empty = {"", 0};
    const pdn_tag *tag;

    if (out != NULL)
        *out = empty;
    if (!terminator_result(g, &r))
        return 0;
    tag = pdn_game_tag(g, "Result");
    if (tag == NULL || pdn_canon__result_unknown(tag->value))
        return 0;
    if (pdn_canon__same_result(tag->value, r))
        return 0;
    if (out != NULL)
        *out = r;
    return 1;
}

pdn_attach pdn_canon__conflict_attach(const pdn_game *g)
{
    const pdn_node *n;
    for (n = pdn_node_first_child(pdn_game_root(g)); n != NULL; n = pdn_node_next(n))
        if (pdn_node_kind_of(n) == PDN_NODE_MOVE)
            return PDN_ATTACH_AFTER;
    return PDN_ATTACH_START;
}

pdn_str pdn_canon__separator(const pdn_game *g)
{
    pdn_str value;

    if (pdn_game_type(g) != 0)
        return cstr("*");
    if (!pdn_canon__result(g, &value) || pdn_canon__result_unknown(value))
        return cstr("*");
    /* Only a value the reader always takes back as a terminator may end the
     * game: one of PGN's results as written (not "1 - 0", and not "0-0",
     * which is castling in chess).  A non-standard result ("4") ends a game
     * only before the next tags, which a header comment of the next game
     * may not be; it stays in the Result tag. */
    static const char *const pgn[] = {"1-0", "0-1", "1/2-1/2"};
    for (size_t i = 0; i < sizeof pgn / sizeof pgn[0]; i++)
        if (value.len == strlen(pgn[i]) && memcmp(value.ptr, pgn[i], value.len) == 0)
            return value;
    return cstr("*");
}
