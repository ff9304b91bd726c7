/* SPDX-License-Identifier: MIT */
/*
 * test_rules.c - the rules of each draughts variant on hand-made positions
 * (src/rules/): the examples of the FMJD, FFJD and FID rule books, and for
 * each variant its tricky rule (Italian precedence, Russian crowning during
 * a capture, Frisian values and king-move limit, Czech king priority,
 * Spanish quality, Turkish removal, Thai landing), then move resolution,
 * PDN text of moves, playing moves, custom rules and bad arguments.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"

typedef struct setup {
    pdn_geometry g;
    pdn_draughts *d;
    pdn_position pos;
    pdn_movelist *list;
} setup;

/* An engine for a GameType (number or tuple), `rules` (NULL: the type's) and
 * a FEN (NULL: the start), with a move list. */
static int open_rules(setup *s, const char *gametype, const pdn_rules *rules, const char *fen)
{
    pdn_gametype gt;
    pdn_rules r;
    size_t at;
    s->d = NULL;
    s->list = NULL;
    if (!CHECK(pdn_parse_gametype(&gt, gametype, strlen(gametype), &at) == PDN_D_NONE) ||
        !CHECK(pdn_geometry_init(&s->g, &gt) == PDN_OK))
        return 0;
    if (rules == NULL && !CHECK(pdn_rules_init(&r, gt.type) == PDN_OK))
        return 0;
    if (!CHECK(pdn_draughts_new(&s->d, &s->g, rules ? rules : &r, NULL) == PDN_OK) ||
        !CHECK(pdn_movelist_new(&s->list, NULL) == PDN_OK))
        return 0;
    pdn_position_start(&s->pos, &s->g);
    if (fen != NULL && !CHECK(pdn_fen_read(&s->pos, &s->g, fen, strlen(fen), &at) == PDN_D_NONE))
        return 0;
    return 1;
}

static int open_setup(setup *s, const char *gametype, const char *fen)
{
    return open_rules(s, gametype, NULL, fen);
}

static void close_setup(setup *s)
{
    pdn_movelist_free(s->list);
    pdn_draughts_free(s->d);
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Splits `text` at spaces into sorted words, in place; returns the count. */
static size_t words(char *text, char **out, size_t cap)
{
    size_t n = 0;
    for (char *p = strtok(text, " "); p && n < cap; p = strtok(NULL, " "))
        out[n++] = p;
    qsort(out, n, sizeof *out, by_text);
    return n;
}

/*
 * The legal moves (merged by position) written in `notation` must be the
 * space-separated `want`, in any order.
 */
static void expect_in(const char *gametype, const pdn_rules *rules, const char *fen, char notation,
                      const char *want)
{
    setup s;
    if (open_rules(&s, gametype, rules, fen) &&
        CHECK(pdn_draughts_moves(s.list, s.d, &s.pos, NULL, PDN_MOVES_UNIQUE) == PDN_OK)) {
        char got[4096] = "", wanted[4096], *gw[256], *ww[256];
        for (size_t i = 0; i < pdn_movelist_count(s.list); i++) {
            pdn_draughts_move m = pdn_movelist_get(s.list, i);
            char text[128];
            pdn_draughts_format(text, sizeof text, s.list, &m, notation, 0);
            strcat(got, " ");
            strcat(got, text);
        }
        char shown[4096];
        strcpy(shown, got);
        snprintf(wanted, sizeof wanted, "%s", want);
        size_t ng = words(got, gw, 256), nw = words(wanted, ww, 256);
        int same = ng == nw;
        for (size_t i = 0; same && i < ng; i++)
            same = strcmp(gw[i], ww[i]) == 0;
        if (!CHECK(same))
            fprintf(stderr, "    %s %s: got%s, expected %s\n", gametype, fen, shown, want);
    }
    close_setup(&s);
}

static void expect(const char *gametype, const char *fen, const char *want)
{
    expect_in(gametype, NULL, fen, 0, want);
}

/* The largest number of pieces a legal move of the position captures. */
static size_t most_captured(const char *gametype, const pdn_rules *rules, const char *fen)
{
    setup s;
    size_t most = 0;
    if (open_rules(&s, gametype, rules, fen) &&
        CHECK(pdn_draughts_moves(s.list, s.d, &s.pos, NULL, 0) == PDN_OK))
        for (size_t i = 0; i < pdn_movelist_count(s.list); i++) {
            size_t n = pdn_movelist_get(s.list, i).capture_count;
            most = n > most ? n : most;
        }
    close_setup(&s);
    return most;
}

/* ---------------------------------------------------------------------- */
/* Rules as data                                                          */
/* ---------------------------------------------------------------------- */

static void test_rules__init(void)
{
    static const int types[] = {20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 40, 41, 96, 97};
    pdn_rules r;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        CHECK(pdn_rules_init(&r, types[i]) == PDN_OK);
        CHECK_EQ_INT(r.type, types[i]);
        CHECK_EQ_INT(r.version, PDN_RULES_VERSION);
    }
    CHECK(pdn_rules_init(&r, 0) == PDN_EINVAL);
    CHECK_EQ_INT(r.type, 20); /* International rules are left behind */
    CHECK(pdn_rules_init(&r, 42) == PDN_EINVAL);
    CHECK(pdn_rules_init(NULL, 20) == PDN_EINVAL);

    pdn_rules_init(&r, 25);
    CHECK(r.promotion == PDN_PROMOTE_KING && r.prefer[0] == PDN_PREFER_END);
    pdn_rules_init(&r, 22);
    CHECK(!r.men_capture_kings && !r.king_flying && r.prefer[3] == PDN_PREFER_EARLIEST_KINGS);
    pdn_rules_init(&r, 40);
    CHECK(r.king_value == 199 && r.man_value == 100 && r.king_move_limit == 3);
    CHECK(r.man_captures == (PDN_DIR_DIAGONAL | PDN_DIR_ORTHOGONAL) &&
          r.king_moves == PDN_DIR_DIAGONAL);
    pdn_rules_init(&r, 30);
    CHECK(r.remove_immediately && !r.reverse_allowed && r.king_moves == PDN_DIR_ORTHOGONAL);
    pdn_rules_init(&r, 31);
    CHECK(r.remove_immediately && r.reverse_allowed && r.king_lands_next && r.king_flying);
}

/* ---------------------------------------------------------------------- */
/* International: the FFJD tutorial and the FMJD rules (Italian edition)  */
/* ---------------------------------------------------------------------- */

static void test_rules__international_rulebook(void)
{
    expect("20", "W:W28", "28-22 28-23");
    expect("20", "B:B13", "13-18 13-19");
    expect("20", "W:WK28",
           "28-22 28-17 28-11 28-6 28-23 28-19 28-14 28-10 28-5 28-32 28-37 "
           "28-41 28-46 28-33 28-39 28-44 28-50");
    expect("20", "B:BK1", "1-6 1-7 1-12 1-18 1-23 1-29 1-34 1-40 1-45");
    expect("20", "W:W28,32:B23", "28x19");                /* art. 4.2 */
    expect("20", "W:WK46:B23", "46x19 46x14 46x10 46x5"); /* art. 4.3 */
    expect("20", "W:W15:B8,19,20", "15x2");               /* art. 4.5 */
    expect("20", "W:WK47:B9,12,33", "47x17 47x21 47x26"); /* art. 4.6 */
    expect("20", "W:WK41,49:B9,10,12,19,38", "41x43");    /* art. 4.8 */
    expect("20", "W:W48:B24,K31,34,K42,43", "48x19");     /* art. 4.13 */
    expect("20", "W:W35:B30,K40", "35x24 35x44");         /* backwards too */
    expect("20", "W:W47:B13,14,22,24,31,34,K41,44", "47x49");
    expect("20", "W:WK1:B7,9,17,19,20,30,31,33,43,44", "1x15");
    expect("20", "B:W27,28,38,39,42:BK25", "25x33");   /* removal at the end */
    expect("20", "W:WK48:B7,8,31,34,K42,44", "48x50"); /* most pieces */
    expect("20", "W:W26:B12,K21,31,32", "26x8 26x28"); /* kings count as men */
    expect("20", "W:W15:B9,10", "15x13");              /* passing, not crowned */
}

/* ---------------------------------------------------------------------- */
/* Italian: the FID rules, and men that may not take kings                */
/* ---------------------------------------------------------------------- */

static void test_rules__italian(void)
{
    expect("22", "W:W30:B27", "30x23");                    /* art. 5.6 */
    expect("22", "W:W31:B12,20,28", "31x8");               /* art. 5.7 */
    expect("22", "W:WK22:B18,19,27", "22x13 22x15 22x31"); /* art. 5.8 */
    expect("22", "W:WK27:B5,6,13,15,21,23", "27x25");      /* art. 5.9 */
    expect("22", "W:WK21,31:B10,18,27", "31x6");           /* art. 6.6: most pieces */
    expect("22", "W:WK23,31:B19,26,27", "23x21");          /* art. 6.7: with the king */
    expect("22", "W:WK23:B19,K28", "23x32");               /* art. 6.8: most kings */
    expect("22", "W:WK30:B10,12,18,K20,K26,27", "30x5");   /* art. 6.9: kings first */
    expect("22", "W:WK31:B18,20,K27,K28", "31x13 31x15");  /* art. 6.10: equivalent */
    /* a man does not take a king, so it simply moves; a king takes the king */
    expect("22", "W:W30:BK27", "30-26");
    expect("22", "W:WK30:BK27", "30x23");
    /* the same position under International-like men: the capture is forced */
    pdn_rules r;
    pdn_rules_init(&r, 22);
    r.men_capture_kings = 1;
    expect_in("22", &r, "W:W30:BK27", 0, "30x23");
}

/* ---------------------------------------------------------------------- */
/* Russian and the crowning during a capture                              */
/* ---------------------------------------------------------------------- */

static void test_rules__russian_promotion(void)
{
    /* b6 takes c7, is crowned on d8 and goes on as a king over f6 */
    expect("25", "W:Wb6:Bc7,f6", "b6:g5 b6:h4");
    /* Brazilian: the man stops as a man could not go on; crowned on d8 */
    expect("26", "W:Wb6:Bc7,f6", "b6xd8");
    /* International rules: passing the far row in a capture does not crown */
    expect("20", "W:W15:B9,10", "15x13");
    setup s;
    if (open_setup(&s, "25", "W:Wb6:Bc7,f6") &&
        CHECK(pdn_draughts_moves(s.list, s.d, &s.pos, NULL, 0) == PDN_OK) &&
        CHECK(pdn_movelist_count(s.list) == 2)) {
        pdn_draughts_move m = pdn_movelist_get(s.list, 0);
        CHECK(m.promotes && !m.king && m.capture_count == 2);
        CHECK(pdn_draughts_play(&s.pos, NULL, s.d, &m) == PDN_OK);
        CHECK(s.pos.board[m.to] == (PDN_KING | PDN_WHITE));
        CHECK(s.pos.board[m.captured[0]] == 0 && s.pos.board[m.captured[1]] == 0);
        CHECK(s.pos.turn == 'B');
    }
    close_setup(&s);
}

/* Pool: men take backwards, flying kings, free choice of capture. */
static void test_rules__pool_english(void)
{
    /* American pool, numbered from Black's side (18 = d4): the white man
     * takes 22 behind it, or 14 and 6 */
    expect("23", "W:W18:B14,22,6", "18x25 18x2");
    /* English: men take forward only; free choice between one and two */
    expect("21", "W:W18:B14,22,6", "18x2");
    expect("21", "W:W18,30:B14,6,26", "18x2 30x23");
    expect("20,B,8,8,N1,0", "W:W18,30:B14,6,26", "18x2");
    /* short kings: one square, capture of an adjacent piece only */
    expect("21", "W:WK18:B9", "18-14 18-15 18-22 18-23");
    expect("21", "W:WK18:B15", "18x11");
}

/* ---------------------------------------------------------------------- */
/* Frisian: orthogonal captures, values, king priority, king-move limit   */
/* ---------------------------------------------------------------------- */

static void test_rules__frisian(void)
{
    expect("40", "W:W28:B27", "28x26"); /* along the rank */
    expect("40", "W:W28:B18", "28x8");  /* along the file */
    expect("40", "W:W28:B33", "28x39"); /* backwards too */
    expect("40", "W:WK46:B36,23", "46x26 46x16 46x6 46x19 46x14 46x10 46x5");
    /* two men (200) are worth more than a king (199) */
    expect("40", "W:W28,33:B22,12,K29", "28x8");
    /* a king (199) more than a man (100), whichever way it is taken */
    expect("40", "W:W28,33:B22,K29", "33x24 28x30");
    /* equal value: the king must capture */
    expect("40", "W:W28,K46:B37,23", "46x32");
    pdn_rules r;
    pdn_rules_init(&r, 40);
    r.prefer[1] = PDN_PREFER_END;
    expect_in("40", &r, "W:W28,K46:B37,23", 0, "46x32 28x19");
    /* the king-move limit: after three plain moves of the same king, while
     * White still has a man, that king may only capture */
    setup s;
    if (open_setup(&s, "40", "W:WK46,50:B1")) {
        pdn_draughts_state st = PDN_DRAUGHTS_STATE_INIT;
        int from = s.g.cell_of[46], to = s.g.cell_of[41];
        for (int i = 0; i < 3; i++) {
            pdn_draughts_move m;
            memset(&m, 0, sizeof m);
            m.from = i % 2 ? to : from;
            m.to = i % 2 ? from : to;
            m.king = 1;
            m.path_count = 2;
            CHECK(pdn_draughts_play(&s.pos, &st, s.d, &m) == PDN_OK);
            s.pos.turn = 'W';
        }
        CHECK_EQ_INT(st.king_moves[0], 3);
        CHECK_EQ_INT(st.king_cell[0], to);
        size_t free_moves, limited;
        pdn_draughts_moves(s.list, s.d, &s.pos, NULL, 0);
        free_moves = pdn_movelist_count(s.list);
        pdn_draughts_moves(s.list, s.d, &s.pos, &st, 0);
        limited = pdn_movelist_count(s.list);
        CHECK(free_moves > limited && limited > 0); /* only king 50 moves */
        for (size_t i = 0; i < limited; i++)
            CHECK(pdn_movelist_get(s.list, i).from == s.g.cell_of[50]);
        /* without men the limit does not hold */
        s.pos.board[s.g.cell_of[50]] = 0;
        pdn_draughts_moves(s.list, s.d, &s.pos, &st, 0);
        CHECK(pdn_movelist_count(s.list) > 0);
        /* perft takes the history into account as well */
        uint64_t n1 = 0, n2 = 0;
        s.pos.board[s.g.cell_of[50]] = PDN_MAN | PDN_WHITE;
        CHECK(pdn_draughts_perft(&n1, s.d, &s.pos, &st, 1, 0) == PDN_OK);
        CHECK(pdn_draughts_perft(&n2, s.d, &s.pos, NULL, 1, 0) == PDN_OK);
        CHECK(n1 < n2);
    }
    close_setup(&s);
}

/* Czech: a king must capture when one can, however little it takes. */
static void test_rules__czech(void)
{
    expect("29", "W:Wc3,Ka5:Bd4,b6", "a5xc7 a5xd8");
    pdn_rules r;
    pdn_rules_init(&r, 29);
    r.prefer[0] = PDN_PREFER_END;
    expect_in("29", &r, "W:Wc3,Ka5:Bd4,b6", 0, "a5xc7 a5xd8 c3xe5");
}

/* Spanish: most pieces, then most kings; men take forward only. */
static void test_rules__spanish(void)
{
    /* the board has a1 light: d3 plays */
    expect_in("24", NULL, "W:Wd3:Be4,Kc4", 'A', "d3xb5");
    expect_in("28", NULL, "W:Wd3:Be4,Kc4", 'A', "d3xb5");
    expect_in("20,W,8,8,A0,1", NULL, "W:Wd3:Be4,Kc4", 'A', "d3xb5 d3xf5");
    /* quantity before quality: two men beat one king */
    expect_in("24", NULL, "W:Wd3:Be4,g6,Kc4", 'A', "d3xh7");
}

/* International: most pieces, a king counting as a man. */
static void test_rules__majority(void)
{
    expect("20", "W:W32,K46:B27,17,41", "32x12");   /* the man's two beat the king's one */
    expect("26", "W:Wc3:Bd4,f6,b4", "c3xg7");       /* Brazilian */
    expect("25", "W:Wc3:Bd4,f6,b4", "c3:g7 c3:a5"); /* Russian: free choice */
}

/* ---------------------------------------------------------------------- */
/* Turkish and Thai: removal at once                                      */
/* ---------------------------------------------------------------------- */

static void test_rules__turkish(void)
{
    setup s;
    /* c3 leaves the board at once, so the king crosses its square again:
     * four pieces, where removal at the end would allow three */
    if (open_setup(&s, "30", "W:WKc4:Bc3,e1,f2,b3") &&
        CHECK(pdn_draughts_moves(s.list, s.d, &s.pos, NULL, PDN_MOVES_UNIQUE) == PDN_OK)) {
        size_t n = pdn_movelist_count(s.list);
        int to_a3 = 0;
        CHECK(n > 0);
        for (size_t i = 0; i < n; i++) {
            pdn_draughts_move m = pdn_movelist_get(s.list, i);
            CHECK_EQ_INT(m.capture_count, 4);
            to_a3 |= m.to == 2 * 8 + 0;
        }
        CHECK(to_a3);
    }
    close_setup(&s);
    pdn_rules r;
    pdn_rules_init(&r, 30);
    r.remove_immediately = 0;
    expect_in("30", &r, "W:WKc4:Bc3,e1,f2,b3", 0, "c4xf3 c4xf4 c4xf5 c4xf6 c4xf7 c4xf8");
    /* no turning back: one piece, whichever way */
    expect("30", "W:WKd4:Bd6,d2", "d4xd7 d4xd8 d4xd1");
    r.remove_immediately = 1;
    r.reverse_allowed = 1;
    expect_in("30", &r, "W:WKd4:Bd6,d2", 0, "d4xd1 d4xd7 d4xd8");
    CHECK_EQ_INT(most_captured("30", &r, "W:WKd4:Bd6,d2"), 2);
    CHECK_EQ_INT(most_captured("30", NULL, "W:WKd4:Bd6,d2"), 1);
    /* men: forward and sideways, the most pieces */
    expect("30", "W:Wd4:Bd5,e4,f5,c4", "d4xf6");
    expect("30", "W:Wd4,a2:Bh7", "d4-d5 d4-c4 d4-e4 a2-a3 a2-b2");
    /* a man reaching the far row in a capture goes on as a man, sideways */
    expect("30", "W:Wd6:Bd7,e8", "d6xf8");
}

static void test_rules__thai(void)
{
    /* the king lands right behind the piece it takes */
    expect("31", "W:WKa1:Bd4", "4-18");
    expect_in("31", NULL, "W:WKa1:Bd4", 'A', "a1-e5");
    /* it may turn back over the square of a piece it took */
    expect_in("31", NULL, "W:WKd4:Be5,c3", 'A', "d4-b2 d4-f6");
    CHECK_EQ_INT(most_captured("31", NULL, "W:WKd4:Be5,c3"), 2);
    /* free choice; men take forward only */
    expect_in("31", NULL, "W:Wc3,e3:Bd4,f4,b6,h6", 'A', "c3-e5 e3-a7 e3-g5");
}

/* ---------------------------------------------------------------------- */
/* Move resolution and PDN text                                           */
/* ---------------------------------------------------------------------- */

/* The position of PDN 3.0 restriction 8: 47x36 does not say which pieces. */
#define AMBIGUOUS_FEN "W:WK47:B42,29,19,14,27"

static size_t resolve(setup *s, const char *text, const char *captured)
{
    pdn_square sq[32], cap[32];
    size_t n = 0, nc = 0;
    pdn_move m;
    memset(&m, 0, sizeof m);
    /* squares: "47", "c1"; anything else separates them */
    for (const char *p = text; *p && n < 32;) {
        char *end;
        if (*p >= 'a' && *p <= 'w' && p[1] >= '0' && p[1] <= '9') {
            unsigned file = (unsigned)(*p - 'a');
            sq[n++] = PDN_SQUARE_MAKE_ALPHA(file, strtoul(p + 1, &end, 10));
            p = end;
        } else if (*p >= '0' && *p <= '9') {
            sq[n++] = (pdn_square)strtoul(p, &end, 10);
            p = end;
        } else {
            p++;
        }
    }
    for (const char *p = captured; p && *p && nc < 32;) {
        char *end;
        if (*p >= '0' && *p <= '9') {
            cap[nc++] = (pdn_square)strtoul(p, &end, 10);
            p = end;
        } else {
            p++;
        }
    }
    m.kind = PDN_MOVE_SQUARES;
    m.separator = PDN_SEP_CAPTURE;
    m.squares = sq;
    m.square_count = n;
    m.captured = nc ? cap : NULL;
    m.captured_count = nc;
    pdn_status st = pdn_draughts_resolve(s->list, s->d, &s->pos, NULL, &m);
    if (st == PDN_EINVAL)
        return 99;
    CHECK(st == PDN_OK);
    return pdn_movelist_count(s->list);
}

static void test_rules__resolve(void)
{
    setup s;
    if (open_setup(&s, "20", AMBIGUOUS_FEN)) {
        CHECK_EQ_INT(resolve(&s, "47x36", NULL), 2); /* ambiguous */
        CHECK_EQ_INT(resolve(&s, "47x38x24x13x36", NULL), 1);
        CHECK_EQ_INT(resolve(&s, "47x38x20x9x36", NULL), 1);
        CHECK_EQ_INT(resolve(&s, "47x24x36", NULL), 1);       /* not PDN 3.0, but says it */
        CHECK_EQ_INT(resolve(&s, "47x33x24x13x36", NULL), 1); /* another landing square */
        CHECK_EQ_INT(resolve(&s, "47x38x29x24x36", NULL), 0); /* 29 is a captured piece */
        CHECK_EQ_INT(resolve(&s, "47x13x24x36", NULL), 0);    /* out of order */
        CHECK_EQ_INT(resolve(&s, "47x22x36", NULL), 0);       /* only passed over */
        CHECK_EQ_INT(resolve(&s, "47x36", "42,29,14,27"), 1); /* PDN 3.1 captured list */
        CHECK_EQ_INT(resolve(&s, "47x36", "27,14,29,42"), 1);
        CHECK_EQ_INT(resolve(&s, "47x36", "42,29,27"), 0);
        CHECK_EQ_INT(resolve(&s, "47x37", NULL), 0); /* illegal */
        CHECK_EQ_INT(resolve(&s, "47-41", NULL), 0); /* a capture is forced */
        CHECK_EQ_INT(resolve(&s, "47x99", NULL), 0); /* no such square */
        CHECK_EQ_INT(resolve(&s, "c1xa3", NULL), 2); /* algebraic names */
        CHECK_EQ_INT(resolve(&s, "4736", NULL), 99); /* one square: not a move */
        resolve(&s, "47x38x24x13x36", NULL);
        pdn_draughts_move m = pdn_movelist_get(s.list, 0);
        CHECK(m.capture_count == 4 && m.path_count == 5);
        CHECK(pdn_draughts_play(&s.pos, NULL, s.d, &m) == PDN_OK);
        char fen[128];
        pdn_fen_write(&s.pos, 0, fen, sizeof fen);
        CHECK_STR(fen, strlen(fen), "B:WK36:B14");
    }
    close_setup(&s);
    /* plain moves, and a king naming a square it passes */
    if (open_setup(&s, "20", "W:WK46,31:B5")) {
        CHECK_EQ_INT(resolve(&s, "46-28", NULL), 1);
        CHECK_EQ_INT(resolve(&s, "46-37-28", NULL), 1);
        CHECK_EQ_INT(resolve(&s, "46-28-37", NULL), 0);
        CHECK_EQ_INT(resolve(&s, "31-26", NULL), 1);
        CHECK_EQ_INT(resolve(&s, "31-36", NULL), 0); /* men do not step back */
    }
    close_setup(&s);
    /* Russian with algebraic squares and the ':' separator */
    if (open_setup(&s, "25", "W:Wb6:Bc7,f6")) {
        CHECK_EQ_INT(resolve(&s, "b6:h4", NULL), 1);
        CHECK_EQ_INT(resolve(&s, "b6:d8:h4", NULL), 1);
        CHECK_EQ_INT(resolve(&s, "b6:d8", NULL), 0);
    }
    close_setup(&s);
}

static void test_rules__format(void)
{
    /* restriction 8: the long form only where the short one is ambiguous,
     * restriction 9: every intermediate square, the ones the standard names */
    expect("20", AMBIGUOUS_FEN, "47x38x24x13x36 47x38x20x9x36 47x38x24x13x31 47x38x20x9x31");
    expect_in("20", NULL, AMBIGUOUS_FEN, 'A',
              "c1xe3xh6xf8xa3 c1xe3xi7xg9xa3 c1xe3xh6xf8xb4 "
              "c1xe3xi7xg9xb4");
    setup s;
    if (open_setup(&s, "20", "W:W28:B23,13")) {
        char buf[64];
        pdn_draughts_moves(s.list, s.d, &s.pos, NULL, 0);
        CHECK_EQ_INT(pdn_movelist_count(s.list), 1);
        pdn_draughts_move m = pdn_movelist_get(s.list, 0);
        size_t n = pdn_draughts_format(buf, sizeof buf, s.list, &m, 0, 0);
        CHECK_STR(buf, n, "28x8");
        n = pdn_draughts_format(buf, sizeof buf, s.list, &m, 0, PDN_FORMAT_FULL);
        CHECK_STR(buf, n, "28x19x8");
        n = pdn_draughts_format(buf, sizeof buf, s.list, &m, 'A', PDN_FORMAT_FULL);
        CHECK_STR(buf, n, "e5xg7xe9");
        /* like snprintf: the length needed, the text cut to fit */
        CHECK_EQ_INT(pdn_draughts_format(buf, 4, s.list, &m, 0, PDN_FORMAT_FULL), 7);
        CHECK_STR(buf, strlen(buf), "28x");
        CHECK_EQ_INT(pdn_draughts_format(NULL, 0, s.list, &m, 0, 0), 4);
    }
    close_setup(&s);
    /* separators of the GameType: Russian ':', Thai '-' for captures too */
    expect("25", "W:Wc3:Bd4", "c3:e5");
    expect_in("31", NULL, "W:Wc3:Bd4", 'A', "c3-e5");
    expect("29", "W:Wc3:Bd4", "c3xe5");
}

/* ---------------------------------------------------------------------- */
/* Custom rules and boards                                                */
/* ---------------------------------------------------------------------- */

static void test_rules__custom(void)
{
    setup s;
    uint64_t n = 0;
    /* International rules on a 12x12 tuple: Canadian draughts */
    if (open_setup(&s, "20,W,12,12,N2,0", NULL)) {
        CHECK(pdn_draughts_perft(&n, s.d, &s.pos, NULL, 3, PDN_MOVES_UNIQUE) == PDN_OK);
        CHECK_EQ_INT(n, 1222);
    }
    close_setup(&s);
    /* the largest board: 26x26, 12 rows of men each */
    if (open_setup(&s, "20,W,26,26,N2,0", NULL)) {
        CHECK(pdn_draughts_perft(&n, s.d, &s.pos, NULL, 2, 0) == PDN_OK);
        CHECK_EQ_INT(n, 25 * 25);
    }
    close_setup(&s);
    /* an odd width: no bitboards, the mailbox walk */
    if (open_setup(&s, "25,W,9,8,A0,0", NULL)) {
        CHECK(pdn_draughts_perft(&n, s.d, &s.pos, NULL, 1, 0) == PDN_OK);
        CHECK_EQ_INT(n, 8);
    }
    close_setup(&s);
    /* Russian rules on the International board */
    pdn_rules r;
    pdn_rules_init(&r, 25);
    /* crowned on 4, it goes on as a king over 9 */
    expect_in("20", &r, "W:W15:B9,10", 0, "15x13 15x18 15x22 15x27 15x31 15x36");
    /* Frisian with International's quantity rule */
    pdn_rules_init(&r, 40);
    r.prefer[0] = PDN_PREFER_MOST_PIECES;
    r.prefer[1] = PDN_PREFER_END;
    expect_in("40", &r, "W:W28,33:B22,K29", 0, "33x24 28x30 28x17");
}

/* ---------------------------------------------------------------------- */
/* Bad arguments and out of memory                                        */
/* ---------------------------------------------------------------------- */

static int fail_after;
static void *failing(void *ctx, void *ptr, size_t old_size, size_t new_size)
{
    (void)ctx;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    if (fail_after-- <= 0)
        return NULL;
    return realloc(ptr, new_size);
}

static void test_rules__errors(void)
{
    setup s;
    uint64_t n = 7;
    pdn_rules r;
    pdn_draughts *d = NULL;
    pdn_geometry chess;
    pdn_gametype gt;
    pdn_gametype_default(&gt, 0);
    pdn_geometry_init(&chess, &gt);
    pdn_rules_init(&r, 20);
    CHECK(pdn_draughts_new(&d, &chess, &r, NULL) == PDN_EINVAL && d == NULL);
    if (open_setup(&s, "20", NULL)) {
        CHECK(pdn_draughts_new(NULL, &s.g, &r, NULL) == PDN_EINVAL);
        r.version = 99;
        CHECK(pdn_draughts_new(&d, &s.g, &r, NULL) == PDN_EINVAL);
        CHECK(pdn_draughts_perft(&n, s.d, &s.pos, NULL, -1, 0) == PDN_EINVAL);
        CHECK(pdn_draughts_perft(&n, s.d, &s.pos, NULL, 0, 0) == PDN_OK && n == 1);
        pdn_position p = s.pos;
        p.turn = '?';
        CHECK(pdn_draughts_moves(s.list, s.d, &p, NULL, 0) == PDN_EINVAL);
        CHECK(pdn_movelist_count(s.list) == 0);
        pdn_draughts_move none = pdn_movelist_get(s.list, 3);
        CHECK(none.path == NULL && none.path_count == 0);
        none.from = -1;
        CHECK(pdn_draughts_play(&p, NULL, s.d, &none) == PDN_EINVAL);
        pdn_move sq;
        memset(&sq, 0, sizeof sq);
        sq.kind = PDN_MOVE_SAN;
        CHECK(pdn_draughts_resolve(s.list, s.d, &s.pos, NULL, &sq) == PDN_EINVAL);
        /* a position on another board */
        setup other;
        if (open_setup(&other, "21", NULL))
            CHECK(pdn_draughts_moves(s.list, s.d, &other.pos, NULL, 0) == PDN_EINVAL);
        close_setup(&other);
        /* pieces of unknown colour block and are never captured */
        p = s.pos;
        size_t at;
        pdn_fen_read(&p, &s.g, "W:W28:B23:?19", strlen("W:W28:B23:?19"), &at);
        p.board[s.g.cell_of[19]] = PDN_ANY_COLOR | PDN_MAN;
        CHECK(pdn_draughts_moves(s.list, s.d, &p, NULL, 0) == PDN_OK);
        CHECK_EQ_INT(pdn_movelist_count(s.list), 1); /* 28-22 only */
        char buf[16] = "x";
        CHECK_EQ_INT(pdn_draughts_format(buf, sizeof buf, NULL, NULL, 0, 0), 0);
        CHECK(buf[0] == '\0');
    }
    close_setup(&s);
    pdn_draughts_free(NULL);
    pdn_movelist_free(NULL);
    CHECK_EQ_INT(pdn_movelist_count(NULL), 0);

    /* every allocation failing in turn: PDN_ENOMEM, nothing leaked (ASan) */
    pdn_allocator a = {failing, NULL};
    pdn_geometry g;
    pdn_gametype_default(&gt, 20);
    pdn_geometry_init(&g, &gt);
    pdn_rules_init(&r, 20);
    pdn_position pos;
    pdn_position_start(&pos, &g);
    int ok = 0;
    for (int k = 0; k < 64 && !ok; k++) {
        pdn_movelist *l = NULL;
        fail_after = k;
        pdn_status st = pdn_draughts_new(&d, &g, &r, &a);
        if (st == PDN_OK)
            st = pdn_movelist_new(&l, &a);
        if (st == PDN_OK)
            st = pdn_draughts_moves(l, d, &pos, NULL, 0);
        if (st == PDN_OK)
            st = pdn_draughts_perft(&n, d, &pos, NULL, 3, 0);
        CHECK(st == PDN_OK || st == PDN_ENOMEM);
        ok = st == PDN_OK && n == 658;
        pdn_movelist_free(l);
        pdn_draughts_free(d);
        d = NULL;
    }
    CHECK(ok);
}

int main(void)
{
    RUN(test_rules__init);
    RUN(test_rules__international_rulebook);
    RUN(test_rules__italian);
    RUN(test_rules__russian_promotion);
    RUN(test_rules__pool_english);
    RUN(test_rules__frisian);
    RUN(test_rules__czech);
    RUN(test_rules__spanish);
    RUN(test_rules__majority);
    RUN(test_rules__turkish);
    RUN(test_rules__thai);
    RUN(test_rules__resolve);
    RUN(test_rules__format);
    RUN(test_rules__custom);
    RUN(test_rules__errors);
    return harness_report();
}
