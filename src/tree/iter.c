/* SPDX-License-Identifier: MIT */
/*
 * iter.c - depth-first walk of a game tree with ENTER/EXIT events, using the
 * parent links instead of a stack so that any nesting depth is fine.
 */
#include "tree/game.h"

static bool is_container(const pdn_node *n)
{
    return n->kind == PDN_NODE_ROOT || n->kind == PDN_NODE_VARIATION || n->kind == PDN_NODE_HEADER;
}

void pdn_iter_init(pdn_iter *it, const pdn_node *root)
{
    it->root = root;
    it->node = NULL;
    it->event = PDN_EVENT_DONE;
}

pdn_event pdn_iter_next(pdn_iter *it)
{
    const pdn_node *n = it->node;
    if (!n) {
        if (!it->root || it->event == PDN_EVENT_EXIT)
            return PDN_EVENT_DONE;
        it->node = it->root;
        return it->event = PDN_EVENT_ENTER;
    }
    if (it->event == PDN_EVENT_ENTER && is_container(n)) {
        if (n->first != PDN_NIL) {
            it->node = pdn_game__node(n->game, n->first);
            return it->event = PDN_EVENT_ENTER;
        }
        return it->event = PDN_EVENT_EXIT;
    }
    if (it->event == PDN_EVENT_DONE)
        return PDN_EVENT_DONE;
    if (n == it->root) {
        /* Finished: remember it so that further calls keep saying DONE. */
        it->node = NULL;
        it->event = PDN_EVENT_EXIT;
        return PDN_EVENT_DONE;
    }
    if (n->next != PDN_NIL) {
        it->node = pdn_game__node(n->game, n->next);
        return it->event = PDN_EVENT_ENTER;
    }
    it->node = pdn_game__node(n->game, n->parent);
    return it->event = PDN_EVENT_EXIT;
}
