/* SPDX-License-Identifier: MIT */
/*
 * view_marks.c - which squares the board of `pdn view` highlights: those of
 * the move that led to the position shown, as the HTML viewer marks it, and
 * the [%csl] squares of the move's comments.  view_layout.c finds them in
 * the diagram with pdn_diagram_locate().
 */
#include "view.h"

#include <string.h>

/* The squares of one [%csl] read; a longer list (a whole chess board is
 * 64) is cut there. */
#define MARKS_MAX 64

static void last_move(unsigned short *out, const view_app *a, const pdn_geometry *g)
{
    pdn_played p;
    if (a->cursor == NULL || pdn_replay_move(&p, a->game.replay, a->cursor) != PDN_OK ||
        (p.status != PDN_PLAY_OK && p.status != PDN_PLAY_AMBIGUOUS))
        return;
    int cells = g->width * g->height;
    if (g->chess) {
        /* A null move moves nothing; castling marks the king's square and
         * the rook's, as the HTML viewer does. */
        if (p.chess.flags & PDN_CHESS_NULL || p.chess.from >= cells || p.chess.to >= cells)
            return;
        out[p.chess.from] |= VIEW_A_LAST_MOVE;
        out[p.chess.to] |= VIEW_A_LAST_MOVE;
        return;
    }
    /* The path: the start, each landing square of a capture, the end. */
    const pdn_draughts_move *m = &p.draughts;
    for (size_t i = 0; i < m->path_count; i++)
        if (m->path[i] >= 0 && m->path[i] < cells)
            out[m->path[i]] |= VIEW_A_LAST_MOVE;
}

static bool is_csl(pdn_str name)
{
    return name.len == 3 && memcmp(name.ptr, "csl", 3) == 0;
}

static void csl(unsigned short *out, const pdn_geometry *g, const pdn_node *comment)
{
    pdn_str t = pdn_node_text(comment);
    pdn_command cmd;
    size_t pos = 0;
    while (pdn_command_next(&cmd, t, &pos)) {
        pdn_mark m[MARKS_MAX];
        size_t n;
        if (!is_csl(cmd.name) ||
            pdn_parse_marks(m, MARKS_MAX, &n, cmd.value.ptr, cmd.value.len, 0, NULL) != PDN_D_NONE)
            continue;
        for (size_t i = 0; i < n && i < MARKS_MAX; i++) {
            int cell = pdn_geometry_cell(g, m[i].from);
            if (cell >= 0)
                out[cell] |= VIEW_A_MARK;
        }
    }
}

void view_board_marks(unsigned short *out, const view_app *a, const pdn_geometry *g, int exact)
{
    memset(out, 0, PDN_CELL_MAX * sizeof *out);
    if (exact != 1)
        return; /* the board shows another position than the move's */
    last_move(out, a, g);
    /* The comments of the ply: after its move, or those of the start. */
    const pdn_node *c =
        a->cursor ? pdn_node_next(a->cursor) : pdn_node_first_child(pdn_game_root(a->game.game));
    for (; c && pdn_node_kind_of(c) != PDN_NODE_MOVE; c = pdn_node_next(c))
        if (pdn_node_kind_of(c) == PDN_NODE_COMMENT &&
            (a->cursor == NULL || pdn_node_attach(c) == PDN_ATTACH_AFTER))
            csl(out, g, c);
}
