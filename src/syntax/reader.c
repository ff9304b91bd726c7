/* SPDX-License-Identifier: MIT */
/*
 * reader.c - feeds the parser one game at a time from a buffer or a reader
 * callback.  In callback mode it keeps a window of the input that holds at
 * least the current game: when the parser runs into the end of the window
 * before the input's end, the window grows (doubling) and the game is parsed
 * again, so memory is bounded by the largest game and the cost stays linear.
 *
 * It also decides each game's encoding (UTF-8, else the fallback) and keeps
 * the line count that turns offsets into line:column.  Once the input is
 * known to be in a single-byte encoding, it is converted ahead of the games,
 * so that a game is parsed once, from its UTF-8 text, rather than parsed,
 * converted and parsed again.
 */
#include "base/bits.h"
#include "syntax/parse.h"

#include <string.h>

/* Bytes the parser may look past a game's end (a result's next byte, "...").
 * A game ending closer than this to the window's end is parsed again once
 * more input is in. */
#define LOOKAHEAD 64
/* Unread bytes below which the window is refilled before a game is read,
 * rather than when a game runs into its end: more than most games with
 * their lookahead, so that a game is seldom cut by the window's end and
 * parsed twice; small beside the window, as a refill moves them. */
#define REFILL_BELOW (8u * 1024u)
#define FIRST_WINDOW (256u * 1024u)
/* Input converted at a time when it is converted ahead of the games: large
 * enough to hold many games, small beside the window. */
#define AHEAD_CHUNK (64u * 1024u)
/* Converted text held before a game is parsed from it: more than most games
 * with their lookahead, so that a game is seldom cut by the end of what is
 * converted and parsed twice. */
#define AHEAD_MIN 4096u

struct pdn_reader {
    pdn_alloc alloc;
    pdn_read_options opts;
    /* input */
    const char *data; /* buffer mode: the caller's; callback mode: window */
    size_t len;       /* bytes valid in data */
    size_t pos;       /* start of the next game in data */
    bool eof;
    pdn_read_fn fn;
    void *ctx;
    char *window;
    size_t window_cap;
    uint64_t base; /* input offset of data[0] */
    /* position bookkeeping */
    uint64_t line;
    uint32_t col;
    bool after_cr;
    bool bom_checked;
    pdn_encoding sticky; /* AUTO until a non-UTF-8 game is met */
    uint64_t index;
    struct pdn_game game;
    pdn_vec decoded; /* char: a game converted to UTF-8 */
    /* In a single-byte encoding: ahead.data[ahead_pos..ahead.len) is
     * data[pos..pos + ahead_raw) converted to UTF-8. */
    pdn_vec ahead;
    size_t ahead_pos, ahead_raw;
};

static pdn_status make(pdn_reader **out, const pdn_read_options *opts)
{
    if (!out)
        return PDN_EINVAL;
    *out = NULL;
    pdn_read_options o = PDN_READ_OPTIONS_INIT;
    if (opts) {
        if (opts->version != PDN_READ_OPTIONS_VERSION || (unsigned)opts->mode > PDN_MODE_STRICT ||
            (unsigned)opts->encoding > PDN_ENC_CP866)
            return PDN_EINVAL;
        o = *opts;
    }
    pdn_alloc a = pdn_alloc__resolve(o.allocator);
    pdn_reader *r = pdn_alloc__get(&a, sizeof *r);
    if (!r)
        return PDN_ENOMEM;
    memset(r, 0, sizeof *r);
    r->alloc = a;
    r->opts = o;
    r->line = 1;
    r->col = 1;
    r->sticky = o.encoding;
    pdn_game__init(&r->game, a);
    *out = r;
    return PDN_OK;
}

pdn_status pdn_reader_new_buffer(pdn_reader **out, const char *data, size_t len,
                                 const pdn_read_options *opts)
{
    if (!data && len)
        return PDN_EINVAL;
    pdn_status st = make(out, opts);
    if (st != PDN_OK)
        return st;
    (*out)->data = data ? data : "";
    (*out)->len = len;
    (*out)->eof = true;
    return PDN_OK;
}

pdn_status pdn_reader_new_buffer_at(pdn_reader **out, const char *data, size_t len,
                                    const pdn_reader_mark *at, const pdn_read_options *opts)
{
    if (!at || at->offset > len || (unsigned)at->encoding > PDN_ENC_CP866 || at->line == 0 ||
        at->column == 0)
        return PDN_EINVAL;
    pdn_status st = pdn_reader_new_buffer(out, data, len, opts);
    if (st != PDN_OK)
        return st;
    pdn_reader *r = *out;
    r->pos = (size_t)at->offset;
    r->line = at->line;
    r->col = at->column;
    r->after_cr = at->after_cr;
    r->sticky = at->encoding;
    r->index = at->games;
    /* A byte order mark counts at the input's start alone. */
    r->bom_checked = at->offset > 0;
    return PDN_OK;
}

void pdn_reader_mark_get(const pdn_reader *r, pdn_reader_mark *out)
{
    out->offset = r->base + r->pos;
    out->line = r->line;
    out->column = r->col;
    out->after_cr = r->after_cr;
    out->encoding = r->sticky;
    out->games = r->index;
}

pdn_status pdn_reader_new_callback(pdn_reader **out, pdn_read_fn fn, void *ctx,
                                   const pdn_read_options *opts)
{
    if (!fn)
        return PDN_EINVAL;
    pdn_status st = make(out, opts);
    if (st != PDN_OK)
        return st;
    (*out)->fn = fn;
    (*out)->ctx = ctx;
    (*out)->data = "";
    return PDN_OK;
}

void pdn_reader_free(pdn_reader *r)
{
    if (!r)
        return;
    pdn_alloc a = r->alloc;
    pdn_game__release(&r->game);
    pdn_vec__free(&r->decoded, &a, 1);
    pdn_vec__free(&r->ahead, &a, 1);
    pdn_alloc__put(&a, r->window, r->window_cap);
    pdn_alloc__put(&a, r, sizeof *r);
}

uint64_t pdn_reader_offset(const pdn_reader *r)
{
    return r->base + r->pos;
}

/* Moves the unread part to the front of the window, grows it when the
 * unread part fills it, and reads until it is full or the input ends. */
static pdn_status refill(pdn_reader *r)
{
    size_t keep = r->len - r->pos;
    if (r->pos) {
        memmove(r->window, r->window + r->pos, keep);
        r->base += r->pos;
        r->pos = 0;
        r->len = keep;
    }
    if (keep == r->window_cap) {
        size_t cap = r->window_cap ? r->window_cap * 2 : FIRST_WINDOW;
        if (cap < r->window_cap || cap > ((size_t)UINT32_MAX + 1) * 2)
            return cap < r->window_cap ? PDN_ENOMEM : PDN_ELIMIT;
        char *w = pdn_alloc__resize(&r->alloc, r->window, r->window_cap, cap);
        if (!w)
            return PDN_ENOMEM;
        r->window = w;
        r->window_cap = cap;
    }
    while (r->len < r->window_cap && !r->eof) {
        size_t got = r->fn(r->ctx, r->window + r->len, r->window_cap - r->len);
        if (got == (size_t)-1)
            return PDN_EIO;
        if (got == 0)
            r->eof = true;
        else
            r->len += got > r->window_cap - r->len ? r->window_cap - r->len : got;
    }
    r->data = r->window;
    return PDN_OK;
}

static bool needs_decoding(pdn_reader *r, const char *s, size_t n, pdn_encoding *enc)
{
    if (r->sticky != PDN_ENC_AUTO && r->sticky != PDN_ENC_UTF8) {
        *enc = r->sticky;
        for (size_t i = 0; i < n; i++)
            if ((unsigned char)s[i] >= 0x80)
                return true;
        return false;
    }
    size_t ok = pdn_utf8__valid_prefix((const unsigned char *)s, n);
    if (ok == n) {
        *enc = PDN_ENC_UTF8;
        return false;
    }
    if (r->sticky == PDN_ENC_UTF8) {
        *enc = PDN_ENC_UTF8; /* told so: repair with U+FFFD */
        return true;
    }
    /* Not UTF-8: the rest of this input is taken to be in the fallback too. */
    r->sticky = PDN_ENC_LATIN1;
    *enc = PDN_ENC_LATIN1;
    return true;
}

/* Adds the ENCODING note to a game read from converted text, at the first
 * byte that was not ASCII and first among the diagnostics there. */
static pdn_status note_encoding(struct pdn_game *g, size_t at, pdn_encoding enc)
{
    size_t before = g->diags.len;
    if (!pdn_game__diag(g, PDN_D_ENCODING, at, 1, UINT32_MAX, 0))
        return PDN_ENOMEM;
    g->encoding = enc;
    pdn_diag *d = g->diags.data;
    if (g->diags.len > before && before > 0) {
        /* Keep the list in text order. */
        pdn_diag x = d[g->diags.len - 1];
        size_t j = g->diags.len - 1;
        while (j > 0 && d[j - 1].offset > x.offset) {
            d[j] = d[j - 1];
            j--;
        }
        d[j] = x;
    }
    return PDN_OK;
}

/* Parses a game again from its text converted to UTF-8, and says so first
 * among its diagnostics. */
static pdn_status decode_game(pdn_reader *r, const char *start, pdn_parse_out *po, pdn_encoding enc)
{
    struct pdn_game *g = &r->game;
    r->decoded.len = 0;
    if (!pdn_text__decode(&r->decoded, &r->alloc, start, po->end, enc))
        return PDN_ENOMEM;
    pdn_game__reset(g);
    pdn_parse_in in = {.text = r->decoded.data,
                       .len = r->decoded.len,
                       .next_is_header = po->by_header,
                       .mode = r->opts.mode,
                       .default_gametype = r->opts.default_gametype};
    pdn_parse_out po2;
    pdn_parse__game(g, &in, &po2);
    if (!po2.nomem && po2.end < r->decoded.len && enc != PDN_ENC_UTF8) {
        /* Decoding can end the game earlier ("\xBD-\xBD" becomes the result
         * "½-½"): the game is what its decoded text says, and the rest of the
         * raw bytes is the next game. */
        po->end = pdn_text__raw_len(start, po->end, po2.end, enc);
        po->by_header = po2.by_header;
    }
    /* Point at the first byte that is not UTF-8, where it is in the decoded
     * text. */
    size_t bad = 0;
    if (enc == PDN_ENC_UTF8)
        bad = pdn_utf8__valid_prefix((const unsigned char *)start, po->end);
    else
        while (bad < po->end && (unsigned char)start[bad] < 0x80)
            bad++;
    size_t at = pdn_text__decoded_len(start, bad, enc);
    if (po2.nomem)
        return PDN_ENOMEM;
    return note_encoding(g, at, enc);
}

/* Converts more of the input after what r->ahead holds, reading more when
 * the window has no more; *more is false at the end of the input. */
static pdn_status convert_ahead(pdn_reader *r, bool *more)
{
    *more = false;
    if (r->ahead_raw == r->len - r->pos) {
        if (r->eof)
            return PDN_OK;
        pdn_status st = refill(r);
        if (st != PDN_OK)
            return st;
        if (r->ahead_raw == r->len - r->pos)
            return PDN_OK;
    }
    /* What the games before took goes, once it is most of the buffer. */
    if (r->ahead_pos > r->ahead.len / 2) {
        memmove(r->ahead.data, (char *)r->ahead.data + r->ahead_pos, r->ahead.len - r->ahead_pos);
        r->ahead.len -= r->ahead_pos;
        r->ahead_pos = 0;
    }
    /* At least as much as is held, so that a long game is read again a
     * logarithmic number of times. */
    size_t n = r->len - r->pos - r->ahead_raw, held = r->ahead.len - r->ahead_pos;
    if (n > AHEAD_CHUNK && n > held)
        n = held > AHEAD_CHUNK ? held : AHEAD_CHUNK;
    if (!pdn_text__decode(&r->ahead, &r->alloc, r->data + r->pos + r->ahead_raw, n, r->sticky))
        return PDN_ENOMEM;
    r->ahead_raw += n;
    *more = true;
    return PDN_OK;
}

/* The raw length of the converted game text[0..end), whose first byte that
 * is not ASCII is at `at`: a single-byte encoding gives a character for
 * each byte, so it is the count of the text's characters, unless `end`
 * cuts a character, which the general count takes. */
static size_t raw_len(const pdn_reader *r, const char *text, size_t end, size_t avail, size_t at)
{
    const unsigned char *u = (const unsigned char *)text;
    if (end < avail && (u[end] & 0xC0) == 0x80)
        return pdn_text__raw_len(r->data + r->pos, r->ahead_raw, end, r->sticky);
    return end - pdn_bits__continuations(u + at, end - at);
}

/* Whether s[0..n) holds the bytes seq[0..len). */
static bool holds(const char *s, size_t n, const char *seq, size_t len)
{
    const char *c = s;
    while ((c = memchr(c, seq[0], n - (size_t)(c - s))) != NULL) {
        if ((size_t)(s + n - c) >= len && memcmp(c, seq, len) == 0)
            return true;
        c++;
    }
    return false;
}

/* A game read from converted text is the one the parse of its raw bytes
 * and conversion afterwards gives, but where the raw bytes read as UTF-8
 * that means something to the parser: "½" ("½-½" ends a game) and "…"
 * (after a move number, where "…*" is junk once converted); where a
 * GameType value that is not ASCII might be read in two ways; and in a game
 * ended by the next game's tags with variations open, whose diagnostics
 * come in another order. */
static bool ahead_differs(const pdn_reader *r, const struct pdn_game *g, size_t raw, size_t at,
                          bool high, bool by_header)
{
    /* The bytes before `at` are ASCII. */
    const char *s = r->data + r->pos + at;
    size_t n = raw - at;
    /* A game whose converted text is ASCII was ASCII before: none of the
     * first three cases can arise. */
    if (high && (holds(s, n, "\xC2\xBD", 2) || holds(s, n, "\xE2\x80\xA6", 3)))
        return true;
    const pdn_tag_rec *t = g->tag_recs.data;
    for (size_t i = 0; high && i < g->tag_recs.len; i++) {
        if (t[i].name_len != 8 || memcmp(g->text + t[i].name_off, "GameType", 8) != 0)
            continue;
        const char *v =
            (t[i].value_in_strings ? (const char *)g->strings.data : g->text) + t[i].value_off;
        for (size_t k = 0; k < t[i].value_len; k++)
            if ((unsigned char)v[k] >= 0x80)
                return true;
    }
    if (by_header) {
        const pdn_diag *d = g->diags.data;
        for (size_t i = g->diags.len; i > 0 && d[i - 1].offset >= g->text_len; i--)
            if (d[i - 1].code == PDN_D_UNCLOSED_VARIATION)
                return true;
    }
    return false;
}

/* The next game from the input converted ahead; *again when the game must
 * be read the usual way instead (ahead_differs). */
static pdn_status next_converted(pdn_reader *r, const pdn_game **out, bool *again)
{
    struct pdn_game *g = &r->game;
    *again = false;
    for (;;) {
        bool all = r->eof && r->ahead_raw == r->len - r->pos;
        size_t avail = r->ahead.len - r->ahead_pos;
        if (!all && avail < AHEAD_MIN) {
            bool more;
            pdn_status st = convert_ahead(r, &more);
            if (st != PDN_OK)
                return st;
            continue;
        }
        const char *start = avail ? (const char *)r->ahead.data + r->ahead_pos : "";
        pdn_game__reset(g);
        pdn_parse_in in = {.text = start,
                           .len = avail,
                           .mode = r->opts.mode,
                           .default_gametype = r->opts.default_gametype};
        pdn_parse_out po;
        pdn_parse__game(g, &in, &po);
        if (po.nomem)
            return PDN_ENOMEM;
        if (!all && (po.ran_out || po.end + LOOKAHEAD > avail)) {
            bool more;
            pdn_status st = convert_ahead(r, &more);
            if (st != PDN_OK)
                return st;
            continue;
        }
        if (po.empty) {
            r->pos = r->len;
            r->ahead.len = r->ahead_pos = r->ahead_raw = 0;
            return PDN_DONE;
        }
        if (po.end > UINT32_MAX)
            return PDN_ELIMIT;
        g->line0 = r->line;
        g->col0 = r->col;
        g->after_cr = r->after_cr;
        bool high;
        if (!pdn_game__index_lines(g, avail, &high))
            return PDN_ENOMEM;
        /* An ASCII game has as many raw bytes as converted ones, and the
         * bytes before the first that is not ASCII are the same in both
         * texts. */
        size_t at = high ? pdn_bits__ascii((const unsigned char *)start, po.end) : po.end;
        size_t raw = high ? raw_len(r, start, po.end, avail, at) : po.end;
        if (ahead_differs(r, g, raw, at, high, po.by_header)) {
            r->ahead.len = r->ahead_pos = r->ahead_raw = 0;
            *again = true;
            return PDN_OK;
        }
        g->encoding = PDN_ENC_UTF8;
        if (high) {
            pdn_status st = note_encoding(g, at, r->sticky);
            if (st != PDN_OK)
                return st;
        }
        pdn_game__line_after(g, &r->line, &r->col);
        r->after_cr = g->text_len && g->text[g->text_len - 1] == '\r';
        g->index = ++r->index;
        g->input_offset = r->base + r->pos;
        r->pos += raw;
        r->ahead_pos += po.end;
        r->ahead_raw -= raw;
        *out = g;
        return PDN_OK;
    }
}

pdn_status pdn_reader_next(pdn_reader *r, const pdn_game **out)
{
    if (!r || !out)
        return PDN_EINVAL;
    *out = NULL;
    struct pdn_game *g = &r->game;
    for (;;) {
        /* Input converted ahead has its own margin (AHEAD_MIN). */
        size_t unread = r->len - r->pos;
        if (!r->eof && unread < REFILL_BELOW &&
            (unread < LOOKAHEAD || r->sticky == PDN_ENC_AUTO || r->sticky == PDN_ENC_UTF8)) {
            pdn_status st = refill(r);
            if (st != PDN_OK)
                return st;
        }
        if (!r->bom_checked && (r->eof || r->len - r->pos >= 3)) {
            r->bom_checked = true;
            if (r->len - r->pos >= 3 && memcmp(r->data + r->pos, "\xEF\xBB\xBF", 3) == 0)
                r->pos += 3;
        }
        if (r->bom_checked && r->sticky != PDN_ENC_AUTO && r->sticky != PDN_ENC_UTF8) {
            bool again;
            pdn_status st = next_converted(r, out, &again);
            if (!again)
                return st;
        }
        const char *start = r->data + r->pos;
        size_t avail = r->len - r->pos;
        pdn_game__reset(g);
        pdn_parse_in in = {.text = start,
                           .len = avail,
                           .mode = r->opts.mode,
                           .default_gametype = r->opts.default_gametype};
        pdn_parse_out po;
        pdn_parse__game(g, &in, &po);
        if (po.nomem)
            return PDN_ENOMEM;
        if (!r->eof && (po.ran_out || po.end + LOOKAHEAD > avail)) {
            if (r->len - r->pos > (size_t)UINT32_MAX)
                return PDN_ELIMIT;
            pdn_status st = refill(r);
            if (st != PDN_OK)
                return st;
            continue;
        }
        if (po.empty) {
            r->pos = r->len;
            return PDN_DONE;
        }
        if (po.end > UINT32_MAX)
            return PDN_ELIMIT;
        /* The line index also tells whether the game is plain ASCII, which
         * needs no decoding check. */
        g->line0 = r->line;
        g->col0 = r->col;
        g->after_cr = r->after_cr;
        bool high;
        if (!pdn_game__index_lines(g, avail, &high))
            return PDN_ENOMEM;
        pdn_encoding enc;
        g->encoding = PDN_ENC_UTF8;
        if (high && needs_decoding(r, start, po.end, &enc)) {
            pdn_status st = decode_game(r, start, &po, enc);
            if (st != PDN_OK)
                return st;
            g->line0 = r->line;
            g->col0 = r->col;
            g->after_cr = r->after_cr;
            if (!pdn_game__index_lines(g, r->decoded.len, &high))
                return PDN_ENOMEM;
        }
        pdn_game__line_after(g, &r->line, &r->col);
        r->after_cr = g->text_len && g->text[g->text_len - 1] == '\r';
        g->index = ++r->index;
        g->input_offset = r->base + r->pos;
        r->pos += po.end;
        *out = g;
        return PDN_OK;
    }
}

pdn_status pdn_game_parse(pdn_game **out, const char *data, size_t len,
                          const pdn_read_options *opts)
{
    if (!out)
        return PDN_EINVAL;
    *out = NULL;
    pdn_reader *r;
    pdn_status st = pdn_reader_new_buffer(&r, data, len, opts);
    if (st != PDN_OK)
        return st;
    const pdn_game *g;
    st = pdn_reader_next(r, &g);
    if (st == PDN_OK) {
        const pdn_allocator *al = opts ? opts->allocator : NULL;
        st = pdn_game_clone(out, g, al);
    }
    pdn_reader_free(r);
    return st;
}
