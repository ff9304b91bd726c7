/* SPDX-License-Identifier: MIT */
/*
 * view_layout.c - the screens of `pdn view` laid out on the character
 * grid: the game list, a game (the library's text diagram of the position,
 * the move list beside it or under it, the notes below), and the keys.
 * Works from 80x24 up; smaller windows show what fits.
 */
#include "view.h"

#include <stdio.h>
#include <string.h>

/* Below this the screens stop making sense. */
#define MIN_WIDTH 20
#define MIN_HEIGHT 6
/* The move list needs this many columns beside the board; with less it
 * goes under the board. */
#define MOVES_MIN_WIDTH 24
/* The numbers key beside a numeric board is shown when the move list keeps
 * this many columns. */
#define MOVES_WITH_KEY 40
/* Rows below the board for the side to move, the line and the board's
 * state. */
#define INFO_ROWS 3
/* The notes pane takes at most this many rows when the window is tall;
 * the move list gets the rest. */
#define NOTES_MAX 10

static void title(view_screen *s, const char *left, const char *right)
{
    view_paint(s, 0, 0, s->width, VIEW_A_TITLE);
    int rw = view_text_width(right, strlen(right));
    int lw = view_puts(s, 0, 1, s->width - 1, VIEW_A_TITLE, left);
    if (1 + lw + 2 + rw < s->width)
        view_puts(s, 0, s->width - rw - 1, rw, VIEW_A_TITLE, right);
}

/* The key line: a message when there is one, else the keys. */
static void footer(view_app *a, view_screen *s, const char *keys)
{
    int y = s->height - 1;
    if (a->message[0])
        view_puts(s, y, 1, s->width - 1, 0, a->message);
    else
        view_puts(s, y, 1, s->width - 1, VIEW_A_HEAD, keys);
}

/* --- the game list -------------------------------------------------------- */

static int digits(size_t n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d;
}

static void render_list(view_app *a, view_screen *s)
{
    const view_list *l = &a->list;
    char buf[160];
    snprintf(buf, sizeof buf, "%zu game%s", l->count, l->count == 1 ? "" : "s");
    char left[160];
    snprintf(left, sizeof left, "pdn view: %s", a->name);
    title(s, left, buf);

    /* Columns: number, White, Black, Event, Date (YYYY.MM.DD), Result
     * (1/2-1/2), two spaces apart; the names share what is left, the
     * event a little more. */
    int nw = digits(l->count), dw = 10, rw = 7;
    int rest = s->width - 1 - (nw + dw + rw + 2 * 5);
    if (rest < 12)
        rest = 12;
    int ww = rest * 3 / 10, bw = rest * 3 / 10, ew = rest - ww - bw;
    int x_white = 1 + nw + 2, x_black = x_white + ww + 2, x_event = x_black + bw + 2;
    int x_date = x_event + ew + 2, x_result = x_date + dw + 2;
    view_put(s, 1, 1 + nw - 1, 1, VIEW_A_HEAD, "#", 1);
    view_puts(s, 1, x_white, ww, VIEW_A_HEAD, "White");
    view_puts(s, 1, x_black, bw, VIEW_A_HEAD, "Black");
    view_puts(s, 1, x_event, ew, VIEW_A_HEAD, "Event");
    view_puts(s, 1, x_date, dw, VIEW_A_HEAD, "Date");
    view_puts(s, 1, x_result, rw, VIEW_A_HEAD, "Result");

    size_t rows = s->height > 4 ? (size_t)s->height - 3 : 1;
    if (a->selected < a->list_top)
        a->list_top = a->selected;
    else if (a->selected >= a->list_top + rows)
        a->list_top = a->selected - rows + 1;
    for (size_t k = 0; k < rows && a->list_top + k < l->count; k++) {
        size_t i = a->list_top + k;
        const view_entry *e = &l->entries[i];
        int y = 2 + (int)k;
        unsigned attr = i == a->selected ? VIEW_A_CURRENT : 0;
        if (attr)
            view_paint(s, y, 0, s->width, attr);
        int len = snprintf(buf, sizeof buf, "%zu", i + 1);
        view_puts(s, y, 1 + nw - len, len, attr, buf);
        view_puts(s, y, x_white, ww, attr, e->white);
        view_puts(s, y, x_black, bw, attr, e->black);
        view_puts(s, y, x_event, ew, attr, e->event);
        view_puts(s, y, x_date, dw, attr, e->date);
        view_puts(s, y, x_result, rw, attr, e->result);
    }

    if (a->searching) {
        int y = s->height - 1;
        int x = 1 + view_puts(s, y, 1, s->width - 1, 0, "/");
        x += view_put(s, y, x, s->width - x, 0, a->query, a->query_len);
        s->cursor_row = y;
        s->cursor_col = x < s->width ? x : s->width - 1;
        if (a->query_len && view_list_find(l, a->query, a->search_from, 1) == SIZE_MAX)
            view_puts(s, y, x + 2, s->width - x - 2, VIEW_A_ERROR, "(no match)");
        return;
    }
    footer(a, s,
           a->unicode
               ? "↑↓ PgUp PgDn Home End  Enter open  / search  n N next match  ? keys  q quit"
               : "Up Down PgUp PgDn Home End  Enter open  / search  n N next match  ? keys  "
                 "q quit");
}

/* --- a game ---------------------------------------------------------------- */

/* The diagram as text lines, the options it was drawn with, its size in
 * columns and rows. */
typedef struct board {
    view_buf text;
    pdn_diagram_options opts;
    int width, height;
} board;

static pdn_status draw_board(board *b, const pdn_position *pos, const view_app *a, unsigned labels)
{
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.format = a->unicode ? PDN_DIAGRAM_UNICODE : PDN_DIAGRAM_ASCII;
    o.flip = a->flip;
    o.labels = labels;
    b->opts = o;
    b->text.len = 0;
    pdn_sink sink = {view_buf_sink, &b->text};
    pdn_status st = pdn_write_diagram(pos, &o, sink);
    if (b->text.failed)
        return PDN_ENOMEM;
    b->width = b->height = 0;
    if (st != PDN_OK)
        return st;
    for (size_t i = 0; i < b->text.len;) {
        const char *nl = memchr(b->text.s + i, '\n', b->text.len - i);
        size_t end = nl ? (size_t)(nl - b->text.s) : b->text.len;
        int w = view_text_width(b->text.s + i, end - i);
        if (w > b->width)
            b->width = w;
        b->height++;
        i = end + 1;
    }
    return PDN_OK;
}

/* The text of line `k` of the diagram; false past its end. */
static bool board_line(const board *b, int k, const char **text, size_t *len)
{
    size_t i = 0;
    for (; k > 0 && i < b->text.len; k--) {
        const char *nl = memchr(b->text.s + i, '\n', b->text.len - i);
        i = nl ? (size_t)(nl - b->text.s) + 1 : b->text.len;
    }
    if (i >= b->text.len)
        return false;
    const char *nl = memchr(b->text.s + i, '\n', b->text.len - i);
    *text = b->text.s + i;
    *len = nl ? (size_t)(nl - *text) : b->text.len - i;
    return true;
}

static void put_board(view_screen *s, const board *b, int y0, int rows)
{
    int y = y0;
    for (size_t i = 0; i < b->text.len && y < y0 + rows;) {
        const char *nl = memchr(b->text.s + i, '\n', b->text.len - i);
        size_t end = nl ? (size_t)(nl - b->text.s) : b->text.len;
        view_put(s, y++, 0, s->width, 0, b->text.s + i, end - i);
        i = end + 1;
    }
}

/* Bytes of the first `chars` characters of UTF-8 text. */
static size_t char_bytes(const char *t, size_t len, int chars)
{
    size_t i = 0;
    for (; chars > 0 && i < len; chars--)
        for (i++; i < len && ((unsigned char)t[i] & 0xC0) == 0x80;)
            i++;
    return i;
}

/*
 * Gives the squares of `attrs` (by cell) their attributes where the
 * library says it drew them: line and characters into the line, which
 * become screen columns as put_board() placed them.
 */
static void paint_squares(view_screen *s, const board *b, const pdn_geometry *g, int y0, int rows,
                          const unsigned short *attrs)
{
    for (int cell = 0; cell < g->width * g->height; cell++) {
        pdn_diagram_spot spot;
        const char *t;
        size_t len;
        if (attrs[cell] == 0 || pdn_diagram_locate(&spot, g, &b->opts, cell) != PDN_OK ||
            spot.line >= rows || !board_line(b, spot.line, &t, &len))
            continue;
        size_t at = char_bytes(t, len, spot.column);
        size_t n = char_bytes(t + at, len - at, spot.width);
        int x = view_text_width(t, at), w = view_text_width(t + at, n);
        for (int k = x; k < x + w && k < s->width; k++)
            s->cells[(size_t)(y0 + spot.line) * (size_t)s->width + (size_t)k].attr |= attrs[cell];
    }
}

/*
 * The board at the width the window allows: a numeric board gets the key
 * of its square numbers beside it when the move list keeps room (or when
 * `n` asked for it), else coordinates along the edges; other boards get
 * their coordinates.
 */
static pdn_status choose_board(board *b, const pdn_position *pos, view_app *a, int width)
{
    const pdn_geometry *g = pos->geometry;
    a->key_shown = false;
    if (g->chess || g->gametype.notation != 'N')
        return draw_board(b, pos, a, PDN_LABEL_AUTO);
    pdn_status st = draw_board(b, pos, a, PDN_LABEL_NUMBERS);
    if (st != PDN_OK)
        return st;
    if (a->numbers_key == 1 || (a->numbers_key < 0 && width - b->width - 2 >= MOVES_WITH_KEY)) {
        a->key_shown = true;
        return PDN_OK;
    }
    return draw_board(b, pos, a, PDN_LABEL_COORDS);
}

static void game_title(view_app *a, view_screen *s)
{
    const view_entry *e = &a->list.entries[a->game.index];
    char left[512], right[64];
    snprintf(left, sizeof left, "%s - %s  %s", e->white[0] ? e->white : "?",
             e->black[0] ? e->black : "?", e->result);
    if (e->event[0] || e->date[0])
        snprintf(left + strlen(left), sizeof left - strlen(left), "  %s%s%s", e->event,
                 e->event[0] && e->date[0] ? ", " : "", e->date);
    snprintf(right, sizeof right, "game %zu/%zu", a->game.index + 1, a->list.count);
    title(s, left, right);
}

/* Under the board: who moves, where the cursor is, the board's state. */
static void info(view_app *a, view_screen *s, int y, int w, const pdn_position *pos, bool known,
                 int exact)
{
    char buf[64];
    if (known) {
        view_puts(s, y, 0, w, 0,
                  pos->turn == 'W'   ? "White to move"
                  : pos->turn == 'B' ? "Black to move"
                                     : "side to move unknown");
    }
    pdn_played p;
    unsigned depth = view_cursor_depth(a->cursor);
    if (a->cursor == NULL)
        snprintf(buf, sizeof buf, "start of the game");
    else if (pdn_replay_move(&p, a->game.replay, a->cursor) == PDN_OK && depth == 0)
        snprintf(buf, sizeof buf, "ply %u, main line", p.ply);
    else if (pdn_replay_move(&p, a->game.replay, a->cursor) == PDN_OK)
        snprintf(buf, sizeof buf, "ply %u, variation %u", p.ply, depth);
    else
        buf[0] = '\0';
    view_puts(s, y + 1, 0, w, 0, buf);
    const char *state = !known       ? "no position known"
                        : exact == 0 ? "before this move"
                        : exact < 0  ? "last position known"
                        : a->flip    ? "board flipped"
                                     : "";
    view_puts(s, y + 2, 0, w, exact == 1 ? 0 : VIEW_A_ERROR, state);
}

static pdn_status render_game(view_app *a, view_screen *s)
{
    game_title(a, s);
    int body = s->height - 2; /* rows 1 .. height-2 */
    pdn_position pos;
    int exact = 1;
    bool known = view_game_position(&pos, &exact, &a->game, a->cursor) == PDN_OK;
    board b = {{NULL, 0, 0, false}, PDN_DIAGRAM_OPTIONS_INIT, 0, 0};
    pdn_status st = known ? choose_board(&b, &pos, a, s->width) : PDN_OK;
    if (st != PDN_OK) {
        view_buf_free(&b.text);
        if (st == PDN_ENOMEM)
            return st;
        known = false;
        b.width = b.height = 0;
    }
    int left = b.width > 24 ? b.width : 24; /* room for the info rows */
    int top_rows = b.height + INFO_ROWS;
    int moves_x, moves_y, moves_w, moves_h, notes_y;
    if (s->width - left - 2 >= MOVES_MIN_WIDTH) {
        /* Side by side; the notes get the full width below. */
        int top = body - NOTES_MAX > top_rows ? body - NOTES_MAX : top_rows;
        if (top > body)
            top = body;
        moves_x = left + 2;
        moves_y = 1;
        moves_w = s->width - moves_x;
        moves_h = top;
        notes_y = 1 + top;
    } else {
        int rest = body - top_rows;
        moves_x = 0;
        moves_y = 1 + top_rows;
        moves_w = s->width;
        moves_h = rest * 2 / 3 > 3 ? rest * 2 / 3 : rest < 3 ? rest : 3;
        notes_y = moves_y + moves_h;
    }
    put_board(s, &b, 1, body);
    if (known) {
        unsigned short attrs[PDN_CELL_MAX];
        view_board_marks(attrs, a, pos.geometry, exact);
        paint_squares(s, &b, pos.geometry, 1, body, attrs);
    }
    view_buf_free(&b.text);
    if (b.height + 1 < body)
        info(a, s, 1 + b.height, left + 1, &pos, known, exact);
    view_draw_moves(a, s, moves_x, moves_y, moves_w, moves_h);

    /* The notes, under a rule. */
    int notes_h = 1 + body - notes_y;
    if (notes_h >= 2) {
        const char *rule = a->unicode ? "─" : "-";
        for (int x = 0; x < s->width; x++)
            view_puts(s, notes_y, x, 1, VIEW_A_HEAD, rule);
        view_puts(s, notes_y, 2, s->width - 2, VIEW_A_HEAD, " notes ");
        view_draw_notes(a, s, 1, notes_y + 1, s->width - 2, notes_h - 1);
    }
    footer(a, s,
           a->unicode
               ? (a->single ? "←→ move  ↑↓ variation  Home End  f flip  n numbers  ? keys  "
                              "q quit"
                            : "←→ move  ↑↓ variation  Home End  f flip  n numbers  ? keys  "
                              "q list")
               : (a->single ? "Left Right move  Up Down variation  Home End  f flip  ? keys  "
                              "q quit"
                            : "Left Right move  Up Down variation  Home End  f flip  ? keys  "
                              "q list"));
    return PDN_OK;
}

/* --- the keys ---------------------------------------------------------------- */

static void render_help(view_app *a, view_screen *s)
{
    static const char *const keys[][2] = {
        {NULL, "The game list"},
        {"Up Down", "the previous, next game"},
        {"PgUp PgDn", "a page up, down"},
        {"Home End", "the first, last game"},
        {"Enter", "open the game"},
        {"/", "search White, Black and Event: type, Enter goes, Esc cancels"},
        {"n N", "the next, previous match"},
        {"q", "quit"},
        {NULL, "A game"},
        {"Right Left", "the next, previous move of the line"},
        {"Down", "into the variation of this move (again: the next one)"},
        {"Up", "out of the variation, to the move it replaces"},
        {"Home End", "the start of the game, the end of the line"},
        {"f", "flip the board"},
        {"n", "the square numbers beside the board, or coordinates"},
        {"q Esc", "back to the list (quit when the file has one game)"},
        {NULL, ""},
        {"?", "these keys; any key goes back"},
    };
    title(s, "pdn view: keys", "");
    int y = 2;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0] && y < s->height - 1; i++, y++) {
        if (keys[i][0] == NULL) {
            view_puts(s, y, 1, s->width - 1, VIEW_A_HEAD, keys[i][1]);
            continue;
        }
        view_puts(s, y, 3, 12, 0, keys[i][0]);
        view_puts(s, y, 16, s->width - 16, 0, keys[i][1]);
    }
    (void)a;
}

pdn_status view_app_render(view_app *a, view_screen *s)
{
    if (!view_screen_resize(s, s->width, s->height))
        return PDN_ENOMEM;
    if (s->width < MIN_WIDTH || s->height < MIN_HEIGHT) {
        view_puts(s, 0, 0, s->width, 0, "window too small");
        return PDN_OK;
    }
    if (a->help) {
        render_help(a, s);
        return PDN_OK;
    }
    if (a->mode == VIEW_LIST || !a->game_open) {
        render_list(a, s);
        return PDN_OK;
    }
    return render_game(a, s);
}
