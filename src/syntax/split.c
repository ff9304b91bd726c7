/* SPDX-License-Identifier: MIT */
/*
 * split.c - guesses at where games start, for programs that read the parts
 * of one input on several threads.  A game's text ends after its
 * terminator, so the reader stands there, not at the next game's first tag:
 * the guess backs up from a tag that starts a line after a blank line to
 * the end of the terminator shortly before, or stays at the tag when there
 * is none.
 */
#include "base/base.h"
#include "base/bits.h"
#include "pdn.h"

#include <stdbool.h>
#include <string.h>

static bool blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* How far back from a blank line a game's terminator is looked for. */
#define TERMINATOR_REACH 256

/* Whether u[from..to) is a game terminator: "*" or a result ("1-0",
 * "2-0", "1/2-1/2", "0-0", ...). */
static bool terminator(const unsigned char *u, size_t from, size_t to)
{
    if (to - from == 1)
        return u[from] == '*';
    pdn_result r = pdn_parse_result((const char *)u + from, to - from);
    return r != PDN_RESULT_UNKNOWN && r != PDN_RESULT_OTHER;
}

/* Whether u[from..to), the last word before a blank line and a tag, may
 * end its game as a result the game's Result tag gives ("1/2", "½-½",
 * which are no moves). */
static bool odd_result(const unsigned char *u, size_t from, size_t to)
{
    return memchr(u + from, '/', to - from) != NULL || memchr(u + from, 0xBD, to - from) != NULL;
}

/* Where the game before the tag at u[tag] ends, the blank before the tag
 * starting at u[end]: after the last word when it is a terminator; else
 * after a terminator shortly before (text after a terminator, a comment,
 * stray text or an escape line, starts the next game's text); at the tag
 * when there is none (the next game's tags end a game without terminator,
 * the blank included). */
static size_t game_end(const unsigned char *u, size_t end, size_t tag)
{
    size_t stop = end > TERMINATOR_REACH ? end - TERMINATOR_REACH : 0;
    size_t to = end;
    for (bool last = true; to > stop; last = false) {
        size_t from = to;
        while (from > stop && !blank(u[from - 1]))
            from--;
        bool whole = from > stop || from == 0;
        if (whole && (terminator(u, from, to) || (last && odd_result(u, from, to))))
            return to;
        /* "*" glued to stray text ends the game all the same. */
        if (u[from] == '*')
            return from + 1;
        to = from;
        while (to > stop && blank(u[to - 1]))
            to--;
    }
    return tag;
}

size_t pdn_reader_guess_start(const char *data, size_t len, size_t from)
{
    const unsigned char *u = (const unsigned char *)data;
    for (size_t i = from; i < len; i++) {
        const unsigned char *p = memchr(u + i, '[', len - i);
        if (p == NULL)
            return len;
        i = (size_t)(p - u);
        /* The tag starts a line, and a line before it is blank. */
        size_t j = i, breaks = 0;
        while (j > 0 && blank(u[j - 1])) {
            breaks += u[j - 1] == '\n' || (u[j - 1] == '\r' && u[j] != '\n');
            j--;
        }
        if (breaks < 2 || (u[i - 1] != '\n' && u[i - 1] != '\r') || j == 0)
            continue;
        size_t end = game_end(u, j, i);
        if (end >= from)
            return end;
    }
    return len;
}

void pdn_reader_mark_guess(pdn_reader_mark *out, const char *data, size_t offset,
                           const pdn_text_facts *before, const pdn_read_options *opts)
{
    const unsigned char *u = (const unsigned char *)data;
    size_t ls = offset;
    while (ls > 0 && u[ls - 1] != '\n' && u[ls - 1] != '\r')
        ls--;
    pdn_encoding enc = opts ? opts->encoding : PDN_ENC_AUTO;
    /* A game that is not UTF-8 turns the reader to the fallback for good. */
    if (enc == PDN_ENC_AUTO && before->not_utf8)
        enc = PDN_ENC_LATIN1;
    out->offset = offset;
    out->line = before->lines + 1;
    /* Columns count characters: a byte each in a single-byte encoding. */
    size_t chars = offset - ls;
    if (enc == PDN_ENC_AUTO || enc == PDN_ENC_UTF8)
        chars -= pdn_bits__continuations(u + ls, offset - ls);
    /* The reader skips a byte order mark at the input's start. */
    if (ls == 0 && offset >= 3 && memcmp(u, "\xEF\xBB\xBF", 3) == 0)
        chars -= enc == PDN_ENC_AUTO || enc == PDN_ENC_UTF8 ? 1 : 3;
    out->column = (uint32_t)(1 + chars);
    out->after_cr = offset > 0 && u[offset - 1] == '\r';
    out->encoding = enc;
    out->games = 0;
}
