/* SPDX-License-Identifier: MIT */
/*
 * view_curses.c - the terminal side of `pdn view`: ncurses draws the cells
 * view_layout.c laid out (colours, or only video attributes on a terminal
 * without colours or when NO_COLOR is set), and keys become VIEW_KEY_*
 * codes for view_app_key().  Built only when CMake found ncurses.
 */
#define _POSIX_C_SOURCE 200809L /* isatty() */

#include "cli.h"
#include "view.h"

#include <curses.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* How the attribute bits of view.h look on this terminal. */
typedef struct palette {
    int title, head, current, error, skipped, variation, comment;
    int last_move, mark; /* board squares */
} palette;

static void make_palette(palette *p)
{
    const char *no_color = getenv("NO_COLOR"); /* no-color.org: set and not empty */
    p->current = (int)A_REVERSE;
    p->skipped = (int)A_DIM;
    /* Without colours the board's squares still stand out: the last move
     * reversed (nothing else on the board is), marks underlined. */
    p->last_move = (int)A_REVERSE;
    p->mark = (int)A_UNDERLINE;
    if (has_colors() && !(no_color && no_color[0]) && start_color() == OK) {
        short bg = COLOR_BLACK;
        if (use_default_colors() == OK)
            bg = -1;
        init_pair(1, COLOR_BLACK, COLOR_CYAN);
        init_pair(2, COLOR_RED, bg);
        init_pair(3, COLOR_GREEN, bg);
        init_pair(4, COLOR_CYAN, bg);
        init_pair(5, COLOR_BLACK, COLOR_YELLOW); /* the HTML viewer's last move */
        init_pair(6, COLOR_BLACK, COLOR_GREEN);
        p->title = (int)COLOR_PAIR(1);
        p->head = (int)A_BOLD;
        p->error = (int)(COLOR_PAIR(2) | A_BOLD);
        p->comment = (int)COLOR_PAIR(3);
        p->variation = (int)COLOR_PAIR(4);
        p->last_move = (int)COLOR_PAIR(5);
        p->mark = (int)COLOR_PAIR(6);
    } else {
        p->title = (int)A_REVERSE;
        p->head = (int)A_BOLD;
        p->error = (int)(A_BOLD | A_UNDERLINE);
        p->comment = 0;
        p->variation = 0;
    }
}

static int attrs_of(const palette *p, unsigned a)
{
    int r = 0;
    if (a & VIEW_A_TITLE)
        r |= p->title;
    if (a & VIEW_A_HEAD)
        r |= p->head;
    /* One colour pair per cell: the error's wins over the variation's. */
    if (a & VIEW_A_VARIATION && !(a & VIEW_A_ERROR))
        r |= p->variation;
    if (a & VIEW_A_COMMENT)
        r |= p->comment;
    if (a & VIEW_A_ERROR)
        r |= p->error;
    if (a & VIEW_A_SKIPPED)
        r |= p->skipped;
    if (a & VIEW_A_CURRENT)
        r |= p->current;
    /* A marked square of the last move: the mark's colour, or both
     * attributes without colours. */
    if (a & VIEW_A_LAST_MOVE && !(a & VIEW_A_MARK && p->mark & A_COLOR))
        r |= p->last_move;
    if (a & VIEW_A_MARK)
        r |= p->mark;
    return r;
}

static void draw(const view_screen *s, const palette *p)
{
    char run[1024];
    for (int y = 0; y < s->height; y++) {
        const view_cell *line = s->cells + (size_t)y * (size_t)s->width;
        move(y, 0);
        for (int x = 0; x < s->width;) {
            unsigned attr = line[x].attr;
            size_t n = 0;
            while (x < s->width && line[x].attr == attr && n + sizeof line[x].bytes < sizeof run) {
                memcpy(run + n, line[x].bytes, line[x].len);
                n += line[x].len;
                x++;
            }
            attrset(attrs_of(p, attr));
            /* The bottom right cell makes curses return ERR after drawing. */
            addnstr(run, (int)n);
        }
    }
    attrset(0);
    if (s->cursor_row >= 0) {
        curs_set(1);
        move(s->cursor_row, s->cursor_col);
    } else {
        curs_set(0);
    }
    refresh();
}

static int translate(int ch)
{
    switch (ch) {
    case KEY_UP:
        return VIEW_KEY_UP;
    case KEY_DOWN:
        return VIEW_KEY_DOWN;
    case KEY_LEFT:
        return VIEW_KEY_LEFT;
    case KEY_RIGHT:
        return VIEW_KEY_RIGHT;
    case KEY_HOME:
    case KEY_A1:
        return VIEW_KEY_HOME;
    case KEY_END:
    case KEY_C1:
        return VIEW_KEY_END;
    case KEY_PPAGE:
        return VIEW_KEY_PGUP;
    case KEY_NPAGE:
        return VIEW_KEY_PGDN;
    case KEY_ENTER:
    case '\n':
    case '\r':
        return VIEW_KEY_ENTER;
    case 27:
        return VIEW_KEY_ESC;
    case KEY_BACKSPACE:
    case 127:
    case 8:
        return VIEW_KEY_BACKSPACE;
    default:
        return ch >= 0 && ch < 0x100 ? ch : -1;
    }
}

/* Whether the locale's characters are UTF-8, which the Unicode diagram
 * and arrows need; otherwise the ASCII diagram is drawn. */
static bool utf8_locale(void)
{
    const char *l = setlocale(LC_CTYPE, NULL);
    if (l == NULL || MB_CUR_MAX < 2)
        return false;
    for (; *l; l++)
        if ((l[0] == 'U' || l[0] == 'u') && (l[1] == 'T' || l[1] == 't') &&
            (l[2] == 'F' || l[2] == 'f') && (strncmp(l + 3, "-8", 2) == 0 || l[3] == '8'))
            return true;
    return false;
}

int view_curses_run(view_app *a)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "pdn view: needs a terminal: standard input and output must be one\n");
        return EXIT_USAGE;
    }
    setlocale(LC_ALL, "");
    a->unicode = utf8_locale();
    const char *term = getenv("TERM");
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (scr == NULL) {
        fprintf(stderr, "pdn view: cannot use the terminal '%s'\n", term ? term : "");
        return EXIT_USAGE;
    }
    /* A terminal that cannot place the cursor (TERM=dumb) would get a
     * stream of text instead of screens. */
    const char *cup = tigetstr("cup");
    if (cup == NULL || cup == (const char *)-1) {
        endwin();
        delscreen(scr);
        fprintf(stderr, "pdn view: the terminal '%s' cannot place the cursor\n", term ? term : "");
        return EXIT_USAGE;
    }
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
#if defined(NCURSES_VERSION)
    set_escdelay(50); /* Esc alone, not the start of a key's sequence */
#endif
    curs_set(0);
    palette pal;
    make_palette(&pal);

    view_screen s = VIEW_SCREEN_INIT(0, 0);
    pdn_status st = PDN_OK;
    int errors = 0;
    for (;;) {
        s.width = COLS;
        s.height = LINES;
        if ((st = view_app_render(a, &s)) != PDN_OK)
            break;
        draw(&s, &pal);
        int ch = getch();
        if (ch == ERR) {
            /* The terminal went away. */
            if (++errors > 100)
                break;
            continue;
        }
        errors = 0;
        if (ch == KEY_RESIZE)
            continue; /* COLS and LINES are the new size */
        int key = translate(ch);
        if (key < 0)
            continue;
        int r = view_app_key(a, key, LINES);
        if (r < 0)
            st = (pdn_status)r;
        if (r != 0)
            break;
    }
    endwin();
    delscreen(scr);
    view_screen_free(&s);
    return st == PDN_OK ? EXIT_OK_ : cli_fatal("pdn view", st);
}
