/* SPDX-License-Identifier: MIT */
/*
 * parse.h - the game parser: turns the text of one game into a tree.  It
 * knows the grammar only; checking moves against the rules is a later pass.
 */
#ifndef PDN_SYNTAX_PARSE_H
#define PDN_SYNTAX_PARSE_H

#include "tree/game.h"

typedef struct pdn_parse_in {
    const char *text;    /* from the end of the previous game */
    size_t len;          /* bytes available */
    bool next_is_header; /* re-parse of a game that was ended by a header */
    pdn_mode mode;
    int default_gametype;
    bool general_only; /* no quick loops (tests compare the two ways) */
} pdn_parse_in;

typedef struct pdn_parse_out {
    size_t end;     /* the game's text is text[0..end) */
    bool empty;     /* only white space: no game */
    bool ran_out;   /* the game ended because the input did */
    bool by_header; /* the game ended at the next game's '[' */
    bool nomem;
} pdn_parse_out;

/* Parses the first game of in->text into g (which must be reset), setting
 * g->text/g->text_len to the game's extent. */
void pdn_parse__game(struct pdn_game *g, const pdn_parse_in *in, pdn_parse_out *out);

/* Checks of tag values and comment commands (tagvalues.c). */
bool pdn_syntax__check_tags(struct pdn_game *g);
bool pdn_syntax__check_commands(struct pdn_game *g, uint32_t off, uint32_t len);
bool pdn_syntax__check_setup(struct pdn_game *g, uint32_t off, uint32_t len);

#endif
