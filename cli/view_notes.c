/* SPDX-License-Identifier: MIT */
/*
 * view_notes.c - the notes pane of a game in `pdn view`: at the start of
 * the game its opening comments and what the replay says of the whole
 * game; at a move its comments (the text, then the [%...] commands), and
 * the diagnostics located in the move, word-wrapped to the pane.
 */
#include "view.h"

#include <stdio.h>
#include <string.h>

typedef struct wrap {
    view_screen *s;
    int x0, y, y_end, w;
    int col;       /* -1: nothing written on row y yet */
    bool overflow; /* text did not fit */
} wrap;

static void word_out(wrap *r, unsigned attr, const char *t, size_t n)
{
    while (n > 0) {
        int width = view_text_width(t, n);
        if (r->col < 0) {
            r->col = 0;
        } else if (r->col + 1 + width > r->w) {
            r->y++;
            r->col = 0;
        } else {
            r->col++;
        }
        if (r->y >= r->y_end) {
            r->overflow = true;
            return;
        }
        /* A word wider than the pane is cut over rows. */
        size_t fit = width > r->w ? view_text_fit(t, n, r->w - r->col) : n;
        if (fit == 0)
            fit = n;
        r->col += view_put(r->s, r->y, r->x0 + r->col, r->w - r->col, attr, t, fit);
        t += fit;
        n -= fit;
        if (n > 0) {
            r->y++;
            r->col = -1;
        }
    }
}

/* Text whose runs of white space (newlines too) become single spaces. */
static void text_out(wrap *r, unsigned attr, const char *t, size_t n)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
            i++;
        size_t start = i;
        while (i < n && t[i] != ' ' && t[i] != '\t' && t[i] != '\n' && t[i] != '\r')
            i++;
        if (i > start)
            word_out(r, attr, t + start, i - start);
    }
}

static void paragraph(wrap *r)
{
    if (r->col >= 0) {
        r->y++;
        r->col = -1;
    }
}

/* A comment: its text without the [%...] commands, then the commands as
 * "clk 1:55:21" pairs. */
static void comment_out(wrap *r, const pdn_node *c)
{
    pdn_str t = pdn_node_text(c);
    pdn_command cmd;
    size_t pos = 0, at = 0;
    paragraph(r);
    while (pdn_command_next(&cmd, t, &pos)) {
        text_out(r, VIEW_A_COMMENT, t.ptr + at, cmd.offset - at);
        at = cmd.offset + cmd.length;
    }
    text_out(r, VIEW_A_COMMENT, t.ptr + at, t.len - at);
    pos = 0;
    bool first = true;
    while (pdn_command_next(&cmd, t, &pos)) {
        if (first)
            paragraph(r);
        first = false;
        char buf[160];
        int n = snprintf(buf, sizeof buf, "%.*s %.*s", (int)cmd.name.len, cmd.name.ptr,
                         (int)cmd.value.len, cmd.value.ptr);
        word_out(r, 0, buf, n < 0 ? 0 : (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
        if (r->col >= 0 && r->col + 1 < r->w)
            r->col++; /* two spaces between commands */
    }
}

static const char *sev_name(pdn_severity s)
{
    return s == PDN_SEV_ERROR ? "error" : s == PDN_SEV_WARNING ? "warning" : "note";
}

static void diag_out(wrap *r, const pdn_diag *d)
{
    char buf[256];
    char extra[48] = "";
    if (d->code == PDN_D_GAMETYPE_INFERRED || d->code == PDN_D_GAMETYPE_MISMATCH)
        snprintf(extra, sizeof extra, " (GameType %u)", (unsigned)d->arg);
    else if (d->code == PDN_D_REPLAY_STOPPED)
        snprintf(extra, sizeof extra, " (%u move%s)", (unsigned)d->arg, d->arg == 1 ? "" : "s");
    int n = snprintf(buf, sizeof buf, "%s: %s%s [%s]", sev_name(d->severity),
                     pdn_diag_message(d->code), extra, pdn_diag_name(d->code));
    paragraph(r);
    text_out(r, d->severity == PDN_SEV_ERROR ? VIEW_A_ERROR : 0, buf,
             n < 0                    ? 0
             : (size_t)n < sizeof buf ? (size_t)n
                                      : sizeof buf - 1);
}

static void diags_in(wrap *r, const pdn_diag *d, size_t count, uint32_t off, uint32_t len)
{
    for (size_t i = 0; i < count; i++)
        if (d[i].severity != PDN_SEV_NONE && d[i].offset >= off && d[i].offset < off + len)
            diag_out(r, &d[i]);
}

static bool inside_a_move(const pdn_node *root, uint32_t offset)
{
    pdn_iter it;
    pdn_iter_init(&it, root);
    while (pdn_iter_next(&it) != PDN_EVENT_DONE)
        if (pdn_node_kind_of(it.node) == PDN_NODE_MOVE && offset >= pdn_node_offset(it.node) &&
            offset < pdn_node_offset(it.node) + pdn_node_length(it.node))
            return true;
    return false;
}

/* The start of the game: its opening comments, what the replay says of
 * the game as a whole, and how many errors the reader found. */
static void start_notes(wrap *r, const view_game *g)
{
    const pdn_node *root = pdn_game_root(g->game);
    for (const pdn_node *c = pdn_node_first_child(root); c; c = pdn_node_next(c)) {
        if (pdn_node_kind_of(c) == PDN_NODE_MOVE)
            break;
        if (pdn_node_kind_of(c) == PDN_NODE_COMMENT)
            comment_out(r, c);
    }
    size_t count;
    const pdn_diag *d = pdn_replay_diags(g->replay, &count);
    for (size_t i = 0; i < count; i++)
        if (d[i].severity != PDN_SEV_NONE && !inside_a_move(root, d[i].offset))
            diag_out(r, &d[i]);
    size_t errors = pdn_game_count_severity(g->game, PDN_SEV_ERROR);
    if (errors) {
        char buf[128];
        int n = snprintf(buf, sizeof buf,
                         "the text of this game has %zu error%s (pdn check shows "
                         "them)",
                         errors, errors == 1 ? "" : "s");
        paragraph(r);
        text_out(r, VIEW_A_ERROR, buf, n < 0 ? 0 : (size_t)n);
    }
}

static void move_notes(wrap *r, const view_game *g, const pdn_node *x)
{
    /* Comments before the move: after the previous move's own ones, and a
     * variation's opening comments at its first move. */
    const pdn_node *c = pdn_node_prev(x);
    while (c && pdn_node_kind_of(c) != PDN_NODE_MOVE)
        c = pdn_node_prev(c);
    c = c ? pdn_node_next(c) : pdn_node_first_child(pdn_node_parent(x));
    bool in_variation = pdn_node_kind_of(pdn_node_parent(x)) == PDN_NODE_VARIATION;
    for (; c && c != x; c = pdn_node_next(c))
        if (pdn_node_kind_of(c) == PDN_NODE_COMMENT &&
            (pdn_node_attach(c) == PDN_ATTACH_BEFORE ||
             (pdn_node_attach(c) == PDN_ATTACH_START && in_variation)))
            comment_out(r, c);
    for (c = pdn_node_next(x); c && pdn_node_kind_of(c) != PDN_NODE_MOVE; c = pdn_node_next(c))
        if (pdn_node_kind_of(c) == PDN_NODE_COMMENT && pdn_node_attach(c) == PDN_ATTACH_AFTER)
            comment_out(r, c);

    uint32_t off = pdn_node_offset(x), len = pdn_node_length(x);
    size_t count;
    const pdn_diag *d = pdn_game_diags(g->game, &count);
    diags_in(r, d, count, off, len);
    d = pdn_replay_diags(g->replay, &count);
    diags_in(r, d, count, off, len);
    pdn_played p;
    if (pdn_replay_move(&p, g->replay, x) == PDN_OK && p.status == PDN_PLAY_SKIPPED) {
        static const char why[] = "not checked: an earlier move of this line could not be played";
        paragraph(r);
        text_out(r, VIEW_A_SKIPPED, why, sizeof why - 1);
    }
}

void view_draw_notes(view_app *a, view_screen *s, int x0, int y0, int w, int h)
{
    if (w <= 0 || h <= 0)
        return;
    wrap r = {s, x0, y0, y0 + h, w, -1, false};
    if (a->cursor == NULL)
        start_notes(&r, &a->game);
    else
        move_notes(&r, &a->game, a->cursor);
    if (r.overflow) {
        const char *more = a->unicode ? "…" : "...";
        int mw = view_text_width(more, strlen(more));
        view_puts(s, y0 + h - 1, x0 + (w > mw ? w - mw : 0), mw, 0, more);
    }
}
