/* SPDX-License-Identifier: MIT */
/*
 * view_app.c - the state of `pdn view` and what each key does to it: the
 * game list with its search prompt, a game with the cursor in its tree,
 * and the help screen.  view_layout.c draws the state; view_curses.c
 * feeds the keys.
 */
#include "view.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

pdn_status view_app_init(view_app *a, const char *data, size_t len, const char *name,
                         const pdn_read_options *opts, int variant)
{
    memset(a, 0, sizeof *a);
    a->data = data;
    a->len = len;
    a->name = name;
    a->opts = *opts;
    a->variant = variant;
    a->unicode = true;
    a->numbers_key = -1;
    a->mode = VIEW_LIST;
    pdn_status st = view_list_load(&a->list, data, len, opts);
    if (st != PDN_OK)
        return st;
    if (a->list.count == 0)
        return PDN_DONE;
    /* A file of one game has no list worth showing. */
    if (a->list.count == 1) {
        a->single = true;
        return view_app_open(a, 0);
    }
    return PDN_OK;
}

void view_app_free(view_app *a)
{
    if (a->game_open)
        view_game_close(&a->game);
    a->game_open = false;
    view_list_free(&a->list);
}

pdn_status view_app_open(view_app *a, size_t index)
{
    if (index >= a->list.count)
        return PDN_EINVAL;
    if (a->game_open)
        view_game_close(&a->game);
    a->game_open = false;
    pdn_status st =
        view_game_open(&a->game, a->data, a->len, &a->list.entries[index], &a->opts, a->variant);
    if (st != PDN_OK)
        return st;
    a->game.index = index;
    a->game_open = true;
    a->selected = index;
    a->cursor = NULL;
    a->moves_top = 0;
    a->mode = VIEW_GAME;
    return PDN_OK;
}

static void say(view_app *a, const char *text)
{
    snprintf(a->message, sizeof a->message, "%s", text);
}

/* Rows of games the list shows at this height (title, column names and the
 * key line take three). */
static size_t page_rows(int height)
{
    return height > 4 ? (size_t)height - 3 : 1;
}

static void search_next(view_app *a, int step)
{
    if (a->query_len == 0) {
        say(a, "no search yet: / starts one");
        return;
    }
    size_t n = a->list.count;
    size_t from = step > 0 ? (a->selected + 1) % n : (a->selected + n - 1) % n;
    size_t i = view_list_find(&a->list, a->query, from, step);
    if (i == SIZE_MAX) {
        snprintf(a->message, sizeof a->message, "not found: %s", a->query);
        return;
    }
    if ((step > 0 && i <= a->selected) || (step < 0 && i >= a->selected))
        say(a, i == a->selected ? "the only match" : "search went round the end of the list");
    a->selected = i;
}

/* Keys while the search prompt is open: typing moves to the first match
 * from where the search started. */
static void search_key(view_app *a, int key)
{
    if (key == VIEW_KEY_ESC) {
        a->searching = false;
        a->selected = a->search_from;
        return;
    }
    if (key == VIEW_KEY_ENTER) {
        a->searching = false;
        if (a->query_len && view_list_find(&a->list, a->query, a->search_from, 1) == SIZE_MAX)
            snprintf(a->message, sizeof a->message, "not found: %s", a->query);
        return;
    }
    if (key == VIEW_KEY_BACKSPACE) {
        /* Remove a whole UTF-8 character. */
        while (a->query_len > 0 && ((unsigned char)a->query[--a->query_len] & 0xC0) == 0x80) {
        }
        a->query[a->query_len] = '\0';
    } else if (key >= 0x20 && key < 0x100 && key != 0x7F && a->query_len + 1 < sizeof a->query) {
        a->query[a->query_len++] = (char)key;
        a->query[a->query_len] = '\0';
    } else {
        return;
    }
    size_t i = view_list_find(&a->list, a->query, a->search_from, 1);
    a->selected = i == SIZE_MAX ? a->search_from : i;
}

static int list_key(view_app *a, int key, int height)
{
    size_t n = a->list.count, page = page_rows(height);
    switch (key) {
    case VIEW_KEY_UP:
        if (a->selected > 0)
            a->selected--;
        break;
    case VIEW_KEY_DOWN:
        if (a->selected + 1 < n)
            a->selected++;
        break;
    case VIEW_KEY_PGUP:
        a->selected = a->selected > page ? a->selected - page : 0;
        break;
    case VIEW_KEY_PGDN:
        a->selected = a->selected + page < n ? a->selected + page : n - 1;
        break;
    case VIEW_KEY_HOME:
        a->selected = 0;
        break;
    case VIEW_KEY_END:
        a->selected = n - 1;
        break;
    case VIEW_KEY_ENTER: {
        pdn_status st = view_app_open(a, a->selected);
        if (st == PDN_ENOMEM)
            return st;
        if (st != PDN_OK)
            snprintf(a->message, sizeof a->message, "cannot open game %zu: %s", a->selected + 1,
                     pdn_status_str(st));
        break;
    }
    case '/':
        a->searching = true;
        a->query_len = 0;
        a->query[0] = '\0';
        a->search_from = a->selected;
        break;
    case 'n':
        search_next(a, 1);
        break;
    case 'N':
        search_next(a, -1);
        break;
    case 'q':
    case 'Q':
        return 1;
    default:
        break;
    }
    return 0;
}

/* Why a step could not be taken, for the key line. */
static const char *no_step(view_step step)
{
    switch (step) {
    case VIEW_NEXT:
    case VIEW_LAST:
        return "end of the line";
    case VIEW_PREV:
    case VIEW_FIRST:
        return "start of the game";
    case VIEW_ENTER:
        return "no variation here";
    default:
        return "on the main line";
    }
}

static int game_key(view_app *a, int key)
{
    view_step step;
    switch (key) {
    case VIEW_KEY_RIGHT:
        step = VIEW_NEXT;
        break;
    case VIEW_KEY_LEFT:
        step = VIEW_PREV;
        break;
    case VIEW_KEY_DOWN:
        step = VIEW_ENTER;
        break;
    case VIEW_KEY_UP:
        step = VIEW_LEAVE;
        break;
    case VIEW_KEY_HOME:
        step = VIEW_FIRST;
        break;
    case VIEW_KEY_END:
        step = VIEW_LAST;
        break;
    case 'f':
    case 'F':
        a->flip = !a->flip;
        return 0;
    case 'n':
        a->numbers_key = !a->key_shown;
        return 0;
    case 'q':
    case 'Q':
    case VIEW_KEY_ESC:
        if (a->single)
            return 1;
        view_game_close(&a->game);
        a->game_open = false;
        a->mode = VIEW_LIST;
        return 0;
    default:
        return 0;
    }
    if (!view_cursor_step(pdn_game_root(a->game.game), &a->cursor, step))
        say(a, no_step(step));
    return 0;
}

int view_app_key(view_app *a, int key, int height)
{
    a->message[0] = '\0';
    if (a->help) {
        a->help = false;
        return 0;
    }
    if (a->mode == VIEW_LIST && a->searching) {
        search_key(a, key);
        return 0;
    }
    if (key == '?') {
        a->help = true;
        return 0;
    }
    return a->mode == VIEW_LIST ? list_key(a, key, height) : game_key(a, key);
}
