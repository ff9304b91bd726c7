/* SPDX-License-Identifier: MIT */
/*
 * tags.c - the tag pairs of a game header: [Name "value"] with the liberal
 * extras (localised names, escapes, unescaped quotes, values over lines),
 * duplicate detection, and what the movetext needs from GameType and Result.
 */
#include "base/bits.h"
#include "syntax/parser.h"

static bool same_name(const parser *ps, const pdn_tag_rec *t, const char *name, size_t len)
{
    return t->name_len == len && memcmp(ps->s + t->name_off, name, len) == 0;
}

const pdn_tag_rec *pdn_parse__find_tag(const parser *ps, const char *name, size_t len)
{
    /* The length and the first byte rule out nearly every other name
     * before a comparison of the rest. */
    const pdn_tag_rec *t = ps->g->tag_recs.data;
    for (size_t i = 0, n = ps->g->tag_recs.len; i < n; i++)
        if (t[i].name_len == len && ps->s[t[i].name_off] == name[0] &&
            same_name(ps, &t[i], name, len))
            return &t[i];
    return NULL;
}

static PDN_FORCE_INLINE bool is_standard_result(const char *v, size_t n)
{
    /* Three bytes "a-b" with a, b in 0..2: every pair but 1-2, 2-1, 2-2. */
    if (n == 3) {
        unsigned a = (unsigned)(unsigned char)v[0] - '0', b = (unsigned)(unsigned char)v[2] - '0';
        return v[1] == '-' && a <= 2 && b <= 2 && a + b <= 2;
    }
    return (n == 7 && memcmp(v, "1/2-1/2", 7) == 0) || (n == 1 && *v == '*');
}

/* Remembers what the movetext parser needs from a tag right away. */
static void note_tag(parser *ps, const pdn_tag_rec *t)
{
    const char *name = ps->s + t->name_off;
    const char *v =
        (t->value_in_strings ? (const char *)ps->g->strings.data : ps->s) + t->value_off;
    if (t->name_len == 8 && memcmp(name, "GameType", 8) == 0) {
        pdn_gametype gt;
        pdn_diag_code c = pdn_parse_gametype(&gt, v, t->value_len, NULL);
        if (c == PDN_D_NONE || c == PDN_D_ODD_GAMETYPE) {
            ps->g->gametype = gt.type;
            ps->chess = gt.type == 0;
            ps->cap_sep = pdn_gametype_capture_separator(gt.type);
            ps->notation =
                gt.width > 0 && (gt.notation == 'N' || gt.notation == 'A') ? gt.notation : 0;
        }
    } else if (t->name_len == 6 && memcmp(name, "Result", 6) == 0) {
        /* The game's end compares its terminator with the first one. */
        if (!ps->result_rec)
            ps->result_rec = (uint32_t)ps->g->tag_recs.len; /* t is the last record */
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
    const char *close =
        p + pdn_bits__find4((const unsigned char *)p, (size_t)(e - p), '"', '\\', '\n', '\r');
    if (close + 1 < e && *close == '"' && close[1] == ']') {
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
                pdn_parse__diag(ps, PDN_D_TAG_ESCAPE, p, 2, UINT32_MAX);
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
            pdn_parse__diag(ps, PDN_D_TAG_QUOTE, p, 1, UINT32_MAX);
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
                pdn_parse__diag(ps, PDN_D_UNCLOSED_STRING, p, 1, off(ps, start - 1));
                break;
            }
        }
        p++;
    }
    if (p >= e)
        pdn_parse__diag(ps, PDN_D_UNCLOSED_STRING, p, 0, off(ps, start - 1));
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
static void general_tag(parser *ps)
{
    const char *open = ps->p, *e = ps->e, *name = open + 1, *p;
    size_t name_len;
    bool odd_name = false;
    /* Nearly always [Name "value"]: a name of fewer than 16 characters, one
     * space and the quote. */
    unsigned k = e - name >= 18 ? pdn_bits__word16((const unsigned char *)name) : 0;
    if (k && k < 16 && name[k] == ' ' && name[k + 1] == '"') {
        name_len = k;
        p = name + k + 1;
    } else {
        p = name = skip_blanks(open + 1, e);
        while (p < e && IS(*p, C_NAME))
            p++;
        name_len = (size_t)(p - name);
        /* Localised names with spaces or entities: [Type de jeu "20"].  The
         * name then runs to the quote of the line, if no ']' comes first. */
        const char *after = skip_blanks(p, e);
        if (after < e && *after != '"' && !IS(*after, C_SPACE | C_DELIM)) {
            const char *le = line_end(after, e), *q = memchr(after, '"', (size_t)(le - after));
            if (q && !memchr(name, ']', (size_t)(q - name))) {
                const char *t = q;
                while (t > name && (t[-1] == ' ' || t[-1] == '\t'))
                    t--;
                name_len = (size_t)(t - name);
                odd_name = true;
                p = q;
            }
        }
        p = skip_blanks(p, e);
    }
    if (name_len == 0 || p >= e || *p != '"') {
        /* Not a tag: keep the bracketed text (to ']' on this line) as junk. */
        const char *le = line_end(open, e), *q = open + 1;
        while (q < le && *q != ']')
            q++;
        if (q < le)
            q++;
        pdn_parse__diag(ps, PDN_D_BAD_TAG, open, (size_t)(q - open), UINT32_MAX);
        pdn_parse__add_comment(ps, PDN_COMMENT_JUNK, open, (size_t)(q - open), open,
                               (size_t)(q - open));
        ps->p = q;
        return;
    }
    if (odd_name)
        pdn_parse__diag(ps, PDN_D_TAG_NAME_CHARS, name, name_len, UINT32_MAX);
    else if (!IS(*name, C_UPPER))
        pdn_parse__diag(ps, PDN_D_TAG_NAME_CASE, name, name_len, UINT32_MAX);
    /* The record is filled in place: copying one built in pieces makes the
     * copy wait for the pieces. */
    struct pdn_game *g = ps->g;
    if (!pdn_vec__reserve(&g->tag_recs, &g->alloc, sizeof(pdn_tag_rec), 1)) {
        ps->nomem = true;
        return;
    }
    pdn_tag_rec *slot = (pdn_tag_rec *)g->tag_recs.data + g->tag_recs.len;
    slot->offset = off(ps, open);
    slot->name_off = off(ps, name);
    slot->name_len = (uint32_t)name_len;
    slot->value_in_strings = false;
    const char *vend;
    p = tag_value(ps, p + 1, slot, &vend);
    if (p < e && *p != ']')
        p = skip_blanks(p, e);
    if (p < e && *p == ']') {
        p++;
    } else {
        pdn_parse__diag(ps, PDN_D_UNCLOSED_TAG, p, 1, off(ps, open));
    }
    /* Most headers have no duplicate: a bit per name shape rules them out
     * without comparing names. */
    uint64_t bit = pdn_game__tag_shape(name_len, (unsigned char)*name);
    const pdn_tag_rec *dup = (ps->tag_bloom & bit) ? pdn_parse__find_tag(ps, name, name_len) : NULL;
    ps->tag_bloom |= bit;
    if (dup)
        pdn_parse__diag(ps, PDN_D_DUPLICATE_TAG, open, (size_t)(p - open), dup->offset);
    g->tag_recs.len++;
    note_tag(ps, slot);
    ps->tag_mark = pdn_game__node(g, PDN_HEADER)->last;
    ps->last_tag_end = p;
    ps->p = p;
}

/*
 * The names of nearly every header, each with the space and the quote
 * after it, as the bytes of two little-endian words from the name on:
 * a name of these is known from two comparisons where any other is
 * classified byte by byte.  The slot of a name is a hash of its first four
 * bytes (KNOWN_SLOT); two entries for one slot are an error of the
 * initializer (-Woverride-init), and unit/tag_known checks the entries.
 * Longer names that start as these do (WhiteElo, EventDate) are in a
 * second table, known_wide.
 */
#define KNOWN_MAGIC 0x6c0fd4f5u
#define KNOWN_SLOT(a, b, c, d)                                                                     \
    ((uint32_t)(((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24) * \
                KNOWN_MAGIC) >>                                                                    \
     28)
#define KNOWN_LE8(a, b, c, d, e, f, g, h)                                                          \
    ((uint64_t)(a) | (uint64_t)(b) << 8 | (uint64_t)(c) << 16 | (uint64_t)(d) << 24 |              \
     (uint64_t)(e) << 32 | (uint64_t)(f) << 40 | (uint64_t)(g) << 48 | (uint64_t)(h) << 56)
#define KNOWN_SHAPE(len, first) PDN_GAME__TAG_SHAPE(len, first)
/* Names of three to six bytes: the name, ' ' and '"' in the first word. */
#define KNOWN_SHORT(len, a, b, c, d, e, f, g, h)                                                   \
    [KNOWN_SLOT(a, b, c, d)] = {KNOWN_LE8(a, b, c, d, e, f, g, h),                                 \
                                ~UINT64_C(0) >> (64 - 8 * ((len) + 2)),                            \
                                0,                                                                 \
                                0,                                                                 \
                                KNOWN_SHAPE(len, a),                                               \
                                len}
/* Names of eight bytes: ' ' and '"' start the second word. */
#define KNOWN_LONG(a, b, c, d, e, f, g, h)                                                         \
    [KNOWN_SLOT(a, b, c, d)] = {KNOWN_LE8(a, b, c, d, e, f, g, h),                                 \
                                ~UINT64_C(0),                                                      \
                                KNOWN_LE8(' ', '"', 0, 0, 0, 0, 0, 0),                             \
                                0xFFFF,                                                            \
                                KNOWN_SHAPE(8, a),                                                 \
                                8}

typedef struct known_name {
    uint64_t word, mask;   /* the bytes at the name */
    uint64_t word2, mask2; /* the eight after them */
    uint64_t shape;        /* pdn_game__tag_shape() of the name */
    unsigned len;
} known_name;

static const known_name known_names[16] = {
    KNOWN_SHORT(5, 'E', 'v', 'e', 'n', 't', ' ', '"', 0),
    KNOWN_SHORT(4, 'S', 'i', 't', 'e', ' ', '"', 0, 0),
    KNOWN_SHORT(4, 'D', 'a', 't', 'e', ' ', '"', 0, 0),
    KNOWN_SHORT(5, 'R', 'o', 'u', 'n', 'd', ' ', '"', 0),
    KNOWN_SHORT(5, 'W', 'h', 'i', 't', 'e', ' ', '"', 0),
    KNOWN_SHORT(5, 'B', 'l', 'a', 'c', 'k', ' ', '"', 0),
    KNOWN_SHORT(6, 'R', 'e', 's', 'u', 'l', 't', ' ', '"'),
    KNOWN_SHORT(3, 'F', 'E', 'N', ' ', '"', 0, 0, 0),
    KNOWN_SHORT(3, 'E', 'C', 'O', ' ', '"', 0, 0, 0),
    KNOWN_SHORT(5, 'S', 'e', 't', 'U', 'p', ' ', '"', 0),
    KNOWN_SHORT(5, 'S', 'e', 't', 'u', 'p', ' ', '"', 0),
    KNOWN_LONG('G', 'a', 'm', 'e', 'T', 'y', 'p', 'e'),
    KNOWN_LONG('P', 'l', 'y', 'C', 'o', 'u', 'n', 't'),
    /* The free slots: no word is 1 under a mask of 0. */
    [0] = {1, 0, 0, 0, 0, 0},
    [6] = {1, 0, 0, 0, 0, 0},
    [14] = {1, 0, 0, 0, 0, 0},
};

/*
 * The names of seven to fourteen bytes of chess headers (and the clocks of
 * draughts ones): the first word is the name's own bytes (and the space
 * after seven), which pick the slot of the 32 by a hash of all eight
 * (KNOWN_WSLOT); the rest of the name, ' ' and '"' are the second word.
 */
#define KNOWN_MAGIC8 UINT64_C(0x56b10fcd7de9a517)
#define KNOWN_WSLOT(a, b, c, d, e, f, g, h)                                                        \
    ((KNOWN_LE8(a, b, c, d, e, f, g, h) * KNOWN_MAGIC8) >> 59)
#define KNOWN_WIDE(len, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)                            \
    [KNOWN_WSLOT(a, b, c, d, e, f, g, h)] = {KNOWN_LE8(a, b, c, d, e, f, g, h),                    \
                                             ~UINT64_C(0),                                         \
                                             KNOWN_LE8(i, j, k, l, m, n, o, p),                    \
                                             ~UINT64_C(0) >> (64 - 8 * ((len)-6)),                 \
                                             KNOWN_SHAPE(len, a),                                  \
                                             len}

static const known_name known_wide[32] = {
    KNOWN_WIDE(9, 'E', 'v', 'e', 'n', 't', 'D', 'a', 't', 'e', ' ', '"', 0, 0, 0, 0, 0),
    KNOWN_WIDE(8, 'W', 'h', 'i', 't', 'e', 'E', 'l', 'o', ' ', '"', 0, 0, 0, 0, 0, 0),
    KNOWN_WIDE(8, 'B', 'l', 'a', 'c', 'k', 'E', 'l', 'o', ' ', '"', 0, 0, 0, 0, 0, 0),
    KNOWN_WIDE(11, 'W', 'h', 'i', 't', 'e', 'F', 'i', 'd', 'e', 'I', 'd', ' ', '"', 0, 0, 0),
    KNOWN_WIDE(11, 'B', 'l', 'a', 'c', 'k', 'F', 'i', 'd', 'e', 'I', 'd', ' ', '"', 0, 0, 0),
    KNOWN_WIDE(7, 'O', 'p', 'e', 'n', 'i', 'n', 'g', ' ', '"', 0, 0, 0, 0, 0, 0, 0),
    KNOWN_WIDE(9, 'V', 'a', 'r', 'i', 'a', 't', 'i', 'o', 'n', ' ', '"', 0, 0, 0, 0, 0),
    KNOWN_WIDE(10, 'W', 'h', 'i', 't', 'e', 'T', 'i', 't', 'l', 'e', ' ', '"', 0, 0, 0, 0),
    KNOWN_WIDE(10, 'B', 'l', 'a', 'c', 'k', 'T', 'i', 't', 'l', 'e', ' ', '"', 0, 0, 0, 0),
    KNOWN_WIDE(9, 'A', 'n', 'n', 'o', 't', 'a', 't', 'o', 'r', ' ', '"', 0, 0, 0, 0, 0),
    KNOWN_WIDE(11, 'T', 'i', 'm', 'e', 'C', 'o', 'n', 't', 'r', 'o', 'l', ' ', '"', 0, 0, 0),
    KNOWN_WIDE(11, 'T', 'e', 'r', 'm', 'i', 'n', 'a', 't', 'i', 'o', 'n', ' ', '"', 0, 0, 0),
    KNOWN_WIDE(10, 'W', 'h', 'i', 't', 'e', 'C', 'l', 'o', 'c', 'k', ' ', '"', 0, 0, 0, 0),
    KNOWN_WIDE(10, 'B', 'l', 'a', 'c', 'k', 'C', 'l', 'o', 'c', 'k', ' ', '"', 0, 0, 0, 0),
    KNOWN_WIDE(9, 'W', 'h', 'i', 't', 'e', 'T', 'i', 'm', 'e', ' ', '"', 0, 0, 0, 0, 0),
    KNOWN_WIDE(9, 'B', 'l', 'a', 'c', 'k', 'T', 'i', 'm', 'e', ' ', '"', 0, 0, 0, 0, 0),
    KNOWN_WIDE(7, 'U', 'T', 'C', 'D', 'a', 't', 'e', ' ', '"', 0, 0, 0, 0, 0, 0, 0),
    KNOWN_WIDE(7, 'U', 'T', 'C', 'T', 'i', 'm', 'e', ' ', '"', 0, 0, 0, 0, 0, 0, 0),
    KNOWN_WIDE(7, 'V', 'a', 'r', 'i', 'a', 'n', 't', ' ', '"', 0, 0, 0, 0, 0, 0, 0),
    KNOWN_WIDE(9, 'W', 'h', 'i', 't', 'e', 'T', 'e', 'a', 'm', ' ', '"', 0, 0, 0, 0, 0),
    KNOWN_WIDE(9, 'B', 'l', 'a', 'c', 'k', 'T', 'e', 'a', 'm', ' ', '"', 0, 0, 0, 0, 0),
    /* The free slots, as in known_names. */
    [0] = {1, 0, 0, 0, 0, 0},
    [1] = {1, 0, 0, 0, 0, 0},
    [3] = {1, 0, 0, 0, 0, 0},
    [4] = {1, 0, 0, 0, 0, 0},
    [12] = {1, 0, 0, 0, 0, 0},
    [16] = {1, 0, 0, 0, 0, 0},
    [17] = {1, 0, 0, 0, 0, 0},
    [21] = {1, 0, 0, 0, 0, 0},
    [24] = {1, 0, 0, 0, 0, 0},
    [30] = {1, 0, 0, 0, 0, 0},
    [31] = {1, 0, 0, 0, 0, 0},
};

/* The entries that may hold the name whose first eight bytes are w. */
static inline const known_name *known_slot(uint64_t w)
{
    return &known_names[(uint32_t)((uint32_t)w * KNOWN_MAGIC) >> 28];
}
static inline const known_name *known_wide_slot(uint64_t w)
{
    return &known_wide[(w * KNOWN_MAGIC8) >> 59];
}

/* Whether the name at u, whose first eight bytes are w, is kn's.  The
 * second word is read only when the first matches: most names are told by
 * the first table's slot, whose test is kept as short as it can be. */
static inline bool is_known(const known_name *kn, const unsigned char *u, uint64_t w)
{
    return (w & kn->mask) == kn->word && (pdn_bits__load(u + 8) & kn->mask2) == kn->word2;
}

size_t pdn_parse__known_name(const char *name, uint64_t *shape)
{
    const unsigned char *u = (const unsigned char *)name;
    uint64_t w = pdn_bits__load(u);
    const known_name *kn = known_slot(w);
    if (!is_known(kn, u, w) && !is_known(kn = known_wide_slot(w), u, w))
        return 0;
    *shape = kn->shape;
    /* A slot without a name that matches (a free slot not set to match
     * nothing) would give quick_tag() an empty name. */
    return kn->len ? kn->len : SIZE_MAX;
}

/* The common shape, [Name "value"] with a name of fewer than 16 letters,
 * digits or '_' and a value without escape or line break, read as
 * general_tag() reads it; NULL for anything else, which is left to it. */
static const char *quick_tag(parser *ps, const char *open, const char *e)
{
    const char *name = open + 1;
    /* Room for the 16-byte name test. */
    if (e - open < 32)
        return NULL;
    const unsigned char *u = (const unsigned char *)name;
    uint64_t w = pdn_bits__load(u);
    const known_name *kn = known_slot(w);
    unsigned k;
    uint64_t bit;
    bool lower = false;
    if (is_known(kn, u, w) || is_known(kn = known_wide_slot(w), u, w)) {
        k = kn->len;
        bit = kn->shape;
    } else {
        k = pdn_bits__word16(u);
        /* Two bytes compared as one word (memcmp() of a constant length
         * is one load). */
        if (k - 1 >= 15 || memcmp(name + k, " \"", 2) != 0)
            return NULL;
        bit = pdn_game__tag_shape(k, (unsigned char)*name);
        lower = !IS(*name, C_UPPER);
    }
    /* The record is begun before the value is searched (a tag left to
     * general_tag() fills the slot again): stores made in one go are
     * gathered into a vector at some cost. */
    struct pdn_game *g = ps->g;
    if (!pdn_vec__reserve(&g->tag_recs, &g->alloc, sizeof(pdn_tag_rec), 1)) {
        ps->nomem = true;
        return NULL;
    }
    pdn_tag_rec *slot = (pdn_tag_rec *)g->tag_recs.data + g->tag_recs.len;
    /* The name and the value are where the shape says. */
    uint32_t at = off(ps, open);
    slot->offset = at;
    slot->name_off = at + 1;
    slot->name_len = k;
    slot->value_off = at + k + 3;
    slot->value_in_strings = false;
    const char *v = name + k + 2;
    const char *close =
        v + pdn_bits__find4((const unsigned char *)v, (size_t)(e - v), '"', '\\', '\n', '\r');
    if (close + 1 >= e || memcmp(close, "\"]", 2) != 0)
        return NULL;
    if (lower)
        pdn_parse__diag(ps, PDN_D_TAG_NAME_CASE, name, k, UINT32_MAX);
    slot->value_len = (uint32_t)(close - v);
    const char *p = close + 2;
    if (ps->tag_bloom & bit) {
        const pdn_tag_rec *dup = pdn_parse__find_tag(ps, name, k);
        if (dup)
            pdn_parse__diag(ps, PDN_D_DUPLICATE_TAG, open, (size_t)(p - open), dup->offset);
    }
    ps->tag_bloom |= bit;
    g->tag_recs.len++;
    /* Only GameType and Result are noted: other names of their lengths
     * (PlyCount, Bianco) mostly differ in the shape. */
    if (bit & (pdn_game__tag_shape(8, 'G') | pdn_game__tag_shape(6, 'R')))
        note_tag(ps, slot);
    ps->tag_mark = pdn_game__node(g, PDN_HEADER)->last;
    ps->last_tag_end = p;
    return p;
}

/* The length of a name that general_tag() reads without a diagnostic (an
 * upper-case letter, then letters, digits or '_', fewer than 16 in all),
 * followed by blanks and the value's quote, which *quote gets the place of,
 * counted from the name and below 16 (names aligned in columns, [White
 * "..."], have many blanks), and its shape in *bit; 0 for any other text.
 * Out of line, so that the run of plain_tags() keeps its registers for the
 * names of the first table: the long ones of known_wide are told here. */
static PDN_NOINLINE unsigned other_name(const unsigned char *name, unsigned *quote, uint64_t *bit)
{
    uint64_t w = pdn_bits__load(name);
    const known_name *kn = known_wide_slot(w);
    if (is_known(kn, name, w)) {
        *quote = kn->len + 1;
        *bit = kn->shape;
        return kn->len;
    }
    unsigned k = pdn_bits__word16(name), q = k + 1;
    if (k - 1 >= 15 || !IS(*name, C_UPPER))
        return 0;
    *bit = pdn_game__tag_shape(k, *name);
    if (memcmp(name + k, " \"", 2) == 0) {
        *quote = q;
        return k;
    }
    for (q = k; q < 16 && (name[q] == ' ' || name[q] == '\t');)
        q++;
    *quote = q;
    return q > k && q < 16 && name[q] == '"' ? k : 0;
}

/* The first of '"', '\\', LF and CR from v on, or e, when the 16 bytes at
 * v may be read: the first 16, where most values end, are tested without
 * the search's checks of the length. */
static inline const char *value_end(const char *v, const char *e)
{
    const unsigned char *u = (const unsigned char *)v;
#if PDN_BITS_SSE2
    const __m128i w = _mm_loadu_si128((const __m128i *)(const void *)u);
    const __m128i m = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(w, _mm_set1_epi8('"')), _mm_cmpeq_epi8(w, _mm_set1_epi8('\\'))),
        _mm_or_si128(_mm_cmpeq_epi8(w, _mm_set1_epi8('\n')),
                     _mm_cmpeq_epi8(w, _mm_set1_epi8('\r'))));
    unsigned k = (unsigned)_mm_movemask_epi8(m);
    if (k)
        return v + pdn_bits__ctz(k);
    return v + 16 + pdn_bits__find4(u + 16, (size_t)(e - v) - 16, '"', '\\', '\n', '\r');
#else
    return v + pdn_bits__find4(u, (size_t)(e - v), '"', '\\', '\n', '\r');
#endif
}

/* The record of the tag [Name "value"] at `at` with a name of k bytes, its
 * value's quote `quote` bytes after the name and the value of n bytes: in
 * three words where the layout is known (little-endian, the offsets
 * below), as the compiler would otherwise gather the fields in a vector
 * register first. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&                                 \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
_Static_assert(offsetof(pdn_tag_rec, offset) == 0 && offsetof(pdn_tag_rec, name_off) == 4 &&
                   offsetof(pdn_tag_rec, name_len) == 8 && offsetof(pdn_tag_rec, value_off) == 12 &&
                   offsetof(pdn_tag_rec, value_len) == 16 &&
                   offsetof(pdn_tag_rec, value_in_strings) == 20 && sizeof(pdn_tag_rec) == 24,
               "tag record layout");
static inline void put_record(pdn_tag_rec *slot, uint32_t at, uint32_t k, uint32_t quote,
                              uint32_t n)
{
    uint64_t names = at | (uint64_t)(at + 1) << 32, value = k | (uint64_t)(at + quote + 2) << 32;
    uint64_t rest = n;
    memcpy((char *)slot, &names, 8);
    memcpy((char *)slot + 8, &value, 8);
    memcpy((char *)slot + 16, &rest, 8);
}
#else
static inline void put_record(pdn_tag_rec *slot, uint32_t at, uint32_t k, uint32_t quote,
                              uint32_t n)
{
    slot->offset = at;
    slot->name_off = at + 1;
    slot->name_len = k;
    slot->value_off = at + quote + 2;
    slot->value_len = n;
    slot->value_in_strings = false;
}
#endif

/* Whether a tag starts on the line after *p (LF or CR LF, then '['), and
 * then *p at its '[': tags a line apart are read straight on. */
static inline bool next_line_tag(const char **p, const char *e)
{
    const char *q = *p;
    if (e - q < 3)
        return false;
    q += *q == '\r';
    if (memcmp(q, "\n[", 2) != 0)
        return false;
    *p = q + 1;
    return true;
}

/*
 * The tags of a run read as quick_tag() reads them while each is of its
 * plainest kind: no diagnostic, no duplicate, no note but a standard
 * Result's, and room for its record.  Such a tag needs no call, so the
 * parser's state stays in registers over the run and is stored once after
 * it.  Returns where it stopped: after the run's last tag (*ended), or at
 * the '[' of a tag left to the code after it.
 */
static const char *plain_tags(parser *ps, const char *p, const char *e, bool *ended)
{
    struct pdn_game *g = ps->g;
    pdn_tag_rec *recs = g->tag_recs.data;
    size_t len = g->tag_recs.len, cap = g->tag_recs.cap;
    /* The public tags are made here too while every tag before has its
     * own and there is room (pdn_syntax__check_tags() makes the rest). */
    pdn_tag *tags = g->tags.data;
    size_t made = g->tags.len == len ? g->tags.cap : 0;
    uint64_t bloom = ps->tag_bloom;
    const char *end = NULL;
    /* GameType and Result need note_tag(), which only a standard Result's
     * inline note replaces; these bits send every other name of their
     * shapes to quick_tag(). */
    const uint64_t noted = pdn_game__tag_shape(8, 'G') | pdn_game__tag_shape(6, 'R');
    *ended = false;
    /* 34 bytes: the 16 of the name test, and the 16 at the value of a name
     * of up to 15 bytes, which value_end() reads. */
    while (e - p >= 34 && len < cap) {
        const char *name = p + 1;
        const unsigned char *u = (const unsigned char *)name;
        uint64_t w = pdn_bits__load(u);
        const known_name *kn = known_slot(w);
        unsigned k = kn->len, quote = k + 1;
        uint64_t bit = kn->shape;
        if (!is_known(kn, u, w)) {
            /* Through copies: the loop's own variables stay in registers. */
            unsigned q;
            uint64_t b;
            k = other_name(u, &q, &b);
            if (k == 0)
                break;
            quote = q;
            bit = b;
        }
        const char *v = name + quote + 1, *close = value_end(v, e);
        if (close + 1 >= e || memcmp(close, "\"]", 2) != 0)
            break;
        size_t n = (size_t)(close - v);
        if ((bloom | noted) & bit) {
            if ((bloom & bit) || k != 6 || memcmp(name, "Result", 6) != 0 ||
                !is_standard_result(v, n))
                break;
            if (!ps->result_rec)
                ps->result_rec = (uint32_t)len + 1;
        }
        uint32_t at = off(ps, p);
        if (len < made)
            tags[len] = (pdn_tag){
                .offset = at, .name = pdn_str__make(name, k), .value = pdn_str__make(v, n)};
        put_record(recs + len++, at, k, quote, (uint32_t)n);
        bloom |= bit;
        p = close + 2;
        end = p;
        if (!next_line_tag(&p, e))
            break;
    }
    if (end) {
        g->tag_recs.len = len;
        if (made)
            g->tags.len = len < made ? len : made;
        ps->tag_bloom = bloom;
        ps->tag_mark = pdn_game__node(g, PDN_HEADER)->last;
        ps->last_tag_end = end;
        *ended = p == end;
    }
    return p;
}

/* A tag and the tags that follow it a line apart, as headers mostly are:
 * read straight on, where the game loop would find nothing else to do. */
void pdn_parse__tag(parser *ps)
{
    const char *p = ps->p, *e = ps->e;
    for (;;) {
        const char *next = NULL;
        if (ps->quick) {
            bool ended;
            p = plain_tags(ps, p, e, &ended);
            if (ended)
                break;
            next = quick_tag(ps, p, e);
        }
        if (next) {
            p = next;
        } else {
            if (ps->nomem)
                return;
            ps->p = p;
            general_tag(ps);
            if (ps->nomem)
                return;
            p = ps->p;
        }
        if (!next_line_tag(&p, e))
            break;
    }
    ps->g->tag_shapes = ps->tag_bloom;
    ps->p = p;
}
