/* SPDX-License-Identifier: MIT */
/*
 * test_board.c - unit tests of the board layer (src/board/): the geometry of
 * every GameType against the standard's diagrams and the worked examples of
 * variant-rules.md 1.2, its rows, the starting positions of 1.3, and FEN reading and
 * writing (draughts and chess), including errors at their positions and a
 * read -> write -> read property over random positions.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"
#include "support/geometry.h"
#include "support/rng.h"

/* The name of a cell in a notation, as text ("" when it does not play). */
static const char *name(const pdn_geometry *g, int cell, char notation)
{
    static char buf[8];
    pdn_square sq = pdn_geometry_square(g, cell, notation);
    if (sq == 0)
        return "";
    pdn_square_format(sq, buf);
    return buf;
}

/* The cell of a square given as text. */
static int cell_of(const pdn_geometry *g, const char *text)
{
    pdn_square sq;
    if (text[0] >= 'a' && text[0] <= 'z')
        sq = PDN_SQUARE_MAKE_ALPHA(text[0] - 'a', atoi(text + 1));
    else
        sq = (pdn_square)atoi(text);
    return pdn_geometry_cell(g, sq);
}

/* ---------------------------------------------------------------------- */
/* The standard's diagrams                                                */
/* ---------------------------------------------------------------------- */

/*
 * Each diagram as drawn in pdn-standard-docs/gametype_*.png: 8 rows from the
 * top, 8 labels each ("." for a square without a label).  The diagrams show
 * the starting player at the bottom, so a type starting with Black is drawn
 * turned half a circle from White's view.
 */
typedef struct diagram {
    const char *tuple;
    int turned; /* 1: Black at the bottom of the picture */
    const char *rows[8];
} diagram;

static const diagram diagrams[] = {
    {"22,W,8,8,N2,1",
     0,
     {"1 . 2 . 3 . 4 .", ". 5 . 6 . 7 . 8", "9 . 10 . 11 . 12 .", ". 13 . 14 . 15 . 16",
      "17 . 18 . 19 . 20 .", ". 21 . 22 . 23 . 24", "25 . 26 . 27 . 28 .", ". 29 . 30 . 31 . 32"}},
    {"23,B,8,8,N1,0",
     1,
     {". 32 . 31 . 30 . 29", "28 . 27 . 26 . 25 .", ". 24 . 23 . 22 . 21", "20 . 19 . 18 . 17 .",
      ". 16 . 15 . 14 . 13", "12 . 11 . 10 . 9 .", ". 8 . 7 . 6 . 5", "4 . 3 . 2 . 1 ."}},
    {"23,W,8,8,A0,0",
     0,
     {". b8 . d8 . f8 . h8", "a7 . c7 . e7 . g7 .", ". b6 . d6 . f6 . h6", "a5 . c5 . e5 . g5 .",
      ". b4 . d4 . f4 . h4", "a3 . c3 . e3 . g3 .", ". b2 . d2 . f2 . h2", "a1 . c1 . e1 . g1 ."}},
    {"23,B,8,8,A1,1",
     1,
     {"h8 . f8 . d8 . b8 .", ". g7 . e7 . c7 . a7", "h6 . f6 . d6 . b6 .", ". g5 . e5 . c5 . a5",
      "h4 . f4 . d4 . b4 .", ". g3 . e3 . c3 . a3", "h2 . f2 . d2 . b2 .", ". g1 . e1 . c1 . a1"}},
};

static void test_board__standard_diagrams(void)
{
    for (size_t d = 0; d < sizeof diagrams / sizeof diagrams[0]; d++) {
        pdn_geometry g = test_geometry(diagrams[d].tuple);
        pdn_position start;
        pdn_position_start(&start, &g);
        for (int row = 0; row < 8; row++) {
            char copy[64];
            snprintf(copy, sizeof copy, "%s", diagrams[d].rows[row]);
            char *tok = strtok(copy, " ");
            for (int col = 0; col < 8; col++, tok = strtok(NULL, " ")) {
                CHECK(tok != NULL);
                if (tok == NULL)
                    break;
                /* Picture (col, row from top) to White's frame. */
                int file = diagrams[d].turned ? 7 - col : col;
                int rank = diagrams[d].turned ? row : 7 - row;
                int cell = rank * 8 + file;
                const char *want = strcmp(tok, ".") == 0 ? "" : tok;
                if (strcmp(name(&g, cell, 0), want) != 0)
                    fprintf(stderr, "    %s: picture row %d col %d: got '%s', want '%s'\n",
                            diagrams[d].tuple, row, col, name(&g, cell, 0), want);
                CHECK(strcmp(name(&g, cell, 0), want) == 0);
                if (want[0] != '\0')
                    CHECK_EQ_INT(cell_of(&g, want), cell);
                /* The pictures show the starting player's men on the bottom
                 * three rows and the other side's on the top three. */
                unsigned starter = g.gametype.start == 'B' ? PDN_BLACK : PDN_WHITE;
                unsigned other = starter == PDN_WHITE ? PDN_BLACK : PDN_WHITE;
                pdn_piece want_piece = 0;
                if (want[0] != '\0' && row >= 5)
                    want_piece = (pdn_piece)(PDN_MAN | starter);
                else if (want[0] != '\0' && row <= 2)
                    want_piece = (pdn_piece)(PDN_MAN | other);
                CHECK_EQ_INT(start.board[cell], want_piece);
            }
        }
    }
}

/* ---------------------------------------------------------------------- */
/* Worked examples and the table                                          */
/* ---------------------------------------------------------------------- */

static void expect_pair(const char *tuple, const char *num, const char *alpha)
{
    pdn_geometry g = test_geometry(tuple);
    int a = cell_of(&g, num), b = cell_of(&g, alpha);
    if (a != b || a < 0)
        fprintf(stderr, "    %s: %s is cell %d, %s is cell %d\n", tuple, num, a, alpha, b);
    CHECK(a == b && a >= 0);
    if (a >= 0) {
        CHECK(strcmp(name(&g, a, 'N'), num) == 0);
        CHECK(strcmp(name(&g, a, 'A'), alpha) == 0);
    }
}

static void test_board__worked_examples(void)
{
    /* variant-rules.md 1.2 (numbers and algebraic names seen from White) */
    expect_pair("20", "1", "b10");
    expect_pair("20", "5", "j10");
    expect_pair("20", "6", "a9");
    expect_pair("20", "46", "a1");
    expect_pair("20", "50", "i1");
    expect_pair("40", "46", "a1");
    expect_pair("21", "1", "b8");
    expect_pair("21", "4", "h8");
    expect_pair("21", "5", "a7");
    expect_pair("21", "29", "a1");
    expect_pair("21", "32", "g1");
    expect_pair("23", "1", "b8");
    expect_pair("22", "1", "a8");
    expect_pair("22", "32", "h1");
    expect_pair("24", "1", "h1");
    expect_pair("28", "1", "h1");
    expect_pair("24", "32", "a8");
    expect_pair("27", "1", "b12");
    expect_pair("27", "72", "k1");
    /* Algebraic types number from the far left corner: Russian 1 = b8, 29 = a1. */
    expect_pair("25", "1", "b8");
    expect_pair("25", "29", "a1");
    expect_pair("25", "32", "g1");
    expect_pair("23,B,8,8,A1,1", "1", "h8");
    /* Spantsiretti 10x8: files a-j. */
    expect_pair("41", "1", "b8");
    expect_pair("41", "36", "a1");
    expect_pair("41", "40", "i1");
    /* Turkish plays on all 64 squares. */
    expect_pair("30", "1", "a8");
    expect_pair("30", "2", "b8");
    expect_pair("30", "64", "h1");
    /* Thai seen from Black: square 1 in the row farthest from Black. */
    expect_pair("31", "1", "g1");
    expect_pair("31", "32", "b8");

    static const struct {
        const char *tuple;
        int squares;
    } counts[] = {{"20", 50},
                  {"21", 32},
                  {"22", 32},
                  {"23", 32},
                  {"24", 32},
                  {"25", 32},
                  {"26", 32},
                  {"27", 72},
                  {"28", 32},
                  {"29", 32},
                  {"30", 64},
                  {"31", 32},
                  {"40", 50},
                  {"41", 40},
                  {"0", 64},
                  {"99,W,16,16,N2,0", 128},
                  {"99,W,26,26,A0,0", 338},
                  {"99,B,9,7,N1,1", 31},
                  {"99,W,9,7,N0,0", 32}};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        pdn_geometry g = test_geometry(counts[i].tuple);
        CHECK_EQ_INT(g.square_count, counts[i].squares);
    }
    /* Non-playing squares have no name, and do not resolve. */
    pdn_geometry intl = test_geometry("20");
    CHECK_EQ_INT(pdn_geometry_cell(&intl, PDN_SQUARE_MAKE_ALPHA(0, 2)), -1);  /* a2 */
    CHECK_EQ_INT(pdn_geometry_cell(&intl, PDN_SQUARE_MAKE_ALPHA(10, 1)), -1); /* k1 */
    CHECK_EQ_INT(pdn_geometry_cell(&intl, 51), -1);
    CHECK_EQ_INT(pdn_geometry_cell(&intl, 0), -1);
    CHECK_EQ_INT(pdn_geometry_square(&intl, 10, 'N'), 0); /* a2 */
    pdn_gametype bad = {20, 'W', 3, 10, 'N', 2, 0, 0};
    pdn_geometry g;
    CHECK(pdn_geometry_init(&g, &bad) == PDN_EINVAL);
    bad.width = 27;
    CHECK(pdn_geometry_init(&g, &bad) == PDN_EINVAL);
    bad.width = 10;
    bad.notation = 'X';
    CHECK(pdn_geometry_init(&g, &bad) == PDN_EINVAL);
}

/* Every geometry: numbers and names are a bijection onto the playing squares. */
static void test_board__bijection(void)
{
    static const char *tuples[] = {TEST_TABLE_GAMETYPES, "23,W,8,8,A0,0",   "23,B,8,8,A1,1", "0",
                                   "99,W,16,16,N3,1",    "99,B,26,26,A2,0", "99,W,11,5,N1,0"};
    for (size_t t = 0; t < sizeof tuples / sizeof tuples[0]; t++) {
        pdn_geometry g = test_geometry(tuples[t]);
        int playing = 0, ok = 1;
        for (int cell = 0; cell < g.width * g.height; cell++) {
            pdn_square a = pdn_geometry_square(&g, cell, 'A');
            pdn_square n = pdn_geometry_square(&g, cell, 'N');
            if (a == 0)
                continue;
            playing++;
            ok &= pdn_geometry_cell(&g, a) == cell;
            if (!g.chess)
                ok &= n != 0 && pdn_geometry_cell(&g, n) == cell;
        }
        if (!ok)
            fprintf(stderr, "    %s: names do not round-trip\n", tuples[t]);
        CHECK(ok);
        CHECK_EQ_INT(playing, g.square_count);
    }
}

/*
 * The rows of pdn_geometry (what the FEN writer copies a row at a time
 * from): together they hold the numbers 1..square_count in order, each on
 * one board row, each number's cell the previous one's plus row_step.
 * Every GameType and odd tuples: both numbering corners, inverted boards,
 * the largest board, odd sides, boards where every cell plays.
 */
static int rows_hold(const pdn_geometry *g)
{
    if (g->chess)
        return g->rows == 0;
    int step = g->row_step, ok = g->rows == g->height && g->row_start[0] == 1 &&
                                 g->row_start[g->rows] == g->square_count + 1 &&
                                 (step == 2 || step == -2 || step == 1 || step == -1) &&
                                 (step == 1 || step == -1) == g->all_playing;
    for (int r = 0; ok && r < g->rows; r++) {
        int first = g->row_start[r], last = g->row_start[r + 1] - 1;
        ok &= last > first;
        for (int n = first; ok && n <= last; n++) {
            ok &= g->cell_of[n] / g->width == g->cell_of[first] / g->width;
            ok &= n == first || g->cell_of[n] == g->cell_of[n - 1] + step;
        }
        /* the row is whole: the squares before and after it are on other rows */
        if (ok && first > 1)
            ok &= g->cell_of[first - 1] / g->width != g->cell_of[first] / g->width;
    }
    return ok;
}

static void test_board__rows(void)
{
    static const char *const tuples[] = {TEST_TABLE_GAMETYPES, "0",
                                         "20,W,4,4,N0,0",      "20,W,4,4,N1,0",
                                         "20,B,4,4,N2,1",      "20,W,4,4,N3,1",
                                         "20,W,11,9,N0,0",     "20,W,11,9,N1,1",
                                         "20,B,11,9,N2,0",     "20,B,11,9,A3,1",
                                         "20,W,26,26,N0,0",    "20,W,26,26,N3,1",
                                         "20,B,26,26,A2,0",    "30,W,26,26,N1,0",
                                         "30,W,9,9,N1,0",      "30,B,8,8,N2,0",
                                         "20,W,5,7,N2,0",      "21,W,9,11,A1,1"};
    for (size_t t = 0; t < sizeof tuples / sizeof tuples[0]; t++) {
        pdn_geometry g = test_geometry(tuples[t]);
        if (!rows_hold(&g))
            fprintf(stderr, "    %s: rows wrong\n", tuples[t]);
        CHECK(rows_hold(&g));
    }
}

/* ---------------------------------------------------------------------- */
/* Starting positions (variant-rules.md 1.3)                              */
/* ---------------------------------------------------------------------- */

static void expect_start(const char *tuple, const char *fen, int same_text)
{
    pdn_geometry g = test_geometry(tuple);
    pdn_position start, read;
    size_t at;
    pdn_position_start(&start, &g);
    CHECK(pdn_fen_read(&read, &g, fen, strlen(fen), &at) == PDN_D_NONE);
    if (!pdn_position_equal(&start, &read))
        fprintf(stderr, "    %s: start position differs from %s\n", tuple, fen);
    CHECK(pdn_position_equal(&start, &read));
    if (same_text) {
        char buf[512];
        pdn_fen_write(&start, 0, buf, sizeof buf);
        if (strcmp(buf, fen) != 0)
            fprintf(stderr, "    %s: wrote %s\n", tuple, buf);
        CHECK(strcmp(buf, fen) == 0);
    }
}

static void test_board__start_positions(void)
{
    const char *alpha_start = "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,"
                              "f6,f8,g7,h6,h8";
    expect_start("20", "W:W31-50:B1-20", 1);
    expect_start("40", "W:W31-50:B1-20", 1);
    expect_start("21", "B:W21-32:B1-12", 1);
    expect_start("23", "B:W21-32:B1-12", 1);
    expect_start("22", "W:W21-32:B1-12", 1);
    expect_start("24", "W:W1-12:B21-32", 1);
    expect_start("28", "W:W1-12:B21-32", 1);
    expect_start("25", alpha_start, 1);
    expect_start("26", alpha_start, 1);
    expect_start("29", alpha_start, 1);
    expect_start("23,W,8,8,A0,0", alpha_start, 1);
    expect_start("23,B,8,8,A1,1",
                 "B:Ba1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Wa7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", 0);
    expect_start("27", "W:W43-72:B1-30", 1);
    expect_start("30",
                 "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,"
                 "f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
                 0);
    expect_start("31", "B:W1-8:B25-32", 1);
    expect_start("41",
                 "W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,c3,e3,g3,i3:Bb6,d6,f6,h6,j6,a7,"
                 "c7,e7,g7,i7,b8,d8,f8,h8,j8",
                 0);
    expect_start("0", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1);
}

/* ---------------------------------------------------------------------- */
/* Draughts FEN                                                           */
/* ---------------------------------------------------------------------- */

/* Reads `in` on `tuple`, expects `code` at `at`, and (when it reads) `out`. */
static void expect_fen(const char *tuple, const char *in, pdn_diag_code code, size_t want_at,
                       char notation, const char *out)
{
    pdn_geometry g = test_geometry(tuple);
    pdn_position pos;
    size_t at = 12345;
    size_t n = strlen(in);
    char *copy = malloc(n ? n : 1);
    if (copy == NULL)
        exit(2);
    memcpy(copy, in, n);
    pdn_diag_code c = pdn_fen_read(&pos, &g, copy, n, &at);
    free(copy);
    if (c != code || (code != PDN_D_NONE && at != want_at))
        fprintf(stderr, "    %s on %s: got %s at %zu, want %s at %zu\n", in, tuple,
                pdn_diag_name(c), at, pdn_diag_name(code), want_at);
    CHECK(c == code);
    if (code != PDN_D_NONE)
        CHECK_EQ_INT(at, want_at);
    if (out != NULL) {
        char buf[1024];
        size_t len = pdn_fen_write(&pos, notation, buf, sizeof buf);
        CHECK_EQ_INT(len, strlen(out));
        if (strcmp(buf, out) != 0)
            fprintf(stderr, "    %s on %s: wrote %s, want %s\n", in, tuple, buf, out);
        CHECK(strcmp(buf, out) == 0);
    }
}

static void test_board__draughts_fen(void)
{
    /* The standard's examples, already canonical. */
    expect_fen("21", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", PDN_D_NONE, 0, 0,
               "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29");
    expect_fen("21", "B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,4,6,7,9,10,11,12", PDN_D_NONE, 0, 0,
               "B:W18,19,21,23,24,26,29-32:B1-4,6,7,9-12");
    /* Unsorted, men and kings mixed, ranges of kings, two-square runs. */
    expect_fen("20", "W:WK33,31,32,K34,K35,40:B2,1", PDN_D_NONE, 0, 0, "W:W31,32,40,K33-35:B1,2");
    /* Unknown colours, an empty side, the null move, '?' to move. */
    expect_fen("20", "?:W:B1-3:?10,K12", PDN_D_NONE, 0, 0, "?:W:B1-3:?10,K12");
    expect_fen("20", "B::", PDN_D_NONE, 0, 0, "B:W:B");
    expect_fen("20", "W:B5", PDN_D_NONE, 0, 0, "W:W:B5");
    /* Forms the writer never produces. */
    expect_fen("21", "W:W29,30,31,32:B1,2.", PDN_D_FEN_FORM, 19, 0, "W:W29-32:B1,2");
    expect_fen("21", " W:W29, 30:B1", PDN_D_FEN_FORM, 0, 0, "W:W29,30:B1");
    expect_fen("21", "W:W29, 30:B1", PDN_D_FEN_FORM, 6, 0, "W:W29,30:B1");
    expect_fen("25", "W:WA1,c3:Bh8", PDN_D_FEN_FORM, 3, 0, "W:Wa1,c3:Bh8");
    expect_fen("25", "w:Wa1:Bh8", PDN_D_FEN_FORM, 0, 0, "W:Wa1:Bh8");
    expect_fen("20", "W:W06,46:B1", PDN_D_NONE, 0, 0, "W:W6,46:B1");
    /* Conversion both ways. */
    expect_fen("20", "W:W31-50:B1-20", PDN_D_NONE, 0, 'A',
               "W:Wa1,a3,b2,b4,c1,c3,d2,d4,e1,e3,f2,f4,g1,g3,h2,h4,i1,i3,j2,j4:Ba7,a9,b8,b10,"
               "c7,c9,d8,d10,e7,e9,f8,f10,g7,g9,h8,h10,i7,i9,j8,j10");
    expect_fen("25",
               "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,"
               "h6,h8",
               PDN_D_NONE, 0, 'N', "W:W21-32:B1-12");
    expect_fen("25", "W:W21-32:B1-12", PDN_D_NONE, 0, 0,
               "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8");
    expect_fen("41", "W:Wj8,Kb2:B", PDN_D_NONE, 0, 'N', "W:W5,K31:B");
    expect_fen("27", "W:W72,b12:B", PDN_D_FEN_FORM, 0, 0, "W:W1,72:B");
    /* Errors, each at its place. */
    expect_fen("20", "W:W31-51:B1-20", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("20", "W:W31-50:B1-20,51", PDN_D_FEN_SQUARE, 15, 0, NULL);
    expect_fen("20", "W:W31-50:B1-20,31", PDN_D_FEN_TWICE, 15, 0, NULL);
    expect_fen("20", "W:W31-50,K40:B1", PDN_D_FEN_TWICE, 10, 0, NULL);
    expect_fen("21", "W:W0:B1", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("21", "W:W33:B1", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("21", "W:Wa2:B1", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("21", "W:Wi1:B1", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("21", "W:W99999:B1", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("20", "W:W40-31:B1", PDN_D_BAD_FEN, 3, 0, NULL);
    expect_fen("20", "X:W31:B1", PDN_D_BAD_FEN, 0, 0, NULL);
    expect_fen("20", "W", PDN_D_BAD_FEN, 1, 0, NULL);
    expect_fen("20", "W:W31:B1;", PDN_D_BAD_FEN, 8, 0, NULL);
    expect_fen("20", "W:W31-:B1", PDN_D_BAD_FEN, 6, 0, NULL);
    expect_fen("20", "W:X31", PDN_D_BAD_FEN, 2, 0, NULL);
    expect_fen("20", "", PDN_D_BAD_FEN, 0, 0, NULL);
    /* A mistake after a form issue is still an error. */
    expect_fen("20", "W:W31, 51:B1", PDN_D_FEN_SQUARE, 7, 0, NULL);
}

/* ---------------------------------------------------------------------- */
/* Chess FEN                                                              */
/* ---------------------------------------------------------------------- */

static void test_board__chess_fen(void)
{
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    expect_fen("0", start, PDN_D_NONE, 0, 0, start);
    expect_fen("0", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", PDN_D_NONE, 0, 0,
               "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /* Kiwipete. */
    expect_fen("0", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
               PDN_D_NONE, 0, 0,
               "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    /* EPD-like four fields; extra spaces; uppercase side. */
    expect_fen("0", "4k3/8/8/8/8/8/8/4K3 w - -", PDN_D_NONE, 0, 0, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    expect_fen("0", "4k3/8/8/8/8/8/8/4K3  w - - 0 1", PDN_D_FEN_FORM, 19, 0,
               "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    expect_fen("0", "4k3/8/8/8/8/8/8/4K3 W - - 0 1", PDN_D_FEN_FORM, 20, 0,
               "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /* Chess960: Shredder letters, X-FEN letters, and back. */
    expect_fen("0", "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", PDN_D_NONE, 0, 0,
               "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1");
    expect_fen("0", "1r1k1r2/8/8/8/8/8/8/RR1K1R2 w BFbf - 0 1", PDN_D_NONE, 0, 0,
               "1r1k1r2/8/8/8/8/8/8/RR1K1R2 w KBkq - 0 1");
    expect_fen("0", "1r1k1r2/8/8/8/8/8/8/RR1K1R2 w BK - 0 1", PDN_D_NONE, 0, 0,
               "1r1k1r2/8/8/8/8/8/8/RR1K1R2 w KB - 0 1");
    /* Impossible positions, each at its place. */
    expect_fen("0", "8/8/8/8/8/8/8/8 w - - 0 1", PDN_D_FEN_POSITION, 0, 0, NULL);
    expect_fen("0", "4k3/8/8/8/8/8/8/4KK2 w - - 0 1", PDN_D_FEN_POSITION, 18, 0, NULL);
    expect_fen("0", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", PDN_D_FEN_POSITION, 3, 0, NULL);
    expect_fen("0", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", PDN_D_FEN_POSITION, 16, 0, NULL);
    expect_fen("0", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", PDN_D_FEN_POSITION, 22, 0, NULL);
    expect_fen("0", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", PDN_D_FEN_POSITION, 22, 0, NULL);
    expect_fen("0", "4k3/8/8/8/8/8/8/4K2R w Kk - 0 1", PDN_D_FEN_POSITION, 24, 0, NULL);
    expect_fen("0", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", PDN_D_FEN_POSITION, 24, 0, NULL);
    expect_fen("0", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", PDN_D_FEN_POSITION, 26, 0, NULL);
    /* Syntax. */
    expect_fen("0", "4k3/8/8/8/8/8/8/4K3 w", PDN_D_BAD_FEN, 21, 0, NULL);
    expect_fen("0", "4k3/8/8/8/8/8/8/4K2 w - - 0 1", PDN_D_BAD_FEN, 19, 0, NULL);
    expect_fen("0", "4k3/8/8/8/8/8/8/4K3 w KK - 0 1", PDN_D_FEN_POSITION, 22, 0, NULL);
    expect_fen("0", "4k3/8/8/8/8/8/8/4X3 w - - 0 1", PDN_D_BAD_FEN, 17, 0, NULL);
    expect_fen("0", "4k3/8/8/8/8/8/8/4K3 w - - x 1", PDN_D_BAD_FEN, 26, 0, NULL);
}

/* ---------------------------------------------------------------------- */
/* Property: read(write(p)) == p and write is stable                      */
/* ---------------------------------------------------------------------- */

static void test_board__round_trip(void)
{
    static const char *tuples[] = {"20",
                                   "21",
                                   "22",
                                   "25",
                                   "27",
                                   "30",
                                   "31",
                                   "41",
                                   "23,B,8,8,A1,1",
                                   "99,W,16,16,N2,0",
                                   "99,B,26,26,A3,1"};
    static const pdn_piece pieces[] = {PDN_MAN | PDN_WHITE,     PDN_MAN | PDN_BLACK,
                                       PDN_KING | PDN_WHITE,    PDN_KING | PDN_BLACK,
                                       PDN_MAN | PDN_ANY_COLOR, PDN_KING | PDN_ANY_COLOR};
    char *buf = malloc(8192), *again = malloc(8192);
    if (buf == NULL || again == NULL)
        exit(2);
    int failures = 0;
    for (size_t t = 0; t < sizeof tuples / sizeof tuples[0]; t++) {
        pdn_geometry g = test_geometry(tuples[t]);
        for (int round = 0; round < 200; round++) {
            pdn_position p, q;
            pdn_position_clear(&p, &g);
            p.turn = "WB?"[rnd(3)];
            unsigned density = 1 + rnd(4);
            for (int cell = 0; cell < g.width * g.height; cell++)
                if (pdn_geometry_square(&g, cell, 'A') != 0 && rnd(5) < density)
                    p.board[cell] = pieces[rnd(round % 2 ? 6 : 4)];
            for (int k = 0; k < 2; k++) {
                char notation = k ? 'A' : 'N';
                size_t at;
                pdn_fen_write(&p, notation, buf, 8192);
                pdn_diag_code c = pdn_fen_read(&q, &g, buf, strlen(buf), &at);
                pdn_fen_write(&q, notation, again, 8192);
                if (c != PDN_D_NONE || !pdn_position_equal(&p, &q) || strcmp(buf, again) != 0) {
                    if (failures++ < 3)
                        fprintf(stderr, "    %s: %s did not round-trip (%s)\n", tuples[t], buf,
                                pdn_diag_name(c));
                }
            }
        }
    }
    CHECK_EQ_INT(failures, 0);
    /* The size query and truncation behave as snprintf. */
    pdn_geometry g = test_geometry("20");
    pdn_position p;
    pdn_position_start(&p, &g);
    CHECK_EQ_INT(pdn_fen_write(&p, 0, NULL, 0), 14);
    char small[6];
    CHECK_EQ_INT(pdn_fen_write(&p, 0, small, sizeof small), 14);
    CHECK(strcmp(small, "W:W31") == 0);
    free(buf);
    free(again);
}

int main(void)
{
    RUN(test_board__standard_diagrams);
    RUN(test_board__worked_examples);
    RUN(test_board__bijection);
    RUN(test_board__rows);
    RUN(test_board__start_positions);
    RUN(test_board__draughts_fen);
    RUN(test_board__chess_fen);
    RUN(test_board__round_trip);
    return harness_report();
}
