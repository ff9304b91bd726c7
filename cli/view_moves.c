/* SPDX-License-Identifier: MIT */
/*
 * view_moves.c - the text parts of a game's screen in `pdn view`: the move
 * list (moves as written, each variation on its own indented rows in
 * parentheses, wrapped and scrolled to the current move) and the notes of
 * the current move (its comments, clock and other commands, what the
 * replay found wrong with it).
 */
#include "view.h"

#include <stdio.h>
#include <string.h>

const char *view_nag_symbol(unsigned nag)
{
    static const char *const symbols[] = {
        NULL, "!",  "?",  "!!", "??", "!?", "?!",  NULL,  NULL, NULL,
        "=",  NULL, NULL, NULL, "+=", "=+", "+/-", "-/+", "+-", "-+",
    };
    return nag < sizeof symbols / sizeof symbols[0] ? symbols[nag] : NULL;
}

/* --- the move list ------------------------------------------------------- */

/* Room for glued NAG symbols; more are dropped from the list (the notes
 * still name every comment, and `pdn fmt` shows all). */
#define NAGS_MAX 24

/* A unit the list never breaks: "(", move number, move, NAGs, ")". */
typedef struct word {
    bool active;
    int opens, closes;
    char num[24];
    const char *text;
    size_t text_len;
    unsigned attr;
    char nags[NAGS_MAX];
    size_t nags_len;
    bool comment; /* the move has comments: a mark follows it */
    int depth;
} word;

typedef struct flow {
    view_screen *s;
    int x0, y0, w, h; /* the area */
    int top;          /* first row drawn */
    bool draw;
    int row, col; /* where the next word goes; col -1: the row is empty */
    int cursor_row;
    const pdn_node *cursor;
    const char *comment_mark;
} flow;

static int indent_of(const flow *f, int depth)
{
    int i = 2 * depth;
    return i < f->w / 2 ? i : f->w / 2;
}

static void piece(flow *f, int *x, unsigned attr, const char *text, size_t len)
{
    if (f->draw && f->row >= f->top && f->row < f->top + f->h)
        view_put(f->s, f->y0 + f->row - f->top, f->x0 + *x, f->w - *x, attr, text, len);
    *x += view_text_width(text, len);
}

static void place(flow *f, word *wd, const pdn_node *node)
{
    if (!wd->active)
        return;
    wd->active = false;
    int width = wd->opens + wd->closes + view_text_width(wd->num, strlen(wd->num)) +
                view_text_width(wd->text, wd->text_len) + view_text_width(wd->nags, wd->nags_len);
    if (wd->comment)
        width += 1 + view_text_width(f->comment_mark, strlen(f->comment_mark));
    if (f->col < 0) {
        f->col = indent_of(f, wd->depth);
    } else if (f->col + 1 + width > f->w) {
        f->row++;
        f->col = indent_of(f, wd->depth);
    } else {
        f->col++;
    }
    unsigned frame = wd->depth > 0 ? VIEW_A_VARIATION : 0;
    int x = f->col;
    for (int i = 0; i < wd->opens; i++)
        piece(f, &x, frame, "(", 1);
    piece(f, &x, frame, wd->num, strlen(wd->num));
    piece(f, &x, wd->attr, wd->text, wd->text_len);
    piece(f, &x, wd->attr & ~VIEW_A_CURRENT, wd->nags, wd->nags_len);
    if (wd->comment) {
        piece(f, &x, 0, " ", 1);
        piece(f, &x, VIEW_A_COMMENT, f->comment_mark, strlen(f->comment_mark));
    }
    for (int i = 0; i < wd->closes; i++)
        piece(f, &x, frame, ")", 1);
    if (node != NULL && node == f->cursor)
        f->cursor_row = f->row;
    f->col += width;
}

static void line_break(flow *f)
{
    if (f->col >= 0) {
        f->row++;
        f->col = -1;
    }
}

static unsigned move_attr(const view_game *g, const pdn_node *n, int depth, const pdn_node *cur)
{
    unsigned attr = depth > 0 ? VIEW_A_VARIATION : 0;
    pdn_played p;
    if (pdn_replay_move(&p, g->replay, n) == PDN_OK) {
        if (p.status == PDN_PLAY_ILLEGAL || p.status == PDN_PLAY_UNKNOWN ||
            p.status == PDN_PLAY_AMBIGUOUS)
            attr |= VIEW_A_ERROR;
        else if (p.status == PDN_PLAY_SKIPPED)
            attr |= VIEW_A_SKIPPED;
    }
    if (n == cur)
        attr |= VIEW_A_CURRENT;
    return attr;
}

/* Walks the tree once, placing every word; draws the rows from f->top when
 * f->draw is set.  Returns the number of rows. */
static int flow_game(flow *f, const view_game *g)
{
    pdn_str text = pdn_game_text(g->game);
    word wd, *w = &wd;
    memset(w, 0, sizeof *w);
    const pdn_node *w_node = NULL;
    int depth = 0, opens = 0;
    bool need_break = false, comment_before = false;
    pdn_iter it;
    pdn_iter_init(&it, pdn_game_root(g->game));
    while (pdn_iter_next(&it) != PDN_EVENT_DONE) {
        const pdn_node *n = it.node;
        switch (pdn_node_kind_of(n)) {
        case PDN_NODE_MOVE: {
            place(f, w, w_node);
            if (need_break)
                line_break(f);
            need_break = false;
            memset(w, 0, sizeof *w);
            pdn_move m;
            pdn_node_move(&m, n);
            if (m.number_kind == PDN_NUMBER_WHITE)
                snprintf(w->num, sizeof w->num, "%u. ", (unsigned)m.number);
            else if (m.number_kind == PDN_NUMBER_BLACK && m.number)
                snprintf(w->num, sizeof w->num, "%u... ", (unsigned)m.number);
            else if (m.number_kind == PDN_NUMBER_BLACK)
                snprintf(w->num, sizeof w->num, "... ");
            w->active = true;
            w->opens = opens;
            opens = 0;
            w->text = text.ptr + pdn_node_offset(n);
            w->text_len = pdn_node_length(n);
            w->attr = move_attr(g, n, depth, f->cursor);
            w->depth = depth;
            w->comment = comment_before;
            comment_before = false;
            /* "32-28 !" (a space before the strength): the move's span
             * ends before it. */
            if (m.strength.len && m.strength.len < NAGS_MAX &&
                (w->text_len < m.strength.len || memcmp(w->text + w->text_len - m.strength.len,
                                                        m.strength.ptr, m.strength.len) != 0)) {
                memcpy(w->nags, m.strength.ptr, m.strength.len);
                w->nags_len = m.strength.len;
            }
            w_node = n;
            break;
        }
        case PDN_NODE_NAG: {
            const char *sym = view_nag_symbol(pdn_node_nag(n));
            char buf[16];
            if (sym == NULL) {
                snprintf(buf, sizeof buf, "$%u", pdn_node_nag(n));
                sym = buf;
            }
            size_t len = strlen(sym);
            /* Only to a move of this sequence: after a variation the move
             * it belongs to is placed already. */
            if (w->active && w_node && w->depth == depth && w->nags_len + len + 1 < NAGS_MAX) {
                /* Symbols glue to the move; a numbered NAG keeps a space. */
                if (sym == buf)
                    w->nags[w->nags_len++] = ' ';
                memcpy(w->nags + w->nags_len, sym, len);
                w->nags_len += len;
            }
            break;
        }
        case PDN_NODE_COMMENT:
            /* The game's start comments show at the start position and
             * need no mark. */
            if (pdn_node_attach(n) != PDN_ATTACH_AFTER)
                comment_before =
                    comment_before || pdn_node_attach(n) == PDN_ATTACH_BEFORE || depth > 0;
            else if (w->active && w_node && w->depth == depth)
                w->comment = true;
            break;
        case PDN_NODE_VARIATION:
            if (it.event == PDN_EVENT_ENTER) {
                place(f, w, w_node);
                line_break(f);
                need_break = false;
                depth++;
                opens++;
            } else {
                if (opens > 0 || !w->active) {
                    /* An empty "()", or nothing left to close on. */
                    place(f, w, w_node);
                    memset(w, 0, sizeof *w);
                    w->active = true;
                    w->opens = opens;
                    w->depth = depth;
                    w_node = NULL;
                    opens = 0;
                }
                w->closes++;
                depth--;
                need_break = true;
            }
            break;
        default:
            break;
        }
    }
    place(f, w, w_node);
    if (need_break)
        line_break(f);
    pdn_str term;
    if (pdn_game_terminator(g->game, &term) != PDN_TERM_NONE && term.len) {
        memset(w, 0, sizeof *w);
        w->active = true;
        w->text = term.ptr;
        w->text_len = term.len;
        place(f, w, NULL);
    }
    return f->col >= 0 ? f->row + 1 : f->row;
}

int view_draw_moves(view_app *a, view_screen *s, int x0, int y0, int w, int h)
{
    if (w <= 0 || h <= 0)
        return 0;
    flow f = {s, x0, y0, w, h, 0, false, 0, -1, -1, a->cursor, a->unicode ? "{…}" : "{}"};
    int rows = flow_game(&f, &a->game);
    /* Scroll just enough to show the current move. */
    int top = a->moves_top;
    if (f.cursor_row < 0)
        top = 0;
    else if (f.cursor_row < top)
        top = f.cursor_row;
    else if (f.cursor_row >= top + h)
        top = f.cursor_row - h + 1;
    if (top > rows - h)
        top = rows - h;
    if (top < 0)
        top = 0;
    a->moves_top = top;
    flow g = {s, x0, y0, w, h, top, true, 0, -1, -1, a->cursor, f.comment_mark};
    flow_game(&g, &a->game);
    return rows;
}
