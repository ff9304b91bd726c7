/* SPDX-License-Identifier: MIT */
/*
 * commands.c - embedded comment commands "[%name value]" (standard, chapter
 * 5): finding them in a comment's text, and reading the values of the clock
 * commands (clk, mct, egt, emt and the standard's own clock), of eval, and of
 * the square and arrow marks csl and cal.  The parser keeps comments as
 * text; writers and the replay pass call these on that text.
 */
#include "values.h"

/* ---------------------------------------------------------------------- */
/* Finding commands                                                       */
/* ---------------------------------------------------------------------- */

static int is_name_char(char c)
{
    return pdn_values__is_alpha(c) || pdn_values__is_digit(c) || c == '_';
}

/*
 * Command : "[%" NAME VALUE "]"     NAME = [A-Za-z0-9_]+
 * A "[%" with no name is text.  A "[%" whose value runs into another "[%"
 * before any ']' is unclosed text as well, and the search goes on from the
 * inner one, so that "{[%foo [%clk 0:01:00]}" still yields the clock.  A
 * "[%" that is never closed ends the search.
 */
int pdn_command_next(pdn_command *out, pdn_str text, size_t *pos)
{
    const char *s = text.ptr;
    size_t len = s != NULL ? text.len : 0, i;

    if (pos == NULL)
        return 0;
    i = *pos;
    while (i + 1 < len) {
        size_t name, name_end, j;
        if (s[i] != '[' || s[i + 1] != '%') {
            i++;
            continue;
        }
        name = i + 2;
        name_end = name;
        while (name_end < len && is_name_char(s[name_end]))
            name_end++;
        if (name_end == name) {
            i += 2;
            continue;
        }
        j = name_end;
        while (j < len && s[j] != ']' && !(s[j] == '[' && j + 1 < len && s[j + 1] == '%'))
            j++;
        if (j == len) {
            *pos = len;
            return 0;
        }
        if (s[j] == '[') {
            i = j; /* unclosed: restart at the inner "[%" */
            continue;
        }
        if (out != NULL) {
            size_t vb = name_end, ve = j;
            pdn_values__trim(s, &vb, &ve);
            out->name.ptr = s + name;
            out->name.len = name_end - name;
            out->value.ptr = s + vb;
            out->value.len = ve - vb;
            out->offset = i;
            out->length = j + 1 - i;
        }
        *pos = j + 1;
        return 1;
    }
    *pos = len > *pos ? len : *pos;
    return 0;
}

/* ---------------------------------------------------------------------- */
/* Clock times                                                            */
/* ---------------------------------------------------------------------- */

/*
 * Hours are limited so that milliseconds stay far inside a long long; any
 * real clock shows fewer.
 */
#define MAX_CLOCK_HOURS 999999L

/* One or two digits forming a value below 60; returns the index after them. */
static size_t minsec(const char *s, size_t i, size_t len, long *v)
{
    size_t end = i;
    long x = 0;
    while (end < len && end - i < 3 && pdn_values__is_digit(s[end]))
        x = x * 10 + (s[end++] - '0');
    *v = (end == i || end - i > 2 || x >= 60) ? -1 : x;
    return end;
}

/*
 * ClockTime : HOURS ":" M{1,2} ":" S{1,2} ("." DIGITS)?
 * The standard writes h:mm:ss; programs also write "0:0:10.08" (egt), so one
 * digit for minutes or seconds is read too.  A fraction gives milliseconds
 * (digits beyond the third are ignored).  Reads from s[i] and stops at the
 * first character that cannot continue the time.  Returns 0 and *bad when
 * there is no valid time at s[i].
 */
static int clock_span(const char *s, size_t i, size_t len, long long *ms, size_t *next, size_t *bad)
{
    long hours, minutes, seconds;
    long long frac = 0;
    size_t j = pdn_values__number(s, i, len, MAX_CLOCK_HOURS, &hours);

    if (j == i || hours < 0) {
        *bad = i;
        return 0;
    }
    if (j >= len || s[j] != ':') {
        *bad = j; /* "5:00" has no hours */
        return 0;
    }
    i = j + 1;
    j = minsec(s, i, len, &minutes);
    if (minutes < 0 || j >= len || s[j] != ':') {
        *bad = minutes < 0 ? i : j;
        return 0;
    }
    i = j + 1;
    j = minsec(s, i, len, &seconds);
    if (seconds < 0) {
        *bad = i;
        return 0;
    }
    if (j < len && s[j] == '.') {
        int digits = 0;
        j++;
        if (j >= len || !pdn_values__is_digit(s[j])) {
            *bad = j;
            return 0;
        }
        while (j < len && pdn_values__is_digit(s[j])) {
            if (digits < 3) {
                frac = frac * 10 + (s[j] - '0');
                digits++;
            }
            j++;
        }
        while (digits++ < 3)
            frac *= 10;
    }
    *ms = ((long long)hours * 3600 + minutes * 60 + seconds) * 1000 + frac;
    *next = j;
    return 1;
}

pdn_diag_code pdn_parse_clock_time(long long *out_ms, const char *text, size_t len, size_t *err_at)
{
    size_t begin = 0, end = text != NULL ? len : 0, next, bad;
    long long ms = 0;

    if (out_ms != NULL)
        *out_ms = 0;
    pdn_values__trim(text, &begin, &end);
    if (!clock_span(text, begin, end, &ms, &next, &bad))
        return pdn_values__fail(err_at, bad, PDN_D_BAD_COMMAND);
    if (next != end)
        return pdn_values__fail(err_at, next, PDN_D_BAD_COMMAND);
    if (out_ms != NULL)
        *out_ms = ms;
    return PDN_D_NONE;
}

/*
 * Clock : (SIDE? TIME SPACE*) (SIDE? TIME SPACE*)?     SIDE = [wWbB]
 * The errata's reading of the standard's regex; an uppercase letter means
 * that player's clock is running.  Also the value of "[%clk w0:00:10 B0:00:03]".
 */
pdn_diag_code pdn_parse_clock(pdn_clock *out, const char *text, size_t len, size_t *err_at)
{
    pdn_clock c;
    size_t i = 0, end = text != NULL ? len : 0, bad;

    c.count = 0;
    for (int k = 0; k < 2; k++) {
        c.times[k].side = 0;
        c.times[k].running = 0;
        c.times[k].ms = 0;
    }
    if (out != NULL)
        *out = c;
    pdn_values__trim(text, &i, &end);
    if (i == end)
        return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);

    while (i < end) {
        char ch = text[i];
        if (c.count == 2)
            return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
        if (ch == 'w' || ch == 'b' || ch == 'W' || ch == 'B') {
            c.times[c.count].side = pdn_values__lower(ch);
            c.times[c.count].running = ch == 'W' || ch == 'B';
            i++;
        }
        if (!clock_span(text, i, end, &c.times[c.count].ms, &i, &bad))
            return pdn_values__fail(err_at, bad, PDN_D_BAD_COMMAND);
        c.count++;
        if (i < end && !pdn_values__is_space(text[i]) && text[i] != 'w' && text[i] != 'b' &&
            text[i] != 'W' && text[i] != 'B')
            return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
        while (i < end && pdn_values__is_space(text[i]))
            i++;
    }
    if (out != NULL)
        *out = c;
    return PDN_D_NONE;
}

/* ---------------------------------------------------------------------- */
/* Evaluations                                                            */
/* ---------------------------------------------------------------------- */

/* Limits that keep centipawns, mate and depth inside a 32-bit int. */
#define MAX_PAWNS 999999L
#define MAX_MATE 9999L
#define MAX_DEPTH 9999L

/*
 * Eval  : (SCORE | "#" SIGN? MOVES) ("," DEPTH)?
 * Score : SIGN? DIGITS ("." DIGITS?)? | SIGN? "." DIGITS
 * Pawns are stored as centipawns rounded half away from zero ("-0.048" is
 * -5); "#-2" means being mated in two.
 */
pdn_diag_code pdn_parse_eval(pdn_eval *out, const char *text, size_t len, size_t *err_at)
{
    pdn_eval e = {0, 0, 0, -1};
    size_t i = 0, end = text != NULL ? len : 0, j;
    int negative = 0;
    long v;

    if (out != NULL)
        *out = e;
    pdn_values__trim(text, &i, &end);
    if (i == end)
        return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);

    if (text[i] == '#') {
        i++;
        if (i < end && (text[i] == '+' || text[i] == '-'))
            negative = text[i++] == '-';
        j = pdn_values__number(text, i, end, MAX_MATE, &v);
        if (j == i || v < 0)
            return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
        e.is_mate = 1;
        e.mate = (int)(negative ? -v : v);
        i = j;
    } else {
        long cents;
        int any = 0;
        if (text[i] == '+' || text[i] == '-')
            negative = text[i++] == '-';
        j = pdn_values__number(text, i, end, MAX_PAWNS, &v);
        if (v < 0)
            return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
        any = j > i;
        i = j;
        cents = v * 100;
        if (i < end && text[i] == '.') {
            int place = 0;
            i++;
            while (i < end && pdn_values__is_digit(text[i])) {
                int d = text[i] - '0';
                if (place == 0)
                    cents += d * 10;
                else if (place == 1)
                    cents += d;
                else if (place == 2 && d >= 5)
                    cents += 1;
                place += place < 3;
                any = 1;
                i++;
            }
        }
        if (!any)
            return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
        e.centipawns = negative ? -cents : cents;
    }

    if (i < end && text[i] == ',') {
        i++;
        j = pdn_values__number(text, i, end, MAX_DEPTH, &v);
        if (j == i || v < 0)
            return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
        e.depth = (int)v;
        i = j;
    }
    if (i != end)
        return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
    if (out != NULL)
        *out = e;
    return PDN_D_NONE;
}

/* ---------------------------------------------------------------------- */
/* Marks                                                                  */
/* ---------------------------------------------------------------------- */

/*
 * Square sizes: files a..p and ranks 1..16 cover every board up to 16x16
 * (the largest GameType board is Canadian 12x12); numeric squares 1..99
 * cover every draughts numbering up to Canadian's 72.
 */
#define MAX_FILE 'p'
#define MAX_RANK 16
#define MAX_NUMERIC 99

/*
 * Square : [a-p] RANK | NUMBER      RANK 1..16, NUMBER 1..99, no leading zero.
 * Returns the index after the square, or i when there is none; *numeric
 * tells which kind it was.
 */
static size_t mark_square(const char *s, size_t i, size_t len, pdn_square *sq, int *numeric)
{
    long v;
    size_t j;
    if (i < len && s[i] >= 'a' && s[i] <= MAX_FILE) {
        j = pdn_values__number(s, i + 1, len, 99, &v);
        if (j == i + 1 || s[i + 1] == '0' || v < 1 || v > MAX_RANK)
            return i;
        *sq = PDN_SQUARE_MAKE_ALPHA(s[i] - 'a', v);
        *numeric = 0;
        return j;
    }
    j = pdn_values__number(s, i, len, 999, &v);
    if (j == i || s[i] == '0' || v < 1 || v > MAX_NUMERIC)
        return i;
    *sq = (pdn_square)v;
    *numeric = 1;
    return j;
}

/*
 * Marks : Entry ("," SPACE* Entry)*
 * Entry : COLOUR Square                      [%csl Ga4]  [%csl R32]
 *       | COLOUR Square "-"? Square          [%cal Ge2e4] [%cal G32-28]
 * COLOUR is any letter, kept as written.  Numeric arrows need the '-'.
 */
pdn_diag_code pdn_parse_marks(pdn_mark *out, size_t cap, size_t *count, const char *text,
                              size_t len, int arrows, size_t *err_at)
{
    size_t i = 0, end = text != NULL ? len : 0, n = 0;

    if (count != NULL)
        *count = 0;
    pdn_values__trim(text, &i, &end);
    while (i < end) {
        pdn_mark m;
        size_t j;
        int numeric = 0, numeric2 = 0;

        if (!pdn_values__is_alpha(text[i]))
            return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
        m.color = text[i++];
        j = mark_square(text, i, end, &m.from, &numeric);
        if (j == i)
            return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
        i = j;
        m.to = m.from;
        if (arrows) {
            int dash = i < end && text[i] == '-';
            i += (size_t)dash;
            j = mark_square(text, i, end, &m.to, &numeric2);
            if (j == i || numeric2 != numeric || (numeric && !dash))
                return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
            i = j;
        }
        if (out != NULL && n < cap)
            out[n] = m;
        n++;
        while (i < end && pdn_values__is_space(text[i]))
            i++;
        if (i == end)
            break;
        if (text[i] != ',')
            return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
        i++;
        while (i < end && pdn_values__is_space(text[i]))
            i++;
        if (i == end)
            return pdn_values__fail(err_at, i, PDN_D_BAD_COMMAND);
    }
    if (count != NULL)
        *count = n;
    return PDN_D_NONE;
}
