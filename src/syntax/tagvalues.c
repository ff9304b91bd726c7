/* SPDX-License-Identifier: MIT */
/*
 * tagvalues.c - checks the values of the tags the standard gives a syntax to
 * (GameType, Date, Result, TimeControl, WhiteTime, BlackTime, FEN) and the
 * embedded commands of comments, using the typed-value parsers of
 * src/values.  Runs once per game, when the header is complete.
 */
#include "base/bits.h"
#include "syntax/parse.h"
#include "values/values.h"

#include <string.h>

/* Offset of a value's byte in the game's text; when the value was unescaped
 * into separate storage, the tag's own position is the best we have. */
static size_t value_at(const struct pdn_game *g, const pdn_tag *t, size_t err_at)
{
    const pdn_tag_rec *r =
        (const pdn_tag_rec *)g->tag_recs.data + (t - (const pdn_tag *)g->tags.data);
    return r->value_in_strings ? r->offset : r->value_off + err_at;
}

static bool report(struct pdn_game *g, const pdn_tag *t, pdn_diag_code code, size_t err_at)
{
    if (code == PDN_D_NONE)
        return true;
    size_t at = value_at(g, t, err_at);
    size_t len = t->value.len > err_at ? t->value.len - err_at : 1;
    return pdn_game__diag(g, code, at, len, UINT32_MAX, 0);
}

static bool lit_eq(const char *v, size_t n, const char *lit)
{
    return strlen(lit) == n && memcmp(v, lit, n) == 0;
}

/* A "Goes" score: optional '-', digits, optional decimals, '-', the same
 * without sign ("1.01-0.99", "-0.98-1.02"). */
static bool goes_score(const char *v, size_t n)
{
    size_t i = 0;
    for (int half = 0; half < 2; half++) {
        if (half == 0 && i < n && v[i] == '-')
            i++;
        size_t d = i;
        while (i < n && v[i] >= '0' && v[i] <= '9')
            i++;
        if (i == d)
            return false;
        if (i < n && v[i] == '.') {
            size_t f = ++i;
            while (i < n && v[i] >= '0' && v[i] <= '9')
                i++;
            if (i == f)
                return false;
        }
        if (half == 0) {
            if (i >= n || v[i] != '-')
                return false;
            i++;
        }
    }
    return i == n;
}

/* The Result values of the ResultFormat tag's formats (section 3.2); -1 for
 * a format the standard does not define, whose values cannot be checked. */
static int format_allows(pdn_str format, const char *v, size_t n)
{
    if (lit_eq(v, n, "*") || lit_eq(v, n, "") || lit_eq(v, n, "2-0") || lit_eq(v, n, "0-2") ||
        lit_eq(v, n, "1-1") || lit_eq(v, n, "0-0"))
        return 1;
    if (lit_eq(format.ptr, format.len, "Plus draw"))
        return lit_eq(v, n, "1+ - 1-") || lit_eq(v, n, "1- - 1+");
    if (lit_eq(format.ptr, format.len, "Delfts"))
        return lit_eq(v, n, "1 1/2 - 1/2") || lit_eq(v, n, "1/2 - 1 1/2");
    if (lit_eq(format.ptr, format.len, "Goes"))
        return goes_score(v, n);
    return -1;
}

static PDN_FORCE_INLINE bool result_allowed(int type, const char *v, size_t n)
{
    bool intl = type == 20 || type == 27 || type < 0,
         dflt = !(type == 20 || type == 27) || type < 0;
    switch (n) {
    case 0:
        return true;
    case 1:
        return *v == '*';
    case 3:
        return memcmp(v, "0-0", 3) == 0 ||
               (intl && (memcmp(v, "2-0", 3) == 0 || memcmp(v, "0-2", 3) == 0 ||
                         memcmp(v, "1-1", 3) == 0)) ||
               (dflt && (memcmp(v, "1-0", 3) == 0 || memcmp(v, "0-1", 3) == 0));
    case 7:
        return dflt && memcmp(v, "1/2-1/2", 7) == 0;
    default:
        return false;
    }
}

/* Restriction of section 10.1 on written FENs: no spaces, no final dot. */
static bool fen_form(struct pdn_game *g, size_t at, const char *v, size_t n)
{
    const char *sp = n ? memchr(v, ' ', n) : NULL;
    size_t i = sp ? (size_t)(sp - v) : n;
    if (n && v[n - 1] == '.' && n - 1 < i)
        i = n - 1;
    return i == n || pdn_game__diag(g, PDN_D_FEN_FORM, at + i, 1, UINT32_MAX, 0);
}

/*
 * The board a FEN is checked against: the GameType tag's (t, the first
 * one), or chess.  When the type is only a guess the FEN is checked for
 * syntax alone, so that a missing tag never turns a good FEN into an error.
 */
static bool known_board(const struct pdn_game *g, const pdn_tag *t, pdn_geometry *geo)
{
    pdn_gametype gt;
    size_t at;
    if (t != NULL) {
        pdn_diag_code c = pdn_parse_gametype(&gt, t->value.ptr, t->value.len, &at);
        if (c != PDN_D_NONE && c != PDN_D_ODD_GAMETYPE)
            return false;
    } else if (g->gametype != 0 || pdn_gametype_default(&gt, 0) != PDN_OK) {
        return false;
    }
    return pdn_geometry_init(geo, &gt) == PDN_OK;
}

/* A syntactically good FEN on the game's board (gametype: its first
 * GameType tag): squares it lacks, squares given twice, chess positions
 * that cannot occur. */
static pdn_diag_code fen_on_board(const struct pdn_game *g, const pdn_tag *gametype, const char *v,
                                  size_t n, size_t *at)
{
    pdn_geometry geo;
    pdn_position pos;
    if (!known_board(g, gametype, &geo))
        return PDN_D_NONE;
    pdn_diag_code c = pdn_fen_read(&pos, &geo, v, n, at);
    return c == PDN_D_FEN_FORM || c == PDN_D_BAD_FEN ? PDN_D_NONE : c;
}

/* pdn_parse_date()'s verdict on v[0..n) when the game's note d of the last
 * date has another text (date_verdict()). */
static PDN_NOINLINE pdn_diag_code new_date(struct pdn_date_note *d, const char *v, size_t n,
                                           size_t *at)
{
    pdn_diag_code c = pdn_parse_date(NULL, v, n, at);
    if (n <= sizeof d->text) {
        memcpy(d->text, v, n);
        d->len = (uint8_t)n;
        d->code = c;
        d->at = (uint32_t)*at;
    }
    return c;
}

/* pdn_parse_date()'s verdict on v[0..n), taken from the game's note d of
 * the last date when the text is the same: mostly, and then compared
 * inline, a date of 8 to 16 bytes as two words that overlap. */
static PDN_FORCE_INLINE pdn_diag_code date_verdict(struct pdn_date_note *d, const char *v, size_t n,
                                                   size_t *at)
{
    const unsigned char *a = (const unsigned char *)v, *b = (const unsigned char *)d->text;
    if (n == d->len && (n - 8 <= 8 ? pdn_bits__load(a) == pdn_bits__load(b) &&
                                         pdn_bits__load(a + n - 8) == pdn_bits__load(b + n - 8)
                                   : memcmp(v, b, n) == 0)) {
        *at = d->at;
        return d->code;
    }
    return new_date(d, v, n, at);
}

/* The tags whose values have a syntax to check. */
typedef enum value_kind {
    V_NONE,
    V_GAMETYPE,
    V_DATE,       /* Date */
    V_OTHER_DATE, /* the other date tags, whose note of the last date is another */
    V_RESULT,
    V_RESULT_FORMAT,
    V_TIMECONTROL,
    V_DURATION,
    V_FEN
} value_kind;

/* A switch on the length first: most names are compared with one literal
 * at most, and the commonest (Event, White, Black, Round) with none. */
static PDN_FORCE_INLINE value_kind kind_of(const char *n, size_t len)
{
#define IS(lit) (memcmp(n, lit, sizeof(lit) - 1) == 0)
    switch (len) {
    case 3:
        return IS("FEN") ? V_FEN : V_NONE;
    case 4:
        return IS("Date") ? V_DATE : V_NONE;
    case 6:
        return IS("Result") ? V_RESULT : V_NONE;
    case 7:
        return IS("UTCDate") ? V_OTHER_DATE : V_NONE;
    case 8:
        return IS("GameType") ? V_GAMETYPE : V_NONE;
    case 9:
        return IS("EventDate")                      ? V_OTHER_DATE
               : IS("WhiteTime") || IS("BlackTime") ? V_DURATION
                                                    : V_NONE;
    case 11:
        return IS("TimeControl") ? V_TIMECONTROL : V_NONE;
    case 12:
        return IS("ResultFormat") ? V_RESULT_FORMAT : V_NONE;
    case 15:
        return IS("PublicationDate") ? V_OTHER_DATE : V_NONE;
    case 16:
        return IS("TimeControlWhite") || IS("TimeControlBlack") ? V_TIMECONTROL : V_NONE;
    default:
        return V_NONE;
    }
#undef IS
}

/* Checks the value of t (of a kind other than V_NONE); false on
 * out-of-memory.  format and gametype: the first ResultFormat and GameType
 * tags, or NULL. */
static PDN_FORCE_INLINE bool check_value(struct pdn_game *g, const pdn_tag *t, value_kind kind,
                                         const pdn_tag *format, const pdn_tag *gametype)
{
    const char *v = t->value.ptr;
    size_t n = t->value.len, at = 0;
    pdn_diag_code c = PDN_D_NONE;
    switch (kind) {
    case V_GAMETYPE: {
        pdn_gametype gt;
        c = pdn_parse_gametype(&gt, v, n, &at);
        break;
    }
    case V_DATE:
        /* "" is allowed for every tag. */
        if (n)
            c = date_verdict(&g->dates[0], v, n, &at);
        break;
    case V_OTHER_DATE:
        if (n)
            c = date_verdict(&g->dates[1], v, n, &at);
        break;
    case V_RESULT: {
        /* With a ResultFormat its values replace the type's (3.2). */
        int allowed = format ? format_allows(format->value, v, n) : -1;
        if (format ? allowed == 0 : !result_allowed(g->gametype, v, n))
            c = PDN_D_BAD_RESULT;
        break;
    }
    case V_TIMECONTROL: {
        pdn_timecontrol tc;
        c = pdn_parse_timecontrol(&tc, v, n, &at);
        break;
    }
    case V_DURATION: {
        long secs;
        c = pdn_parse_duration(&secs, v, n, &at);
        break;
    }
    case V_FEN:
        /* A valid FEN without white space breaks fen_form() only by a
         * final dot. */
        if (n && g->gametype != 0 && pdn_values__fen_plain(v, n)) {
            /* A draughts game without a GameType tag has no board to
             * check it on (known_board()). */
            if (gametype)
                c = fen_on_board(g, gametype, v, n, &at);
            if (v[n - 1] == '.' &&
                !pdn_game__diag(g, PDN_D_FEN_FORM, value_at(g, t, 0) + n - 1, 1, UINT32_MAX, 0))
                return false;
            break;
        }
        if (n)
            c = pdn_check_fen_syntax(v, n, g->gametype == 0, &at);
        if (n && c == PDN_D_NONE)
            c = fen_on_board(g, gametype, v, n, &at);
        if (n && g->gametype != 0 && !fen_form(g, value_at(g, t, 0), v, n))
            return false;
        break;
    case V_RESULT_FORMAT:
    case V_NONE:
        break;
    }
    return report(g, t, c, at);
}

/* The header without ResultFormat and GameType tags, nearly every one: the
 * public tags are made (as pdn_game__resolve_tags() makes them) in the pass
 * that checks them, each checked as it is made, no other tag being needed. */
static bool resolve_and_check(struct pdn_game *g)
{
    size_t count = g->tag_recs.len;
    pdn_tag *tags = g->tags.data;
    if (g->tags.len == count) {
        /* The tag reader made them all (plain_tags() in tags.c). */
        for (size_t i = 0; i < count; i++) {
            value_kind kind = kind_of(tags[i].name.ptr, tags[i].name.len);
            if (kind != V_NONE && !check_value(g, &tags[i], kind, NULL, NULL)) {
                g->tags.len = i + 1;
                return false;
            }
        }
        return true;
    }
    g->tags.len = 0;
    if (!pdn_vec__reserve(&g->tags, &g->alloc, sizeof(pdn_tag), count))
        return false;
    const pdn_tag_rec *r = g->tag_recs.data;
    tags = g->tags.data;
    for (size_t i = 0; i < count; i++) {
        pdn_tag *t = &tags[i];
        *t = pdn_game__public_tag(g, &r[i]);
        value_kind kind = kind_of(t->name.ptr, t->name.len);
        if (kind != V_NONE && !check_value(g, t, kind, NULL, NULL)) {
            g->tags.len = i + 1;
            return false;
        }
    }
    g->tags.len = count;
    return true;
}

bool pdn_syntax__check_tags(struct pdn_game *g)
{
    /* The first ResultFormat and GameType tags, which other tags' checks
     * need wherever they are.  Mostly there is neither, which the shapes
     * of the names read say without a pass. */
    const uint64_t either = pdn_game__tag_shape(12, 'R') | pdn_game__tag_shape(8, 'G');
    if (!(g->tag_shapes & either))
        return resolve_and_check(g);
    if (!pdn_game__resolve_tags(g))
        return false;
    const pdn_tag *tags = g->tags.data;
    size_t count = g->tags.len;
    const pdn_tag *format = NULL, *gametype = NULL;
    for (size_t i = 0; i < count; i++) {
        size_t len = tags[i].name.len;
        if (len == 12 && !format && kind_of(tags[i].name.ptr, 12) == V_RESULT_FORMAT)
            format = &tags[i];
        else if (len == 8 && !gametype && kind_of(tags[i].name.ptr, 8) == V_GAMETYPE)
            gametype = &tags[i];
    }
    for (size_t i = 0; i < count; i++) {
        value_kind kind = kind_of(tags[i].name.ptr, tags[i].name.len);
        if (kind != V_NONE && !check_value(g, &tags[i], kind, format, gametype))
            return false;
    }
    return true;
}

static bool command_ok(pdn_str name, pdn_str value)
{
    const char *v = value.ptr;
    size_t n = value.len, at;
#define IS_NAME(s) (name.len == sizeof(s) - 1 && memcmp(name.ptr, s, sizeof(s) - 1) == 0)
    if (IS_NAME("clk") || IS_NAME("mct") || IS_NAME("egt") || IS_NAME("emt")) {
        long long ms;
        pdn_clock ck;
        /* The standard's own examples put colour letters into clk too. */
        return pdn_parse_clock_time(&ms, v, n, &at) == PDN_D_NONE ||
               pdn_parse_clock(&ck, v, n, &at) == PDN_D_NONE;
    }
    if (IS_NAME("clock")) {
        pdn_clock ck;
        return pdn_parse_clock(&ck, v, n, &at) == PDN_D_NONE;
    }
    if (IS_NAME("eval")) {
        pdn_eval ev;
        return pdn_parse_eval(&ev, v, n, &at) == PDN_D_NONE;
    }
    if (IS_NAME("csl") || IS_NAME("cal")) {
        size_t count;
        return pdn_parse_marks(NULL, 0, &count, v, n, IS_NAME("cal"), &at) == PDN_D_NONE;
    }
#undef IS_NAME
    return true; /* unknown commands are kept verbatim */
}

bool pdn_syntax__check_commands(struct pdn_game *g, uint32_t off, uint32_t len)
{
    pdn_str text = pdn_str__make(g->text + off, len);
    size_t pos = 0;
    pdn_command cmd;
    while (pdn_command_next(&cmd, text, &pos)) {
        if (!command_ok(cmd.name, cmd.value) &&
            !pdn_game__diag(g, PDN_D_BAD_COMMAND, off + cmd.offset, cmd.length, UINT32_MAX, 0))
            return false;
    }
    return true;
}

bool pdn_syntax__check_setup(struct pdn_game *g, uint32_t off, uint32_t len)
{
    if (!fen_form(g, off, g->text + off, len))
        return false;
    size_t at = 0;
    pdn_diag_code c = pdn_check_fen_syntax(g->text + off, len, g->gametype == 0, &at);
    if (c == PDN_D_NONE)
        c = fen_on_board(g, PDN_GAME__TAG(g, "GameType"), g->text + off, len, &at);
    if (c == PDN_D_NONE)
        return true;
    return pdn_game__diag(g, c, off + at, len > at ? len - at : 1, UINT32_MAX, 0);
}
