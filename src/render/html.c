/* SPDX-License-Identifier: MIT */
/*
 * html.c - pdn_html_new(), pdn_html_add(), pdn_html_finish(): the HTML game
 * viewer, one self-contained page.  Games go out one line of JSON each as
 * they are added (html_game.c); the game list, the boards the games need
 * (drawn once each by the SVG diagram writer, for both sides), the piece
 * shapes and the script follow at the end.
 */
#include "render/html.h"
#include "render/svg.h"

struct pdn_html {
    pdn_alloc alloc;
    pdn_replay_options replay_opts;
    pdn_html_game_ctx ctx;
    char *title;
    size_t title_len;
    pdn_html_text line; /* one game's JSON */
    pdn_html_text list; /* the game list: one array per game */
    pdn_vec kinds;      /* pdn_geometry: the boards the games use */
    uint64_t games;
    uint64_t errors; /* the games' own and their replays' (pdn_html_errors) */
    int started, finished;
    pdn_out out; /* last: its buffer is large */
};

/* Boards are told apart by their GameType tuple, which fixes the drawing. */
static int same_board(const pdn_gametype *a, const pdn_gametype *b)
{
    return a->type == b->type && a->start == b->start && a->width == b->width &&
           a->height == b->height && a->notation == b->notation && a->corner == b->corner &&
           a->invert == b->invert;
}

static int find_kind(void *ctx, const pdn_geometry *g)
{
    pdn_html *h = ctx;
    pdn_geometry *k = h->kinds.data;
    for (size_t i = 0; i < h->kinds.len; i++)
        if (same_board(&k[i].gametype, &g->gametype))
            return (int)i;
    if (!pdn_vec__reserve(&h->kinds, &h->alloc, sizeof *g, 1))
        return -1;
    ((pdn_geometry *)h->kinds.data)[h->kinds.len] = *g;
    return (int)h->kinds.len++;
}

pdn_status pdn_html_new(pdn_html **out, const pdn_html_options *opts, pdn_sink sink)
{
    if (out == NULL)
        return PDN_EINVAL;
    *out = NULL;
    pdn_html_options defaults = PDN_HTML_OPTIONS_INIT;
    if (opts == NULL)
        opts = &defaults;
    if (opts->version != PDN_HTML_OPTIONS_VERSION || sink.write == NULL)
        return PDN_EINVAL;
    pdn_alloc a = pdn_alloc__resolve(opts->allocator);
    pdn_html *h = pdn_alloc__get(&a, sizeof *h);
    if (h == NULL)
        return PDN_ENOMEM;
    memset(h, 0, sizeof *h);
    h->alloc = a;
    pdn_out__init(&h->out, sink);
    h->line.alloc = h->list.alloc = h->ctx.scratch.alloc = &h->alloc;
    h->ctx.alloc = &h->alloc;
    pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.gametype = opts->gametype;
    h->replay_opts = ro;
    h->ctx.replay_opts = &h->replay_opts;
    const char *title = opts->title != NULL ? opts->title : "Games";
    h->title_len = strlen(title);
    h->title = pdn_alloc__get(&a, h->title_len + 1);
    pdn_status st = h->title == NULL ? PDN_ENOMEM : pdn_replay_new(&h->ctx.replay, opts->allocator);
    if (st != PDN_OK) {
        pdn_html_free(h);
        return st;
    }
    memcpy(h->title, title, h->title_len + 1);
    *out = h;
    return PDN_OK;
}

void pdn_html_free(pdn_html *h)
{
    if (h == NULL)
        return;
    pdn_alloc a = h->alloc;
    pdn_replay_free(h->ctx.replay);
    pdn_html__free_text(&h->line);
    pdn_html__free_text(&h->list);
    pdn_html__game_free(&h->ctx);
    pdn_vec__free(&h->kinds, &a, sizeof(pdn_geometry));
    if (h->title != NULL)
        pdn_alloc__put(&a, h->title, h->title_len + 1);
    pdn_alloc__put(&a, h, sizeof *h);
}

static void puts_out(pdn_html *h, const char *s)
{
    pdn_out__write(&h->out, s, strlen(s));
}

/* Everything before the games: the head, the page's frame, and the start of
 * the element that holds the games, one per line. */
static void start(pdn_html *h)
{
    if (h->started)
        return;
    h->started = 1;
    puts_out(h, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                "<meta name=\"generator\" content=\"libpdn " PDN_VERSION_STRING "\">\n<title>");
    pdn_html__escape(&h->out, h->title, h->title_len);
    puts_out(h, "</title>\n");
    pdn_html__style(&h->out);
    puts_out(h, "</head>\n<body>\n<h1 id=\"title\">");
    pdn_html__escape(&h->out, h->title, h->title_len);
    puts_out(h,
             "</h1>\n"
             "<section id=\"list\" hidden><input id=\"filter\" type=\"search\" "
             "placeholder=\"Filter by player, event or date\" aria-label=\"Filter the games\">"
             "<span id=\"count\"></span>"
             "<div id=\"list-head\" class=\"row\"><span>#</span><span>White</span>"
             "<span>Black</span><span>Event</span><span>Date</span><span>Result</span></div>"
             "<div id=\"list-body\" tabindex=\"-1\"><div id=\"list-rows\"></div></div></section>\n"
             "<main id=\"viewer\">\n<div id=\"board-pane\">\n<div id=\"board\"></div>\n"
             "<div id=\"controls\">"
             "<button id=\"first\" title=\"Start (Home)\">|&#x25C0;</button>"
             "<button id=\"back\" title=\"Back (&#x2190;)\">&#x25C0;</button>"
             "<button id=\"forward\" title=\"Forward (&#x2192;)\">&#x25B6;</button>"
             "<button id=\"last\" title=\"End of the line (End)\">&#x25B6;|</button>"
             "<button id=\"flip\" title=\"Flip the board\">&#x21C5;</button></div>\n"
             "<div id=\"fen-row\"><input id=\"fen\" readonly aria-label=\"FEN\" "
             "placeholder=\"position unknown\"><button id=\"copy\">Copy FEN</button></div>\n"
             "<div id=\"notes\"></div>\n</div>\n"
             "<div id=\"moves-pane\"><div id=\"game-head\"></div><div id=\"game-notes\"></div>"
             "<div id=\"moves\"></div></div>\n</main>\n"
             "<p id=\"empty\" hidden>The file holds no game.</p>\n"
             "<script type=\"text/plain\" id=\"pdn-games\">");
}

static pdn_status status_of(pdn_html *h)
{
    return h->out.failed ? PDN_EIO : PDN_OK;
}

static void list_tag(pdn_html *h, const pdn_game *game, const char *name)
{
    const pdn_tag *t = pdn_game_tag(game, name);
    pdn_html__putc(&h->list, ',');
    if (t != NULL)
        pdn_html__json(&h->list, t->value.ptr, t->value.len);
    else
        pdn_html__json(&h->list, "", 0);
}

pdn_status pdn_html_add(pdn_html *h, const pdn_game *game)
{
    if (h == NULL || game == NULL || h->finished)
        return PDN_EINVAL;
    h->line.v.len = 0;
    pdn_status st = pdn_html__game(&h->ctx, game, find_kind, h, &h->line);
    if (st != PDN_OK)
        return st;
    pdn_html__puts(&h->list, h->games ? ",[" : "[[");
    pdn_html__int(&h->list, (long long)pdn_game_index(game));
    static const char *const shown[] = {"White", "Black", "Event", "Date", "Result"};
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
        list_tag(h, game, shown[i]);
    pdn_html__putc(&h->list, ']');
    if (h->list.failed || h->line.failed)
        return PDN_ENOMEM;
    start(h);
    pdn_out__write(&h->out, h->line.v.data, h->line.v.len);
    pdn_out__write(&h->out, "\n", 1);
    h->games++;
    size_t n;
    const pdn_diag *d = pdn_replay_diags(h->ctx.replay, &n);
    h->errors += pdn_game_count_severity(game, PDN_SEV_ERROR);
    for (size_t i = 0; i < n; i++)
        h->errors += d[i].severity == PDN_SEV_ERROR;
    return status_of(h);
}

uint64_t pdn_html_errors(const pdn_html *h)
{
    return h != NULL ? h->errors : 0;
}

/* ---------------------------------------------------------------------- */
/* The end of the page                                                    */
/* ---------------------------------------------------------------------- */

/* Writes text that the SVG writer drew into a buffer, without its XML
 * declaration (the page is HTML, where it would be a bogus comment). */
static void put_svg(pdn_html *h, const pdn_html_text *svg)
{
    const char *s = svg->v.data;
    size_t n = svg->v.len, at = 0;
    while (at + 4 <= n && memcmp(s + at, "<svg", 4) != 0)
        at++;
    if (at + 4 <= n)
        pdn_out__write(&h->out, s + at, n - at);
}

/* Each board drawn empty by pdn_write_diagram(), White's side and Black's
 * at the bottom: the page puts the pieces and the marks on a copy. */
static pdn_status boards(pdn_html *h)
{
    pdn_html_text *svg = &h->ctx.scratch;
    const pdn_geometry *k = h->kinds.data;
    for (size_t i = 0; i < h->kinds.len; i++) {
        for (int flip = 0; flip < 2; flip++) {
            pdn_status st = pdn_html__diagram(svg, &k[i], flip, NULL, 0);
            if (st != PDN_OK)
                return st;
            pdn_render__printf(&h->out, "<template id=\"pdn-board-%u-%d\">", (unsigned)i, flip);
            put_svg(h, svg);
            puts_out(h, "</template>\n");
        }
    }
    return PDN_OK;
}

/* The shapes of every piece, once: the boards' <use> elements point here. */
static void pieces(pdn_html *h)
{
    puts_out(h, "<svg id=\"pdn-pieces\" width=\"0\" height=\"0\" aria-hidden=\"true\" "
                "style=\"position:absolute\"><defs>\n");
    for (unsigned kind = 1; kind < PDN_RENDER_KINDS; kind++)
        for (unsigned color = 0; color < PDN_RENDER_COLORS; color++)
            pdn_render__piece_def(&h->out, kind, color);
    puts_out(h, "</defs></svg>\n");
}

/* What the script needs to know of a board: its size, its usual start, and
 * the cells in the order its FEN lists them, with their names. */
static void kind_json(pdn_html_text *t, const pdn_geometry *g)
{
    pdn_html__puts(t, "{\"w\":");
    pdn_html__int(t, g->width);
    pdn_html__puts(t, ",\"h\":");
    pdn_html__int(t, g->height);
    pdn_html__puts(t, ",\"chess\":");
    pdn_html__int(t, g->chess);
    pdn_html__puts(t, ",\"type\":");
    pdn_html__int(t, g->gametype.type);
    pdn_position usual;
    pdn_position_start(&usual, g);
    pdn_html__puts(t, ",\"start\":");
    pdn_html__position(t, &usual);
    if (!g->chess) {
        int numeric = g->gametype.notation == 'N';
        pdn_html__puts(t, ",\"num\":");
        pdn_html__int(t, numeric);
        pdn_html__puts(t, ",\"cells\":[");
        int first = 1, w = g->width, hgt = g->height;
        if (numeric) {
            for (int n = 1; n <= g->square_count; n++) {
                pdn_html__puts(t, first ? "" : ",");
                first = 0;
                pdn_html__int(t, g->cell_of[n]);
            }
        } else {
            /* Files, then ranks, in the game's algebraic frame (as fen.c). */
            int file_step = g->alpha_flip_file ? -1 : 1, rank_step = g->alpha_flip_rank ? -w : w;
            int cell0 = (g->alpha_flip_rank ? (hgt - 1) * w : 0) + (g->alpha_flip_file ? w - 1 : 0);
            for (int f = 0; f < w; f++) {
                for (int r = 0; r < hgt; r++) {
                    int cell = cell0 + f * file_step + r * rank_step;
                    if (!g->all_playing && g->number_of[cell] == 0)
                        continue;
                    pdn_html__puts(t, first ? "[" : ",[");
                    first = 0;
                    pdn_html__int(t, cell);
                    pdn_html__puts(t, ",\"");
                    pdn_html__putc(t, (char)('a' + f));
                    pdn_html__int(t, r + 1);
                    pdn_html__puts(t, "\"]");
                }
            }
        }
        pdn_html__putc(t, ']');
    }
    pdn_html__putc(t, '}');
}

/* The data the script starts from: boards, piece shape ids by pdn_piece
 * value, the names and messages of the diagnostics, and the game list. */
static void data(pdn_html *h)
{
    pdn_html_text *t = &h->line;
    t->v.len = 0;
    pdn_html__puts(t, "{\"kinds\":[");
    const pdn_geometry *k = h->kinds.data;
    for (size_t i = 0; i < h->kinds.len; i++) {
        if (i)
            pdn_html__putc(t, ',');
        kind_json(t, &k[i]);
    }
    pdn_html__puts(t, "],\"ids\":[");
    for (unsigned p = 0; p < 36; p++) {
        unsigned kind = p >> 2, color = p & 3u;
        if (p)
            pdn_html__putc(t, ',');
        if (kind == 0 || kind > 8 || color == 0) {
            pdn_html__puts(t, "\"\"");
            continue;
        }
        char id[48];
        pdn_render__piece_id(id, sizeof id, pdn_render__piece_kind((pdn_piece)p),
                             pdn_render__piece_color((pdn_piece)p));
        pdn_html__json(t, id, strlen(id));
    }
    pdn_html__puts(t, "],\"diags\":[");
    for (int c = 0; c < PDN_D_COUNT; c++) {
        const char *name = pdn_diag_name((pdn_diag_code)c);
        const char *msg = pdn_diag_message((pdn_diag_code)c);
        pdn_html__puts(t, c ? ",[" : "[");
        pdn_html__json(t, name, strlen(name));
        pdn_html__putc(t, ',');
        pdn_html__json(t, msg, strlen(msg));
        pdn_html__putc(t, ']');
    }
    pdn_html__puts(t, "],\"list\":");
    if (h->games == 0)
        pdn_html__puts(t, "[]");
    else
        pdn_html__put(t, h->list.v.data, h->list.v.len);
    pdn_html__puts(t, h->games ? "]}" : "}");
}

pdn_status pdn_html_finish(pdn_html *h)
{
    if (h == NULL || h->finished)
        return PDN_EINVAL;
    h->finished = 1;
    start(h);
    puts_out(h, "</script>\n");
    pieces(h);
    pdn_status st = boards(h);
    if (st != PDN_OK)
        return st;
    data(h);
    if (h->line.failed)
        return PDN_ENOMEM;
    puts_out(h, "<script type=\"application/json\" id=\"pdn-data\">");
    pdn_out__write(&h->out, h->line.v.data, h->line.v.len);
    puts_out(h, "</script>\n");
    pdn_html__script(&h->out);
    puts_out(h, "</body>\n</html>\n");
    return pdn_out__finish(&h->out);
}
