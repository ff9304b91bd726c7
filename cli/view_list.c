/* SPDX-License-Identifier: MIT */
/*
 * view_list.c - the game list of `pdn view`: one pass of the reader over
 * the input keeps, for each game, where it starts and the tags the list
 * shows; the games themselves are read again when opened, so a file of
 * many games costs little memory.  Search by player or event.
 */
#include "view.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static char *copy_str(const char *p, size_t n)
{
    char *s = malloc(n + 1);
    if (s != NULL) {
        memcpy(s, p, n);
        s[n] = '\0';
    }
    return s;
}

static char *tag_copy(const pdn_game *g, const char *name)
{
    const pdn_tag *t = pdn_game_tag(g, name);
    return t ? copy_str(t->value.ptr, t->value.len) : copy_str("", 0);
}

static void entry_free(view_entry *e)
{
    free(e->white);
    free(e->black);
    free(e->event);
    free(e->date);
    free(e->result);
}

static pdn_status add_entry(view_list *l, const pdn_game *g)
{
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        view_entry *p = realloc(l->entries, cap * sizeof *p);
        if (p == NULL)
            return PDN_ENOMEM;
        l->entries = p;
        l->cap = cap;
    }
    view_entry e;
    e.offset = (size_t)pdn_game_input_offset(g);
    e.encoding = pdn_game_encoding(g);
    e.white = tag_copy(g, "White");
    e.black = tag_copy(g, "Black");
    e.event = tag_copy(g, "Event");
    e.date = tag_copy(g, "Date");
    /* Without a Result tag the terminator tells how the game ended. */
    const pdn_tag *r = pdn_game_tag(g, "Result");
    pdn_str term = {"", 0};
    if (r == NULL)
        pdn_game_terminator(g, &term);
    e.result = r ? copy_str(r->value.ptr, r->value.len) : copy_str(term.ptr, term.len);
    if (!e.white || !e.black || !e.event || !e.date || !e.result) {
        entry_free(&e);
        return PDN_ENOMEM;
    }
    l->entries[l->count++] = e;
    return PDN_OK;
}

pdn_status view_list_load(view_list *out, const char *data, size_t len,
                          const pdn_read_options *opts)
{
    out->entries = NULL;
    out->count = out->cap = 0;
    pdn_reader *r;
    pdn_status st = pdn_reader_new_buffer(&r, data, len, opts);
    if (st != PDN_OK)
        return st;
    const pdn_game *g;
    while ((st = pdn_reader_next(r, &g)) == PDN_OK)
        if ((st = add_entry(out, g)) != PDN_OK)
            break;
    pdn_reader_free(r);
    return st == PDN_DONE ? PDN_OK : st;
}

void view_list_free(view_list *l)
{
    for (size_t i = 0; i < l->count; i++)
        entry_free(&l->entries[i]);
    free(l->entries);
    l->entries = NULL;
    l->count = l->cap = 0;
}

/*
 * The next character of UTF-8 text in lower case.  Names in the files are
 * Latin (Dutch, French, Frisian draughts) and Cyrillic (Russian shashki);
 * those letters fold here, other scripts compare as written.
 */
static uint32_t next_folded(const char **p, const char *end)
{
    const unsigned char *u = (const unsigned char *)*p;
    uint32_t c = u[0];
    size_t n = 1;
    if (c >= 0xC0 && c < 0xE0 && end - *p >= 2 && (u[1] & 0xC0) == 0x80) {
        c = (c & 0x1F) << 6 | (u[1] & 0x3F);
        n = 2;
    }
    *p += n;
    if (c >= 'A' && c <= 'Z')
        return c + 32;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7)
        return c + 32;
    if (c >= 0x410 && c <= 0x42F)
        return c + 32;
    if (c >= 0x400 && c <= 0x40F)
        return c + 80;
    return c;
}

/* Whether the text from `h` starts with the needle, letters folded. */
static bool starts_with(const char *h, const char *hend, const char *n, const char *nend)
{
    while (n < nend) {
        if (h >= hend || next_folded(&h, hend) != next_folded(&n, nend))
            return false;
    }
    return true;
}

static bool contains(const char *hay, const char *needle)
{
    const char *hend = hay + strlen(hay), *nend = needle + strlen(needle);
    for (const char *h = hay; h < hend; h++)
        if (((unsigned char)*h & 0xC0) != 0x80 && starts_with(h, hend, needle, nend))
            return true;
    return needle == nend;
}

size_t view_list_find(const view_list *l, const char *query, size_t from, int step)
{
    if (l->count == 0 || query[0] == '\0')
        return SIZE_MAX;
    size_t i = from % l->count;
    for (size_t k = 0; k < l->count; k++) {
        const view_entry *e = &l->entries[i];
        if (contains(e->white, query) || contains(e->black, query) || contains(e->event, query))
            return i;
        i = step < 0 ? (i + l->count - 1) % l->count : (i + 1) % l->count;
    }
    return SIZE_MAX;
}
