/* SPDX-License-Identifier: MIT */
/*
 * canon.h - the canonical view of a game's header and result, shared by the
 * PDN writer (write_pdn.c) and the JSON writer (write_json.c, canonical mode).
 *
 * The canonical view is a pure function of the game: it never changes the
 * tree, it only decides in which order tags are written, which roster tags
 * are synthesized and which value the Result tag gets.  Both writers use it
 * so that `pdn json` of a game and of its `pdn fmt` output agree.
 * Internal: not part of pdn.h.
 */
#ifndef PDN_WRITE_CANON_H
#define PDN_WRITE_CANON_H

#include "pdn.h"

/** Callback for the tags of the canonical view; non-zero stops the walk. */
typedef int (*pdn_canon__tag_fn)(void *ctx, pdn_str name, pdn_str value);

/**
 * Like pdn_canon__tag_fn, plus the tag of the game the entry comes from
 * (its name, and its value unless the Result rule replaced it), or NULL for
 * a synthesized roster tag.  Writers use `src` for positions.
 */
typedef int (*pdn_canon__tag_src_fn)(void *ctx, pdn_str name, pdn_str value,
                                     const pdn_tag *src);

/**
 * Calls `fn` for each tag of the canonical view, in canonical order:
 *  1. the seven-tag roster Event, Site, Date, Round, White, Black, Result;
 *     for each roster name every tag with exactly that name, in input order;
 *  2. every other tag, in input order.
 * Result rule, where R is the game's terminator when it is a result
 * (PDN_TERM_RESULT):
 *  - no Result tag: a Result tag with value R is synthesized in its roster
 *    place;
 *  - the first Result tag's value is unknown ("*", "?" or "", ignoring
 *    surrounding spaces): it is given the value R.
 * Chess (pdn_game_type() == 0): each missing roster tag is synthesized with
 * the PGN default: "?" (Event, Site, Round, White, Black), "????.??.??"
 * (Date), and for Result R, or "*" when the terminator is not a result.
 * Returns 0 after the last tag, or the first non-zero value of `fn`.
 * Strings passed to `fn` are borrowed from the game or are static.
 */
int pdn_canon__each_tag(const pdn_game *g, pdn_canon__tag_fn fn, void *ctx);

/** pdn_canon__each_tag() with the source tag passed to the callback. */
int pdn_canon__each_tag_src(const pdn_game *g, pdn_canon__tag_src_fn fn, void *ctx);

/**
 * The value of the first Result tag of the canonical view (trimmed of
 * surrounding spaces), in `*out`.  Returns 1 when the canonical view has a
 * Result tag, 0 (and an empty `*out`) when it has none.
 */
int pdn_canon__result(const pdn_game *g, pdn_str *out);

/**
 * Returns 1 and sets `*out` to the terminator text R when the terminator is
 * a result R and the first Result tag has a known value different from R
 * (compared without surrounding spaces; "1/2-1/2" equals "½-½").  Writers
 * keep R then as a final brace comment {R}.  Returns 0 (and an empty `*out`)
 * otherwise.  `out` may be NULL.
 */
int pdn_canon__conflict(const pdn_game *g, pdn_str *out);

/**
 * Where the conflict comment attaches when the tree is read back: after the
 * last move (PDN_ATTACH_AFTER) when the movetext root holds a move, else as
 * a start comment of the game (PDN_ATTACH_START).
 */
pdn_attach pdn_canon__conflict_attach(const pdn_game *g);

/**
 * The game's final token as the PDN writer writes it: "*" for draughts; for
 * chess the Result value of the canonical view when it is a result a reader
 * takes as a terminator, else "*".  Never empty.
 */
pdn_str pdn_canon__separator(const pdn_game *g);

/**
 * A FEN as the canonical view writes it: without the trailing dot (and the
 * surrounding spaces) that section 10.1 forbids when writing.  Used for the
 * FEN tag and for /FEN "..."/ setups.
 */
pdn_str pdn_canon__fen(pdn_str fen);

/** 1 when `a` and `b` are the same result (trimmed; "1/2-1/2" == "½-½"). */
int pdn_canon__same_result(pdn_str a, pdn_str b);

/** 1 when a result value is unknown: "*", "?" or "" (trimmed). */
int pdn_canon__result_unknown(pdn_str value);

#endif /* PDN_WRITE_CANON_H */
