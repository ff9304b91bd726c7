/* SPDX-License-Identifier: MIT */
/*
 * test_fen_speedpaths.c - the short ways of the FEN code (src/board/fen.c,
 * fen_chess.c) against the general ones: the canonical draughts reader
 * against the full reader on the same texts, run boundaries of the writer,
 * 3-digit numbers of big boards, algebraic names, kings, the writer's
 * in-place and copied output, the chess reader's problem positions and
 * its placement copy.  The writers' bit sets: test_fen_writers.c.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"
#include "support/geometry.h"
#include "support/rng.h"

/* Reads `len` bytes from an exact-size copy, so that a read past the end shows under ASan. */
static pdn_diag_code read_exact(pdn_position *out, const pdn_geometry *g, const char *text,
                                size_t len, size_t *at)
{
    char *copy = malloc(len ? len : 1);
    if (copy == NULL)
        exit(2);
    memcpy(copy, text, len);
    pdn_diag_code c = pdn_fen_read(out, g, copy, len, at);
    free(copy);
    return c;
}

/* Reads `in` on `tuple`, expects `code` at `at`, and (when given) writes `out`. */
static void expect_fen(const char *tuple, const char *in, pdn_diag_code code, size_t want_at,
                       char notation, const char *out)
{
    pdn_geometry g = test_geometry(tuple);
    pdn_position pos;
    size_t at = 12345;
    pdn_diag_code c = read_exact(&pos, &g, in, strlen(in), &at);
    if (c != code || (code != PDN_D_NONE && at != want_at))
        fprintf(stderr, "    %s on %s: got %s at %zu, want %s at %zu\n", in, tuple,
                pdn_diag_name(c), at, pdn_diag_name(code), want_at);
    CHECK(c == code);
    if (code != PDN_D_NONE)
        CHECK_EQ_INT(at, want_at);
    else
        CHECK_EQ_INT(at, 12345); /* untouched when there is nothing to report */
    if (out != NULL) {
        char buf[4096];
        pdn_fen_write(&pos, notation, buf, sizeof buf);
        if (strcmp(buf, out) != 0)
            fprintf(stderr, "    %s on %s: wrote %s, want %s\n", in, tuple, buf, out);
        CHECK(strcmp(buf, out) == 0);
    }
}

/* Entries at the end of the text, ranges, leading zeros, errors the short way leaves alone. */
static void test_fen_speedpaths__draughts_edges(void)
{
    expect_fen("20", "W:W1-3:B", PDN_D_NONE, 0, 0, "W:W1-3:B");
    expect_fen("20", "W:W1,2:B", PDN_D_NONE, 0, 0, "W:W1,2:B");
    expect_fen("20", "W:W1,2,4-6:B50", PDN_D_NONE, 0, 0, "W:W1,2,4-6:B50");
    expect_fen("20", "W:WK1-3,5:B", PDN_D_NONE, 0, 0, "W:W5,K1-3:B");
    expect_fen("20", "W:WK1-3,5:B", PDN_D_NONE, 0, 'A', "W:Wj10,Kb10,Kd10,Kf10:B");
    expect_fen("20", "W:W48-50:B", PDN_D_NONE, 0, 0, "W:W48-50:B");
    expect_fen("20", "W:W1,2,4,K3:B", PDN_D_NONE, 0, 0, "W:W1,2,4,K3:B");
    expect_fen("20", "W:W1", PDN_D_NONE, 0, 0, "W:W1:B");
    expect_fen("20", "W:WK12-15", PDN_D_NONE, 0, 0, "W:WK12-15:B");
    expect_fen("20", "W:W1:B2:W3", PDN_D_NONE, 0, 0, "W:W1,3:B2");
    expect_fen("20", "B::", PDN_D_NONE, 0, 0, "B:W:B");
    /* Forms the short way does not take, read the general way. */
    expect_fen("20", "W:W01:B2", PDN_D_NONE, 0, 0, "W:W1:B2");
    expect_fen("20", "W:W0012:B2", PDN_D_NONE, 0, 0, "W:W12:B2");
    expect_fen("20", "W:Wj10,a1:Bb10", PDN_D_NONE, 0, 'N', "W:W5,46:B1");
    expect_fen("20", "W:Wa1,1", PDN_D_FEN_FORM, 0, 0, "W:W1,46:B");
    expect_fen("20", "W:W1,a1", PDN_D_FEN_FORM, 0, 0, "W:W1,46:B");
    expect_fen("20", "W:WA1", PDN_D_FEN_FORM, 3, 'A', "W:Wa1:B");
    expect_fen("20", "W:W1.", PDN_D_FEN_FORM, 4, 0, "W:W1:B");
    expect_fen("20", "W:W1 ", PDN_D_FEN_FORM, 4, 0, "W:W1:B");
    expect_fen("20", " W:W1", PDN_D_FEN_FORM, 0, 0, "W:W1:B");
    expect_fen("20", "W:W 1", PDN_D_FEN_FORM, 3, 0, "W:W1:B");
    /* Errors, at the same offsets as ever. */
    expect_fen("20", "W:W10:B5-15", PDN_D_FEN_TWICE, 7, 0, "W:W:B");
    expect_fen("20", "W:W10:B5-10", PDN_D_FEN_TWICE, 7, 0, NULL);
    expect_fen("20", "W:W1:B2:W1", PDN_D_FEN_TWICE, 9, 0, NULL);
    expect_fen("20", "W:W10-5:B1", PDN_D_BAD_FEN, 3, 0, NULL);
    expect_fen("20", "W:W45-51:B1", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("20", "W:W1,:B2", PDN_D_BAD_FEN, 5, 0, NULL);
    expect_fen("20", "W:W1,,2", PDN_D_BAD_FEN, 5, 0, NULL);
    expect_fen("20", "W:W1-", PDN_D_BAD_FEN, 5, 0, NULL);
    expect_fen("20", "W:W1-0", PDN_D_FEN_SQUARE, 5, 0, NULL);
    expect_fen("20", "W:W1-K2", PDN_D_BAD_FEN, 5, 0, NULL);
    expect_fen("20", "W:WK", PDN_D_BAD_FEN, 4, 0, NULL);
    expect_fen("20", "W:Wk1", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("21,W,8,8,A0,0", "W:Wk5", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("25", "W:Wa1,c1:Bh8", PDN_D_NONE, 0, 'N', "W:W29,30:B4");
    expect_fen("25", "W:Wa2", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("25", "W:Wa9", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("25", "W:Wa01", PDN_D_BAD_FEN, 4, 0, NULL);
    /* Turkish: every cell plays, so only the board's edges stop a name. */
    expect_fen("30", "W:Wa1,h8,d4:Ba8", PDN_D_NONE, 0, 'A', "W:Wa1,d4,h8:Ba8");
    expect_fen("30", "W:Wa9", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen("30", "W:Wh1,i1", PDN_D_FEN_SQUARE, 6, 0, NULL);
    expect_fen("30", "W:Wa10", PDN_D_FEN_SQUARE, 3, 0, NULL);
}

/* Boards with 3-digit numbers and 2-digit ranks. */
static void test_fen_speedpaths__big_boards(void)
{
    const char *t16 = "20,W,16,16,N1,0", *t26 = "20,W,26,26,N2,0";
    expect_fen(t16, "W:W100-128:B1-3,K99", PDN_D_NONE, 0, 0, "W:W100-128:B1-3,K99");
    expect_fen(t16, "W:W127,128,K126:B1", PDN_D_NONE, 0, 0, "W:W127,128,K126:B1");
    expect_fen(t16, "W:W129", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen(t16, "W:W1000", PDN_D_FEN_SQUARE, 3, 0, NULL);
    expect_fen(t26, "W:W300-338:B1", PDN_D_NONE, 0, 0, "W:W300-338:B1");
    expect_fen(t26, "W:W338,K337-336", PDN_D_BAD_FEN, 8, 0, NULL);
    expect_fen(t26, "W:W100,101,102,338:BK99-101", PDN_D_FEN_TWICE, 21, 0, NULL);
    /* Names past the tenth rank and file on a 26x26 algebraic board, both ways. */
    pdn_geometry g = test_geometry("20,W,26,26,A0,0");
    pdn_position p, q;
    pdn_position_clear(&p, &g);
    int cells[] = {0, 25, 26 * 26 - 1, 26 * 25, 12 * 26 + 12, 9 * 26 + 11};
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++)
        if (pdn_geometry_square(&g, cells[i], 'A') != 0)
            p.board[cells[i]] = (pdn_piece)(i % 2 ? PDN_KING | PDN_BLACK : PDN_MAN | PDN_WHITE);
    char text[256];
    size_t at;
    pdn_fen_write(&p, 'A', text, sizeof text);
    CHECK(pdn_fen_read(&q, &g, text, strlen(text), &at) == PDN_D_NONE);
    CHECK(pdn_position_equal(&p, &q));
    CHECK(strstr(text, "z26") != NULL || strstr(text, "Kz26") != NULL);
}

static const char *const tuples[] = {TEST_TABLE_GAMETYPES, "20,W,16,16,N1,0", "20,W,26,26,N2,0",
                                     "20,B,26,26,A3,1",    "20,W,5,7,N2,0",   "21,W,9,11,A1,1",
                                     "20,W,13,6,N1,1",     "25,B,8,8,N3,0"};

/*
 * The same position read the short way and the general way: a canonical
 * FEN, and the same text with a trailing dot (still the short way), a dot
 * and a tab, a leading space and a space after the first colon (the
 * general way, with the form issue where it reports it).
 */
static void test_fen_speedpaths__short_way_against_general_way(void)
{
    static const pdn_piece pieces[4] = {PDN_MAN | PDN_WHITE, PDN_MAN | PDN_BLACK,
                                        PDN_KING | PDN_WHITE, PDN_KING | PDN_BLACK};
    char *text = malloc(8192), *other = malloc(8200);
    if (text == NULL || other == NULL)
        exit(2);
    int failures = 0;
    for (size_t t = 0; t < sizeof tuples / sizeof tuples[0]; t++) {
        pdn_geometry g = test_geometry(tuples[t]);
        for (int round = 0; round < 120; round++) {
            pdn_position p, q, r;
            pdn_position_clear(&p, &g);
            p.turn = "WB?"[rnd(3)];
            /* Sparse, dense, and long runs of one piece. */
            unsigned density = 1 + rnd(5), run = rnd(4) == 0;
            pdn_piece last = pieces[0];
            for (int cell = 0; cell < g.width * g.height; cell++) {
                if (pdn_geometry_square(&g, cell, 'A') == 0 || rnd(5) >= density)
                    continue;
                p.board[cell] = run && rnd(8) ? last : pieces[rnd(4)];
                if (rnd(40) == 0)
                    p.board[cell] = (pdn_piece)(PDN_MAN | PDN_ANY_COLOR);
                last = p.board[cell];
            }
            char notation = round % 2 ? 'A' : 'N';
            size_t len = pdn_fen_write(&p, notation, text, 8192), at = 0;
            pdn_diag_code c = read_exact(&q, &g, text, len, &at);
            if (c != PDN_D_NONE || !pdn_position_equal(&p, &q)) {
                if (failures++ < 3)
                    fprintf(stderr, "    %s: %s (%s)\n", tuples[t], text, pdn_diag_name(c));
                continue;
            }
            /* Trailing dot: FEN_FORM at the dot, same position. */
            memcpy(other, text, len);
            other[len] = '.';
            c = read_exact(&r, &g, other, len + 1, &at);
            if (c != PDN_D_FEN_FORM || at != len || !pdn_position_equal(&q, &r))
                failures++;
            /* A tab after the dot: read the general way, which reports trailing blanks first. */
            other[len + 1] = '\t';
            c = read_exact(&r, &g, other, len + 2, &at);
            if (c != PDN_D_FEN_FORM || at != len + 1 || !pdn_position_equal(&q, &r))
                failures++;
            /* Leading space: FEN_FORM at 0. */
            other[0] = ' ';
            memcpy(other + 1, text, len);
            c = read_exact(&r, &g, other, len + 1, &at);
            if (c != PDN_D_FEN_FORM || at != 0 || !pdn_position_equal(&q, &r))
                failures++;
            /* A space after the first colon: FEN_FORM there. */
            memcpy(other, text, 2);
            other[2] = ' ';
            memcpy(other + 3, text + 2, len - 2);
            c = read_exact(&r, &g, other, len + 1, &at);
            if (c != PDN_D_FEN_FORM || at != 2 || !pdn_position_equal(&q, &r))
                failures++;
        }
    }
    CHECK_EQ_INT(failures, 0);
    free(text);
    free(other);
}

/* Piece codes compare by their low six bits; codes no list takes break runs. */
static void test_fen_speedpaths__writer_runs(void)
{
    pdn_geometry g = test_geometry("20");
    pdn_position p;
    char buf[512];
    pdn_position_clear(&p, &g);
    for (int n = 1; n <= 5; n++)
        p.board[pdn_geometry_cell(&g, (pdn_square)n)] = PDN_MAN | PDN_WHITE;
    p.board[pdn_geometry_cell(&g, 2)] = 64 | PDN_MAN | PDN_WHITE;
    p.board[pdn_geometry_cell(&g, 4)] = PDN_PAWN | PDN_WHITE; /* not a draughts piece */
    p.board[pdn_geometry_cell(&g, 6)] = PDN_KING | PDN_WHITE;
    p.board[pdn_geometry_cell(&g, 7)] = PDN_KING | PDN_WHITE;
    p.board[pdn_geometry_cell(&g, 8)] = PDN_KING | PDN_WHITE;
    p.board[pdn_geometry_cell(&g, 48)] = PDN_MAN | PDN_BLACK;
    p.board[pdn_geometry_cell(&g, 49)] = PDN_MAN | PDN_BLACK;
    p.board[pdn_geometry_cell(&g, 50)] = PDN_MAN | PDN_BLACK;
    p.board[pdn_geometry_cell(&g, 47)] = PDN_MAN | PDN_ANY_COLOR;
    pdn_fen_write(&p, 'N', buf, sizeof buf);
    CHECK(strcmp(buf, "W:W1-3,5,K6-8:B48-50:?47") == 0);
    /* A run of two is two entries, also for kings; the last square ends a run. */
    pdn_position_clear(&p, &g);
    p.board[pdn_geometry_cell(&g, 49)] = PDN_KING | PDN_BLACK;
    p.board[pdn_geometry_cell(&g, 50)] = PDN_KING | PDN_BLACK;
    p.board[pdn_geometry_cell(&g, 1)] = PDN_KING | PDN_WHITE;
    p.board[pdn_geometry_cell(&g, 2)] = PDN_MAN | PDN_WHITE;
    pdn_fen_write(&p, 'N', buf, sizeof buf);
    CHECK(strcmp(buf, "W:W2,K1:BK49,K50") == 0);
    /* Algebraic: a piece on a square that does not play is still named. */
    p.board[0 * 10 + 1] = PDN_MAN | PDN_BLACK; /* b1 */
    pdn_fen_write(&p, 'A', buf, sizeof buf);
    CHECK(strcmp(buf, "W:Wd10,Kb10:Bb1,Kg1,Ki1") == 0);
}

/* Written in place when the buffer is big enough, through a copy otherwise: the same bytes. */
static void test_fen_speedpaths__writer_buffers(void)
{
    const char *const cases[][2] = {
        {"20", "B:W27,28,31-33,35-40,42-48,50:B1-4,6-10,12-14,16,19,23"},
        {"25", "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"},
        {"0", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pdn_geometry g = test_geometry(cases[i][0]);
        pdn_position p;
        size_t at, len = strlen(cases[i][1]);
        CHECK(pdn_fen_read(&p, &g, cases[i][1], len, &at) == PDN_D_NONE);
        char big[4096], small[4096];
        CHECK_EQ_INT(pdn_fen_write(&p, 0, big, sizeof big), len);
        CHECK(strcmp(big, cases[i][1]) == 0);
        CHECK_EQ_INT(pdn_fen_write(&p, 0, NULL, 0), len);
        for (size_t cap = 1; cap <= len + 2; cap++) {
            memset(small, '#', sizeof small);
            size_t n = pdn_fen_write(&p, 0, small, cap);
            size_t kept = cap - 1 < len ? cap - 1 : len;
            int ok = n == len && memcmp(small, cases[i][1], kept) == 0 && small[kept] == '\0' &&
                     small[cap] == '#';
            if (!ok)
                fprintf(stderr, "    %s: cap %zu wrote \"%s\"\n", cases[i][1], cap, small);
            CHECK(ok);
        }
    }
}

/* The chess reader's impossible positions, at the same offsets as ever. */
static void test_fen_speedpaths__chess(void)
{
    expect_fen("0", "4k3/pppppppp/pppppppp/8/8/8/8/4K3 w - - 0 1", PDN_D_NONE, 0, 0,
               "4k3/pppppppp/pppppppp/8/8/8/8/4K3 w - - 0 1");
    /* A 19th king or pawn, before a problem that comes after it. */
    expect_fen("0", "4k3/pppppppp/pppppppp/8/8/8/p7/4K3 w - - 0 1", PDN_D_FEN_POSITION, 32, 0,
               NULL);
    expect_fen("0", "4k3/pppppppp/pppppppp/8/8/8/7K/4K3 w - - 0 1", PDN_D_FEN_POSITION, 32, 0,
               NULL);
    /* A second king before the 19th. */
    expect_fen("0", "4kk2/pppppppp/pppppppp/8/8/8/8/4K3 w - - 0 1", PDN_D_FEN_POSITION, 2, 0, NULL);
    expect_fen("0", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", PDN_D_FEN_POSITION, 0, 0, NULL);
    expect_fen("0", "4k3/4K3/8/8/8/8/8/8 w - - 0 1", PDN_D_FEN_POSITION, 20, 0, NULL);
    /* Castling rights against the kings and rooks found. */
    expect_fen("0", "4k3/8/8/8/8/8/8/4K3 w Kk - 0 1", PDN_D_FEN_POSITION, 22, 0, NULL);
    expect_fen("0", "4k2r/8/8/8/8/8/8/4K3 w k - 0 1", PDN_D_NONE, 0, 0,
               "4k2r/8/8/8/8/8/8/4K3 w k - 0 1");
    expect_fen("0", "4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1", PDN_D_NONE, 0, 0,
               "4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1");
    expect_fen("0", "4k2r/8/8/8/8/8/8/R3K3 w QkQ - 0 1", PDN_D_BAD_FEN, 26, 0, NULL);
    expect_fen("0", "4k2r/8/8/8/8/8/8/R3K3 w Akq - 0 1", PDN_D_FEN_POSITION, 26, 0, NULL);
    expect_fen("0", "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1", PDN_D_NONE, 0, 0,
               "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    expect_fen("0", "1r2k1r1/8/8/8/8/8/8/4K3 w gb - 0 1", PDN_D_NONE, 0, 0,
               "1r2k1r1/8/8/8/8/8/8/4K3 w kq - 0 1");
    expect_fen("0", "4kk2/8/8/8/8/8/8/4K3 w k - 0 1", PDN_D_FEN_POSITION, 23, 0, NULL);
    /* Check from each kind of piece, on the side that has just moved. */
    expect_fen("0", "4k3/8/8/8/4R3/8/8/4K3 w - - 0 1", PDN_D_FEN_POSITION, 22, 0, NULL);
    expect_fen("0", "4k3/8/8/8/4R3/8/8/4K3 b - - 0 1", PDN_D_NONE, 0, 0, NULL);
    expect_fen("0", "4k3/8/8/7B/8/8/8/4K3 w - - 0 1", PDN_D_FEN_POSITION, 21, 0, NULL);
    expect_fen("0", "4k3/8/5N2/8/8/8/8/4K3 w - - 0 1", PDN_D_FEN_POSITION, 22, 0, NULL);
    expect_fen("0", "4k3/3P4/8/8/8/8/8/4K3 w - - 0 1", PDN_D_FEN_POSITION, 22, 0, NULL);
    expect_fen("0", "4k3/4Q3/8/8/8/8/8/4K3 b - - 0 1", PDN_D_NONE, 0, 0, NULL);
    expect_fen("0", "k7/8/8/8/8/8/8/1R2K3 w - - 0 1", PDN_D_NONE, 0, 0, NULL);
    expect_fen("0", "k7/8/8/8/8/8/8/Q3K3 w - - 0 1", PDN_D_FEN_POSITION, 20, 0, NULL);
    expect_fen("0", "k7/8/8/8/8/8/8/4K3 w - - 00000000000000000000000000000000005 1", PDN_D_NONE, 0,
               0, "k7/8/8/8/8/8/8/4K3 w - - 5 1");
    expect_fen("0", "4k3/8/8/8/8/8/8/4K3", PDN_D_BAD_FEN, 19, 0, NULL);
}

/*
 * The chess placement is read from a copy of at most 80 bytes with NULs
 * after it: every prefix of the longest placement ends the same way as
 * the text does (BAD_FEN where it stops), whatever the size of the copy.
 */
static void test_fen_speedpaths__chess_placement_copy(void)
{
    const char *longest =
        "1n1n1n1n/n1n1n1n1/1n1n1n1n/n1n1n1n1/1N1N1N1N/N1N1N1N1/1N1N1N1N/N1N1N1Nk w - - 0 1";
    pdn_gametype gt;
    pdn_geometry g;
    size_t at;
    pdn_parse_gametype(&gt, "0", 1, &at);
    CHECK(pdn_geometry_init(&g, &gt) == PDN_OK);
    int failures = 0;
    for (size_t len = 0; len <= 71; len++) {
        pdn_position p;
        at = 12345;
        if (read_exact(&p, &g, longest, len, &at) != PDN_D_BAD_FEN || at != len)
            failures++;
    }
    CHECK_EQ_INT(failures, 0);
    expect_fen("0", longest, PDN_D_FEN_POSITION, 0, 0, NULL); /* 33 knights, no White king */
    /* A ninth square on a rank, two digits in a row, a king after a full rank. */
    expect_fen("0", "1n1n1n1n1/8/8/8/8/8/8/4K2k w - - 0 1", PDN_D_BAD_FEN, 8, 0, NULL);
    expect_fen("0", "44/8/8/8/8/8/8/4K2k w - - 0 1", PDN_D_BAD_FEN, 1, 0, NULL);
    expect_fen("0", "8/8/8/8/8/8/8/4K2kK w - - 0 1", PDN_D_BAD_FEN, 18, 0, NULL);
    expect_fen("0", "8/8/8/8/8/8/8/4K2k", PDN_D_BAD_FEN, 18, 0, NULL);
    expect_fen("0", "8/8/8/8/8/8/8/9 w - - 0 1", PDN_D_BAD_FEN, 14, 0, NULL);
    expect_fen("0", "k7/8/8/8/8/8/8/K7 w - - 0 1", PDN_D_NONE, 0, 0, "k7/8/8/8/8/8/8/K7 w - - 0 1");
}

/*
 * Squares given twice where the short way looks late: ranges are filled
 * without looking and the pieces counted at the end.  Texts of singles
 * and ranges that overlap in every order, on boards below and above 100
 * squares, read the short way and again with a space after the first
 * colon (the general way): the same code, the offset one byte later.
 */
/* Reads `text` the short way and, with a space after the first colon, the
 * general way: the same code (PDN_D_FEN_FORM for the space where the text
 * is clean), the offset one later, the same position; a failure is counted
 * and the first three printed.  Returns the short way's code. */
static pdn_diag_code short_and_general(const pdn_geometry *g, const char *text, size_t len,
                                       const char *board, int *failures)
{
    char other[520];
    if (len + 1 > sizeof other)
        return PDN_D_BAD_FEN;
    pdn_position p, q;
    size_t at = 0, at2 = 0;
    pdn_diag_code c = read_exact(&p, g, text, len, &at);
    memcpy(other, text, 2);
    other[2] = ' ';
    memcpy(other + 3, text + 2, len - 2);
    pdn_diag_code c2 = read_exact(&q, g, other, len + 1, &at2);
    int same = c == PDN_D_NONE ? c2 == PDN_D_FEN_FORM && at2 == 2 : c2 == c && at2 == at + 1;
    if (!same || !pdn_position_equal(&p, &q)) {
        if ((*failures)++ < 3)
            fprintf(stderr, "    %s on %s: %s at %zu, general way %s at %zu\n", text, board,
                    pdn_diag_name(c), at, pdn_diag_name(c2), at2);
    }
    return c;
}

static void test_fen_speedpaths__ranges_given_twice(void)
{
    static const char *const boards[] = {
        "20", "21", "20,W,4,4,N1,0", "20,W,16,16,N1,0", "30,W,9,9,N1,0", "20,W,26,26,N2,0"};
    char text[512];
    int failures = 0, twice = 0;
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        pdn_geometry g = test_geometry(boards[b]);
        int n = g.square_count;
        for (int round = 0; round < 3000; round++) {
            size_t len = 0;
            text[len++] = "WB"[rnd(2)];
            for (int side = 0; side < 1 + (int)rnd(3); side++) {
                len += (size_t)sprintf(text + len, ":%c", "WB?"[rnd(3)]);
                int entries = 1 + (int)rnd(6), base = 1 + (int)rnd((unsigned)n);
                for (int e = 0; e < entries; e++) {
                    /* Close to one another, so that they often meet. */
                    int lo = base + (int)rnd(9) - 4, hi = lo + (int)rnd(6);
                    lo = lo < 1 ? 1 : lo > n ? n : lo;
                    hi = hi > n ? n : hi;
                    len +=
                        (size_t)sprintf(text + len, "%s%s%d", e ? "," : "", rnd(4) ? "" : "K", lo);
                    if (rnd(2))
                        len += (size_t)sprintf(text + len, "-%d", hi);
                }
            }
            pdn_diag_code c = short_and_general(&g, text, len, boards[b], &failures);
            twice += c == PDN_D_FEN_TWICE;
        }
    }
    CHECK_EQ_INT(failures, 0);
    CHECK(twice > 1000); /* the case this test is about did occur */
}

/*
 * Algebraic names read the short way and the general way (a space after
 * the first colon): names off the board by file or rank, ranks of two
 * digits, rank 0, kings, on boards of up to nine ranks (one digit read)
 * and more, every corner.  The same code, the offset one later, the same
 * position.
 */
static void test_fen_speedpaths__names_short_and_general(void)
{
    static const char *const boards[] = {"25",
                                         "21,B,8,8,A1,0",
                                         "21,W,8,8,A2,1",
                                         "21,B,8,8,A3,1",
                                         "20,W,4,4,A2,1",
                                         "21,W,9,11,A1,1",
                                         "20,B,26,26,A3,1",
                                         "20,W,10,10,A0,0",
                                         "20,W,9,9,A0,1"};
    char text[512];
    int failures = 0, taken = 0;
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        pdn_geometry g = test_geometry(boards[b]);
        for (int round = 0; round < 3000; round++) {
            size_t len = 0;
            text[len++] = "WB"[rnd(2)];
            for (int side = 0; side < 1 + (int)rnd(3); side++) {
                len += (size_t)sprintf(text + len, ":%c", "WB?"[rnd(3)]);
                int entries = (int)rnd(7);
                for (int e = 0; e < entries; e++) {
                    int file = (int)rnd((unsigned)g.width + (rnd(8) == 0)),
                        rank = rnd(10) == 0 ? (int)rnd(30) : 1 + (int)rnd((unsigned)g.height);
                    len += (size_t)sprintf(text + len, "%s%s%c%d", e ? "," : "", rnd(4) ? "" : "K",
                                           'a' + file, rank);
                }
            }
            pdn_diag_code c = short_and_general(&g, text, len, boards[b], &failures);
            taken += c == PDN_D_NONE;
        }
    }
    CHECK_EQ_INT(failures, 0);
    CHECK(taken > 2000); /* many texts were taken */
}

/*
 * The short way of the chess placement against a plain reader kept here:
 * random ranks of letters, digits (also 0, 9 and two in a row) and other
 * bytes, mostly well formed.  Where the plain reader takes the placement,
 * pdn_fen_read() must not report a syntax error in it, and gives the same
 * board when it takes the whole FEN; where it does not, BAD_FEN within the
 * placement.
 */
static int plain_placement(const char *s, pdn_piece *board)
{
    static const char letters[] = "PNBRQKpnbrqk";
    static const pdn_piece kinds[6] = {PDN_PAWN, PDN_KNIGHT, PDN_BISHOP,
                                       PDN_ROOK, PDN_QUEEN,  PDN_CHESS_KING};
    memset(board, 0, 64);
    int rank = 7, file = 0, digit_before = 0;
    for (;; s++) {
        const char *l = *s != '\0' ? strchr(letters, *s) : NULL;
        if (l != NULL) {
            if (file >= 8)
                return 0;
            int k = (int)(l - letters);
            board[rank * 8 + file++] = (pdn_piece)(kinds[k % 6] | (k < 6 ? PDN_WHITE : PDN_BLACK));
            digit_before = 0;
        } else if (*s >= '1' && *s <= '8') {
            if (digit_before || file + (*s - '0') > 8)
                return 0;
            file += *s - '0';
            digit_before = 1;
        } else if (*s == '/' && file == 8 && rank > 0) {
            rank--;
            file = 0;
            digit_before = 0;
        } else {
            return *s == ' ' && file == 8 && rank == 0;
        }
    }
}

static void test_fen_speedpaths__chess_quick_placement(void)
{
    static const char bytes[] = "PNBRQKpnbrqkPpPp12345678123456780977/x";
    pdn_geometry g = test_geometry("0");
    char text[200];
    int failures = 0, taken = 0, refused = 0;
    for (int round = 0; round < 40000; round++) {
        size_t len = 0;
        int ranks = rnd(6) ? 8 : 6 + (int)rnd(5);
        for (int r = 0; r < ranks; r++) {
            if (r > 0)
                text[len++] = rnd(50) ? '/' : bytes[rnd(sizeof bytes - 1)];
            int file = 0, mess = rnd(30) == 0;
            while (file < 8 && len < 120) {
                if (mess) {
                    text[len++] = bytes[rnd(sizeof bytes - 1)];
                    file += 1 + (int)rnd(2);
                } else if (rnd(3) == 0 && file < 7) {
                    int gap = 1 + (int)rnd((unsigned)(8 - file));
                    text[len++] = (char)('0' + gap);
                    file += gap;
                    if (file < 8)
                        text[len++] = "PNBRQKpnbrqk"[rnd(12)];
                    file += file < 8;
                } else {
                    text[len++] = "PNBRQKpnbrqk"[rnd(12)];
                    file++;
                }
            }
            if (rnd(40) == 0)
                text[len++] = "Pp1"[rnd(3)];
        }
        len += (size_t)sprintf(text + len, " %c - - 0 1", rnd(2) ? 'w' : 'b');
        size_t placed = (size_t)(strchr(text, ' ') - text); /* where the placement ends */
        pdn_piece want[64];
        int ok = plain_placement(text, want);
        pdn_position p;
        size_t at = 0;
        pdn_diag_code c = read_exact(&p, &g, text, len, &at);
        int right;
        if (ok) {
            taken++;
            right = c == PDN_D_NONE      ? memcmp(p.board, want, 64) == 0
                    : c == PDN_D_BAD_FEN ? at > placed
                                         : c == PDN_D_FEN_POSITION;
        } else {
            refused++;
            right = c == PDN_D_BAD_FEN && at <= placed;
        }
        if (!right && failures++ < 3)
            fprintf(stderr, "    %s: %s at %zu (plain reader: %s)\n", text, pdn_diag_name(c), at,
                    ok ? "taken" : "refused");
    }
    CHECK_EQ_INT(failures, 0);
    if (taken < 5000 || refused < 5000)
        fprintf(stderr, "    taken %d, refused %d\n", taken, refused);
    CHECK(taken > 5000 && refused > 5000);
}

/*
 * The short way of the castling field (KQkq in order, rooks in the
 * corners) against a plain reading of the rule kept here: K and Q name
 * the outermost rook of the king's side, on random back ranks (kings and
 * rooks of both colours anywhere on them, or missing) and random subsets
 * of KQkq, in order or not, doubled or not.
 */
static int plain_rook(const pdn_piece *row, unsigned color, int short_side)
{
    int king = -1;
    for (int f = 0; f < 8; f++)
        if (row[f] == (PDN_CHESS_KING | color))
            king = f;
    if (king < 0)
        return -2;
    for (int k = 0; k < 8; k++) {
        int f = short_side ? 7 - k : k;
        if (short_side ? f <= king : f >= king)
            break;
        if (row[f] == (PDN_ROOK | color))
            return f;
    }
    return -2;
}

static void test_fen_speedpaths__chess_quick_castling(void)
{
    pdn_geometry g = test_geometry("0");
    int failures = 0, taken = 0;
    for (int round = 0; round < 20000; round++) {
        pdn_position p;
        pdn_position_clear(&p, &g);
        for (int side = 0; side < 2; side++) {
            unsigned color = side ? PDN_BLACK : PDN_WHITE;
            pdn_piece *row = p.board + (side ? 56 : 0);
            if (rnd(8) != 0)
                row[rnd(4) ? 4 : rnd(8)] = (pdn_piece)(PDN_CHESS_KING | color);
            else
                p.board[16 + 8 * side + rnd(8)] = (pdn_piece)(PDN_CHESS_KING | color);
            for (int f = 0; f < 8; f++)
                if (row[f] == 0 && (f == 0 || f == 7 ? rnd(4) != 0 : rnd(8) == 0))
                    row[f] = (pdn_piece)((rnd(6) ? PDN_ROOK : PDN_QUEEN) |
                                         (rnd(5) ? color : PDN_WHITE + PDN_BLACK - color));
        }
        char fen[128], rights[8];
        size_t n = 0;
        for (int k = 0; k < 4; k++)
            if (rnd(3) != 0)
                rights[n++] = "KQkq"[k];
        if (rnd(5) == 0 && n > 1) { /* out of order, or doubled */
            char t = rights[0];
            rights[0] = rights[n - 1];
            rights[n - 1] = rnd(2) ? t : rights[0];
        }
        if (n == 0)
            rights[n++] = '-';
        rights[n] = '\0';
        /* The placement as text, from the board. */
        size_t len = pdn_fen_write(&p, 0, fen, sizeof fen);
        char *space = strchr(fen, ' ');
        len = (size_t)(space - fen);
        len += (size_t)sprintf(fen + len, " b %s - 0 1", rights);
        pdn_position q;
        size_t at = 0;
        pdn_diag_code c = read_exact(&q, &g, fen, len, &at);
        /* The plain reading: each right once, its rook found, or an error. */
        int want[4] = {-1, -1, -1, -1}, error = 0;
        for (size_t i = 0; rights[i] != '\0' && rights[i] != '-'; i++) {
            int black = rights[i] == 'k' || rights[i] == 'q',
                shorts = rights[i] == 'K' || rights[i] == 'k', slot = 2 * black + !shorts;
            int rook =
                plain_rook(p.board + (black ? 56 : 0), black ? PDN_BLACK : PDN_WHITE, shorts);
            if (rook < 0 || want[slot] >= 0)
                error = 1;
            else
                want[slot] = rook;
        }
        int right;
        if (error) {
            right = c == PDN_D_BAD_FEN || c == PDN_D_FEN_POSITION;
        } else if (c == PDN_D_NONE) {
            taken++;
            right = q.castling[0] == want[0] && q.castling[1] == want[1] &&
                    q.castling[2] == want[2] && q.castling[3] == want[3];
        } else {
            /* Kings off their ranks or in check: the position's problem, not the field's. */
            right = c == PDN_D_FEN_POSITION;
        }
        if (!right && failures++ < 3)
            fprintf(stderr, "    %s: %s at %zu\n", fen, pdn_diag_name(c), at);
    }
    CHECK_EQ_INT(failures, 0);
    CHECK(taken > 2000);
}

int main(void)
{
    RUN(test_fen_speedpaths__draughts_edges);
    RUN(test_fen_speedpaths__big_boards);
    RUN(test_fen_speedpaths__short_way_against_general_way);
    RUN(test_fen_speedpaths__writer_runs);
    RUN(test_fen_speedpaths__writer_buffers);
    RUN(test_fen_speedpaths__chess);
    RUN(test_fen_speedpaths__chess_placement_copy);
    RUN(test_fen_speedpaths__ranges_given_twice);
    RUN(test_fen_speedpaths__names_short_and_general);
    RUN(test_fen_speedpaths__chess_quick_placement);
    RUN(test_fen_speedpaths__chess_quick_castling);
    return harness_report();
}
