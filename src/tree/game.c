/* SPDX-License-Identifier: MIT */
/*
 * game.c - lifetime and read-only accessors of a game and its tree nodes.
 */
#include "tree/game.h"

#include <string.h>

void pdn_game__init(struct pdn_game *g, pdn_alloc alloc)
{
    memset(g, 0, sizeof *g);
    g->alloc = alloc;
    g->gametype = -1;
}

void pdn_game__reset(struct pdn_game *g)
{
    g->nodes.len = g->moves.len = g->squares.len = 0;
    g->tag_recs.len = g->tags.len = g->strings.len = g->diags.len = 0;
    g->line_starts.len = 0;
    g->own_text.len = 0;
    g->owned_text = false;
    g->text = NULL;
    g->text_len = 0;
    g->gametype = -1;
    g->term_kind = PDN_TERM_NONE;
    g->term_off = g->term_len = 0;
}

void pdn_game__release(struct pdn_game *g)
{
    const pdn_alloc *a = &g->alloc;
    pdn_vec__free(&g->own_text, a, 1);
    pdn_vec__free(&g->nodes, a, sizeof(struct pdn_node));
    pdn_vec__free(&g->moves, a, sizeof(pdn_move_rec));
    pdn_vec__free(&g->squares, a, sizeof(pdn_square));
    pdn_vec__free(&g->tag_recs, a, sizeof(pdn_tag_rec));
    pdn_vec__free(&g->tags, a, sizeof(pdn_tag));
    pdn_vec__free(&g->strings, a, 1);
    pdn_vec__free(&g->diags, a, sizeof(pdn_diag));
    pdn_vec__free(&g->line_starts, a, sizeof(uint32_t));
}

bool pdn_game__resolve_tags(struct pdn_game *g)
{
    size_t n = g->tag_recs.len;
    g->tags.len = 0;
    if (!pdn_vec__reserve(&g->tags, &g->alloc, sizeof(pdn_tag), n))
        return false;
    const pdn_tag_rec *r = g->tag_recs.data;
    pdn_tag *t = g->tags.data;
    for (size_t i = 0; i < n; i++)
        t[i] = pdn_game__public_tag(g, &r[i]);
    g->tags.len = n;
    return true;
}

/* Out of line: pdn_game__diag() without room for one more record. */
static PDN_NOINLINE bool diag_grow(struct pdn_game *g, pdn_diag_code code, size_t off, size_t len,
                                   uint32_t related, uint32_t arg)
{
    if (pdn_diag__severity(code, g->mode) == PDN_SEV_NONE)
        return true;
    if (!pdn_vec__reserve(&g->diags, &g->alloc, sizeof(pdn_diag), 1))
        return false;
    return pdn_game__diag(g, code, off, len, related, arg);
}

bool pdn_game__diag(struct pdn_game *g, pdn_diag_code code, size_t off, size_t len,
                    uint32_t related, uint32_t arg)
{
    pdn_vec *v = &g->diags;
    if (v->len == v->cap)
        return diag_grow(g, code, off, len, related, arg);
    /* The record is written into the spare room and counted only when the
     * code has a severity in the game's mode. */
    pdn_diag *d = (pdn_diag *)v->data + v->len;
    pdn_severity sev = pdn_diag__severity(code, g->mode);
    d->code = code;
    d->severity = sev;
    d->offset = (uint32_t)off;
    d->length = len > UINT32_MAX ? UINT32_MAX : (uint32_t)len;
    d->related = related;
    d->arg = arg;
    v->len += sev != PDN_SEV_NONE;
    return true;
}

void pdn_game_free(pdn_game *game)
{
    if (!game)
        return;
    pdn_alloc a = game->alloc;
    pdn_game__release(game);
    pdn_alloc__put(&a, game, sizeof *game);
}

pdn_status pdn_game_clone(pdn_game **out, const pdn_game *src, const pdn_allocator *allocator)
{
    if (!out || !src)
        return PDN_EINVAL;
    *out = NULL;
    pdn_alloc a = pdn_alloc__resolve(allocator);
    struct pdn_game *g = pdn_alloc__get(&a, sizeof *g);
    if (!g)
        return PDN_ENOMEM;
    pdn_game__init(g, a);
    g->index = src->index;
    g->input_offset = src->input_offset;
    g->line0 = src->line0;
    g->col0 = src->col0;
    g->after_cr = src->after_cr;
    g->ascii = src->ascii;
    g->encoding = src->encoding;
    g->mode = src->mode;
    g->gametype = src->gametype;
    g->term_kind = src->term_kind;
    g->term_off = src->term_off;
    g->term_len = src->term_len;
    g->tag_shapes = src->tag_shapes;
    bool ok = pdn_vec__reserve(&g->own_text, &a, 1, src->text_len);
    if (ok) {
        if (src->text_len)
            memcpy(g->own_text.data, src->text, src->text_len);
        g->own_text.len = src->text_len;
        g->text = g->own_text.data;
        g->text_len = src->text_len;
        g->owned_text = true;
    }
    ok = ok && pdn_vec__copy(&g->nodes, &src->nodes, &a, sizeof(struct pdn_node)) &&
         pdn_vec__copy(&g->moves, &src->moves, &a, sizeof(pdn_move_rec)) &&
         pdn_vec__copy(&g->squares, &src->squares, &a, sizeof(pdn_square)) &&
         pdn_vec__copy(&g->tag_recs, &src->tag_recs, &a, sizeof(pdn_tag_rec)) &&
         pdn_vec__copy(&g->strings, &src->strings, &a, 1) &&
         pdn_vec__copy(&g->diags, &src->diags, &a, sizeof(pdn_diag)) &&
         pdn_vec__copy(&g->line_starts, &src->line_starts, &a, sizeof(uint32_t)) &&
         pdn_game__resolve_tags(g);
    if (!ok) {
        pdn_game_free(g);
        return PDN_ENOMEM;
    }
    struct pdn_node *n = g->nodes.data;
    for (size_t i = 0; i < g->nodes.len; i++)
        n[i].game = g;
    *out = g;
    return PDN_OK;
}

uint64_t pdn_game_index(const pdn_game *game)
{
    return game->index;
}
pdn_str pdn_game_text(const pdn_game *game)
{
    return pdn_str__make(game->text, game->text_len);
}
uint64_t pdn_game_input_offset(const pdn_game *game)
{
    return game->input_offset;
}
pdn_encoding pdn_game_encoding(const pdn_game *game)
{
    return game->encoding;
}
pdn_mode pdn_game_mode(const pdn_game *game)
{
    return game->mode;
}
int pdn_game_type(const pdn_game *game)
{
    return game->gametype;
}

const pdn_diag *pdn_game_diags(const pdn_game *game, size_t *count)
{
    if (count)
        *count = game->diags.len;
    return game->diags.data;
}

size_t pdn_game_count_severity(const pdn_game *game, pdn_severity severity)
{
    size_t n = 0;
    const pdn_diag *d = game->diags.data;
    for (size_t i = 0; i < game->diags.len; i++)
        n += d[i].severity == severity;
    return n;
}

const pdn_tag *pdn_game_tags(const pdn_game *game, size_t *count)
{
    if (count)
        *count = game->tags.len;
    return game->tags.data;
}

const pdn_tag *pdn_game_tag(const pdn_game *game, const char *name)
{
    return pdn_game__tag(game, name, strlen(name));
}

pdn_terminator_kind pdn_game_terminator(const pdn_game *game, pdn_str *text)
{
    if (text)
        *text = pdn_str__make(game->text + game->term_off, game->term_len);
    return (pdn_terminator_kind)game->term_kind;
}

const pdn_node *pdn_game_root(const pdn_game *game)
{
    return pdn_game__node(game, PDN_ROOT);
}
const pdn_node *pdn_game_header(const pdn_game *game)
{
    return pdn_game__node(game, PDN_HEADER);
}

static const pdn_node *link(const pdn_node *n, uint32_t i)
{
    return i == PDN_NIL ? NULL : pdn_game__node(n->game, i);
}

pdn_node_kind pdn_node_kind_of(const pdn_node *node)
{
    return (pdn_node_kind)node->kind;
}
const pdn_node *pdn_node_parent(const pdn_node *node)
{
    /* Index 0 means "none" for siblings and children, but as a parent it is
     * the root: every node but the two sequences has a parent. */
    if (node->kind == PDN_NODE_ROOT || node->kind == PDN_NODE_HEADER)
        return NULL;
    return pdn_game__node(node->game, node->parent);
}
const pdn_node *pdn_node_first_child(const pdn_node *node)
{
    return link(node, node->first);
}
const pdn_node *pdn_node_next(const pdn_node *node)
{
    return link(node, node->next);
}
const pdn_node *pdn_node_prev(const pdn_node *node)
{
    return link(node, node->prev);
}
uint32_t pdn_node_offset(const pdn_node *node)
{
    return node->offset;
}
uint32_t pdn_node_length(const pdn_node *node)
{
    return node->length;
}

pdn_status pdn_node_move(pdn_move *out, const pdn_node *node)
{
    if (!out || !node || node->kind != PDN_NODE_MOVE)
        return PDN_EINVAL;
    const struct pdn_game *g = node->game;
    const pdn_move_rec *m = (const pdn_move_rec *)g->moves.data + node->a;
    const pdn_square *sq = g->squares.data;
    out->kind = (pdn_move_kind)m->kind;
    out->separator = (pdn_separator)m->sep;
    out->number_kind = (pdn_number_kind)m->number_kind;
    out->number = m->number;
    out->squares = m->square_count ? sq + m->squares : NULL;
    out->square_count = m->square_count;
    out->captured = m->has_captured ? sq + m->captured : NULL;
    out->captured_count = m->captured_count;
    out->san = pdn_str__make(g->text + m->san_off, m->san_len);
    out->strength = pdn_str__make(g->text + m->str_off, m->str_len);
    return PDN_OK;
}

pdn_str pdn_node_text(const pdn_node *node)
{
    if (node->kind == PDN_NODE_COMMENT || node->kind == PDN_NODE_SETUP)
        return pdn_str__make(node->game->text + node->a, node->b);
    return pdn_str__make(node->game->text, 0);
}

int pdn_node_setup_is_fen(const pdn_node *node)
{
    return node->kind == PDN_NODE_SETUP && node->sub == 0;
}

pdn_comment_kind pdn_node_comment_kind(const pdn_node *node)
{
    return (pdn_comment_kind)node->sub;
}
pdn_attach pdn_node_attach(const pdn_node *node)
{
    return (pdn_attach)node->attach;
}
unsigned pdn_node_nag(const pdn_node *node)
{
    return node->kind == PDN_NODE_NAG ? node->a : 0;
}
