/* SPDX-License-Identifier: MIT */
/*
 * fuzz_read.c - fuzz target of the whole reading pipeline: reader, tree,
 * iterator, diagnostics and both writers, plus the round-trip property of
 * the canonical writer (docs/format.md): what pdn_write_pdn() writes reads
 * back into an equal tree.  Any broken invariant calls abort().
 *
 * Input layout: the first byte selects the options, the rest is the text.
 *   mode             = byte % 3        (liberal, standard, strict)
 *   encoding         = (byte / 3) % 5  (auto, utf-8, latin-1, cp1251, cp866)
 *   default GameType = table[(byte / 15) % 4] with table = {-1, 0, 20, 25}
 * So a selector byte 0x00 means liberal, auto, inferred GameType.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdn.h"

#include "support/append.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- a growing memory sink ---------------------------------------------- */

typedef struct membuf {
    char *data;
    size_t len, cap;
} membuf;

static int membuf_write(void *ctx, const char *p, size_t n)
{
    membuf *b = ctx;
    if (!test_append(&b->data, &b->len, &b->cap, p, n))
        abort(); /* the harness itself is out of memory: nothing to test */
    return 0;
}

static pdn_sink membuf_sink(membuf *b)
{
    pdn_sink s;
    s.write = membuf_write;
    s.ctx = b;
    return s;
}

static void membuf_free(membuf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* Raw bytes to stderr (NUL bytes included), under a heading. */
static void dump(const char *what, const char *p, size_t n)
{
    fprintf(stderr, "--- %s:\n", what);
    fwrite(p, 1, n, stderr);
    if (n == 0 || p[n - 1] != '\n')
        fputc('\n', stderr);
}

static void must(int cond, const char *what)
{
    if (!cond) {
        fprintf(stderr, "fuzz_read: invariant broken: %s\n", what);
        abort();
    }
}

/* ---- invariants of one game ---------------------------------------------- */

static int is_container(pdn_node_kind k)
{
    return k == PDN_NODE_ROOT || k == PDN_NODE_VARIATION || k == PDN_NODE_HEADER;
}

/* Walks a tree with pdn_iter: ENTER/EXIT balance, parent and sibling links,
 * node spans inside the text, and every accessor of every node. */
static void check_tree(const pdn_game *g, const pdn_node *top)
{
    pdn_str text = pdn_game_text(g);
    pdn_iter it;
    pdn_iter_init(&it, top);
    const pdn_node *cur = NULL; /* innermost container entered and not exited */
    size_t depth = 0, events = 0;
    pdn_event ev;
    while ((ev = pdn_iter_next(&it)) != PDN_EVENT_DONE) {
        const pdn_node *n = it.node;
        pdn_node_kind k = pdn_node_kind_of(n);
        events++;
        must(n != NULL, "iterator event without a node");
        if (ev == PDN_EVENT_ENTER) {
            if (cur == NULL) {
                must(n == top && depth == 0, "first event is not ENTER of the root");
            } else {
                must(pdn_node_parent(n) == cur, "parent link differs from the walk");
                must(k != PDN_NODE_ROOT && k != PDN_NODE_HEADER, "root or header as a child");
                const pdn_node *prev = pdn_node_prev(n);
                must(prev ? pdn_node_next(prev) == n : pdn_node_first_child(cur) == n,
                     "sibling links disagree");
                if (top == pdn_game_header(g))
                    must(k == PDN_NODE_COMMENT, "a header item that is not a comment");
            }
            uint64_t end = (uint64_t)pdn_node_offset(n) + pdn_node_length(n);
            must(end <= text.len, "node span beyond the game's text");
            if (is_container(k)) {
                cur = n;
                depth++;
            }
            switch (k) {
            case PDN_NODE_MOVE: {
                pdn_move m;
                must(pdn_node_move(&m, n) == PDN_OK, "pdn_node_move failed on a move");
                if (m.kind == PDN_MOVE_SQUARES) {
                    must(m.square_count >= 2 && m.squares != NULL, "a move of <2 squares");
                    for (size_t i = 0; i < m.square_count; i++)
                        must(PDN_SQUARE_IS_ALPHA(m.squares[i]) ? PDN_SQUARE_RANK(m.squares[i]) > 0
                                                               : m.squares[i] > 0,
                             "square 0");
                }
                must(m.captured == NULL || m.captured_count > 0, "empty captured list");
                must(m.kind != PDN_MOVE_SAN || m.san.len > 0, "empty SAN");
                break;
            }
            case PDN_NODE_COMMENT: {
                pdn_str t = pdn_node_text(n);
                must(t.len == 0 || (t.ptr >= text.ptr && t.ptr + t.len <= text.ptr + text.len),
                     "comment text outside the game's text");
                must((unsigned)pdn_node_comment_kind(n) <= PDN_COMMENT_JUNK, "comment kind");
                must((unsigned)pdn_node_attach(n) <= PDN_ATTACH_AFTER, "attach");
                size_t pos = 0, guard = 0;
                pdn_command c;
                while (pdn_command_next(&c, t, &pos)) {
                    must(c.offset + c.length <= t.len, "command outside its comment");
                    must(++guard <= t.len, "pdn_command_next does not advance");
                }
                break;
            }
            case PDN_NODE_SETUP:
                (void)pdn_node_text(n);
                break;
            case PDN_NODE_NAG:
                (void)pdn_node_nag(n);
                must((unsigned)pdn_node_attach(n) <= PDN_ATTACH_AFTER, "attach");
                break;
            default:
                must(pdn_node_move(&(pdn_move){0}, n) == PDN_EINVAL, "move of a non-move");
                break;
            }
        } else {
            must(ev == PDN_EVENT_EXIT, "unknown event");
            must(is_container(k), "EXIT of a leaf");
            must(n == cur && depth > 0, "EXIT does not match the last ENTER");
            depth--;
            cur = depth ? pdn_node_parent(cur) : NULL;
            if (depth)
                must(cur != NULL, "a nested container without parent");
        }
    }
    must(depth == 0, "ENTER/EXIT unbalanced");
    must(events >= 2, "root not entered and exited");
    must(pdn_iter_next(&it) == PDN_EVENT_DONE, "iterator restarts after DONE");
}

static void check_game(const pdn_game *g)
{
    pdn_str text = pdn_game_text(g);
    size_t nd = 0;
    const pdn_diag *d = pdn_game_diags(g, &nd);
    size_t by_sev = 0;
    for (size_t i = 0; i < nd; i++) {
        uint64_t end = (uint64_t)d[i].offset + d[i].length;
        must(end <= text.len || (d[i].length <= 1 && d[i].offset == text.len),
             "diagnostic beyond the game's text");
        must(d[i].related == UINT32_MAX || d[i].related <= text.len, "related beyond the text");
        must(d[i].code > PDN_D_NONE && d[i].code < PDN_D_COUNT, "diagnostic code");
        must(d[i].severity >= PDN_SEV_NOTE && d[i].severity <= PDN_SEV_ERROR, "severity");
        must(d[i].severity == pdn_diag_severity(d[i].code, pdn_game_mode(g)),
             "severity differs from the mode's table");
        uint64_t line;
        uint32_t col;
        pdn_game_locate(g, d[i].offset, &line, &col);
        must(line >= 1 && col >= 1, "locate below 1");
    }
    for (int s = PDN_SEV_NOTE; s <= PDN_SEV_ERROR; s++)
        by_sev += pdn_game_count_severity(g, (pdn_severity)s);
    must(by_sev == nd, "severity counts do not add up");

    size_t nt = 0;
    const pdn_tag *t = pdn_game_tags(g, &nt);
    for (size_t i = 0; i < nt; i++) {
        must(t[i].offset < text.len, "tag offset beyond the text");
        must(t[i].name.len > 0, "empty tag name");
    }
    pdn_str term;
    pdn_terminator_kind tk = pdn_game_terminator(g, &term);
    must(tk != PDN_TERM_NONE || term.len == 0, "terminator text without terminator");
    must(pdn_game_encoding(g) != PDN_ENC_AUTO, "encoding AUTO");

    check_tree(g, pdn_game_root(g));
    check_tree(g, pdn_game_header(g));
}

/* Decoding changes only bytes >= 0x80 (every table maps them above
 * U+007F; invalid UTF-8 becomes U+FFFD), so the ASCII bytes of a game's raw
 * extent and of its text must be the same sequence: nothing was dropped. */
static void check_nothing_lost(const char *raw, size_t raw_len, pdn_str text)
{
    size_t i = 0, j = 0;
    for (;;) {
        while (i < raw_len && (unsigned char)raw[i] >= 0x80)
            i++;
        while (j < text.len && (unsigned char)text.ptr[j] >= 0x80)
            j++;
        if (i == raw_len || j == text.len)
            break;
        must(raw[i] == text.ptr[j], "game text differs from the input it was read from");
        i++;
        j++;
    }
    while (i < raw_len && (unsigned char)raw[i] >= 0x80)
        i++;
    while (j < text.len && (unsigned char)text.ptr[j] >= 0x80)
        j++;
    must(i == raw_len && j == text.len, "game text lost or gained input bytes");
}

/* ---- JSON comparison ---------------------------------------------------- */

static void canonical_json(const pdn_game *g, membuf *out)
{
    pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    wo.positions = 0;
    wo.diagnostics = 0;
    wo.source_order = 0;
    out->len = 0;
    must(pdn_write_json(g, &wo, membuf_sink(out)) == PDN_OK, "pdn_write_json failed");
    must(out->len > 0 && out->data[out->len - 1] == '\n', "JSON not ending in a newline");
}

/* ---- the target ---------------------------------------------------------- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int types[4] = {-1, 0, 20, 25};
    if (size == 0)
        return 0;
    unsigned sel = data[0];
    pdn_read_options ro = PDN_READ_OPTIONS_INIT;
    ro.mode = (pdn_mode)(sel % 3);
    ro.encoding = (pdn_encoding)((sel / 3) % 5);
    ro.default_gametype = types[(sel / 15) % 4];
    const char *text = (const char *)data + 1;
    size_t len = size - 1;

    pdn_reader *r = NULL;
    must(pdn_reader_new_buffer(&r, text, len, &ro) == PDN_OK, "reader_new_buffer failed");

    membuf pdn = {0}, json = {0}, one = {0}, expected = {0};
    size_t games = 0;
    const pdn_game *g;
    pdn_status st;
    pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    /* A UTF-8 byte order mark at the start belongs to no game. */
    uint64_t prev_end = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    while ((st = pdn_reader_next(r, &g)) == PDN_OK) {
        games++;
        must(pdn_game_index(g) == games, "game index");
        must(pdn_game_mode(g) == ro.mode, "game mode");
        uint64_t raw_start = pdn_game_input_offset(g), raw_end = pdn_reader_offset(r);
        must(raw_start == prev_end, "games are not contiguous in the input");
        must(raw_start <= raw_end && raw_end <= len, "game extent outside the input");
        check_nothing_lost(text + raw_start, (size_t)(raw_end - raw_start), pdn_game_text(g));
        prev_end = raw_end;
        check_game(g);
        must(pdn_write_pdn(g, &wo, membuf_sink(&pdn)) == PDN_OK, "pdn_write_pdn failed");
        json.len = 0;
        must(pdn_write_json(g, &wo, membuf_sink(&json)) == PDN_OK, "pdn_write_json failed");
        canonical_json(g, &one);
        membuf_write(&expected, one.data, one.len);
    }
    must(st == PDN_DONE, "reader ended with an error");
    must(pdn_reader_next(r, &g) == PDN_DONE, "PDN_DONE does not stick");
    must(pdn_reader_offset(r) == len, "reader did not consume the whole input");
    /* What follows the last game is white space (NUL bytes count as such). */
    for (uint64_t i = prev_end; i < len; i++)
        must(text[i] == 0 || strchr(" \t\n\r\f\v", text[i]) != NULL,
             "text after the last game is in no game");
    pdn_reader_free(r);

    /* Round trip: the canonical text reads back game for game. */
    pdn_read_options back = PDN_READ_OPTIONS_INIT;
    back.default_gametype = ro.default_gametype;
    must(pdn_reader_new_buffer(&r, pdn.data, pdn.len, &back) == PDN_OK, "reader (round trip)");
    size_t again = 0, at = 0;
    while ((st = pdn_reader_next(r, &g)) == PDN_OK) {
        again++;
        if (again > games) {
            fprintf(stderr, "fuzz_read: %zu games written, more read back\n", games);
            dump("canonical PDN written", pdn.data, pdn.len);
            abort();
        }
        check_game(g);
        canonical_json(g, &one);
        size_t want_len = 0;
        while (at + want_len < expected.len && expected.data[at + want_len] != '\n')
            want_len++;
        want_len++; /* the newline */
        if (one.len != want_len || memcmp(one.data, expected.data + at, want_len) != 0) {
            fprintf(stderr, "fuzz_read: round trip differs in game %zu\n", again);
            dump("canonical PDN written", pdn.data, pdn.len);
            dump("JSON of the original", expected.data + at, want_len);
            dump("JSON read back", one.data, one.len);
            abort();
        }
        at += want_len;
    }
    must(st == PDN_DONE, "round-trip reader ended with an error");
    if (again != games) {
        fprintf(stderr, "fuzz_read: %zu games written, %zu read back\n", games, again);
        dump("canonical PDN written", pdn.data, pdn.len);
        abort();
    }
    pdn_reader_free(r);
    membuf_free(&pdn);
    membuf_free(&json);
    membuf_free(&one);
    membuf_free(&expected);
    return 0;
}
