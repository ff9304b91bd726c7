/* SPDX-License-Identifier: MIT */
/*
 * replay_notes.c - what the command adds to a replay diagnostic: the game,
 * the move as written, the position in FEN and the legal moves there, and
 * the merge of the reader's and the replay's diagnostics in text order.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Legal moves listed in a note: enough to see what was meant. */
#define MAX_LISTED 40

/* The move node a replay diagnostic points at. */
static const pdn_node *move_at(const pdn_game *g, uint32_t offset)
{
    pdn_iter it;
    pdn_iter_init(&it, pdn_game_root(g));
    while (pdn_iter_next(&it) != PDN_EVENT_DONE) {
        if (it.event == PDN_EVENT_ENTER && pdn_node_kind_of(it.node) == PDN_NODE_MOVE &&
            pdn_node_offset(it.node) <= offset &&
            offset < pdn_node_offset(it.node) + pdn_node_length(it.node))
            return it.node;
    }
    return NULL;
}

static void list_draughts(FILE *out, const pdn_replay *r, const pdn_position *pos)
{
    pdn_movelist *list;
    if (pdn_movelist_new(&list, NULL) != PDN_OK)
        return;
    const pdn_draughts *d = pdn_replay_engine(r);
    if (d != NULL && pdn_draughts_moves(list, d, pos, NULL, PDN_MOVES_UNIQUE) == PDN_OK) {
        size_t n = pdn_movelist_count(list);
        for (size_t i = 0; i < n && i < MAX_LISTED; i++) {
            pdn_draughts_move m = pdn_movelist_get(list, i);
            char buf[256];
            pdn_draughts_format(buf, sizeof buf, list, &m, 0, 0);
            fprintf(out, "%s%s", i ? ", " : "", buf);
        }
        if (n > MAX_LISTED)
            fprintf(out, ", ... (%zu in all)", n);
        if (n == 0)
            fprintf(out, "none");
    }
    pdn_movelist_free(list);
}

static void list_chess(FILE *out, const pdn_position *pos)
{
    pdn_chess_move moves[PDN_CHESS_MOVES_MAX];
    size_t n = 0;
    pdn_chess_moves(moves, &n, pos);
    for (size_t i = 0; i < n && i < MAX_LISTED; i++) {
        char buf[PDN_SAN_MAX];
        pdn_chess_format_san(buf, pos, moves[i]);
        fprintf(out, "%s%s", i ? ", " : "", buf);
    }
    if (n > MAX_LISTED)
        fprintf(out, ", ... (%zu in all)", n);
    if (n == 0)
        fprintf(out, "none");
}

bool cli_diag_about_move(pdn_diag_code code)
{
    return code == PDN_D_ILLEGAL_MOVE || code == PDN_D_AMBIGUOUS_MOVE ||
           code == PDN_D_MOVE_AFTER_END || code == PDN_D_BAD_PROMOTION;
}

/* Notes under a diagnostic about a move: where, the position, the moves.
 * The codes are those needs_positions() in cmd_check.c looks for. */
static void move_notes(cli_part *p, const char *file, const pdn_game *g, const pdn_replay *r,
                       const pdn_diag *d)
{
    FILE *out = p->out;
    if (!cli_diag_about_move(d->code))
        return;
    const pdn_node *node = move_at(g, d->offset);
    pdn_position pos;
    if (node == NULL || pdn_replay_position(&pos, r, node, 0) != PDN_OK)
        return;
    uint64_t line;
    uint32_t col;
    pdn_game_locate(g, d->offset, &line, &col);
    pdn_move m;
    pdn_node_move(&m, node);
    pdn_played played;
    pdn_replay_move(&played, r, node);
    size_t need = pdn_fen_write(&pos, 0, NULL, 0);
    char *fen = malloc(need + 1);
    if (fen == NULL)
        return;
    pdn_fen_write(&pos, 0, fen, need + 1);
    pdn_str text = pdn_game_text(g);
    fprintf(out, "%s:%llu:%u: note: game ", file, (unsigned long long)line, col);
    cli_game_number(p, g);
    fprintf(out, ", ply %u, %s to move: '%.*s' in FEN \"%s\"\n", played.ply,
            pos.turn == 'B' ? "Black" : "White", (int)pdn_node_length(node),
            text.ptr + pdn_node_offset(node), fen);
    free(fen);
    fprintf(out, "%s:%llu:%u: note: legal moves: ", file, (unsigned long long)line, col);
    if (pdn_replay_geometry(r)->chess)
        list_chess(out, &pos);
    else
        list_draughts(out, r, &pos);
    fputc('\n', out);
}

void cli_print_diags(cli_part *p, const char *file, const pdn_game *g, const pdn_replay *r)
{
    size_t n = 0, k = 0;
    const pdn_diag *a = pdn_game_diags(g, &n);
    const pdn_diag *b = r != NULL ? pdn_replay_diags(r, &k) : NULL;
    size_t i = 0, j = 0;
    while (i < n || j < k) {
        /* The reader's come first at the same place: they are about the text. */
        bool from_replay = i == n || (j < k && b[j].offset < a[i].offset);
        const pdn_diag *d = from_replay ? &b[j++] : &a[i++];
        p->counts[d->severity]++;
        if (p->out == NULL)
            continue;
        cli_print_diag(p->out, file, g, d);
        if (from_replay)
            move_notes(p, file, g, r, d);
    }
}
