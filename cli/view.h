/* SPDX-License-Identifier: MIT */
/*
 * view.h - `pdn view` without the terminal: the game list and its search,
 * the cursor in a game tree, and the text and attributes of every screen
 * cell.  view_curses.c only draws what these functions lay out and turns
 * keys into VIEW_KEY_* codes, so the rest is unit-tested without curses.
 */
#ifndef PDN_VIEW_H
#define PDN_VIEW_H

#include <pdn.h>

#include <stdbool.h>
#include <stddef.h>

/* --- keys ----------------------------------------------------------------- */

/* Bytes of typed text are their own codes; the other keys come above them. */
enum {
    VIEW_KEY_UP = 0x100,
    VIEW_KEY_DOWN,
    VIEW_KEY_LEFT,
    VIEW_KEY_RIGHT,
    VIEW_KEY_HOME,
    VIEW_KEY_END,
    VIEW_KEY_PGUP,
    VIEW_KEY_PGDN,
    VIEW_KEY_ENTER,
    VIEW_KEY_ESC,
    VIEW_KEY_BACKSPACE
};

/* --- the screen ----------------------------------------------------------- */

/* What a cell shows, a bit set; the drawing turns it into colours or, on a
 * terminal without them, video attributes. */
#define VIEW_A_TITLE 1u       /* the top line */
#define VIEW_A_HEAD 2u        /* column names, section rules, the key line */
#define VIEW_A_CURRENT 4u     /* the selected game, the current move: reverse */
#define VIEW_A_ERROR 8u       /* a move the replay refused, an error message */
#define VIEW_A_SKIPPED 16u    /* a move after an illegal one: not checked */
#define VIEW_A_VARIATION 32u  /* moves of a variation */
#define VIEW_A_COMMENT 64u    /* comment text and its mark in the move list */
#define VIEW_A_LAST_MOVE 128u /* board: the squares of the move just played */
#define VIEW_A_MARK 256u      /* board: a [%csl] square of the move's comment */

/* One character cell: the UTF-8 bytes of one character, or none for the
 * right half of a double-width character. */
typedef struct view_cell {
    char bytes[4];
    unsigned char len;
    unsigned short attr;
} view_cell;

typedef struct view_screen {
    int width, height;
    view_cell *cells;
    size_t cap;                 /* cells allocated */
    int cursor_row, cursor_col; /* where the text cursor shows, or -1 */
} view_screen;
#define VIEW_SCREEN_INIT(w, h)                                                                     \
    {                                                                                              \
        (w), (h), NULL, 0, -1, -1                                                                  \
    }

/* Sets the size and clears every cell; false when out of memory. */
bool view_screen_resize(view_screen *s, int width, int height);
void view_screen_free(view_screen *s);
/*
 * Writes `len` bytes of UTF-8 text at (row, col), cut at `max_cols` columns
 * and at the right edge; control characters show as spaces.  Returns the
 * columns written.
 */
int view_put(view_screen *s, int row, int col, int max_cols, unsigned attr, const char *text,
             size_t len);
int view_puts(view_screen *s, int row, int col, int max_cols, unsigned attr, const char *text);
/* Sets the attribute of `cols` cells from (row, col). */
void view_paint(view_screen *s, int row, int col, int cols, unsigned attr);
/* The text of a row, trailing spaces cut, NUL-terminated in `buf`; returns
 * its length (cut at `cap` - 1 bytes). */
size_t view_screen_row(const view_screen *s, int row, char *buf, size_t cap);

/* Columns the UTF-8 text takes (double-width East Asian characters count
 * two, combining marks none). */
int view_text_width(const char *text, size_t len);
/* How many bytes of the text fit in `cols` columns (whole characters). */
size_t view_text_fit(const char *text, size_t len, int cols);

/* A growing text buffer; `failed` says that memory ran out. */
typedef struct view_buf {
    char *s;
    size_t len, cap;
    bool failed;
} view_buf;

void view_buf_add(view_buf *b, const char *text, size_t len);
void view_buf_free(view_buf *b);
/* A pdn_sink appending to a view_buf. */
int view_buf_sink(void *ctx, const char *data, size_t len);

/* --- the game list -------------------------------------------------------- */

/* One game of the file: where it starts, and the tags the list shows. */
typedef struct view_entry {
    size_t offset;         /* of the game's text in the input */
    pdn_encoding encoding; /* its bytes were decoded from */
    char *white, *black, *event, *date, *result;
} view_entry;

typedef struct view_list {
    view_entry *entries;
    size_t count, cap;
} view_list;

/*
 * Reads every game of `data` and keeps its list entry.  Returns PDN_OK, or
 * the reader's fatal status (the list then holds the games before it).
 */
pdn_status view_list_load(view_list *out, const char *data, size_t len,
                          const pdn_read_options *opts);
void view_list_free(view_list *l);
/*
 * The first game from `from` on (going round the end) whose White, Black or
 * Event contains `query`, ignoring case (ASCII, Latin-1 and Cyrillic
 * letters); `step` +1 searches forward, -1 backward.  SIZE_MAX when none.
 */
size_t view_list_find(const view_list *l, const char *query, size_t from, int step);

/* --- a game and the cursor in its tree ------------------------------------- */

typedef struct view_game {
    pdn_game *game; /* owned */
    pdn_replay *replay;
    size_t index; /* in the list */
} view_game;

/* Reads the game of list entry `e` again from the input and replays it as
 * `variant` (-1: its own GameType). */
pdn_status view_game_open(view_game *g, const char *data, size_t len, const view_entry *e,
                          const pdn_read_options *opts, int variant);
void view_game_close(view_game *g);

/*
 * The cursor is a move node, or NULL for the start of the game.  The
 * position shown is the one after the cursor's move.
 *  - NEXT, PREV: along the current line; PREV from the first move of a
 *    variation goes to the move before the one it replaces.
 *  - ENTER: the first variation of the current move (one replacing it),
 *    or, from the first move of a variation, the next alternative to the
 *    same move; LEAVE: back to the move the current variation replaces.
 *  - FIRST: the start of the game; LAST: the end of the current line.
 * Returns false, leaving *cur alone, when there is nowhere to go.
 */
typedef enum view_step {
    VIEW_NEXT,
    VIEW_PREV,
    VIEW_ENTER,
    VIEW_LEAVE,
    VIEW_FIRST,
    VIEW_LAST
} view_step;
bool view_cursor_step(const pdn_node *root, const pdn_node **cur, view_step step);

/* How many variations the cursor's line is nested in (0: the main line). */
unsigned view_cursor_depth(const pdn_node *cur);

/*
 * The position to show at the cursor: after its move (`*exact` 1), before
 * it when the replay could not play it (0), or the last one the replay
 * knows on the way back (-1).  PDN_EINVAL when not even the start
 * position is known.
 */
pdn_status view_game_position(pdn_position *out, int *exact, const view_game *g,
                              const pdn_node *cur);

/* --- the application: screens, keys and layout ---------------------------- */

typedef enum view_mode { VIEW_LIST, VIEW_GAME } view_mode;

typedef struct view_app {
    const char *data; /* the whole input, borrowed */
    size_t len;
    const char *name; /* shown in the title */
    pdn_read_options opts;
    int variant;
    bool unicode; /* Unicode pieces and arrows (else ASCII) */

    view_list list;
    size_t selected, list_top;
    bool searching;
    char query[128];
    size_t query_len, search_from;

    view_mode mode;
    bool help;
    bool single; /* one game: no list, q quits */
    view_game game;
    bool game_open;
    const pdn_node *cursor;
    bool flip;
    int numbers_key; /* -1: when the window has room; 0 off; 1 on */
    bool key_shown;  /* the last screen showed the numbers key */
    int moves_top;   /* first row of the move list shown */
    char message[160];
} view_app;

/* Scans the games of `data` (which must outlive the app).  PDN_DONE when it
 * holds no game. */
pdn_status view_app_init(view_app *a, const char *data, size_t len, const char *name,
                         const pdn_read_options *opts, int variant);
void view_app_free(view_app *a);
/* Opens the game at `index` of the list. */
pdn_status view_app_open(view_app *a, size_t index);
/* Handles one key in a window `height` rows high (a page of the list): 1
 * to quit, 0 to go on, or a negative pdn_status. */
int view_app_key(view_app *a, int key, int height);
/* Lays out the whole screen at the screen's size. */
pdn_status view_app_render(view_app *a, view_screen *s);

/* Runs the viewer on the terminal until it quits (view_curses.c, built
 * only with ncurses); returns the command's exit status. */
int view_curses_run(view_app *a);

/* The symbol of a NAG ("!", "?!", "+-"), or NULL for one shown as $N. */
const char *view_nag_symbol(unsigned nag);

/*
 * The attributes of the board's cells (`out`, by cell, PDN_CELL_MAX of
 * them) at the cursor: VIEW_A_LAST_MOVE on the squares of the move that led
 * to the position shown (`exact` 1 from view_game_position(): the start, the
 * landing squares of a capture and the end; a chess move's from and to),
 * VIEW_A_MARK on the [%csl] squares of the comments after it (at the start
 * of the game, of the comments before the first move).
 */
void view_board_marks(unsigned short *out, const view_app *a, const pdn_geometry *g, int exact);

/* Parts of the game screen, each in a box of the screen (view_layout.c
 * places them): the move list, scrolled to the cursor (returns its rows),
 * and the notes of the cursor's move. */
int view_draw_moves(view_app *a, view_screen *s, int x0, int y0, int w, int h);
void view_draw_notes(view_app *a, view_screen *s, int x0, int y0, int w, int h);

#endif
