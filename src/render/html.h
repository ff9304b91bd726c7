/* SPDX-License-Identifier: MIT */
/*
 * html.h - what the files of the HTML game viewer share: growing text
 * buffers with JSON and HTML escaping (html_text.c), one game as a line of
 * JSON (html_game.c), the page's fixed style and script (html_style.c,
 * html_script.c).  pdn_html_new() and friends in html.c tie them together.
 */
#ifndef PDN_RENDER_HTML_H
#define PDN_RENDER_HTML_H

#include "base/base.h"
#include "write/out.h"

/* Text built in memory before it goes to the sink; the first failed
 * allocation sticks, so callers check once at the end. */
typedef struct pdn_html_text {
    pdn_vec v; /* char */
    const pdn_alloc *alloc;
    int failed;
} pdn_html_text;

void pdn_html__put(pdn_html_text *t, const char *s, size_t n);
void pdn_html__puts(pdn_html_text *t, const char *s);
void pdn_html__putc(pdn_html_text *t, char c);
void pdn_html__int(pdn_html_text *t, long long v);
/* A JSON string, quotes included.  '<', '>' and '&' are escaped too, so the
 * text can stand inside a <script> element whatever it holds. */
void pdn_html__json(pdn_html_text *t, const char *s, size_t n);
/* A cell as one or two characters of the page's compact move codes: the
 * printable ASCII from '0' on without '<' and '\\' (77 cells), then U+00C0
 * onwards (html_script.c decodes it the same way). */
void pdn_html__cell(pdn_html_text *t, int cell);
void pdn_html__free_text(pdn_html_text *t);
/* `g` drawn empty, with `marks`, by pdn_write_diagram() as an SVG document
 * (replacing the text of `t`), so that the page's boards and marks are the
 * diagram writer's own.  PDN_OK, PDN_ENOMEM or the writer's PDN_EINVAL. */
pdn_status pdn_html__diagram(pdn_html_text *t, const pdn_geometry *g, int flip,
                             const pdn_mark *marks, size_t count);

/* Text for HTML content and attribute values: & < > " escaped. */
void pdn_html__escape(pdn_out *o, const char *s, size_t n);

/* What writing a game needs that lives as long as the page. */
typedef struct pdn_html_game_ctx {
    pdn_replay *replay;
    const pdn_replay_options *replay_opts;
    const pdn_alloc *alloc;
    pdn_html_text scratch; /* a diagram drawn to take its marks from */
    pdn_vec stack;         /* per open sequence: see html_game.c */
} pdn_html_game_ctx;

/* Replays `game` and appends its line of JSON (without the newline) to
 * `out`; `kind` is the index of its board among the page's boards, found by
 * `find_kind` after the replay.  Returns PDN_OK or PDN_ENOMEM. */
typedef int (*pdn_html_kind_fn)(void *ctx, const pdn_geometry *g);
pdn_status pdn_html__game(pdn_html_game_ctx *c, const pdn_game *game, pdn_html_kind_fn find_kind,
                          void *kind_ctx, pdn_html_text *out);

/* Frees what the context holds (not the replayer). */
void pdn_html__game_free(pdn_html_game_ctx *c);

/* A position as the page reads it: the side to move and one character per
 * cell ('0' + pdn_piece); for chess also the castling rook files, the
 * en-passant cell and the clocks. */
void pdn_html__position(pdn_html_text *t, const pdn_position *pos);

/* The fixed parts of the page. */
void pdn_html__style(pdn_out *o);
void pdn_html__script(pdn_out *o);

#endif
