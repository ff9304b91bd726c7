/* SPDX-License-Identifier: MIT */
/*
 * test_json.c - pdn_write_json() and the canonical view (src/write/canon.c):
 * small games parsed with pdn_game_parse(), written to a memory sink and
 * compared with the exact expected line (docs/json.md is the schema).
 */
#include "harness.h"
#include "pdn.h"

#include "support/append.h"
#include "write/canon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===================================================================== */
/* A memory sink                                                         */
/* ===================================================================== */

typedef struct membuf {
    char *data;
    size_t len, cap;
    size_t calls;    /* how many times the sink was called */
    size_t max_call; /* the largest chunk handed over */
    int fail_after;  /* fail the call with this number (1-based); 0: never */
} membuf;

static int mem_write(void *ctx, const char *data, size_t len)
{
    membuf *m = ctx;
    m->calls++;
    if (m->fail_after > 0 && m->calls >= (size_t)m->fail_after)
        return -1;
    if (len > m->max_call)
        m->max_call = len;
    return test_append(&m->data, &m->len, &m->cap, data, len) ? 0 : -1;
}

static pdn_sink mem_sink(membuf *m)
{
    pdn_sink s;
    s.write = mem_write;
    s.ctx = m;
    return s;
}

static void mem_free(membuf *m)
{
    free(m->data);
    memset(m, 0, sizeof *m);
}

/* ===================================================================== */
/* Helpers                                                               */
/* ===================================================================== */

enum { POS = 1, DIAG = 2, SRC = 4 };

static pdn_write_options options(int flags)
{
    pdn_write_options o = PDN_WRITE_OPTIONS_INIT;
    o.positions = (flags & POS) != 0;
    o.diagnostics = (flags & DIAG) != 0;
    o.source_order = (flags & SRC) != 0;
    return o;
}

static pdn_game *parse_n(const char *text, size_t len)
{
    pdn_game *g = NULL;
    pdn_status st = pdn_game_parse(&g, text, len, NULL);
    if (st != PDN_OK) {
        fprintf(stderr, "  parse failed (%s) for: %.60s\n", pdn_status_str(st), text);
        return NULL;
    }
    return g;
}

static pdn_game *parse(const char *text)
{
    return parse_n(text, strlen(text));
}

/* The JSON of a game, as a malloc'd string (NULL on failure). */
static char *json_of(const pdn_game *g, int flags)
{
    membuf m = { 0 };
    pdn_write_options o = options(flags);
    pdn_status st;

    if (g == NULL)
        return NULL;
    st = pdn_write_json(g, &o, mem_sink(&m));
    if (st != PDN_OK) {
        fprintf(stderr, "  pdn_write_json: %s\n", pdn_status_str(st));
        mem_free(&m);
        return NULL;
    }
    return m.data;
}

/* Compares the JSON of `input` with `expected` (which lacks the final '\n'). */
static void expect_json(const char *what, const char *input, int flags, const char *expected)
{
    pdn_game *g = parse(input);
    char *got = json_of(g, flags);
    size_t n = strlen(expected);
    int ok = got != NULL && strlen(got) == n + 1 && memcmp(got, expected, n) == 0 &&
             got[n] == '\n';

    CHECK(ok);
    if (!ok) {
        fprintf(stderr, "  [%s]\n  input:    %s\n  expected: %s\n  got:      %s\n", what,
                input, expected, got ? got : "(null)");
    }
    free(got);
    pdn_game_free(g);
}

/* Checks that the JSON of `input` contains `part`. */
static void expect_part(const char *what, const char *input, int flags, const char *part)
{
    pdn_game *g = parse(input);
    char *got = json_of(g, flags);
    int ok = got != NULL && strstr(got, part) != NULL;

    CHECK(ok);
    if (!ok)
        fprintf(stderr, "  [%s]\n  input:    %s\n  expected part: %s\n  got:      %s\n", what,
                input, part, got ? got : "(null)");
    free(got);
    pdn_game_free(g);
}

static void expect_no_part(const char *what, const char *input, int flags, const char *part)
{
    pdn_game *g = parse(input);
    char *got = json_of(g, flags);
    int ok = got != NULL && strstr(got, part) == NULL;

    CHECK(ok);
    if (!ok)
        fprintf(stderr, "  [%s]\n  input:    %s\n  unexpected part: %s\n  got:      %s\n",
                what, input, part, got ? got : "(null)");
    free(got);
    pdn_game_free(g);
}

/*
 * Structural check of one output line: brackets balance outside strings,
 * strings are closed, the line ends in "}\n" and holds no other newline.
 * Returns the deepest nesting seen, or -1 when the line is not well formed.
 */
static long json_shape(const char *s, size_t len)
{
    long depth = 0, max = 0;
    int in_str = 0;
    size_t i;

    if (len < 2 || s[len - 1] != '\n' || s[len - 2] != '}')
        return -1;
    for (i = 0; i + 1 < len; i++) {
        char c = s[i];
        if (c == '\n')
            return -1;
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = 0;
            else if ((unsigned char)c < 0x20)
                return -1;
            continue;
        }
        if (c == '"') {
            in_str = 1;
        } else if (c == '[' || c == '{') {
            if (++depth > max)
                max = depth;
        } else if (c == ']' || c == '}') {
            if (--depth < 0)
                return -1;
        }
    }
    return (depth == 0 && !in_str) ? max : -1;
}

/* Occurrences of `part` in s[0..len): linear in len (a strstr() loop would
 * rescan the rest of a 10 MB line under the sanitizers' interceptors). */
static size_t count_of(const char *s, size_t len, const char *part)
{
    size_t n = 0, k = strlen(part), i = 0;
    while (k > 0 && i + k <= len) {
        if (s[i] == part[0] && memcmp(s + i, part, k) == 0) {
            n++;
            i += k;
        } else {
            i++;
        }
    }
    return n;
}

/* ===================================================================== */
/* Tags                                                                  */
/* ===================================================================== */

static void test_json__tags_source_order(void)
{
    expect_json("source order",
                "[Black \"B\"]\n[Event \"E\"]\n[GameType \"20\"]\n[White \"W\"]\n1. 32-28 *\n",
                SRC,
                "{\"index\":1,\"gametype\":20,\"encoding\":\"utf-8\",\"tags\":[[\"Black\",\"B\"],"
                "[\"Event\",\"E\"],[\"GameType\",\"20\"],[\"White\",\"W\"]],\"header\":[],"
                "\"moves\":[{\"type\":\"move\",\"number\":1,\"side\":\"white\",\"move\":\"32-28\","
                "\"squares\":[32,28],\"capture\":false}],"
                "\"terminator\":{\"kind\":\"asterisk\",\"text\":\"*\"}}");
}

static void test_json__tags_canonical(void)
{
    expect_json("canonical order",
                "[Black \"B\"]\n[Event \"E\"]\n[GameType \"20\"]\n[White \"W\"]\n"
                "[Event \"E2\"]\n1. 32-28 *\n",
                0,
                "{\"index\":1,\"gametype\":20,\"tags\":[[\"Event\",\"E\"],"
                "[\"Event\",\"E2\"],[\"White\",\"W\"],[\"Black\",\"B\"],[\"GameType\",\"20\"]],"
                "\"header\":[],"
                "\"moves\":[{\"type\":\"move\",\"number\":1,\"side\":\"white\",\"move\":\"32-28\","
                "\"squares\":[32,28],\"capture\":false}]}");
}

static void test_json__result_from_terminator(void)
{
    /* no Result tag: synthesized in the roster place */
    expect_part("Result synthesized",
                "[GameType \"20\"]\n[Event \"E\"]\n1. 32-28 2-0\n", 0,
                "\"tags\":[[\"Event\",\"E\"],[\"Result\",\"2-0\"],[\"GameType\",\"20\"]]");
    /* unknown values take the terminator's */
    expect_part("Result * replaced", "[Result \"*\"]\n[GameType \"20\"]\n1. 32-28 0-2\n", 0,
                "\"tags\":[[\"Result\",\"0-2\"],[\"GameType\",\"20\"]]");
    expect_part("Result ? replaced", "[Result \"?\"]\n[GameType \"20\"]\n1. 32-28 1-1\n", 0,
                "\"tags\":[[\"Result\",\"1-1\"],[\"GameType\",\"20\"]]");
    /* source order keeps the tags as they are */
    expect_part("source order keeps *", "[Result \"*\"]\n[GameType \"20\"]\n1. 32-28 0-2\n",
                SRC, "\"tags\":[[\"Result\",\"*\"],[\"GameType\",\"20\"]]");
    expect_part("terminator result", "[Result \"*\"]\n[GameType \"20\"]\n1. 32-28 0-2\n", SRC,
                "\"terminator\":{\"kind\":\"result\",\"text\":\"0-2\"}");
    /* '*' is no result: nothing synthesized for draughts */
    expect_part("draughts, no result", "[GameType \"20\"]\n1. 32-28 *\n", 0,
                "\"tags\":[[\"GameType\",\"20\"]]");
    expect_no_part("canonical has no terminator", "[GameType \"20\"]\n1. 32-28 *\n", 0,
                   "\"terminator\"");
}

static void test_json__result_conflict(void)
{
    const char *in = "[Result \"2-0\"]\n[GameType \"20\"]\n1. 32-28 0-2\n";

    expect_json("conflict comment", in, 0,
                "{\"index\":1,\"gametype\":20,\"tags\":[[\"Result\",\"2-0\"],"
                "[\"GameType\",\"20\"]],\"header\":[],"
                "\"moves\":[{\"type\":\"move\",\"number\":1,\"side\":\"white\",\"move\":\"32-28\","
                "\"squares\":[32,28],\"capture\":false},"
                "{\"type\":\"comment\",\"kind\":\"brace\",\"attach\":\"after\",\"text\":\"0-2\"}]}");
    expect_no_part("no conflict comment in source order", in, SRC, "\"type\":\"comment\"");
    expect_no_part("same result", "[Result \" 2-0 \"]\n[GameType \"20\"]\n1. 32-28 2-0\n", 0,
                   "\"type\":\"comment\"");
    expect_no_part("half = 1/2",
                   "[Result \"1/2-1/2\"]\n[GameType \"0\"]\n1. e4 \xC2\xBD-\xC2\xBD\n", 0,
                   "\"type\":\"comment\"");
    /* a game without moves: the comment reads back as a start comment */
    expect_part("conflict without moves", "[Result \"2-0\"]\n[GameType \"20\"]\n0-2\n", 0,
                "\"moves\":[{\"type\":\"comment\",\"kind\":\"brace\",\"attach\":\"start\","
                "\"text\":\"0-2\"}]");
}

/* ===================================================================== */
/* Items                                                                 */
/* ===================================================================== */

static void test_json__comment_commands(void)
{
    expect_part("clk", "[GameType \"20\"]\n1. 32-28 {[%clk 1:55:21]} *\n", 0,
                "{\"type\":\"comment\",\"kind\":\"brace\",\"attach\":\"after\","
                "\"text\":\"[%clk 1:55:21]\",\"commands\":[{\"name\":\"clk\","
                "\"value\":\"1:55:21\",\"ms\":6921000}]}");
    expect_part("clk in clock form", "[GameType \"20\"]\n1. 32-28 {[%clk w0:00:10 B0:00:03]} *\n",
                0,
                "\"commands\":[{\"name\":\"clk\",\"value\":\"w0:00:10 B0:00:03\","
                "\"times\":[{\"side\":\"w\",\"running\":false,\"ms\":10000},"
                "{\"side\":\"b\",\"running\":true,\"ms\":3000}]}]");
    expect_part("clock", "[GameType \"20\"]\n1. 32-28 {[%clock 0:49:11]} *\n", 0,
                "\"commands\":[{\"name\":\"clock\",\"value\":\"0:49:11\","
                "\"times\":[{\"running\":false,\"ms\":2951000}]}]");
    expect_part("eval cp", "[GameType \"20\"]\n1. 32-28 {[%eval 0.35,12]} *\n", 0,
                "{\"name\":\"eval\",\"value\":\"0.35,12\",\"cp\":35,\"depth\":12}");
    expect_part("eval mate", "[GameType \"0\"]\n1. e4 {[%eval #-3]} *\n", 0,
                "{\"name\":\"eval\",\"value\":\"#-3\",\"mate\":-3}");
    expect_part("csl", "[GameType \"0\"]\n1. e4 {[%csl Ga4,Rb5]} *\n", 0,
                "{\"name\":\"csl\",\"value\":\"Ga4,Rb5\",\"marks\":[{\"color\":\"G\","
                "\"square\":\"a4\"},{\"color\":\"R\",\"square\":\"b5\"}]}");
    expect_part("cal", "[GameType \"0\"]\n1. e4 {[%cal Ge2e4]} *\n", 0,
                "{\"name\":\"cal\",\"value\":\"Ge2e4\",\"marks\":[{\"color\":\"G\","
                "\"from\":\"e2\",\"to\":\"e4\"}]}");
    expect_part("csl numeric", "[GameType \"20\"]\n1. 32-28 {[%csl G32,R28]} *\n", 0,
                "\"marks\":[{\"color\":\"G\",\"square\":32},{\"color\":\"R\",\"square\":28}]");
    expect_part("bad clk", "[GameType \"20\"]\n1. 32-28 {[%clk soon]} *\n", 0,
                "{\"name\":\"clk\",\"value\":\"soon\",\"error\":\"bad-command\"}");
    expect_part("other command", "[GameType \"20\"]\n1. 32-28 {see [%foo bar baz] here} *\n", 0,
                "\"commands\":[{\"name\":\"foo\",\"value\":\"bar baz\"}]}");
    expect_part("several", "[GameType \"20\"]\n1. 32-28 {[%clk 0:00:01][%eval 1.00]} *\n", 0,
                "\"commands\":[{\"name\":\"clk\",\"value\":\"0:00:01\",\"ms\":1000},"
                "{\"name\":\"eval\",\"value\":\"1.00\",\"cp\":100}]");
    expect_no_part("no commands member", "[GameType \"20\"]\n1. 32-28 {plain} *\n", 0,
                   "\"commands\"");
}

static void test_json__move_fields(void)
{
    expect_part("black number, strength, nag",
                "[GameType \"20\"]\n1... 19-23!? $3 2. 32x23 *\n", 0,
                "\"moves\":[{\"type\":\"move\",\"number\":1,\"side\":\"black\",\"move\":\"19-23\","
                "\"squares\":[19,23],\"capture\":false,\"strength\":\"!?\"},"
                "{\"type\":\"nag\",\"nag\":3},"
                "{\"type\":\"move\",\"number\":2,\"side\":\"white\",\"move\":\"32x23\","
                "\"squares\":[32,23],\"capture\":true}]");
    expect_part("colon capture is x", "[GameType \"20\"]\n1. 32:23 *\n", 0,
                "\"move\":\"32x23\",\"squares\":[32,23],\"capture\":true}");
    expect_part("no separator", "[GameType \"20\"]\n1. 3228 *\n", 0,
                "\"move\":\"3228\",\"squares\":[32,28],\"capture\":null}");
    expect_part("alpha squares", "[GameType \"26\"]\n1. c3-d4 f6xd4 *\n", 0,
                "{\"type\":\"move\",\"number\":1,\"side\":\"white\",\"move\":\"c3-d4\","
                "\"squares\":[\"c3\",\"d4\"],\"capture\":false},"
                "{\"type\":\"move\",\"move\":\"f6xd4\",\"squares\":[\"f6\",\"d4\"],"
                "\"capture\":true}");
    expect_part("captured list", "[GameType \"20\"]\n1. 47x36 <42,29> *\n", 0,
                "\"move\":\"47x36\",\"squares\":[47,36],\"capture\":true,\"captured\":[42,29]}");
    expect_part("unknown move", "[GameType \"20\"]\n1. 32-28 - - 2. 37-32 *\n", 0,
                "{\"type\":\"move\",\"unknown\":true}");
    expect_part("setup", "[GameType \"20\"]\n/FEN \"W:W31:B19\"/ 1. 31-27 *\n", 0,
                "\"moves\":[{\"type\":\"setup\",\"fen\":\"W:W31:B19\"},");
    expect_part("header comment", "[Event \"E\"]\n% note\n[GameType \"20\"]\n1. 32-28 *\n", 0,
                "\"header\":[{\"type\":\"comment\",\"kind\":\"percent\"");
    expect_part("start comment", "[GameType \"20\"]\n{intro} 1. 32-28 *\n", 0,
                "\"moves\":[{\"type\":\"comment\",\"kind\":\"brace\",\"attach\":\"start\","
                "\"text\":\"intro\"},");
    expect_part("before comment", "[GameType \"20\"]\n1. {why} 32-28 *\n", 0,
                "{\"type\":\"comment\",\"kind\":\"brace\",\"attach\":\"before\",\"text\":\"why\"}");
    expect_part("semicolon comment", "[GameType \"20\"]\n1. 32-28 ; rest\n*\n", SRC,
                "\"kind\":\"semicolon\",\"attach\":\"after\",\"text\":\" rest\"");
    /* the canonical view shows the form the PDN writer gives it */
    expect_part("semicolon comment, canonical", "[GameType \"20\"]\n1. 32-28 ; rest\n*\n", 0,
                "\"kind\":\"brace\",\"attach\":\"after\",\"text\":\" rest\"");
    expect_part("semicolon comment with brace, canonical",
                "[GameType \"20\"]\n1. 32-28 ; a } b\n*\n", 0,
                "\"kind\":\"percent\",\"attach\":\"after\",\"text\":\" a } b\"");
}

static void test_json__variations(void)
{
    expect_json("nested variations",
                "[GameType \"20\"]\n1. 32-28 (1. 33-28 (1. 34-29 19-23) 18-23) 19-23 *\n", 0,
                "{\"index\":1,\"gametype\":20,\"tags\":[[\"GameType\",\"20\"]],"
                "\"header\":[],\"moves\":["
                "{\"type\":\"move\",\"number\":1,\"side\":\"white\",\"move\":\"32-28\","
                "\"squares\":[32,28],\"capture\":false},"
                "{\"type\":\"variation\",\"moves\":["
                "{\"type\":\"move\",\"number\":1,\"side\":\"white\",\"move\":\"33-28\","
                "\"squares\":[33,28],\"capture\":false},"
                "{\"type\":\"variation\",\"moves\":["
                "{\"type\":\"move\",\"number\":1,\"side\":\"white\",\"move\":\"34-29\","
                "\"squares\":[34,29],\"capture\":false},"
                "{\"type\":\"move\",\"move\":\"19-23\",\"squares\":[19,23],\"capture\":false}]},"
                "{\"type\":\"move\",\"move\":\"18-23\",\"squares\":[18,23],\"capture\":false}]},"
                "{\"type\":\"move\",\"move\":\"19-23\",\"squares\":[19,23],\"capture\":false}]}");
    expect_part("two variations side by side",
                "[GameType \"20\"]\n1. 32-28 (1. 33-28) (1. 34-29) *\n", 0,
                "{\"type\":\"variation\",\"moves\":[{\"type\":\"move\",\"number\":1,"
                "\"side\":\"white\",\"move\":\"33-28\",\"squares\":[33,28],\"capture\":false}]},"
                "{\"type\":\"variation\",\"moves\":[{\"type\":\"move\",\"number\":1,"
                "\"side\":\"white\",\"move\":\"34-29\",\"squares\":[34,29],\"capture\":false}]}]");
}

static void test_json__chess(void)
{
    expect_json("SAN game, roster synthesized",
                "[Event \"Casual\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf3+!? Nc6 3. O-O 1-0\n", 0,
                "{\"index\":1,\"gametype\":0,\"tags\":["
                "[\"Event\",\"Casual\"],[\"Site\",\"?\"],[\"Date\",\"????.??.??\"],"
                "[\"Round\",\"?\"],[\"White\",\"A\"],[\"Black\",\"?\"],[\"Result\",\"1-0\"]],"
                "\"header\":[],\"moves\":["
                "{\"type\":\"move\",\"number\":1,\"side\":\"white\",\"san\":\"e4\"},"
                "{\"type\":\"move\",\"san\":\"e5\"},"
                "{\"type\":\"move\",\"number\":2,\"side\":\"white\",\"san\":\"Nf3+\","
                "\"strength\":\"!?\"},"
                "{\"type\":\"move\",\"san\":\"Nc6\"},"
                "{\"type\":\"move\",\"number\":3,\"side\":\"white\",\"san\":\"O-O\"}]}");
    expect_part("chess, no result", "[GameType \"0\"]\n1. d4 *\n", 0,
                "[\"Result\",\"*\"],[\"GameType\",\"0\"]]");
}

/* ===================================================================== */
/* Strings                                                               */
/* ===================================================================== */

static void test_json__escaping(void)
{
    expect_part("tag escapes", "[Event \"a \\\"q\\\" b\"]\n[GameType \"20\"]\n1. 32-28 *\n", 0,
                "[\"Event\",\"a \\\"q\\\" b\"]");
    expect_part("backslash", "[GameType \"20\"]\n1. 32-28 {a\\b} *\n", 0,
                "\"text\":\"a\\\\b\"");
    expect_part("newline and tab", "[GameType \"20\"]\n1. 32-28 {one\ntwo\tthree} *\n", 0,
                "\"text\":\"one\\ntwo\\tthree\"");
    expect_part("control characters",
                "[GameType \"20\"]\n1. 32-28 {x\x01y\x1f\bz\f} *\n", 0,
                "\"text\":\"x\\u0001y\\u001f\\bz\\f\"");
    expect_part("quote in comment", "[GameType \"20\"]\n1. 32-28 {say \"hi\"} *\n", 0,
                "\"text\":\"say \\\"hi\\\"\"");
    expect_part("UTF-8 kept", "[White \"Jan \xC3\x85sberg\"]\n[GameType \"20\"]\n1. 32-28 *\n",
                0, "[\"White\",\"Jan \xC3\x85sberg\"]");
    /* not UTF-8: read as Windows-1252, written as UTF-8 */
    expect_part("latin-1 input", "[White \"J\xE9r\xF4me\"]\n[GameType \"20\"]\n1. 32-28 *\n", SRC,
                "\"encoding\":\"windows-1252\",\"tags\":[[\"White\",\"J\xC3\xA9r\xC3\xB4me\"]");
    expect_no_part("canonical view leaves the encoding out",
                   "[White \"J\xE9r\xF4me\"]\n[GameType \"20\"]\n1. 32-28 *\n", 0, "\"encoding\"");
}

/* ===================================================================== */
/* Positions and diagnostics                                             */
/* ===================================================================== */

static void test_json__positions(void)
{
    expect_part("tag positions", "[Event \"E\"]\r\n[GameType \"20\"]\r\n1. 32-28 {c} *\r\n",
                POS | SRC, "\"tags\":[[\"Event\",\"E\",1,1],[\"GameType\",\"20\",2,1]]");
    expect_part("move position", "[Event \"E\"]\r\n[GameType \"20\"]\r\n1. 32-28 {c} *\r\n",
                POS | SRC, "{\"type\":\"move\",\"line\":3,\"column\":4,");
    expect_part("comment position", "[Event \"E\"]\r\n[GameType \"20\"]\r\n1. 32-28 {c} *\r\n",
                POS | SRC, "{\"type\":\"comment\",\"line\":3,\"column\":10,");
    expect_part("position after CR", "[GameType \"20\"]\r1. 32-28\r\r{c} *\n", POS | SRC,
                "{\"type\":\"comment\",\"line\":4,\"column\":1,");
    expect_part("columns count characters",
                "[GameType \"20\"]\n{\xC3\xA9\xC3\xA9} 1. 32-28 {c} *\n", POS | SRC,
                "{\"type\":\"comment\",\"line\":2,\"column\":15,");
    /* canonical order with positions: synthesized tags have none */
    expect_part("synthesized tags have no position", "[White \"A\"]\n[GameType \"0\"]\n1. e4 *\n",
                POS,
                "\"tags\":[[\"Event\",\"?\"],[\"Site\",\"?\"],[\"Date\",\"????.??.??\"],"
                "[\"Round\",\"?\"],[\"White\",\"A\",1,1],[\"Black\",\"?\"],[\"Result\",\"*\"],"
                "[\"GameType\",\"0\",2,1]]");
    expect_no_part("no positions", "[Event \"E\"]\n[GameType \"20\"]\n1. 32-28 {c} *\n", SRC,
                   "\"line\"");
}

static void test_json__diagnostics(void)
{
    expect_part("diagnostic", "[GameType \"20\"]\n1. 32-28 2-0\n", DIAG | SRC,
                "\"diagnostics\":[{\"severity\":\"warning\",\"code\":\"result-terminator\","
                "\"message\":\"result used as game terminator; PDN 3.0 writes '*'\","
                "\"line\":2,\"column\":10}]}");
    expect_part("error", "[GameType \"20\"]\n1. 32-28 (1. 33-28\n", DIAG | SRC,
                "{\"severity\":\"error\",\"code\":\"unclosed-variation\","
                "\"message\":\"'(' is never closed by ')'\",\"line\":3,\"column\":1,"
                "\"related_line\":2,\"related_column\":10}");
    expect_part("related location", "[Event \"A\"]\n[GameType \"20\"]\n[Event \"B\"]\n1. 32-28 *\n",
                DIAG | SRC,
                "\"code\":\"duplicate-tag\",\"message\":\"tag given twice in one header\","
                "\"line\":3,\"column\":1,\"related_line\":1,\"related_column\":1}");
    expect_part("empty diagnostics", "[GameType \"20\"]\n1. 32-28 *\n", DIAG | SRC,
                "\"diagnostics\":[]}");
    expect_no_part("no diagnostics", "[GameType \"20\"]\n1. 32-28 2-0\n", SRC,
                   "\"diagnostics\"");
}

/* ===================================================================== */
/* Robustness                                                            */
/* ===================================================================== */

/* 100,000 nested variations: no recursion anywhere, balanced output. */
static void test_json__deep_nesting(void)
{
    enum { DEPTH = 100000 };
    static const char head[] = "[GameType \"20\"]\n1. 32-28 ";
    static const char open[] = "(1. 33-28 ";
    size_t len = sizeof head - 1 + DEPTH * (sizeof open - 1) + DEPTH + 3;
    char *text = malloc(len + 1), *p = text;
    pdn_game *g;
    size_t i;
    int flags;

    CHECK(text != NULL);
    if (text == NULL)
        return;
    memcpy(p, head, sizeof head - 1);
    p += sizeof head - 1;
    for (i = 0; i < DEPTH; i++) {
        memcpy(p, open, sizeof open - 1);
        p += sizeof open - 1;
    }
    memset(p, ')', DEPTH);
    p += DEPTH;
    memcpy(p, " *\n", 3);
    p += 3;
    *p = '\0';
    CHECK_EQ_INT((long)(p - text), (long)len);

    g = parse_n(text, len);
    CHECK(g != NULL);
    for (flags = 0; g != NULL && flags <= (POS | DIAG | SRC); flags += (POS | DIAG | SRC)) {
        membuf m = { 0 };
        pdn_write_options o = options(flags);
        pdn_status st = pdn_write_json(g, &o, mem_sink(&m));
        long depth;
        CHECK_EQ_INT(st, PDN_OK);
        CHECK(m.data != NULL);
        if (m.data == NULL)
            break;
        depth = json_shape(m.data, m.len);
        /* game object, moves array, then an object and an array per level */
        CHECK(depth >= 2L * DEPTH + 2);
        CHECK_EQ_INT((long)count_of(m.data, m.len, "\"type\":\"variation\""), DEPTH);
        CHECK(m.calls > 1);
        CHECK(m.max_call <= 65536);
        mem_free(&m);
    }
    pdn_game_free(g);
    free(text);
}

static void test_json__sink_failure(void)
{
    pdn_game *g = parse("[GameType \"20\"]\n1. 32-28 *\n");
    membuf m = { 0 };
    pdn_write_options o = options(0);
    pdn_sink s;

    CHECK(g != NULL);
    if (g == NULL)
        return;
    m.fail_after = 1;
    CHECK_EQ_INT(pdn_write_json(g, &o, mem_sink(&m)), PDN_EIO);
    mem_free(&m);

    s.write = NULL;
    s.ctx = NULL;
    CHECK_EQ_INT(pdn_write_json(g, &o, s), PDN_EINVAL);
    CHECK_EQ_INT(pdn_write_json(NULL, &o, mem_sink(&m)), PDN_EINVAL);
    o.version = 99;
    CHECK_EQ_INT(pdn_write_json(g, &o, mem_sink(&m)), PDN_EINVAL);
    mem_free(&m);

    /* NULL options: the defaults (positions, diagnostics, source order) */
    CHECK_EQ_INT(pdn_write_json(g, NULL, mem_sink(&m)), PDN_OK);
    CHECK(m.data != NULL && strstr(m.data, "\"terminator\"") != NULL &&
          strstr(m.data, "\"line\"") != NULL && strstr(m.data, "\"diagnostics\"") != NULL);
    mem_free(&m);
    pdn_game_free(g);
}

/* Every output line of a batch of games is well-formed. */
static void test_json__shapes(void)
{
    static const char *const inputs[] = {
        "",
        "*",
        "[Event \"x\"]",
        "[GameType \"20\"]\n1. 32-28 (1. 33-28 {c (x} $1) 19-23 {[%clk 1:00:00",
        "[GameType \"20\"]\n1. 32-28 ((((19-23",
        "{only a comment} 2-0",
        "junk ]] [[ \"\" \\ 1. 2. 3...",
        "[GameType \"0\"]\n1. e4 {[%csl} (1. d4 [%cal Ge2e4]) 1/2-1/2",
    };
    size_t i;
    for (i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        pdn_game *g = NULL;
        int flags;
        if (pdn_game_parse(&g, inputs[i], strlen(inputs[i]), NULL) != PDN_OK)
            continue;
        for (flags = 0; flags <= (POS | DIAG | SRC); flags++) {
            char *out = json_of(g, flags);
            CHECK(out != NULL && json_shape(out, strlen(out)) > 0);
            if (out == NULL || json_shape(out, strlen(out)) <= 0)
                fprintf(stderr, "  malformed JSON for input %zu: %s\n", i, out ? out : "(null)");
            free(out);
        }
        pdn_game_free(g);
    }
}

/* ===================================================================== */
/* The canonical view directly                                           */
/* ===================================================================== */

typedef struct tag_list {
    char text[512];
    size_t len;
    int stop_at; /* stop after this many tags; 0: never */
    int seen;
} tag_list;

static int collect_tag(void *ctx, pdn_str name, pdn_str value)
{
    tag_list *t = ctx;
    int n = snprintf(t->text + t->len, sizeof t->text - t->len, "%.*s=%.*s;", (int)name.len,
                     name.ptr, (int)value.len, value.ptr);
    if (n > 0 && (size_t)n < sizeof t->text - t->len)
        t->len += (size_t)n;
    t->seen++;
    return t->stop_at > 0 && t->seen >= t->stop_at ? 7 : 0;
}

static void canon_tags(const char *input, int stop_at, int expect_rc, const char *expected)
{
    pdn_game *g = parse(input);
    tag_list t;
    int rc;

    memset(&t, 0, sizeof t);
    t.stop_at = stop_at;
    CHECK(g != NULL);
    if (g == NULL)
        return;
    rc = pdn_canon__each_tag(g, collect_tag, &t);
    CHECK_EQ_INT(rc, expect_rc);
    CHECK_STR(t.text, t.len, expected);
    pdn_game_free(g);
}

static int str_is(pdn_str s, const char *c)
{
    return s.len == strlen(c) && memcmp(s.ptr, c, s.len) == 0;
}

static void test_canon__view(void)
{
    pdn_game *g;
    pdn_str s;

    canon_tags("[Site \"S\"]\n[Result \"2-0\"]\n[Event \"E\"]\n[GameType \"20\"]\n1. 32-28 *\n", 0,
               0, "Event=E;Site=S;Result=2-0;GameType=20;");
    canon_tags("[Site \"S\"]\n[Result \"2-0\"]\n[Event \"E\"]\n[GameType \"20\"]\n1. 32-28 *\n", 2,
               7, "Event=E;Site=S;");
    canon_tags("[Result \"*\"]\n[Result \"*\"]\n[GameType \"20\"]\n1. 32-28 2-0\n", 0, 0,
               "Result=2-0;Result=*;GameType=20;");
    canon_tags("[GameType \"0\"]\n1. e4 0-1\n", 0, 0,
               "Event=?;Site=?;Date=????.??.??;Round=?;White=?;Black=?;Result=0-1;GameType=0;");

    g = parse("[Result \"1-0\"]\n[GameType \"0\"]\n1. e4 0-1\n");
    CHECK(g != NULL);
    if (g != NULL) {
        CHECK_EQ_INT(pdn_canon__conflict(g, &s), 1);
        CHECK(str_is(s, "0-1"));
        CHECK(str_is(pdn_canon__separator(g), "1-0"));
        CHECK_EQ_INT(pdn_canon__conflict_attach(g), PDN_ATTACH_AFTER);
        pdn_game_free(g);
    }
    g = parse("[Result \"2-0\"]\n[GameType \"20\"]\n1. 32-28 2-0\n");
    CHECK(g != NULL);
    if (g != NULL) {
        CHECK_EQ_INT(pdn_canon__conflict(g, &s), 0);
        CHECK(str_is(pdn_canon__separator(g), "*"));
        CHECK_EQ_INT(pdn_canon__result(g, &s), 1);
        CHECK(str_is(s, "2-0"));
        pdn_game_free(g);
    }
    g = parse("[Result \"nonsense\"]\n[GameType \"0\"]\n1. e4 *\n");
    CHECK(g != NULL);
    if (g != NULL) {
        CHECK(str_is(pdn_canon__separator(g), "*"));
        CHECK_EQ_INT(pdn_canon__conflict(g, NULL), 0);
        pdn_game_free(g);
    }
    CHECK(pdn_canon__same_result((pdn_str){ "1/2-1/2", 7 }, (pdn_str){ " \xC2\xBD-\xC2\xBD", 6 }));
    CHECK(!pdn_canon__same_result((pdn_str){ "1-0", 3 }, (pdn_str){ "0-1", 3 }));
    CHECK(pdn_canon__result_unknown((pdn_str){ " ? ", 3 }));
    CHECK(pdn_canon__result_unknown((pdn_str){ "", 0 }));
    CHECK(!pdn_canon__result_unknown((pdn_str){ "1-0", 3 }));
}

/* ===================================================================== */
/* Round trip through the PDN writer                                     */
/* ===================================================================== */

/* `pdn json --no-positions --no-diagnostics` of a game and of its canonical
 * PDN are the same line (docs/json.md, "The round-trip contract"). */
static void round_trip(const char *input)
{
    pdn_game *g = parse(input), *g2 = NULL;
    membuf pdn = { 0 };
    pdn_write_options o = options(0);
    char *a = NULL, *b = NULL;

    CHECK(g != NULL);
    if (g == NULL)
        return;
    CHECK_EQ_INT(pdn_write_pdn(g, &o, mem_sink(&pdn)), PDN_OK);
    if (pdn.data != NULL && pdn_game_parse(&g2, pdn.data, pdn.len, NULL) == PDN_OK) {
        a = json_of(g, 0);
        b = json_of(g2, 0);
    }
    CHECK(a != NULL && b != NULL && strcmp(a, b) == 0);
    if (a == NULL || b == NULL || strcmp(a, b) != 0)
        fprintf(stderr, "  round trip differs\n  input:  %s\n  pdn:    %s\n  before: %s  after:  %s",
                input, pdn.data ? pdn.data : "(null)", a ? a : "(null)\n", b ? b : "(null)\n");
    free(a);
    free(b);
    mem_free(&pdn);
    pdn_game_free(g);
    pdn_game_free(g2);
}

static void test_json__round_trip(void)
{
    round_trip("[Event \"E\"]\n[GameType \"20\"]\n1. 32-28 {[%clk 0:01:00]} 19-23 2. 28x19 "
               "(2. 37-32 $2 {x}) 14x23 2-0\n");
    round_trip("[Result \"2-0\"]\n[GameType \"20\"]\n1. 32-28 0-2\n");
    round_trip("[Result \"2-0\"]\n[GameType \"20\"]\n0-2\n");
    round_trip("[Black \"B\"]\n[Result \"*\"]\n[GameType \"20\"]\n1. 32:23 1-1\n");
    round_trip("[White \"A\"]\n1. e4 e5 2. Nf3+!? Nc6 1/2-1/2\n");
    round_trip("[Result \"1-0\"]\n1. d4 {a \"quoted\" \\ text} 0-1\n");
    round_trip("[GameType \"20\"]\n1. 32-28 ; semi } x\n19-23 % pct\n*\n");
    round_trip("% header note\n[Event \"E\"]\n; semi in header\n[Site \"S\"]\n1. 32-28 *\n");
    round_trip("[GameType \"20\"]\n1. 3228 - - 2. 47x36 <42,29> 06-11 *\n");
    round_trip("[GameType \"0\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. 0-0 Nf6 5. Re1 b5 1-0\n");
    round_trip("[GameType \"31\"]\n1. c3-d4 f6xd4 *\n");
    round_trip("[GameType \"20\"]\n/FEN \"W:W31:B19\"/ 1. 31-27 *\n");
    round_trip("{start} 1. {before} 32-28! $1 {after} (19-23 (18-23)) 1...17-22 *\n");
    round_trip("[Result \"?\"]\n[Result \"1-0\"]\n[GameType \"0\"]\n1. e4 (1. d4) e5 "
               "{[%clk 0:00:01] [%eval #3] [%csl Ra1]} \xC2\xBD-\xC2\xBD\n");
    round_trip("[Result \" 1-0 \"]\n[GameType \"0\"]\n1. e4 0-1\n");
    round_trip("[Event \"x\"]\n1. 32-28 4-6\n");
}

int main(void)
{
    RUN(test_json__tags_source_order);
    RUN(test_json__tags_canonical);
    RUN(test_json__result_from_terminator);
    RUN(test_json__result_conflict);
    RUN(test_json__comment_commands);
    RUN(test_json__move_fields);
    RUN(test_json__variations);
    RUN(test_json__chess);
    RUN(test_json__escaping);
    RUN(test_json__positions);
    RUN(test_json__diagnostics);
    RUN(test_json__deep_nesting);
    RUN(test_json__sink_failure);
    RUN(test_json__shapes);
    RUN(test_canon__view);
    RUN(test_json__round_trip);
    return harness_report();
}
