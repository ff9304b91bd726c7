/* SPDX-License-Identifier: MIT */
/*
 * view_game.c - one game in `pdn view`: read again from its offset in the
 * input and replayed; the cursor that walks its tree (along a line, into
 * and out of variations); the position to show at the cursor.
 */
#include "view.h"

#include <stdint.h>

pdn_status view_game_open(view_game *g, const char *data, size_t len, const view_entry *e,
                          const pdn_read_options *opts, int variant)
{
    g->game = NULL;
    g->replay = NULL;
    /* The scan decided the game's encoding with what came before it (AUTO
     * switches for the rest of the input); reading it alone must agree. */
    pdn_read_options o = *opts;
    o.encoding = e->encoding;
    pdn_reader *r;
    pdn_status st = pdn_reader_new_buffer(&r, data + e->offset, len - e->offset, &o);
    if (st != PDN_OK)
        return st;
    const pdn_game *game;
    st = pdn_reader_next(r, &game);
    if (st == PDN_OK)
        st = pdn_game_clone(&g->game, game, NULL);
    else if (st == PDN_DONE)
        st = PDN_EINVAL; /* the input changed under us */
    pdn_reader_free(r);
    if (st == PDN_OK)
        st = pdn_replay_new(&g->replay, NULL);
    if (st == PDN_OK) {
        pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
        ro.gametype = variant;
        st = pdn_replay_run(g->replay, g->game, &ro);
    }
    if (st != PDN_OK)
        view_game_close(g);
    return st;
}

void view_game_close(view_game *g)
{
    pdn_replay_free(g->replay);
    pdn_game_free(g->game);
    g->replay = NULL;
    g->game = NULL;
}

/* --- the tree, seen as lines of moves ------------------------------------ */

static bool is_kind(const pdn_node *n, pdn_node_kind k)
{
    return n != NULL && pdn_node_kind_of(n) == k;
}

static const pdn_node *first_move(const pdn_node *seq)
{
    const pdn_node *c = pdn_node_first_child(seq);
    while (c && !is_kind(c, PDN_NODE_MOVE))
        c = pdn_node_next(c);
    return c;
}

static const pdn_node *next_move(const pdn_node *n)
{
    const pdn_node *c = pdn_node_next(n);
    while (c && !is_kind(c, PDN_NODE_MOVE))
        c = pdn_node_next(c);
    return c;
}

/* The nearest move before `n` in its sequence; for a variation, the move it
 * replaces. */
static const pdn_node *prev_move(const pdn_node *n)
{
    const pdn_node *c = pdn_node_prev(n);
    while (c && !is_kind(c, PDN_NODE_MOVE))
        c = pdn_node_prev(c);
    return c;
}

/* The first variation with a move after `n` and before the next move of
 * the sequence: after a move, its first alternative; after a variation,
 * the next alternative to the same move. */
static const pdn_node *variation_after(const pdn_node *n)
{
    for (const pdn_node *c = pdn_node_next(n); c && !is_kind(c, PDN_NODE_MOVE);
         c = pdn_node_next(c))
        if (is_kind(c, PDN_NODE_VARIATION) && first_move(c))
            return c;
    return NULL;
}

/*
 * The cursor before move `x`: the move before it on its line, or for the
 * first move of a variation the cursor before the move the variation
 * replaces.  A variation written before any move of its sequence starts
 * where that sequence starts.  Loops rather than recursion: nesting may be
 * as deep as the input makes it.
 */
static const pdn_node *before(const pdn_node *x)
{
    for (;;) {
        const pdn_node *p = prev_move(x);
        if (p)
            return p;
        const pdn_node *line = pdn_node_parent(x), *m = NULL;
        while (is_kind(line, PDN_NODE_VARIATION) && (m = prev_move(line)) == NULL)
            line = pdn_node_parent(line);
        if (m == NULL)
            return NULL;
        x = m;
    }
}

/* The next alternative after `x` in the order: a move, its variations
 * (each with its own alternatives), then the next variation up. */
static const pdn_node *next_alternative(const pdn_node *x)
{
    const pdn_node *v = variation_after(x);
    if (v)
        return first_move(v);
    for (const pdn_node *y = x;;) {
        const pdn_node *line = pdn_node_parent(y), *m;
        if (!is_kind(line, PDN_NODE_VARIATION) || first_move(line) != y ||
            (m = prev_move(line)) == NULL)
            return NULL;
        if ((v = variation_after(line)) != NULL)
            return first_move(v);
        y = m;
    }
}

bool view_cursor_step(const pdn_node *root, const pdn_node **cur, view_step step)
{
    const pdn_node *x = *cur, *to = NULL;
    switch (step) {
    case VIEW_NEXT:
        to = x ? next_move(x) : first_move(root);
        break;
    case VIEW_PREV:
        if (x == NULL)
            return false;
        *cur = before(x);
        return true;
    case VIEW_ENTER:
        to = x ? next_alternative(x) : NULL;
        break;
    case VIEW_LEAVE: {
        const pdn_node *line = x ? pdn_node_parent(x) : NULL;
        if (!is_kind(line, PDN_NODE_VARIATION))
            return false;
        to = prev_move(line);
        if (to == NULL) {
            *cur = before(first_move(line));
            return true;
        }
        break;
    }
    case VIEW_FIRST:
        if (x == NULL)
            return false;
        *cur = NULL;
        return true;
    case VIEW_LAST:
        to = x ? x : first_move(root);
        for (const pdn_node *n = to; n; n = next_move(n))
            to = n;
        if (to == x)
            return false;
        break;
    }
    if (to == NULL)
        return false;
    *cur = to;
    return true;
}

unsigned view_cursor_depth(const pdn_node *cur)
{
    unsigned d = 0;
    for (const pdn_node *n = cur ? pdn_node_parent(cur) : NULL; n; n = pdn_node_parent(n))
        d += is_kind(n, PDN_NODE_VARIATION);
    return d;
}

pdn_status view_game_position(pdn_position *out, int *exact, const view_game *g,
                              const pdn_node *cur)
{
    *exact = 1;
    if (cur && pdn_replay_position(out, g->replay, cur, 1) == PDN_OK)
        return PDN_OK;
    *exact = cur == NULL ? 1 : 0;
    if (cur && pdn_replay_position(out, g->replay, cur, 0) == PDN_OK)
        return PDN_OK;
    /* After a move the replay could not play, the last position it knew. */
    *exact = cur == NULL ? 1 : -1;
    while (cur) {
        cur = before(cur);
        if (cur && pdn_replay_position(out, g->replay, cur, 1) == PDN_OK)
            return PDN_OK;
    }
    return pdn_replay_position(out, g->replay, pdn_game_root(g->game), 0);
}
