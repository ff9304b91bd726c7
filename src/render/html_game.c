/* SPDX-License-Identifier: MIT */
/*
 * html_game.c - one game of the HTML viewer as a line of JSON: its tags,
 * its tokens (moves as written, "(" and ")") in text order, each move's
 * resolved cells in a compact code, and the rest as [token, field, value]
 * triples: comments, NAGs, clocks, [%csl]/[%cal] marks drawn by the SVG
 * writer, problems found, and positions the page cannot work out itself.
 */
#include "render/html.h"

#include <stdint.h>

/* Marks taken from one comment; more would hide the board (as `pdn board`). */
#define MARKS_MAX 256

/* One open sequence of the tree (the root or a variation) during the walk. */
typedef struct seq {
    const pdn_node *last;  /* its latest move, NULL before the first */
    long last_token;       /* that move's token, else the "(" (-1: the game's start) */
    unsigned last_ply;     /* the ply the page gives `last` */
    const pdn_node *from;  /* the move whose position before starts the sequence;
                              NULL: the game's start */
    unsigned first_ply;    /* the ply the page gives the sequence's first move */
    int misplaced;         /* opened before any move of the enclosing sequence */
    const pdn_node *setup; /* a /FEN/ setup waiting for the next move */
} seq;

typedef struct walk {
    pdn_html_game_ctx *c;
    const pdn_game *game;
    const pdn_geometry *g;
    pdn_html_text tokens, codes, extras;
    long token_count;
    int any_extra;
    const pdn_diag *diags[2]; /* the replay's and the reader's, in text order */
    size_t diag_count[2], diag_at[2];
    pdn_position start;
    int start_known;
} walk;

/* ---------------------------------------------------------------------- */
/* Triples                                                                */
/* ---------------------------------------------------------------------- */

static void field(walk *w, long token, const char *name)
{
    pdn_html_text *x = &w->extras;
    pdn_html__puts(x, w->any_extra ? ",[" : "[");
    w->any_extra = 1;
    pdn_html__int(x, token);
    pdn_html__puts(x, ",\"");
    pdn_html__puts(x, name);
    pdn_html__puts(x, "\",");
}

static void field_text(walk *w, long token, const char *name, const char *s, size_t n)
{
    field(w, token, name);
    pdn_html__json(&w->extras, s, n);
    pdn_html__putc(&w->extras, ']');
}

static void field_int(walk *w, long token, const char *name, long long v)
{
    field(w, token, name);
    pdn_html__int(&w->extras, v);
    pdn_html__putc(&w->extras, ']');
}

/* ---------------------------------------------------------------------- */
/* Comments                                                               */
/* ---------------------------------------------------------------------- */

static int is_name(pdn_str s, const char *name)
{
    return s.len == strlen(name) && memcmp(s.ptr, name, s.len) == 0;
}

/* The commands the page shows in their own way rather than as text. */
static int shown_apart(pdn_str name)
{
    return is_name(name, "clk") || is_name(name, "clock") || is_name(name, "emt") ||
           is_name(name, "csl") || is_name(name, "cal");
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Appends s[0..n) with runs of white space as one space (none at the ends). */
static void squeeze(pdn_html_text *t, const char *s, size_t n, int *pending)
{
    for (size_t i = 0; i < n; i++) {
        if (is_space(s[i])) {
            *pending = t->v.len > 0;
            continue;
        }
        if (*pending)
            pdn_html__putc(t, ' ');
        *pending = 0;
        pdn_html__putc(t, s[i]);
    }
}

/* Takes the highlights and the arrows out of a diagram the SVG writer drew,
 * so that the page draws marks exactly as `pdn board --svg` does. */
static void group(walk *w, const char *svg, size_t n, const char *open, int to_end)
{
    size_t k = strlen(open), at = 0;
    while (at + k <= n && memcmp(svg + at, open, k) != 0)
        at++;
    size_t end = at + k;
    if (to_end) {
        static const char close[] = "</svg>";
        while (end + sizeof close - 1 <= n && memcmp(svg + end, close, sizeof close - 1) != 0)
            end++;
    } else {
        while (end + 4 <= n && memcmp(svg + end, "</g>", 4) != 0)
            end++;
        end += 4;
    }
    if (at + k > n || end > n)
        pdn_html__json(&w->extras, "", 0);
    else
        pdn_html__json(&w->extras, svg + at, end - at);
}

static void marks(walk *w, long token, const pdn_mark *m, size_t count)
{
    pdn_html_text *svg = &w->c->scratch;
    if (pdn_html__diagram(svg, w->g, 0, m, count) != PDN_OK)
        return; /* a failed allocation sticks in `svg` and is reported */
    field(w, token, "r");
    pdn_html__putc(&w->extras, '[');
    group(w, svg->v.data, svg->v.len, "<g class=\"highlights\"", 0);
    pdn_html__putc(&w->extras, ',');
    group(w, svg->v.data, svg->v.len, "<g class=\"arrows\"", 1);
    pdn_html__puts(&w->extras, "]]");
}

/*
 * A comment of `token`: its text without the commands shown apart, the
 * clock times, and (`full`: a comment after a move or at a start) the marks
 * of its [%csl] and [%cal].
 */
static void comment(walk *w, long token, const pdn_node *node, const char *name, int full)
{
    pdn_str text = pdn_node_text(node);
    pdn_html_text *scratch = &w->c->scratch;
    pdn_mark m[MARKS_MAX];
    size_t mark_count = 0, pos = 0, copied = 0;
    int pending = 0;
    pdn_command cmd;
    scratch->v.len = 0;
    while (pdn_command_next(&cmd, text, &pos)) {
        if (!shown_apart(cmd.name))
            continue;
        squeeze(scratch, text.ptr + copied, cmd.offset - copied, &pending);
        pending = pending || scratch->v.len > 0;
        copied = cmd.offset + cmd.length;
        if (!full)
            continue;
        if (is_name(cmd.name, "csl") || is_name(cmd.name, "cal")) {
            size_t n;
            if (pdn_parse_marks(m + mark_count, MARKS_MAX - mark_count, &n, cmd.value.ptr,
                                cmd.value.len, is_name(cmd.name, "cal"), NULL) == PDN_D_NONE)
                mark_count += n < MARKS_MAX - mark_count ? n : MARKS_MAX - mark_count;
        } else if (cmd.value.len > 0) {
            field(w, token, "k");
            pdn_html__putc(&w->extras, '[');
            pdn_html__json(&w->extras, cmd.name.ptr, cmd.name.len);
            pdn_html__putc(&w->extras, ',');
            pdn_html__json(&w->extras, cmd.value.ptr, cmd.value.len);
            pdn_html__puts(&w->extras, "]]");
        }
    }
    squeeze(scratch, text.ptr + copied, text.len - copied, &pending);
    if (scratch->v.len > 0)
        field_text(w, token, pdn_node_comment_kind(node) == PDN_COMMENT_JUNK ? "j" : name,
                   scratch->v.data, scratch->v.len);
    if (mark_count > 0)
        marks(w, token, m, mark_count);
}

/* ---------------------------------------------------------------------- */
/* Problems                                                               */
/* ---------------------------------------------------------------------- */

static void diag(walk *w, long token, const pdn_diag *d)
{
    uint64_t line;
    uint32_t column;
    pdn_game_locate(w->game, d->offset, &line, &column);
    field(w, token, "e");
    pdn_html_text *x = &w->extras;
    pdn_html__putc(x, '[');
    long long v[5] = {d->code, d->severity, d->arg, (long long)line, column};
    for (int k = 0; k < 5; k++) {
        if (k)
            pdn_html__putc(x, ',');
        pdn_html__int(x, v[k]);
    }
    pdn_html__puts(x, "]]");
}

/* Places the problems that start before `end`: those inside [begin, end)
 * at `token`, the others at the game's start (token -1). */
static void place_diags(walk *w, uint32_t begin, uint32_t end, long token)
{
    for (int k = 0; k < 2; k++) {
        while (w->diag_at[k] < w->diag_count[k]) {
            const pdn_diag *d = &w->diags[k][w->diag_at[k]];
            if (d->offset >= end)
                break;
            w->diag_at[k]++;
            if (k == 1 && d->severity < PDN_SEV_ERROR)
                continue; /* the reader's warnings are `pdn check`'s business */
            diag(w, d->offset >= begin ? token : -1, d);
        }
    }
}

/* ---------------------------------------------------------------------- */
/* Positions                                                              */
/* ---------------------------------------------------------------------- */

static int same_position(const pdn_position *a, const pdn_position *b)
{
    int cells = a->geometry->width * a->geometry->height;
    if (a->turn != b->turn || memcmp(a->board, b->board, (size_t)cells) != 0)
        return 0;
    return !a->geometry->chess ||
           (memcmp(a->castling, b->castling, sizeof a->castling) == 0 &&
            a->en_passant == b->en_passant && a->halfmove_clock == b->halfmove_clock &&
            a->fullmove == b->fullmove);
}

/* The position the page works out before the next move of `s`. */
static int expected(const walk *w, const seq *s, pdn_position *out)
{
    const pdn_replay *r = w->c->replay;
    if (s->last != NULL)
        return pdn_replay_position(out, r, s->last, 1) == PDN_OK;
    if (s->from != NULL)
        return pdn_replay_position(out, r, s->from, 0) == PDN_OK;
    *out = w->start;
    return w->start_known;
}

/* Tells the page the position before a move where it would get it wrong:
 * after a setup, after a variation placed before its move, or where the
 * replay could not set up a position. */
static void reset_position(walk *w, const seq *s, const pdn_node *node, long token)
{
    pdn_position want, have;
    int known = pdn_replay_position(&have, w->c->replay, node, 0) == PDN_OK;
    int guess = expected(w, s, &want);
    if (!s->misplaced || s->last != NULL) {
        if (known == guess && (!known || same_position(&have, &want)))
            return;
    }
    field(w, token, "p");
    if (known)
        pdn_html__position(&w->extras, &have);
    else
        pdn_html__putc(&w->extras, '0');
    pdn_html__putc(&w->extras, ']');
}

/* ---------------------------------------------------------------------- */
/* Moves                                                                  */
/* ---------------------------------------------------------------------- */

/* The cells the page needs to play the move (see html_script.c). */
static void move_code(walk *w, const pdn_played *p)
{
    pdn_html_text *t = &w->codes;
    if (p->status != PDN_PLAY_OK && p->status != PDN_PLAY_AMBIGUOUS) {
        pdn_html__putc(t, '-');
        return;
    }
    if (w->g->chess) {
        pdn_html__cell(t, p->chess.from);
        pdn_html__cell(t, p->chess.to);
        pdn_html__cell(t, p->chess.flags);
        if (p->chess.promotion)
            pdn_html__cell(t, p->chess.promotion >> 2);
        return;
    }
    pdn_html__cell(t, p->draughts.from);
    pdn_html__cell(t, p->draughts.to);
    pdn_html__cell(t, p->draughts.promotes ? 1 : 0);
    for (size_t i = 0; i < p->draughts.capture_count; i++)
        pdn_html__cell(t, p->draughts.captured[i]);
}

static void token(walk *w, const char *s, size_t n)
{
    if (w->token_count > 0)
        pdn_html__putc(&w->tokens, ' ');
    pdn_html__put(&w->tokens, s, n);
    w->token_count++;
}

static void move(walk *w, seq *s, const pdn_node *node)
{
    long t = w->token_count;
    pdn_str text = pdn_game_text(w->game);
    const char *written = text.ptr + pdn_node_offset(node);
    size_t len = pdn_node_length(node);
    if (w->token_count > 0)
        pdn_html__putc(&w->tokens, ' ');
    for (size_t i = 0; i < len; i++)
        if (!is_space(written[i]))
            pdn_html__putc(&w->tokens, written[i]);
    w->token_count++;

    if (w->codes.v.len > 0)
        pdn_html__putc(&w->codes, ' ');
    pdn_played p;
    int replayed = pdn_replay_move(&p, w->c->replay, node) == PDN_OK;
    unsigned ply = s->last != NULL ? s->last_ply + 1 : s->first_ply;
    if (replayed) {
        move_code(w, &p);
        if (p.status != PDN_PLAY_OK)
            field_int(w, t, "s", p.status);
        if (p.ply != ply || (s->misplaced && s->last == NULL))
            field_int(w, t, "y", p.ply);
        ply = p.ply;
    } else {
        pdn_html__putc(&w->codes, '-');
        field_int(w, t, "s", PDN_PLAY_NONE);
    }
    reset_position(w, s, node, t);
    if (s->setup != NULL) {
        pdn_str fen = pdn_node_text(s->setup);
        field_text(w, t, "f", fen.ptr, fen.len);
        s->setup = NULL;
    }
    /* Comments between the move number and the move come just before it. */
    const pdn_node *first = node;
    while (pdn_node_prev(first) != NULL &&
           pdn_node_kind_of(pdn_node_prev(first)) == PDN_NODE_COMMENT &&
           pdn_node_attach(pdn_node_prev(first)) == PDN_ATTACH_BEFORE)
        first = pdn_node_prev(first);
    for (const pdn_node *b = first; b != node; b = pdn_node_next(b))
        comment(w, t, b, "b", 0);
    place_diags(w, pdn_node_offset(node), pdn_node_offset(node) + pdn_node_length(node), t);
    s->last = node;
    s->last_token = t;
    s->last_ply = ply;
}

/* ---------------------------------------------------------------------- */
/* The walk                                                               */
/* ---------------------------------------------------------------------- */

static seq *push(walk *w)
{
    pdn_vec *v = &w->c->stack;
    if (!pdn_vec__reserve(v, w->c->alloc, sizeof(seq), 1))
        return NULL;
    seq *s = (seq *)v->data + v->len++;
    memset(s, 0, sizeof *s);
    s->last_token = -1;
    return s;
}

static seq *top(walk *w)
{
    return (seq *)w->c->stack.data + w->c->stack.len - 1;
}

static pdn_status walk_tree(walk *w)
{
    seq *s = push(w);
    if (s == NULL)
        return PDN_ENOMEM;
    s->first_ply = 1;
    pdn_iter it;
    pdn_iter_init(&it, pdn_game_root(w->game));
    while (pdn_iter_next(&it) != PDN_EVENT_DONE) {
        const pdn_node *n = it.node;
        s = top(w);
        switch (pdn_node_kind_of(n)) {
        case PDN_NODE_MOVE:
            move(w, s, n);
            break;
        case PDN_NODE_VARIATION:
            if (it.event == PDN_EVENT_EXIT) {
                token(w, ")", 1);
                w->c->stack.len--;
                break;
            }
            long open = w->token_count;
            token(w, "(", 1);
            seq *v = push(w);
            if (v == NULL)
                return PDN_ENOMEM;
            s = v - 1; /* the push may have moved the stack */
            v->last_token = open;
            v->from = s->last != NULL ? s->last : s->from;
            v->first_ply = s->last != NULL ? s->last_ply : s->first_ply;
            v->misplaced = s->last == NULL;
            break;
        case PDN_NODE_COMMENT:
            if (pdn_node_attach(n) != PDN_ATTACH_BEFORE)
                comment(w, s->last_token, n, "a", 1);
            break;
        case PDN_NODE_NAG:
            if (s->last != NULL)
                field_int(w, s->last_token, "g", pdn_node_nag(n));
            break;
        case PDN_NODE_SETUP:
            if (pdn_node_setup_is_fen(n))
                s->setup = n;
            break;
        default:
            break;
        }
    }
    w->c->stack.len = 0;
    place_diags(w, UINT32_MAX, UINT32_MAX, -1);
    return PDN_OK;
}

/* The numbering of the moves: the number of the first move and whether the
 * side that moves first in the game is not the one that would open a move
 * pair (then the first move is "N..."). */
static void numbering(walk *w, pdn_html_text *out)
{
    long base = 1;
    int offset;
    if (w->g->chess) {
        base = w->start_known ? w->start.fullmove : 1;
        offset = w->start_known && w->start.turn == 'B';
    } else {
        offset = w->start_known && w->start.turn != w->g->gametype.start;
        for (const pdn_node *n = pdn_node_first_child(pdn_game_root(w->game)); n;
             n = pdn_node_next(n)) {
            pdn_move m;
            if (pdn_node_move(&m, n) == PDN_OK) {
                if (m.number > 0 && m.number < 100000)
                    base = (long)m.number;
                break;
            }
        }
    }
    pdn_html__puts(out, ",\"n\":[");
    pdn_html__int(out, base);
    pdn_html__putc(out, ',');
    pdn_html__int(out, offset);
    pdn_html__putc(out, ']');
}

static void tags(const pdn_game *game, pdn_html_text *out)
{
    size_t count;
    const pdn_tag *t = pdn_game_tags(game, &count);
    pdn_html__puts(out, ",\"t\":[");
    for (size_t i = 0; i < count; i++) {
        pdn_html__puts(out, i ? ",[" : "[");
        pdn_html__json(out, t[i].name.ptr, t[i].name.len);
        pdn_html__putc(out, ',');
        pdn_html__json(out, t[i].value.ptr, t[i].value.len);
        pdn_html__putc(out, ']');
    }
    pdn_html__putc(out, ']');
}

pdn_status pdn_html__game(pdn_html_game_ctx *c, const pdn_game *game, pdn_html_kind_fn find_kind,
                          void *kind_ctx, pdn_html_text *out)
{
    pdn_status st = pdn_replay_run(c->replay, game, c->replay_opts);
    if (st != PDN_OK)
        return st;
    walk w;
    memset(&w, 0, sizeof w);
    w.c = c;
    w.game = game;
    w.g = pdn_replay_geometry(c->replay);
    w.tokens.alloc = w.codes.alloc = w.extras.alloc = c->alloc;
    w.diags[0] = pdn_replay_diags(c->replay, &w.diag_count[0]);
    w.diags[1] = pdn_game_diags(game, &w.diag_count[1]);
    int kind = find_kind(kind_ctx, w.g);
    if (kind < 0)
        return PDN_ENOMEM;
    w.start_known = pdn_replay_position(&w.start, c->replay, pdn_game_root(game), 0) == PDN_OK;

    /* The game's start differs from its board's usual one: say so. */
    pdn_position usual;
    pdn_position_start(&usual, w.g);
    if (!w.start_known || !same_position(&w.start, &usual)) {
        field(&w, -1, "p");
        if (w.start_known)
            pdn_html__position(&w.extras, &w.start);
        else
            pdn_html__putc(&w.extras, '0');
        pdn_html__putc(&w.extras, ']');
    }
    st = walk_tree(&w);

    pdn_html__puts(out, "{\"k\":");
    pdn_html__int(out, kind);
    numbering(&w, out);
    tags(game, out);
    pdn_html__puts(out, ",\"m\":");
    pdn_html__json(out, w.tokens.v.data, w.tokens.v.len);
    pdn_html__puts(out, ",\"c\":");
    pdn_html__json(out, w.codes.v.data, w.codes.v.len);
    pdn_html__puts(out, ",\"x\":[");
    pdn_html__put(out, w.extras.v.data, w.extras.v.len);
    pdn_html__puts(out, "]}");
    int failed = w.tokens.failed || w.codes.failed || w.extras.failed || c->scratch.failed;
    pdn_html__free_text(&w.tokens);
    pdn_html__free_text(&w.codes);
    pdn_html__free_text(&w.extras);
    c->scratch.failed = 0;
    if (st == PDN_OK && failed)
        st = PDN_ENOMEM;
    return st;
}

void pdn_html__game_free(pdn_html_game_ctx *c)
{
    pdn_vec__free(&c->stack, c->alloc, sizeof(seq));
    pdn_html__free_text(&c->scratch);
}
