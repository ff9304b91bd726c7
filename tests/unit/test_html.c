/* SPDX-License-Identifier: MIT */
/*
 * test_html.c - unit tests of the HTML game viewer (pdn_html_*): the page's
 * shape, every game in it, escaping ("</script>" in a comment), move codes,
 * comments, clocks, marks, problems, positions, deep nesting, no games, bad
 * arguments, failing sinks (PDN_EIO) and failing allocators.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"
#include "support/append.h"
#include "support/fail_alloc.h"

/* ---------------------------------------------------------------------- */
/* Output                                                                 */
/* ---------------------------------------------------------------------- */

typedef struct page {
    char *data;
    size_t len, cap;
    int calls;
    int fail_at; /* the sink call that fails (1-based); 0: never */
} page;

static int page_write(void *ctx, const char *data, size_t len)
{
    page *p = ctx;
    p->calls++;
    if (p->fail_at != 0 && p->calls >= p->fail_at)
        return -1;
    return test_append(&p->data, &p->len, &p->cap, data, len) ? 0 : -1;
}

static void page_free(page *p)
{
    free(p->data);
    memset(p, 0, sizeof *p);
}

/* Writes a page of every game of `text`; returns the first failing status. */
static pdn_status make_page(page *out, const char *text, const pdn_html_options *opts)
{
    pdn_reader *r = NULL;
    pdn_html *h = NULL;
    pdn_sink sink = {page_write, out};
    pdn_status st = pdn_reader_new_buffer(&r, text, strlen(text), NULL);
    if (st == PDN_OK)
        st = pdn_html_new(&h, opts, sink);
    const pdn_game *g;
    while (st == PDN_OK && (st = pdn_reader_next(r, &g)) == PDN_OK)
        st = pdn_html_add(h, g);
    if (st == PDN_DONE)
        st = pdn_html_finish(h);
    pdn_html_free(h);
    pdn_reader_free(r);
    return st;
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0, k = strlen(needle);
    for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + k, needle))
        n++;
    return n;
}

/* The text of the games element (between its tags), or NULL. */
static char *games_of(const char *html, size_t *len)
{
    const char *open = "<script type=\"text/plain\" id=\"pdn-games\">";
    const char *at = strstr(html, open);
    if (at == NULL)
        return NULL;
    at += strlen(open);
    const char *end = strstr(at, "</script>");
    if (end == NULL)
        return NULL;
    *len = (size_t)(end - at);
    char *s = malloc(*len + 1);
    memcpy(s, at, *len);
    s[*len] = '\0';
    return s;
}

/* Line `index` (0-based) of the games element, or NULL. */
static char *game_line(const char *html, int index)
{
    size_t len;
    char *games = games_of(html, &len);
    if (games == NULL)
        return NULL;
    char *line = games;
    for (int i = 0; i < index && line != NULL; i++) {
        line = strchr(line, '\n');
        if (line != NULL)
            line++;
    }
    char *copy = NULL;
    if (line != NULL && *line != '\0') {
        size_t n = strcspn(line, "\n");
        copy = malloc(n + 1);
        memcpy(copy, line, n);
        copy[n] = '\0';
    }
    free(games);
    return copy;
}

/* The value of a JSON string field "name":"..." of a line, escapes kept. */
static char *string_field(const char *line, const char *name)
{
    char key[32];
    snprintf(key, sizeof key, "\"%s\":\"", name);
    const char *at = strstr(line, key);
    if (at == NULL)
        return NULL;
    at += strlen(key);
    const char *end = at;
    while (*end && !(*end == '"' && end[-1] != '\\'))
        end++;
    char *s = malloc((size_t)(end - at) + 1);
    memcpy(s, at, (size_t)(end - at));
    s[end - at] = '\0';
    return s;
}

/* Decodes one cell of a move code (pdn_html__cell()); advances *s. */
static int decode_cell(const unsigned char **s)
{
    unsigned c = *(*s)++;
    if (c >= 0xC0) {
        unsigned u = ((c & 0x1Fu) << 6) | (*(*s)++ & 0x3Fu);
        return (int)(u - 0xC0 + 77);
    }
    return (int)c - '0' - (c > '<') - (c > '\\');
}

static int cell_of_number(int gametype, int number)
{
    pdn_gametype t;
    pdn_geometry g;
    pdn_gametype_default(&t, gametype);
    pdn_geometry_init(&g, &t);
    return g.cell_of[number];
}

/* ---------------------------------------------------------------------- */
/* Inputs                                                                 */
/* ---------------------------------------------------------------------- */

static const char three_games[] =
    "[Event \"Club <b>match</b> & more\"]\n"
    "[White \"<script>alert(1)</script>\"]\n"
    "[Black \"Quote \\\" and backslash \\\\\"]\n"
    "[GameType \"20\"]\n"
    "\n"
    "{start [%csl R28]} 1. 32-28 {</script><script>alert(2)</script> [%clk 0:05:00]} 19-23 "
    "2. 28x19 $1 {[%cal G33-28]} 14x23 (2... 13x24 3. 37-32) 3. 33-28 *\n"
    "\n"
    "[Event \"Chess\"]\n"
    "[White \"Anna\"]\n"
    "[Black \"Ben\"]\n"
    "\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Qxh7 5. d4 *\n"
    "\n"
    "[White \"Cleo\"]\n"
    "[GameType \"20\"]\n"
    "[FEN \"W:W31:B20\"]\n"
    "\n"
    "1. 31-26 /FEN \"B:W47:B3\"/ 3-8 *\n";

/* ---------------------------------------------------------------------- */
/* Tests                                                                  */
/* ---------------------------------------------------------------------- */

static void test_html__shape(void)
{
    page p = {0};
    pdn_html_options o = PDN_HTML_OPTIONS_INIT;
    o.title = "Games & <more>";
    CHECK_EQ_INT(make_page(&p, three_games, &o), PDN_OK);
    const char *html = p.data;
    CHECK(strncmp(html, "<!DOCTYPE html>\n<html", 21) == 0);
    CHECK(p.len > 10 && strcmp(html + p.len - 8, "</html>\n") == 0);
    CHECK(strstr(html, "<title>Games &amp; &lt;more&gt;</title>") != NULL);
    /* Three script elements (games, data, code), each closed once. */
    CHECK_EQ_INT(count(html, "<script"), 3);
    CHECK_EQ_INT(count(html, "</script>"), 3);
    CHECK_EQ_INT(count(html, "<style>"), 1);
    CHECK_EQ_INT(count(html, "</style>"), 1);
    /* Two boards (international, chess), each drawn for both sides. */
    CHECK_EQ_INT(count(html, "<template id=\"pdn-board-"), 4);
    CHECK_EQ_INT(count(html, "</template>"), 4);
    CHECK(strstr(html, "id=\"pdn-board-0-1\"") != NULL);
    CHECK(strstr(html, "id=\"pdn-board-1-0\"") != NULL);
    CHECK_EQ_INT(count(html, "<svg"), count(html, "</svg>"));
    CHECK_EQ_INT(count(html, "<?xml"), 0);
    /* Every piece shape once: 8 kinds, 3 colours. */
    CHECK_EQ_INT(count(html, "<g id=\"pdn-"), 24);
    /* Nothing is fetched. */
    CHECK_EQ_INT(count(html, "src="), 0);
    CHECK_EQ_INT(count(html, "http://") - count(html, "http://www.w3.org/2000/svg"), 0);
    CHECK_EQ_INT(count(html, "https://"), 0);
    page_free(&p);
}

static void test_html__every_game(void)
{
    page p = {0};
    CHECK_EQ_INT(make_page(&p, three_games, NULL), PDN_OK);
    size_t len;
    char *games = games_of(p.data, &len);
    CHECK(games != NULL);
    if (games != NULL) {
        CHECK_EQ_INT(count(games, "\n"), 3);
        CHECK_EQ_INT(count(games, "{\"k\":"), 3);
        CHECK(len > 0 && games[len - 1] == '\n');
    }
    free(games);
    /* The list: game numbers and the main tags of each game. */
    CHECK(strstr(p.data, "\"list\":[[1,") != NULL);
    CHECK(strstr(p.data, "[2,\"Anna\",\"Ben\",\"Chess\",\"\",\"\"]") != NULL);
    CHECK(strstr(p.data, "[3,\"Cleo\",\"\",\"\",\"\",\"\"]") != NULL);
    /* The boards of the games: international (kind 0), chess (kind 1). */
    char *line = game_line(p.data, 1);
    CHECK(line != NULL && strncmp(line, "{\"k\":1,", 7) == 0);
    free(line);
    line = game_line(p.data, 2);
    CHECK(line != NULL && strncmp(line, "{\"k\":0,", 7) == 0);
    free(line);
    page_free(&p);
}

static void test_html__escaping(void)
{
    page p = {0};
    CHECK_EQ_INT(make_page(&p, three_games, NULL), PDN_OK);
    const char *html = p.data;
    /* Tag values and comments reach the page only as JSON with < > &
     * escaped, so none can close an element or open one. */
    CHECK(strstr(html, "alert") != NULL);
    CHECK_EQ_INT(count(html, "<script>alert"), 0);
    CHECK_EQ_INT(count(html, "</script><script>"), 0);
    CHECK_EQ_INT(count(html, "<b>match"), 0);
    CHECK(strstr(html, "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e") != NULL);
    CHECK(strstr(html, "Club \\u003cb\\u003ematch\\u003c/b\\u003e \\u0026 more") != NULL);
    CHECK(strstr(html, "Quote \\\" and backslash \\\\") != NULL);
    /* The comment keeps its text, without the clock command. */
    CHECK(strstr(html, "\"\\u003c/script\\u003e\\u003cscript\\u003ealert(2)\\u003c/script"
                       "\\u003e\"]") != NULL);
    page_free(&p);
}

static void test_html__moves(void)
{
    page p = {0};
    CHECK_EQ_INT(make_page(&p, three_games, NULL), PDN_OK);
    char *line = game_line(p.data, 0);
    CHECK(line != NULL);
    if (line == NULL) {
        page_free(&p);
        return;
    }
    char *m = string_field(line, "m");
    CHECK(m != NULL && strcmp(m, "32-28 19-23 28x19 14x23 ( 13x24 37-32 ) 33-28") == 0);
    free(m);
    /* Codes: from, to, promotion, captured cells; one per move. */
    char *c = string_field(line, "c");
    CHECK(c != NULL);
    if (c != NULL) {
        const unsigned char *s = (const unsigned char *)c;
        int want[][4] = {{32, 28, 0, 0}, {19, 23, 0, 0}, {28, 19, 0, 23}, {14, 23, 0, 19}};
        for (int k = 0; k < 4; k++) {
            CHECK_EQ_INT(decode_cell(&s), cell_of_number(20, want[k][0]));
            CHECK_EQ_INT(decode_cell(&s), cell_of_number(20, want[k][1]));
            CHECK_EQ_INT(decode_cell(&s), want[k][2]);
            if (want[k][3])
                CHECK_EQ_INT(decode_cell(&s), cell_of_number(20, want[k][3]));
            CHECK_EQ_INT(*s, ' ');
            s++;
        }
    }
    free(c);
    /* Comments, clock, NAG, marks, start comment with its marks. */
    CHECK(strstr(line, "[-1,\"a\",\"start\"]") != NULL);
    CHECK(strstr(line, "[0,\"k\",[\"clk\",\"0:05:00\"]]") != NULL);
    CHECK(strstr(line, "[2,\"g\",1]") != NULL);
    CHECK(strstr(line, "[2,\"r\",[\"\",\"\\u003cg class=\\\"arrows\\\"") != NULL);
    CHECK(strstr(line, "[-1,\"r\",[\"\\u003cg class=\\\"highlights\\\"") != NULL);
    CHECK_EQ_INT(count(line, "\"r\""), 2);
    CHECK(strstr(line, "[\"Event\",") != NULL);
    free(line);

    /* Chess: castling is the king onto its rook (e1 = 4, h1 = 7, flags 4);
     * an illegal move has the code '-', its status and its problem; what
     * follows it was not checked. */
    line = game_line(p.data, 1);
    CHECK(line != NULL);
    if (line != NULL) {
        m = string_field(line, "m");
        CHECK(m != NULL && strcmp(m, "e4 e5 Nf3 Nc6 Bb5 a6 O-O Qxh7 d4") == 0);
        free(m);
        c = string_field(line, "c");
        CHECK(c != NULL && strstr(c, " 474 - -") != NULL);
        free(c);
        char want[64];
        snprintf(want, sizeof want, "[7,\"s\",%d]", PDN_PLAY_ILLEGAL);
        CHECK(strstr(line, want) != NULL);
        snprintf(want, sizeof want, "[7,\"e\",[%d,%d,", PDN_D_ILLEGAL_MOVE, PDN_SEV_ERROR);
        CHECK(strstr(line, want) != NULL);
        snprintf(want, sizeof want, "[8,\"s\",%d]", PDN_PLAY_SKIPPED);
        CHECK(strstr(line, want) != NULL);
        CHECK(strstr(line, "\"n\":[1,0]") != NULL);
    }
    free(line);
    page_free(&p);
}

static void test_html__positions(void)
{
    page p = {0};
    CHECK_EQ_INT(make_page(&p, three_games, NULL), PDN_OK);
    char *line = game_line(p.data, 2);
    CHECK(line != NULL);
    if (line != NULL) {
        /* The FEN tag: the start differs from the usual one.  The setup:
         * the position before 3-8 is the setup's, not the page's own. */
        CHECK(strstr(line, "[-1,\"p\",[\"W") != NULL);
        CHECK(strstr(line, "[1,\"p\",[\"B") != NULL);
        CHECK(strstr(line, "[1,\"f\",\"B:W47:B3\"]") != NULL);
        CHECK_EQ_INT(count(line, "\"p\""), 2);
    }
    free(line);
    /* The usual start needs no position at all. */
    line = game_line(p.data, 0);
    CHECK(line != NULL && strstr(line, "\"p\"") == NULL);
    free(line);
    page_free(&p);
}

/* The boards are the SVG writer's, drawn empty. */
static void test_html__boards(void)
{
    page p = {0}, svg = {0};
    CHECK_EQ_INT(make_page(&p, "[GameType \"21\"]\n1. 11-15 *\n", NULL), PDN_OK);
    pdn_gametype t;
    pdn_geometry g;
    pdn_position empty;
    pdn_gametype_default(&t, 21);
    pdn_geometry_init(&g, &t);
    pdn_position_clear(&empty, &g);
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.format = PDN_DIAGRAM_SVG;
    o.flip = 1;
    pdn_sink sink = {page_write, &svg};
    CHECK_EQ_INT(pdn_write_diagram(&empty, &o, sink), PDN_OK);
    const char *body = svg.data != NULL ? strstr(svg.data, "<svg") : NULL;
    CHECK(body != NULL);
    if (body != NULL) {
        const char *tpl = strstr(p.data, "<template id=\"pdn-board-0-1\">");
        CHECK(tpl != NULL);
        if (tpl != NULL) {
            tpl += strlen("<template id=\"pdn-board-0-1\">");
            CHECK(strncmp(tpl, body, strlen(body)) == 0);
            CHECK(strncmp(tpl + strlen(body), "</template>", 11) == 0);
        }
    }
    /* The board's FEN order: numbers 1..32 and their cells. */
    CHECK(strstr(p.data, "\"num\":1,\"cells\":[") != NULL);
    page_free(&svg);
    page_free(&p);
}

static void test_html__no_games(void)
{
    page p = {0};
    CHECK_EQ_INT(make_page(&p, "", NULL), PDN_OK);
    CHECK(strstr(p.data, "The file holds no game.") != NULL);
    CHECK(strstr(p.data, "\"list\":[]") != NULL);
    CHECK_EQ_INT(count(p.data, "<template id="), 0);
    size_t len = 1;
    char *games = games_of(p.data, &len);
    CHECK(games != NULL && len == 0);
    free(games);
    page_free(&p);
}

/* Variations nested thousands deep: the writer walks without recursion. */
static void test_html__deep(void)
{
    enum { DEPTH = 5000 };
    char *text = NULL;
    size_t len = 0, cap = 0;
    test_append(&text, &len, &cap, "1. 32-28 19-23 ", 15);
    for (int i = 0; i < DEPTH; i++)
        test_append(&text, &len, &cap, "( 32-27 ", 8);
    for (int i = 0; i < DEPTH; i++)
        test_append(&text, &len, &cap, ") ", 2);
    test_append(&text, &len, &cap, "*\n", 2);
    page p = {0};
    CHECK_EQ_INT(make_page(&p, text, NULL), PDN_OK);
    char *line = game_line(p.data, 0);
    CHECK(line != NULL);
    if (line != NULL) {
        char *m = string_field(line, "m");
        CHECK(m != NULL && count(m, "(") == DEPTH && count(m, ")") == DEPTH);
        CHECK(m != NULL && count(m, "32-27") == DEPTH);
        free(m);
    }
    free(line);
    free(text);
    page_free(&p);
}

static int refuse(void *ctx, const char *data, size_t len)
{
    (void)ctx;
    (void)data;
    (void)len;
    return 1;
}

/* The errors a page shows, counted as pdn check counts them: the games'
 * own and their replays'. */
static void test_html__errors(void)
{
    static const struct {
        const char *text;
        uint64_t errors;
    } cases[] = {
        {"[GameType \"20\"]\n1. 32-28 19-23 *\n", 0},
        {"[GameType \"20\"]\n1. 32-28 19-23 2. 28-10 *\n", 1},             /* illegal */
        {"[GameType \"20\"\n1. 32-28 *\n", 1},                             /* tag */
        {"[GameType \"20\"]\n1. 32-28 99-98 *\n\n1. e4 e5 2. Ke5 *\n", 2}, /* two games */
    };
    CHECK_EQ_INT(pdn_html_errors(NULL), 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        page out = {0};
        pdn_reader *r = NULL;
        pdn_html *h = NULL;
        pdn_sink sink = {page_write, &out};
        CHECK_EQ_INT(pdn_reader_new_buffer(&r, cases[i].text, strlen(cases[i].text), NULL), PDN_OK);
        CHECK_EQ_INT(pdn_html_new(&h, NULL, sink), PDN_OK);
        const pdn_game *g;
        while (pdn_reader_next(r, &g) == PDN_OK)
            CHECK_EQ_INT(pdn_html_add(h, g), PDN_OK);
        CHECK_EQ_INT(pdn_html_finish(h), PDN_OK);
        if (!CHECK(pdn_html_errors(h) == cases[i].errors))
            fprintf(stderr, "    case %zu: %llu errors\n", i,
                    (unsigned long long)pdn_html_errors(h));
        pdn_html_free(h);
        pdn_reader_free(r);
        page_free(&out);
    }
}

static void test_html__arguments(void)
{
    pdn_html *h = NULL;
    pdn_sink none = {NULL, NULL}, sink = {refuse, NULL};
    pdn_html_options o = PDN_HTML_OPTIONS_INIT;
    CHECK_EQ_INT(pdn_html_new(NULL, NULL, sink), PDN_EINVAL);
    CHECK_EQ_INT(pdn_html_new(&h, NULL, none), PDN_EINVAL);
    CHECK(h == NULL);
    o.version = 99;
    CHECK_EQ_INT(pdn_html_new(&h, &o, sink), PDN_EINVAL);
    CHECK(h == NULL);
    CHECK_EQ_INT(pdn_html_add(NULL, NULL), PDN_EINVAL);
    CHECK_EQ_INT(pdn_html_finish(NULL), PDN_EINVAL);
    pdn_html_free(NULL);
    CHECK_EQ_INT(pdn_html_new(&h, NULL, sink), PDN_OK);
    CHECK_EQ_INT(pdn_html_add(h, NULL), PDN_EINVAL);
    /* The refusing sink: finishing flushes and fails; nothing after. */
    CHECK_EQ_INT(pdn_html_finish(h), PDN_EIO);
    CHECK_EQ_INT(pdn_html_finish(h), PDN_EINVAL);
    pdn_game *g = NULL;
    CHECK_EQ_INT(pdn_game_parse(&g, "1. 32-28 *", 10, NULL), PDN_OK);
    CHECK_EQ_INT(pdn_html_add(h, g), PDN_EINVAL);
    pdn_game_free(g);
    pdn_html_free(h);
}

/* A sink that fails at its k-th call, for every k the page reaches. */
static void test_html__failing_sink(void)
{
    page whole = {0};
    CHECK_EQ_INT(make_page(&whole, three_games, NULL), PDN_OK);
    int calls = whole.calls;
    CHECK(calls > 1);
    page_free(&whole);
    for (int k = 1; k <= calls; k++) {
        page p = {0};
        p.fail_at = k;
        pdn_status st = make_page(&p, three_games, NULL);
        if (!harness_check(st == PDN_EIO, __FILE__, __LINE__, "sink failure gives PDN_EIO"))
            fprintf(stderr, "    call %d of %d: status %d\n", k, calls, (int)st);
        page_free(&p);
    }
}

static void test_html__out_of_memory(void)
{
    int done = 0;
    for (long n = 1; n < 100000 && !done; n++) {
        test_fail_alloc b = {0, (unsigned long)n};
        pdn_allocator a = {test_fail_realloc, &b};
        pdn_html_options o = PDN_HTML_OPTIONS_INIT;
        o.allocator = &a;
        page p = {0};
        pdn_status st = make_page(&p, three_games, &o);
        if (st == PDN_OK) {
            done = 1;
            CHECK(b.calls < (unsigned long)n);
        } else if (!harness_check(st == PDN_ENOMEM, __FILE__, __LINE__, "PDN_ENOMEM")) {
            fprintf(stderr, "    allocation %ld: status %d\n", n, (int)st);
        }
        /* No byte count: the replayer frees its frame stack with another
         * element size than it grew it with (src/replay/replay.c), which
         * libc does not mind; the sanitizer build checks for leaks. */
        page_free(&p);
    }
    CHECK(done);
}

int main(void)
{
    RUN(test_html__shape);
    RUN(test_html__every_game);
    RUN(test_html__escaping);
    RUN(test_html__moves);
    RUN(test_html__positions);
    RUN(test_html__boards);
    RUN(test_html__no_games);
    RUN(test_html__deep);
    RUN(test_html__errors);
    RUN(test_html__arguments);
    RUN(test_html__failing_sink);
    RUN(test_html__out_of_memory);
    return harness_report();
}
