/* SPDX-License-Identifier: MIT */
/*
 * test_view.c - unit tests of `pdn view` without a terminal (cli/view_*.c
 * but the curses part): the cursor in a tree with nested variations, the
 * search of the game list, the columns of text, and the screens at 80x24
 * and larger, cell by cell, as keys are pressed (the squares of the last
 * move and of [%csl] marked on the board).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "view.h"

/* Four games: variations nested two deep and two alternatives to one
 * move, a game of one line, an illegal move, a chess game. */
static const char games[] =
    "[Event \"Dutch Championship\"]\n[Date \"1975.05.01\"]\n[White \"Sijbrands, Ton\"]\n"
    "[Black \"Wiersma, Anton\"]\n[Result \"2-0\"]\n[GameType \"20\"]\n\n"
    "{A quiet opening.} 1. 32-28 19-23 2. 28x19 14x23 3. 37-32 {The main move.}\n"
    "(3. 31-26 {Sharper.} 10-14 (3... 9-14 4. 34-29) 4. 34-29 23x34)\n"
    "(3. 34-29 23x34 4. 40x29)\n"
    "3... 10-14 $1 4. 34-29 23x34 5. 40x29 {[%clk 1:55:21] Forced.} 5... 5-10 2-0\n\n"
    "[Event \"Paris Open\"]\n[Date \"1990.07.12\"]\n[White \"Baba Sy\"]\n"
    "[Black \"Roozenburg, Piet\"]\n[Result \"1-1\"]\n[GameType \"20\"]\n\n"
    "1. 31-26 19-23 2. 36-31 14-19 3. 41-36 10-14 1-1\n\n"
    "[Event \"Moscow Cup\"]\n[Date \"2001.03.03\"]\n[White \"Gantwarg, Anatoli\"]\n"
    "[Black \"Tsjizjov, Alexei\"]\n[Result \"0-2\"]\n[GameType \"20\"]\n\n"
    "1. 32-28 19-23 2. 33-29 {The capture is forced.} 17-21 0-2\n\n"
    "[Event \"Casual\"]\n[Date \"2020.01.01\"]\n[White \"Carlsen, Magnus\"]\n"
    "[Black \"Nakamura, Hikaru\"]\n[Result \"1-0\"]\n[GameType \"0\"]\n\n"
    "1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 1-0\n";

static const pdn_read_options read_opts = PDN_READ_OPTIONS_INIT;

/* --- the cursor --------------------------------------------------------------- */

/* The move of the cursor as written, "start" for the start of the game. */
static const char *at(const pdn_game *g, const pdn_node *n)
{
    static char buf[32];
    if (n == NULL)
        return "start";
    pdn_str t = pdn_game_text(g);
    snprintf(buf, sizeof buf, "%.*s", (int)pdn_node_length(n), t.ptr + pdn_node_offset(n));
    return buf;
}

#define CHECK_AT(g, cur, want)                                                                     \
    do {                                                                                           \
        const char *got_ = at(g, cur), *want_ = (want);                                            \
        if (!harness_check(strcmp(got_, want_) == 0, __FILE__, __LINE__, "cursor at " #want))      \
            fprintf(stderr, "    got %s, expected %s\n", got_, want_);                             \
    } while (0)

/* Steps and checks that the step was possible. */
static const pdn_node *go(const pdn_node *root, const pdn_node *cur, view_step step)
{
    CHECK(view_cursor_step(root, &cur, step));
    return cur;
}

static void test_view__cursor(void)
{
    pdn_game *g;
    CHECK_EQ_INT(pdn_game_parse(&g, games, strlen(games), NULL), PDN_OK);
    const pdn_node *root = pdn_game_root(g), *c = NULL;

    /* Along the main line, past the variations. */
    static const char *const main_line[] = {"32-28", "19-23", "28x19", "14x23", "37-32",
                                            "10-14", "34-29", "23x34", "40x29", "5-10"};
    for (size_t i = 0; i < 10; i++) {
        c = go(root, c, VIEW_NEXT);
        CHECK_AT(g, c, main_line[i]);
        CHECK_EQ_INT(view_cursor_depth(c), 0);
    }
    CHECK(!view_cursor_step(root, &c, VIEW_NEXT));
    CHECK_AT(g, c, "5-10");
    for (size_t i = 10; i-- > 1;) {
        c = go(root, c, VIEW_PREV);
        CHECK_AT(g, c, main_line[i - 1]);
    }
    c = go(root, c, VIEW_PREV);
    CHECK(c == NULL);
    CHECK(!view_cursor_step(root, &c, VIEW_PREV));
    CHECK(!view_cursor_step(root, &c, VIEW_FIRST));
    CHECK(!view_cursor_step(root, &c, VIEW_ENTER));
    CHECK(!view_cursor_step(root, &c, VIEW_LEAVE));
    c = go(root, c, VIEW_LAST);
    CHECK_AT(g, c, "5-10");
    CHECK(!view_cursor_step(root, &c, VIEW_LAST));
    c = go(root, c, VIEW_FIRST);
    CHECK(c == NULL);

    /* 3. 37-32 has two alternatives: Down goes to each in turn. */
    for (int i = 0; i < 5; i++)
        c = go(root, c, VIEW_NEXT);
    CHECK_AT(g, c, "37-32");
    CHECK(!view_cursor_step(root, &c, VIEW_LEAVE)); /* on the main line */
    c = go(root, c, VIEW_ENTER);
    CHECK_AT(g, c, "31-26");
    CHECK_EQ_INT(view_cursor_depth(c), 1);
    const pdn_node *v1 = c;
    c = go(root, c, VIEW_ENTER);
    CHECK_AT(g, c, "34-29");
    CHECK_EQ_INT(view_cursor_depth(c), 1);
    c = go(root, c, VIEW_NEXT);
    CHECK_AT(g, c, "23x34");
    c = go(root, c, VIEW_NEXT);
    CHECK_AT(g, c, "40x29");
    CHECK(!view_cursor_step(root, &c, VIEW_NEXT));
    CHECK(!view_cursor_step(root, &c, VIEW_ENTER));
    c = go(root, c, VIEW_LEAVE);
    CHECK_AT(g, c, "37-32");

    /* Into the first variation and its nested one, and out again. */
    c = v1;
    c = go(root, c, VIEW_PREV); /* before 3. 31-26: after 2... 14x23 */
    CHECK_AT(g, c, "14x23");
    CHECK_EQ_INT(view_cursor_depth(c), 0);
    c = v1;
    c = go(root, c, VIEW_NEXT);
    CHECK_AT(g, c, "10-14");
    c = go(root, c, VIEW_ENTER);
    CHECK_AT(g, c, "9-14");
    CHECK_EQ_INT(view_cursor_depth(c), 2);
    CHECK(!view_cursor_step(root, &c, VIEW_ENTER)); /* no other alternative */
    const pdn_node *nested = c;
    c = go(root, c, VIEW_PREV);
    CHECK_AT(g, c, "31-26");
    c = go(root, nested, VIEW_NEXT);
    CHECK_AT(g, c, "34-29");
    CHECK_EQ_INT(view_cursor_depth(c), 2);
    c = go(root, c, VIEW_LEAVE);
    CHECK_AT(g, c, "10-14");
    CHECK_EQ_INT(view_cursor_depth(c), 1);
    c = go(root, c, VIEW_LAST);
    CHECK_AT(g, c, "23x34");
    c = go(root, c, VIEW_LEAVE);
    CHECK_AT(g, c, "37-32");
    CHECK_EQ_INT(view_cursor_depth(c), 0);
    pdn_game_free(g);

    /* A variation written before any move starts where its sequence does;
     * an empty variation is not entered. */
    static const char odd[] = "[GameType \"20\"]\n(1. 31-26) 1. 32-28 () 19-23 *";
    CHECK_EQ_INT(pdn_game_parse(&g, odd, strlen(odd), NULL), PDN_OK);
    root = pdn_game_root(g);
    c = go(root, NULL, VIEW_NEXT);
    CHECK_AT(g, c, "32-28");
    CHECK(!view_cursor_step(root, &c, VIEW_ENTER));
    c = pdn_node_first_child(pdn_node_first_child(root));
    CHECK_AT(g, c, "31-26");
    const pdn_node *d = c;
    CHECK(view_cursor_step(root, &d, VIEW_PREV) && d == NULL);
    d = c;
    CHECK(view_cursor_step(root, &d, VIEW_LEAVE) && d == NULL);
    pdn_game_free(g);
}

/* --- the list ------------------------------------------------------------------- */

static void test_view__list(void)
{
    view_list l;
    CHECK_EQ_INT(view_list_load(&l, games, strlen(games), &read_opts), PDN_OK);
    CHECK_EQ_INT(l.count, 4);
    CHECK(strcmp(l.entries[1].white, "Baba Sy") == 0);
    CHECK(strcmp(l.entries[2].event, "Moscow Cup") == 0);
    CHECK(strcmp(l.entries[3].result, "1-0") == 0);
    const char *third = games + l.entries[2].offset;
    third += strspn(third, "\n");
    CHECK(strncmp(third, "[Event \"Moscow", 14) == 0);

    CHECK_EQ_INT(view_list_find(&l, "carl", 0, 1), 3);
    CHECK_EQ_INT(view_list_find(&l, "WIERSMA", 0, 1), 0); /* Black, any case */
    CHECK_EQ_INT(view_list_find(&l, "open", 0, 1), 1);    /* Event */
    CHECK_EQ_INT(view_list_find(&l, "an", 1, 1), 2);      /* Gantwarg */
    CHECK_EQ_INT(view_list_find(&l, "an", 3, 1), 0);      /* round the end */
    CHECK_EQ_INT(view_list_find(&l, "an", 1, -1), 0);     /* backward */
    CHECK_EQ_INT(view_list_find(&l, "an", 2, -1), 2);
    CHECK_EQ_INT(view_list_find(&l, "1975", 0, 1), SIZE_MAX); /* not the date */
    CHECK_EQ_INT(view_list_find(&l, "zzz", 0, 1), SIZE_MAX);
    CHECK_EQ_INT(view_list_find(&l, "", 0, 1), SIZE_MAX);
    view_list_free(&l);

    /* Letters beyond ASCII fold too; a game without a Result tag shows its
     * terminator. */
    static const char names[] = "[White \"\xC3\x89mile\"]\n[Black \"\xD0\xA2\xD0\xB8\xD1\x85\"]\n"
                                "1. 32-28 *\n\n[White \"x\"]\n1. 32-28 2-0\n";
    CHECK_EQ_INT(view_list_load(&l, names, strlen(names), &read_opts), PDN_OK);
    CHECK_EQ_INT(l.count, 2);
    CHECK_EQ_INT(view_list_find(&l, "\xC3\xA9mi", 1, 1), 0);               /* émi */
    CHECK_EQ_INT(view_list_find(&l, "\xD1\x82\xD0\x98\xD0\xA5", 1, 1), 0); /* тИХ */
    CHECK(strcmp(l.entries[0].result, "*") == 0);
    CHECK(strcmp(l.entries[1].result, "2-0") == 0);
    view_list_free(&l);
}

/* --- text on the grid ----------------------------------------------------------- */

static char row_buf[4096];

static const char *row(const view_screen *s, int y)
{
    view_screen_row(s, y, row_buf, sizeof row_buf);
    return row_buf;
}

#define CHECK_ROW(s, y, want)                                                                      \
    do {                                                                                           \
        const char *got_ = row(s, y);                                                              \
        if (!harness_check(strcmp(got_, want) == 0, __FILE__, __LINE__, "row " #y " == " #want))   \
            fprintf(stderr, "    got \"%s\"\n", got_);                                             \
    } while (0)

#define CHECK_ROW_HAS(s, y, want)                                                                  \
    do {                                                                                           \
        const char *got_ = row(s, y);                                                              \
        if (!harness_check(strstr(got_, want) != NULL, __FILE__, __LINE__,                         \
                           "row " #y " has " #want))                                               \
            fprintf(stderr, "    got \"%s\"\n", got_);                                             \
    } while (0)

static void test_view__grid(void)
{
    view_screen s = VIEW_SCREEN_INIT(0, 0);
    CHECK(view_screen_resize(&s, 10, 2));
    CHECK_EQ_INT(view_text_width("a\xE2\x9B\x80z", 5), 3);  /* ⛀ one column */
    CHECK_EQ_INT(view_text_width("\xE6\xBC\xA2x", 4), 3);   /* 漢 two */
    CHECK_EQ_INT(view_text_width("e\xCC\x81", 3), 1);       /* e + combining acute */
    CHECK_EQ_INT(view_text_fit("ab\xE6\xBC\xA2", 5, 3), 2); /* the wide one does not fit */
    CHECK_EQ_INT(view_puts(&s, 0, 0, 10, 0, "abcdefghijkl"), 10);
    CHECK_ROW(&s, 0, "abcdefghij");
    CHECK_EQ_INT(view_puts(&s, 1, 2, 4, VIEW_A_ERROR, "x\xE6\xBC\xA2y\tz"), 4);
    CHECK_ROW(&s, 1, "  x\xE6\xBC\xA2y");
    CHECK_EQ_INT(s.cells[10 + 2].attr, VIEW_A_ERROR);
    CHECK_EQ_INT(s.cells[10 + 4].len, 0);                    /* right half of 漢 */
    CHECK_EQ_INT(view_puts(&s, 1, 8, 5, 0, "\x01\xFFq"), 2); /* control: space, bad byte: ? */
    CHECK_ROW(&s, 1, "  x\xE6\xBC\xA2y   ?");
    CHECK_EQ_INT(view_puts(&s, 2, 0, 5, 0, "off"), 0);
    /* Growing clears and makes room (the sanitizers watch the last cell). */
    CHECK(view_screen_resize(&s, 30, 5));
    CHECK_ROW(&s, 0, "");
    CHECK_EQ_INT(view_puts(&s, 4, 25, 9, 0, "abcdefg"), 5);
    CHECK_ROW(&s, 4, "                         abcde");
    /* Every attribute bit survives, the board's high ones too. */
    view_paint(&s, 3, 0, 2, VIEW_A_MARK | VIEW_A_LAST_MOVE);
    CHECK_EQ_INT(s.cells[3 * 30 + 1].attr, VIEW_A_MARK | VIEW_A_LAST_MOVE);
    view_puts(&s, 3, 5, 1, VIEW_A_MARK, "m");
    CHECK_EQ_INT(s.cells[3 * 30 + 5].attr, VIEW_A_MARK);
    view_screen_free(&s);
}

/* --- the screens ------------------------------------------------------------------ */

static view_buf diagram_buf;

/* A diagram from the library, line `k` (0-based). */
static const char *diagram_line(const pdn_position *pos, unsigned labels, int flip, int k)
{
    view_buf b = diagram_buf;
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.format = PDN_DIAGRAM_UNICODE;
    o.labels = labels;
    o.flip = flip;
    b.len = 0;
    pdn_sink sink = {view_buf_sink, &b};
    pdn_status st = pdn_write_diagram(pos, &o, sink);
    diagram_buf = b;
    if (st != PDN_OK)
        return "";
    const char *p = b.s;
    for (int i = 0; i < k && p; i++) {
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    static char line[512];
    size_t n = p ? strcspn(p, "\n") : 0;
    snprintf(line, sizeof line, "%.*s", (int)n, p ? p : "");
    /* The screen's rows lose their trailing spaces. */
    while (strlen(line) && line[strlen(line) - 1] == ' ')
        line[strlen(line) - 1] = '\0';
    return line;
}

/* Whether the board of the screen shows the library's diagram of `pos`:
 * each row starts with the diagram's line, then a space or nothing. */
static bool board_is(view_screen *s, const pdn_position *pos, unsigned labels, int flip, int rows)
{
    for (int k = 0; k < rows; k++) {
        char want[512];
        snprintf(want, sizeof want, "%s", diagram_line(pos, labels, flip, k));
        char got[4096];
        view_screen_row(s, 1 + k, got, sizeof got);
        size_t n = strlen(want);
        if (strncmp(got, want, n) != 0 || (got[n] != ' ' && got[n] != '\0')) {
            fprintf(stderr, "    board row %d: got \"%s\", want \"%s\"\n", k, got, want);
            return false;
        }
    }
    return true;
}

/* The attribute of the first cell of `text` in row y; -1 if not there. */
static int attr_at(const view_screen *s, int y, const char *text)
{
    char got[4096];
    view_screen_row(s, y, got, sizeof got);
    const char *p = strstr(got, text);
    if (p == NULL)
        return -1;
    int col = view_text_width(got, (size_t)(p - got));
    return s->cells[(size_t)y * (size_t)s->width + (size_t)col].attr;
}

static int row_of(const view_screen *s, const char *text)
{
    for (int y = 0; y < s->height; y++)
        if (strstr(row(s, y), text))
            return y;
    return -1;
}

/* The cells of the screen carrying `attr`, as "row:col=char" in reading
 * order, space-separated. */
static const char *cells_with(const view_screen *s, unsigned attr)
{
    static char buf[1024];
    size_t n = 0;
    buf[0] = '\0';
    for (int y = 0; y < s->height; y++)
        for (int x = 0; x < s->width; x++) {
            const view_cell *c = &s->cells[(size_t)y * (size_t)s->width + (size_t)x];
            if (c->attr & attr && n < sizeof buf - 64)
                n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d:%d=%.*s", n ? " " : "", y, x,
                                      (int)c->len, c->bytes);
        }
    return buf;
}

#define CHECK_CELLS(s, attr, want)                                                                 \
    do {                                                                                           \
        const char *got_ = cells_with(s, attr);                                                    \
        if (!harness_check(strcmp(got_, want) == 0, __FILE__, __LINE__, #attr " at " #want))       \
            fprintf(stderr, "    got \"%s\"\n", got_);                                             \
    } while (0)

static void key(view_app *a, view_screen *s, int k)
{
    CHECK_EQ_INT(view_app_key(a, k, s->height), 0);
    CHECK_EQ_INT(view_app_render(a, s), PDN_OK);
}

static void test_view__list_screen(void)
{
    view_app a;
    view_screen s = VIEW_SCREEN_INIT(80, 24);
    CHECK_EQ_INT(view_app_init(&a, games, strlen(games), "games.pdn", &read_opts, -1), PDN_OK);
    CHECK_EQ_INT(a.mode, VIEW_LIST);
    CHECK_EQ_INT(view_app_render(&a, &s), PDN_OK);
    CHECK_ROW(&s, 0,
              " pdn view: games.pdn                                                    4 games");
    CHECK_ROW(&s, 1,
              " #  White            Black            Event                  Date        Result");
    CHECK_ROW(&s, 2,
              " 1  Sijbrands, Ton   Wiersma, Anton   Dutch Championship     1975.05.01  2-0");
    CHECK_ROW(&s, 5,
              " 4  Carlsen, Magnus  Nakamura, Hikar  Casual                 2020.01.01  1-0");
    CHECK_ROW(&s, 6, "");
    CHECK_ROW_HAS(&s, 23, "Enter open  / search");
    CHECK_EQ_INT(s.cells[2 * 80 + 40].attr, VIEW_A_CURRENT); /* the whole row */
    CHECK_EQ_INT(s.cells[3 * 80 + 40].attr, 0);
    CHECK_EQ_INT(s.cells[0].attr, VIEW_A_TITLE);

    key(&a, &s, VIEW_KEY_DOWN);
    key(&a, &s, VIEW_KEY_DOWN);
    CHECK_EQ_INT(a.selected, 2);
    CHECK_EQ_INT(s.cells[4 * 80 + 1].attr, VIEW_A_CURRENT);

    /* Search: typing goes to the first match from where it started, Esc
     * goes back, Enter stays, n and N go on. */
    key(&a, &s, '/');
    CHECK_ROW(&s, 23, " /");
    CHECK_EQ_INT(s.cursor_row, 23);
    CHECK_EQ_INT(s.cursor_col, 2);
    key(&a, &s, 'c');
    key(&a, &s, 'A');
    key(&a, &s, 'r');
    CHECK_ROW(&s, 23, " /cAr");
    CHECK_EQ_INT(a.selected, 3);
    CHECK_EQ_INT(s.cells[5 * 80 + 1].attr, VIEW_A_CURRENT);
    key(&a, &s, VIEW_KEY_ESC);
    CHECK_EQ_INT(a.selected, 2);
    CHECK_EQ_INT(s.cursor_row, -1);
    key(&a, &s, '/');
    key(&a, &s, 'q');
    CHECK_ROW(&s, 23, " /q  (no match)");
    CHECK_EQ_INT(a.selected, 2);
    key(&a, &s, VIEW_KEY_BACKSPACE);
    key(&a, &s, 'o');
    key(&a, &s, 'p');
    key(&a, &s, 'e');
    key(&a, &s, 'n');
    CHECK_EQ_INT(a.selected, 1); /* Paris Open, round the end */
    key(&a, &s, VIEW_KEY_ENTER);
    CHECK(!a.searching);
    CHECK_EQ_INT(a.selected, 1);
    key(&a, &s, 'n');
    CHECK_EQ_INT(a.selected, 1);
    CHECK_ROW(&s, 23, " the only match");
    key(&a, &s, '/');
    const char *q = "an";
    for (const char *p = q; *p; p++)
        key(&a, &s, *p);
    CHECK_EQ_INT(a.selected, 2); /* Gantwarg, from game 2 on */
    key(&a, &s, VIEW_KEY_ENTER);
    key(&a, &s, 'n');
    CHECK_EQ_INT(a.selected, 0); /* round to Anton */
    key(&a, &s, 'N');
    CHECK_EQ_INT(a.selected, 2);

    /* Pages on a short window. */
    view_screen small = VIEW_SCREEN_INIT(40, 6);
    CHECK_EQ_INT(view_app_key(&a, VIEW_KEY_HOME, 6), 0);
    CHECK_EQ_INT(view_app_key(&a, VIEW_KEY_PGDN, 6), 0);
    CHECK_EQ_INT(a.selected, 3);
    CHECK_EQ_INT(view_app_render(&a, &small), PDN_OK);
    CHECK_EQ_INT(a.list_top, 1);
    CHECK_ROW(&small, 4, " 4  Car  Nak  Casual  2020.01.01  1-0");
    CHECK_EQ_INT(view_app_key(&a, VIEW_KEY_PGUP, 6), 0);
    CHECK_EQ_INT(a.selected, 0);
    CHECK_EQ_INT(view_app_render(&a, &small), PDN_OK);
    CHECK_EQ_INT(a.list_top, 0);
    view_screen_free(&small);

    /* The keys, and back. */
    key(&a, &s, '?');
    CHECK(row_of(&s, "flip the board") > 0);
    key(&a, &s, 'x');
    CHECK_ROW_HAS(&s, 0, "4 games");
    CHECK_EQ_INT(view_app_key(&a, 'q', 24), 1);
    view_app_free(&a);
    view_screen_free(&s);
}

static void test_view__game_screen(void)
{
    view_app a;
    view_screen s = VIEW_SCREEN_INIT(80, 24);
    CHECK_EQ_INT(view_app_init(&a, games, strlen(games), "games.pdn", &read_opts, -1), PDN_OK);
    key(&a, &s, VIEW_KEY_ENTER);
    CHECK_EQ_INT(a.mode, VIEW_GAME);
    CHECK_ROW(&s, 0,
              " Sijbrands, Ton - Wiersma, Anton  2-0  Dutch Championship, 1975.05.01  game 1/4");

    /* The board is the library's diagram with coordinates (no room for the
     * numbers key at 80 columns), the moves beside it. */
    pdn_geometry geo;
    pdn_gametype gt;
    pdn_gametype_default(&gt, 20);
    pdn_geometry_init(&geo, &gt);
    pdn_position pos;
    pdn_position_start(&pos, &geo);
    CHECK(board_is(&s, &pos, PDN_LABEL_COORDS, 0, 13));
    CHECK(!a.key_shown);
    CHECK_ROW(&s, 1, "   ┌─────────────────────┐  1. 32-28 19-23 2. 28x19 14x23 3. 37-32 {…}");
    CHECK_ROW_HAS(&s, 2, "    (3. 31-26 {…} 10-14");
    CHECK_ROW_HAS(&s, 3, "      (3... 9-14 4. 34-29)");
    CHECK_ROW_HAS(&s, 4, "    4. 34-29 23x34)");
    CHECK_ROW_HAS(&s, 5, "    (3. 34-29 23x34 4. 40x29)");
    CHECK_ROW_HAS(&s, 6, "  3... 10-14! 4. 34-29 23x34 5. 40x29 {…} 5... 5-10");
    CHECK_ROW_HAS(&s, 7, "  2-0");
    CHECK_ROW(&s, 14, "White to move");
    CHECK_ROW(&s, 15, "start of the game");
    CHECK_ROW(&s, 17,
              "── notes ───────────────────────────────────────────────────────────────────────");
    CHECK_ROW(&s, 18, " A quiet opening.");
    CHECK_ROW_HAS(&s, 23, "←→ move  ↑↓ variation");
    CHECK_EQ_INT(attr_at(&s, 1, "32-28"), 0);
    CHECK_EQ_INT(attr_at(&s, 2, "31-26"), VIEW_A_VARIATION);
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE | VIEW_A_MARK, ""); /* no move yet */

    /* One move on: the piece is on 28, the move reversed. */
    key(&a, &s, VIEW_KEY_RIGHT);
    CHECK_EQ_INT(attr_at(&s, 1, "32-28"), VIEW_A_CURRENT);
    CHECK_EQ_INT(attr_at(&s, 1, "19-23"), 0);
    CHECK_EQ_INT(pdn_fen_read(&pos, &geo, "B:W28,31,33-50:B1-20", 20, NULL), PDN_D_NONE);
    CHECK(board_is(&s, &pos, PDN_LABEL_COORDS, 0, 13));
    CHECK_ROW(&s, 14, "Black to move");
    CHECK_ROW(&s, 15, "ply 1, main line");
    CHECK_ROW(&s, 18, "");
    /* The squares of the move: d4 now empty, the man on e5. */
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE, "7:13=⛀ 8:11=·");
    CHECK_CELLS(&s, VIEW_A_MARK, "");

    for (int i = 0; i < 4; i++)
        key(&a, &s, VIEW_KEY_RIGHT);
    CHECK_EQ_INT(attr_at(&s, 1, "37-32"), VIEW_A_CURRENT);
    CHECK_ROW(&s, 18, " The main move.");
    /* Into the first variation: the board after 3. 31-26. */
    key(&a, &s, VIEW_KEY_DOWN);
    CHECK_EQ_INT(attr_at(&s, 2, "31-26"), VIEW_A_CURRENT | VIEW_A_VARIATION);
    CHECK_EQ_INT(attr_at(&s, 1, "37-32"), 0);
    CHECK_ROW(&s, 15, "ply 5, variation 1");
    CHECK_ROW(&s, 18, " Sharper.");
    CHECK_EQ_INT(pdn_fen_read(&pos, &geo, "B:W26,33-50:B1-13,15-18,20,23", 29, NULL), PDN_D_NONE);
    CHECK(board_is(&s, &pos, PDN_LABEL_COORDS, 0, 13));
    key(&a, &s, VIEW_KEY_RIGHT);
    key(&a, &s, VIEW_KEY_DOWN);
    CHECK_EQ_INT(attr_at(&s, 3, "9-14"), VIEW_A_CURRENT | VIEW_A_VARIATION);
    CHECK_ROW(&s, 15, "ply 6, variation 2");
    key(&a, &s, VIEW_KEY_UP);
    CHECK_EQ_INT(attr_at(&s, 2, "10-14"), VIEW_A_CURRENT | VIEW_A_VARIATION);
    key(&a, &s, VIEW_KEY_UP);
    CHECK_EQ_INT(attr_at(&s, 1, "37-32"), VIEW_A_CURRENT);
    key(&a, &s, VIEW_KEY_UP);
    CHECK_ROW(&s, 23, " on the main line");

    /* Flip: the same diagram, Black at the bottom. */
    CHECK_EQ_INT(pdn_fen_read(&pos, &geo, "B:W31-36,38-50:B1-13,15-18,20,23", 32, NULL),
                 PDN_D_NONE);
    CHECK(board_is(&s, &pos, PDN_LABEL_COORDS, 0, 13));
    key(&a, &s, 'f');
    CHECK(board_is(&s, &pos, PDN_LABEL_COORDS, 1, 13));
    CHECK_ROW(&s, 16, "board flipped");
    key(&a, &s, 'f');

    /* End: the last move, its comment without the command, the command. */
    key(&a, &s, VIEW_KEY_END);
    CHECK_EQ_INT(attr_at(&s, 6, "5-10"), VIEW_A_CURRENT);
    key(&a, &s, VIEW_KEY_LEFT);
    CHECK_ROW(&s, 18, " Forced.");
    CHECK_ROW(&s, 19, " clk 1:55:21");
    key(&a, &s, VIEW_KEY_HOME);
    CHECK_ROW(&s, 15, "start of the game");
    key(&a, &s, VIEW_KEY_LEFT);
    CHECK_ROW(&s, 23, " start of the game");

    /* A wider window: the numbers key beside the board. */
    view_screen big = VIEW_SCREEN_INIT(120, 40);
    CHECK_EQ_INT(view_app_render(&a, &big), PDN_OK);
    CHECK(a.key_shown);
    pdn_position_start(&pos, &geo);
    CHECK(board_is(&big, &pos, PDN_LABEL_NUMBERS, 0, 12));
    CHECK_ROW_HAS(&big, 1, "  1. 32-28 19-23 2. 28x19 14x23 3. 37-32 {…}");
    /* n asks for coordinates instead. */
    CHECK_EQ_INT(view_app_key(&a, 'n', 40), 0);
    CHECK_EQ_INT(view_app_render(&a, &big), PDN_OK);
    CHECK(!a.key_shown);
    CHECK(board_is(&big, &pos, PDN_LABEL_COORDS, 0, 13));
    view_screen_free(&big);

    /* A narrow window: the moves under the board. */
    view_screen narrow = VIEW_SCREEN_INIT(40, 30);
    CHECK_EQ_INT(view_app_render(&a, &narrow), PDN_OK);
    CHECK(board_is(&narrow, &pos, PDN_LABEL_COORDS, 0, 13));
    CHECK_ROW(&narrow, 17, "1. 32-28 19-23 2. 28x19 14x23");
    CHECK_ROW(&narrow, 18, "3. 37-32 {…}");
    view_screen_free(&narrow);
    /* The same screen, as the window is resized. */
    s.width = 120;
    s.height = 40;
    CHECK_EQ_INT(view_app_render(&a, &s), PDN_OK);
    CHECK(board_is(&s, &pos, PDN_LABEL_COORDS, 0, 13)); /* n asked for them */
    CHECK_ROW_HAS(&s, 39, "? keys");
    s.width = 80;
    s.height = 24;

    /* Back to the list; the illegal move of game 3. */
    key(&a, &s, 'q');
    CHECK_EQ_INT(a.mode, VIEW_LIST);
    key(&a, &s, VIEW_KEY_DOWN);
    key(&a, &s, VIEW_KEY_DOWN);
    key(&a, &s, VIEW_KEY_ENTER);
    CHECK_ROW_HAS(&s, 0, "Gantwarg, Anatoli - Tsjizjov, Alexei  0-2");
    CHECK_EQ_INT(attr_at(&s, 1, "33-29"), VIEW_A_ERROR);
    CHECK_EQ_INT(attr_at(&s, 1, "17-21"), VIEW_A_SKIPPED);
    key(&a, &s, VIEW_KEY_END);
    CHECK_EQ_INT(attr_at(&s, 1, "17-21"), VIEW_A_SKIPPED | VIEW_A_CURRENT);
    CHECK_ROW(&s, 16, "last position known");
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE, "");
    CHECK(row_of(&s, "not checked: an earlier move of this line") > 17);
    key(&a, &s, VIEW_KEY_LEFT);
    CHECK_EQ_INT(attr_at(&s, 1, "33-29"), VIEW_A_ERROR | VIEW_A_CURRENT);
    CHECK_ROW(&s, 16, "before this move");
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE, ""); /* the board is not after it */
    CHECK_ROW(&s, 18, " The capture is forced.");
    int y = row_of(&s, "error: no legal move fits");
    CHECK(y == 19);
    CHECK_EQ_INT(attr_at(&s, y, "error:"), VIEW_A_ERROR);
    CHECK_EQ_INT(pdn_fen_read(&pos, &geo, "W:W28,31,33-50:B1-18,20,23", 26, NULL), PDN_D_NONE);
    CHECK(board_is(&s, &pos, PDN_LABEL_COORDS, 0, 13));

    /* The chess game: its own diagram, coordinates. */
    key(&a, &s, VIEW_KEY_ESC);
    key(&a, &s, VIEW_KEY_DOWN);
    key(&a, &s, VIEW_KEY_ENTER);
    key(&a, &s, VIEW_KEY_END);
    CHECK_ROW(&s, 5, "5 │ · ♗ ·   ♟   ·   │");
    CHECK_ROW(&s, 3, "7 │ ♟ ♟ ♟ ♟ · ♟ ♟ ♟ │     2... Nc6 3. Bb5 1-0");
    CHECK_EQ_INT(attr_at(&s, 3, "Bb5"), VIEW_A_CURRENT);
    CHECK_EQ_INT(attr_at(&s, 2, "f4"), VIEW_A_VARIATION);
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE, "5:6=♗ 9:14= "); /* b5, and f1 (light) */
    key(&a, &s, VIEW_KEY_LEFT);
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE, "2:6=· 4:8=♞"); /* Nc6, from b8 */
    key(&a, &s, 'q');
    CHECK_EQ_INT(view_app_key(&a, 'q', 24), 1);
    view_app_free(&a);
    view_screen_free(&s);
}

/* The board marks the squares of the move that led to the position, the
 * landing squares of a capture too, and the [%csl] squares of the
 * comments after it: flipped, beside the numbers key, in ASCII. */
static void test_view__last_move(void)
{
    static const char game[] = "[White \"A\"]\n[Black \"B\"]\n[GameType \"20\"]\n"
                               "[FEN \"W:W32,45:B27,17,3\"]\n\n"
                               "{[%csl Gd4]} 1. 32x12 {[%csl Ra5,Rc7] Two.} 3-8 *\n";
    view_app a;
    view_screen s = VIEW_SCREEN_INIT(80, 24);
    CHECK_EQ_INT(view_app_init(&a, game, strlen(game), "capture.pdn", &read_opts, -1), PDN_OK);
    CHECK_EQ_INT(view_app_render(&a, &s), PDN_OK);
    CHECK_ROW(&s, 15, "start of the game");
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE, "");
    CHECK_CELLS(&s, VIEW_A_MARK, "8:11=⛀"); /* d4, from the opening comment */

    /* 32x12 goes d4, b6 (over c5), d8 (over c7): all three marked. */
    key(&a, &s, VIEW_KEY_RIGHT);
    CHECK_ROW(&s, 15, "ply 1, main line");
    CHECK_ROW(&s, 4, " 8 │   ·   ⛀   ·   ·   · │");
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE, "4:11=⛀ 6:7=· 8:11=·");
    CHECK_CELLS(&s, VIEW_A_MARK, "5:9=· 7:5=·"); /* c7, a5 */
    /* Nothing else on the screen has the board's attributes. */
    CHECK_EQ_INT(attr_at(&s, 1, "32x12"), VIEW_A_CURRENT);

    /* Flipped: the same squares, turned round. */
    key(&a, &s, 'f');
    CHECK_ROW(&s, 16, "board flipped");
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE, "5:17=· 7:21=· 9:17=⛀");
    CHECK_CELLS(&s, VIEW_A_MARK, "6:23=· 8:19=·");
    key(&a, &s, 'f');

    /* The numbers key beside the board: no coordinates, so further left;
     * the key's numbers are not marked. */
    view_screen big = VIEW_SCREEN_INIT(120, 40);
    CHECK_EQ_INT(view_app_render(&a, &big), PDN_OK);
    CHECK(a.key_shown);
    CHECK_CELLS(&big, VIEW_A_LAST_MOVE, "4:8=⛀ 6:4=· 8:8=·");
    view_screen_free(&big);

    /* ASCII; then Black's move, only its two squares. */
    a.unicode = false;
    CHECK_EQ_INT(view_app_render(&a, &s), PDN_OK);
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE, "4:11=w 6:7=. 8:11=.");
    key(&a, &s, VIEW_KEY_RIGHT);
    CHECK_ROW(&s, 15, "ply 2, main line");
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE, "2:15=. 3:13=b");
    CHECK_CELLS(&s, VIEW_A_MARK, "");
    key(&a, &s, VIEW_KEY_HOME);
    CHECK_CELLS(&s, VIEW_A_LAST_MOVE, "");
    CHECK_EQ_INT(view_app_key(&a, 'q', 24), 1);
    view_app_free(&a);
    view_screen_free(&s);
}

/* A long game scrolls its move list to the current move; a file of one
 * game opens it at once, and q quits. */
static void test_view__scroll(void)
{
    view_buf b = {NULL, 0, 0, false};
    const char *head = "[White \"A\"]\n[Black \"B\"]\n[GameType \"20\"]\n1. 32-28 19-23 ";
    view_buf_add(&b, head, strlen(head));
    for (int i = 2; i <= 200; i++) {
        char m[32];
        int n = snprintf(m, sizeof m, "%d. 31-27 20-24 ", i);
        view_buf_add(&b, m, (size_t)n);
    }
    view_buf_add(&b, "*\n", 2);
    CHECK(!b.failed);
    view_app a;
    view_screen s = VIEW_SCREEN_INIT(80, 24);
    CHECK_EQ_INT(view_app_init(&a, b.s, b.len, "long.pdn", &read_opts, -1), PDN_OK);
    CHECK(a.single);
    CHECK_EQ_INT(a.mode, VIEW_GAME);
    CHECK_EQ_INT(view_app_render(&a, &s), PDN_OK);
    CHECK_ROW_HAS(&s, 23, "q quit");
    CHECK_EQ_INT(a.moves_top, 0);
    key(&a, &s, VIEW_KEY_END);
    CHECK(a.moves_top > 0);
    int y = row_of(&s, "200. 31-27 20-24");
    CHECK(y >= 1 && y <= 16);
    CHECK_EQ_INT(attr_at(&s, y, "20-24 *"), VIEW_A_SKIPPED | VIEW_A_CURRENT);
    key(&a, &s, VIEW_KEY_HOME);
    CHECK_EQ_INT(a.moves_top, 0);
    CHECK_ROW_HAS(&s, 1, "1. 32-28 19-23 2. 31-27");
    CHECK_EQ_INT(view_app_key(&a, 'q', 24), 1);
    view_app_free(&a);
    view_screen_free(&s);
    view_buf_free(&b);

    /* No games at all. */
    CHECK_EQ_INT(view_app_init(&a, "\n", 1, "empty.pdn", &read_opts, -1), PDN_DONE);
    view_app_free(&a);
}

int main(void)
{
    RUN(test_view__cursor);
    RUN(test_view__list);
    RUN(test_view__grid);
    RUN(test_view__list_screen);
    RUN(test_view__game_screen);
    RUN(test_view__last_move);
    RUN(test_view__scroll);
    view_buf_free(&diagram_buf);
    return harness_report();
}
