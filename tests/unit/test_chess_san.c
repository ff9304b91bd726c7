/* SPDX-License-Identifier: MIT */
/*
 * test_chess_san.c - SAN in and out (src/chess/san_text.c, san.c).
 * Property tests over every legal move of every position a short walk
 * reaches from several starting FENs: the printed SAN parses, prints back
 * to itself and resolves to the same move with no notes, and the bare long
 * form resolves to it too.  Then the assignment's examples and one case for
 * each status and note.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"

static pdn_geometry chess;

static int load(pdn_position *pos, const char *fen)
{
    size_t at = 0;
    pdn_diag_code c = pdn_fen_read(pos, &chess, fen, strlen(fen), &at);
    if (c != PDN_D_NONE)
        fprintf(stderr, "    FEN refused (%s at %zu): %s\n", pdn_diag_name(c), at, fen);
    return c == PDN_D_NONE;
}

static int same(pdn_chess_move a, pdn_chess_move b)
{
    return a.from == b.from && a.to == b.to && a.piece == b.piece && a.promotion == b.promotion &&
           a.flags == b.flags;
}

/* ---------------------------------------------------------------------- */
/* Round trips over walks                                                 */
/* ---------------------------------------------------------------------- */

typedef struct walk_stats {
    long moves, checks, mates, castles, promotions, disambiguated, failures;
} walk_stats;

/* Coordinates as a UCI engine writes them: e2e4, e7e8q, e1h1 for castling. */
static size_t coordinates(pdn_chess_move m, char *buf)
{
    static const char promo[] = "...pnbrqk";
    size_t n = 0;
    buf[n++] = (char)('a' + (m.from & 7));
    buf[n++] = (char)('1' + (m.from >> 3));
    buf[n++] = (char)('a' + (m.to & 7));
    buf[n++] = (char)('1' + (m.to >> 3));
    if (m.promotion)
        buf[n++] = promo[m.promotion >> 2];
    buf[n] = '\0';
    return n;
}

static void check_move(const pdn_position *pos, pdn_chess_move m, walk_stats *st)
{
    char text[PDN_SAN_MAX], again[PDN_SAN_MAX], coords[8];
    pdn_san san;
    pdn_chess_move back;
    unsigned notes = 99;
    size_t at = 99;
    int ok = 1;

    st->moves++;
    ok &= pdn_chess_format_san(text, pos, m) == PDN_OK;
    size_t len = strlen(text);
    ok &= pdn_san_parse(&san, text, len, &at) == PDN_SAN_OK && at == 0;
    ok &= san.length == len;
    ok &= pdn_san_format(&san, again) == len && strcmp(again, text) == 0;
    ok &= pdn_san_resolve(&back, &notes, pos, &san) == PDN_SAN_OK;
    ok &= notes == 0 && same(back, m);
    if (!ok) {
        st->failures++;
        if (st->failures < 10)
            fprintf(stderr, "    SAN round trip failed for \"%s\" (%u-%u) notes %#x\n", text,
                    m.from, m.to, notes);
    }

    /* Minimal disambiguation: without any part that was written, the text is ambiguous. */
    if (ok && san.piece != PDN_PAWN && !san.castle) {
        pdn_san less = san;
        less.from_file = -1;
        ok &= san.from_file < 0 || pdn_san_resolve(&back, NULL, pos, &less) == PDN_SAN_AMBIGUOUS;
        less = san;
        less.from_rank = -1;
        ok &= san.from_rank < 0 || pdn_san_resolve(&back, NULL, pos, &less) == PDN_SAN_AMBIGUOUS;
    }
    /* The mark agrees with what the rules say of the position after the move. */
    pdn_position after = *pos;
    pdn_chess_facts facts;
    ok &= pdn_chess_play(&after, m) == PDN_OK && pdn_chess_examine(&facts, &after) == PDN_OK;
    char want = facts.checkmate ? '#' : facts.check ? '+' : 0;
    ok &= san.check == want;
    if (!ok) {
        st->failures++;
        if (st->failures < 10)
            fprintf(stderr, "    \"%s\": disambiguation or mark is wrong\n", text);
    }

    /* The bare long form names the same move; it has no capture mark to get wrong. */
    size_t n = coordinates(m, coords);
    ok = pdn_chess_parse_san(&back, &notes, pos, coords, n, &at) == PDN_SAN_OK && same(back, m) &&
         (notes & ~(unsigned)PDN_SAN_CHECK_MISSING) == PDN_SAN_LONG;
    if (!ok) {
        st->failures++;
        if (st->failures < 10)
            fprintf(stderr, "    long form \"%s\" of \"%s\" failed, notes %#x\n", coords, text,
                    notes);
    }

    st->checks += strchr(text, '+') != NULL;
    st->mates += strchr(text, '#') != NULL;
    st->castles += (m.flags & PDN_CHESS_CASTLE) != 0;
    st->promotions += m.promotion != 0;
    if (m.piece != PDN_PAWN && !(m.flags & PDN_CHESS_CASTLE) && len >= 4 && text[1] >= 'a' &&
        text[1] <= 'h' && (text[2] == 'x' || (text[2] >= 'a' && text[2] <= 'h')))
        st->disambiguated++;
    else if (m.piece != PDN_PAWN && len >= 4 && text[1] >= '1' && text[1] <= '8')
        st->disambiguated++;
}

static void walk(const pdn_position *pos, int depth, walk_stats *st)
{
    pdn_chess_move moves[PDN_CHESS_MOVES_MAX];
    size_t n = 0;
    if (pdn_chess_moves(moves, &n, pos) != PDN_OK) {
        st->failures++;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        check_move(pos, moves[i], st);
        if (depth > 1) {
            pdn_position next = *pos;
            if (pdn_chess_play(&next, moves[i]) != PDN_OK) {
                st->failures++;
                continue;
            }
            walk(&next, depth - 1, st);
        }
    }
}

static void test_chess_san__round_trips(void)
{
    static const struct {
        const char *fen;
        int depth;
    } starts[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2},
        /* Chess960: the king on g castles long across the board */
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3},
        {"nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9", 3},
        /* many pieces of one kind: file, rank and square disambiguation */
        {"1k6/8/2Q1Q3/8/2Q1Q1N1/8/1N3N2/K2R3R w - - 0 1", 3},
        {"4k3/8/8/R2N3R/8/1N6/8/R3K1N1 w - - 0 1", 3},
        /* promotions on both sides, with and without capture */
        {"1n2k3/PPP5/8/8/8/8/5ppp/3K2N1 w - - 0 1", 3},
    };
    walk_stats st = {0};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        pdn_position pos;
        if (CHECK(load(&pos, starts[i].fen)))
            walk(&pos, starts[i].depth, &st);
    }
    CHECK_EQ_INT(st.failures, 0);
    printf("round trips: %ld moves, %ld checks, %ld mates, %ld castles, %ld promotions, %ld "
           "disambiguated\n",
           st.moves, st.checks, st.mates, st.castles, st.promotions, st.disambiguated);
    /* The walks must have met every kind of SAN they are meant to test. */
    CHECK(st.moves > 500000);
    CHECK(st.checks > 10000);
    CHECK(st.mates > 100);
    CHECK(st.castles > 5000);
    CHECK(st.promotions > 10000);
    CHECK(st.disambiguated > 5000);
}

/* ---------------------------------------------------------------------- */
/* Text alone                                                             */
/* ---------------------------------------------------------------------- */

static pdn_san_status parse(const char *s, pdn_san *san, size_t *at)
{
    return pdn_san_parse(san, s, strlen(s), at);
}

/* print(parse(s)): the assignment's printMove . run parseMove */
static void check_reprint(const char *s, const char *want)
{
    pdn_san san;
    char buf[PDN_SAN_MAX];
    size_t at;
    pdn_san_status st = parse(s, &san, &at);
    if (!CHECK(st == PDN_SAN_OK || st == PDN_SAN_BAD_PROMOTION))
        return;
    pdn_san_format(&san, buf);
    CHECK_STR(buf, strlen(buf), want);
}

static void test_chess_san__assignment(void)
{
    pdn_san san;
    size_t at = 0;
    check_reprint("e4", "e4");
    check_reprint("Nf3xg5+", "Nf3xg5+");
    check_reprint("d7xe8=Q", "d7xe8=Q");
    check_reprint("Qa8=N", "Qa8=N");
    CHECK_EQ_INT(parse("Nf3xp5+", &san, &at), PDN_SAN_MALFORMED);
    CHECK_EQ_INT(at, 4);

    /* promotionCheck */
    CHECK_EQ_INT(parse("d7xe8=Q", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(parse("Qa8=N", &san, &at), PDN_SAN_BAD_PROMOTION);
    CHECK_EQ_INT(at, 3);
    CHECK_EQ_INT(san.piece, PDN_QUEEN);
    CHECK_EQ_INT(san.promotion, PDN_KNIGHT);
    CHECK_EQ_INT(parse("0-0-0", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.castle, PDN_SAN_CASTLE_LONG);
    CHECK_EQ_INT(parse("e5=Q", &san, &at), PDN_SAN_BAD_PROMOTION);
    CHECK_EQ_INT(parse("e8=K", &san, &at), PDN_SAN_BAD_PROMOTION);
    CHECK_EQ_INT(parse("e8", &san, &at), PDN_SAN_BAD_PROMOTION);
    CHECK_EQ_INT(at, 2);
    CHECK_EQ_INT(parse("dxc1=N#", &san, &at), PDN_SAN_OK);
}

static void test_chess_san__parts(void)
{
    pdn_san san;
    size_t at = 0;
    CHECK_EQ_INT(parse("Nbd7", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.piece, PDN_KNIGHT);
    CHECK_EQ_INT(san.from_file, 1);
    CHECK_EQ_INT(san.from_rank, -1);
    CHECK_EQ_INT(san.to_file, 3);
    CHECK_EQ_INT(san.to_rank, 6);
    CHECK_EQ_INT(san.separator, 0);
    CHECK_EQ_INT(san.form, 0);

    CHECK_EQ_INT(parse("R1xa3+", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.from_file, -1);
    CHECK_EQ_INT(san.from_rank, 0);
    CHECK_EQ_INT(san.separator, 'x');
    CHECK_EQ_INT(san.check, '+');

    CHECK_EQ_INT(parse("exd6#", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.piece, PDN_PAWN);
    CHECK_EQ_INT(san.from_file, 4);
    CHECK_EQ_INT(san.check, '#');

    CHECK_EQ_INT(parse("O-O+", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.castle, PDN_SAN_CASTLE_SHORT);
    CHECK_EQ_INT(san.piece, 0);
    CHECK_EQ_INT(san.check, '+');
    CHECK_EQ_INT(san.form, 0);
    CHECK_EQ_INT(parse("0-0", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.form, PDN_SAN_NON_STANDARD);

    CHECK_EQ_INT(parse("--", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.null_move, 1);
    CHECK_EQ_INT(parse("Z0", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.null_move, 1);

    /* suffixes are tolerated and left out of `length` */
    static const char *const suffixed[] = {"e4!", "e4?", "e4!!", "e4??", "e4!?", "e4?!"};
    for (size_t i = 0; i < sizeof suffixed / sizeof suffixed[0]; i++) {
        CHECK_EQ_INT(parse(suffixed[i], &san, &at), PDN_SAN_OK);
        CHECK_EQ_INT(san.length, 2);
    }
    CHECK_EQ_INT(parse("Qh5++", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.check, '+');
    CHECK_EQ_INT(san.form, PDN_SAN_NON_STANDARD);
    CHECK_EQ_INT(san.length, 5);
    CHECK_EQ_INT(parse("Qh5+++", &san, &at), PDN_SAN_MALFORMED);
    CHECK_EQ_INT(at, 5);
    CHECK_EQ_INT(parse("Qh5#+", &san, &at), PDN_SAN_MALFORMED);
    CHECK_EQ_INT(at, 4);
    CHECK_EQ_INT(parse("Qxf7#!", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.length, 5);

    /* long algebraic and other spellings */
    CHECK_EQ_INT(parse("e2e4", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.form, PDN_SAN_LONG);
    CHECK_EQ_INT(san.piece, 0);
    CHECK_EQ_INT(parse("e2-e4", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.form, PDN_SAN_LONG);
    CHECK_EQ_INT(san.separator, '-');
    CHECK_EQ_INT(parse("Ng1-f3", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.form, PDN_SAN_LONG);
    CHECK_EQ_INT(san.piece, PDN_KNIGHT);
    CHECK_EQ_INT(parse("e7e8q", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.form, PDN_SAN_LONG);
    CHECK_EQ_INT(san.promotion, PDN_QUEEN);
    CHECK_EQ_INT(parse("e8Q", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.form, PDN_SAN_NON_STANDARD);
    CHECK_EQ_INT(parse("e8=q", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.form, PDN_SAN_NON_STANDARD);
    CHECK_EQ_INT(parse("e8(Q)", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.promotion, PDN_QUEEN);
    CHECK_EQ_INT(parse("bxa1/N", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.promotion, PDN_KNIGHT);
    CHECK_EQ_INT(parse("Pe4", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.form, PDN_SAN_NON_STANDARD);
    CHECK_EQ_INT(parse("e4:d5", &san, &at), PDN_SAN_OK);
    CHECK_EQ_INT(san.form, PDN_SAN_LONG | PDN_SAN_NON_STANDARD);
    CHECK_EQ_INT(san.separator, 'x');
    check_reprint("0-0-0+", "O-O-O+");
    check_reprint("e8Q+", "e8=Q+");
    check_reprint("Z0", "--");
    check_reprint("e2-e4", "e2-e4");
}

static void test_chess_san__malformed(void)
{
    static const struct {
        const char *text;
        size_t at;
    } cases[] = {
        {"", 0},        {"N", 1},     {"e9", 1},    {"Ke", 2},  {"i4", 0},
        {"Nf3xp5+", 4}, {"O-O-", 3},  {"O-0", 2},   {"O", 1},   {"e4+!x", 4},
        {"Rxx4", 2},    {"-e4", 0},   {"Nf-e4", 2}, {"e8=", 3}, {"e8=P", 3},
        {"e8(Q", 4},    {"e4!!!", 4}, {"e4 ", 2},   {"nf3", 0}, {"e7e8k", 4},
        {"Qh4#+", 4},   {"--+", 2},   {"exd", 3},   {"E4", 0},  {"e4e", 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pdn_san san;
        size_t at = 99;
        pdn_san_status st = pdn_san_parse(&san, cases[i].text, strlen(cases[i].text), &at);
        if (st != PDN_SAN_MALFORMED || at != cases[i].at)
            fprintf(stderr, "    \"%s\": status %d at %zu\n", cases[i].text, (int)st, at);
        CHECK_EQ_INT(st, PDN_SAN_MALFORMED);
        CHECK_EQ_INT(at, cases[i].at);
    }
    /* The parser reads exactly `len` bytes: text cut short is malformed. */
    pdn_san san;
    size_t at;
    CHECK_EQ_INT(pdn_san_parse(&san, "Nf3", 2, &at), PDN_SAN_MALFORMED);
    CHECK_EQ_INT(at, 2);
    CHECK_EQ_INT(pdn_san_parse(&san, NULL, 0, &at), PDN_SAN_MALFORMED);
}

/* ---------------------------------------------------------------------- */
/* Resolution                                                             */
/* ---------------------------------------------------------------------- */

typedef struct resolve_case {
    const char *fen;
    const char *text;
    pdn_san_status status;
    unsigned notes;
    const char *canonical; /* SAN of the resolved move, or NULL */
} resolve_case;

static void run_resolve(const resolve_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const resolve_case *c = &cases[i];
        pdn_position pos;
        pdn_chess_move m = {0, 0, 0, 0, 0};
        unsigned notes = 99;
        size_t at = 99;
        if (!CHECK(load(&pos, c->fen)))
            continue;
        pdn_san_status st = pdn_chess_parse_san(&m, &notes, &pos, c->text, strlen(c->text), &at);
        if (st != c->status || (st == PDN_SAN_OK && notes != c->notes))
            fprintf(stderr, "    \"%s\": status %d notes %#x\n", c->text, (int)st, notes);
        CHECK_EQ_INT(st, c->status);
        if (st != PDN_SAN_OK) {
            CHECK_EQ_INT(notes, 0);
            continue;
        }
        CHECK_EQ_INT(notes, c->notes);
        if (c->canonical != NULL) {
            char buf[PDN_SAN_MAX];
            CHECK_EQ_INT(pdn_chess_format_san(buf, &pos, m), PDN_OK);
            CHECK_STR(buf, strlen(buf), c->canonical);
        }
    }
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/* Knights on b1 and f3 both reach d2; rooks on a1 and a5 both reach a3. */
#define TWO_KNIGHTS "4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1"
/* White pawn on e7, black rook on d8: promotions with and without capture;
 * a queen on e8 checks the king on a4. */
#define PROMOTE "3r4/4P3/8/8/k7/8/8/4K3 w - - 0 1"
/* After 1.e4 d5: exd5 and the pawn push e5 */
#define CENTER "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
/* Scholar's mate in one: Qxf7# */
#define SCHOLAR "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
/* En passant: exf6 e.p. */
#define EP "rnbqkbnr/ppppp1pp/8/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"

static void test_chess_san__resolve(void)
{
    static const resolve_case cases[] = {
        {START, "e4", PDN_SAN_OK, 0, "e4"},
        {START, "Nf3", PDN_SAN_OK, 0, "Nf3"},
        {START, "e5", PDN_SAN_ILLEGAL, 0, NULL},
        {START, "Nd2", PDN_SAN_ILLEGAL, 0, NULL},
        {START, "O-O", PDN_SAN_ILLEGAL, 0, NULL},
        {START, "Ke2", PDN_SAN_ILLEGAL, 0, NULL},
        {START, "--", PDN_SAN_OK, PDN_SAN_NULL_MOVE, "--"},
        {START, "Z0", PDN_SAN_OK, PDN_SAN_NULL_MOVE, "--"},
        /* long forms */
        {START, "e2e4", PDN_SAN_OK, PDN_SAN_LONG, "e4"},
        {START, "e2-e4", PDN_SAN_OK, PDN_SAN_LONG, "e4"},
        {START, "g1f3", PDN_SAN_OK, PDN_SAN_LONG, "Nf3"},
        {START, "Ng1-f3", PDN_SAN_OK, PDN_SAN_LONG, "Nf3"},
        {START, "e2e5", PDN_SAN_ILLEGAL, 0, NULL},
        {START, "e2xe4", PDN_SAN_OK, PDN_SAN_LONG | PDN_SAN_CAPTURE_WRONG, "e4"},
        /* disambiguation */
        {TWO_KNIGHTS, "Nd2", PDN_SAN_AMBIGUOUS, 0, NULL},
        {TWO_KNIGHTS, "Nbd2", PDN_SAN_OK, 0, "Nbd2"},
        {TWO_KNIGHTS, "Nfd2", PDN_SAN_OK, 0, "Nfd2"},
        {TWO_KNIGHTS, "N1d2", PDN_SAN_OK, PDN_SAN_NON_STANDARD, "Nbd2"},
        {TWO_KNIGHTS, "Nb1d2", PDN_SAN_OK, PDN_SAN_OVERSPECIFIED, "Nbd2"},
        {TWO_KNIGHTS, "Nfe5", PDN_SAN_OK, PDN_SAN_OVERSPECIFIED, "Ne5"},
        {TWO_KNIGHTS, "Nf3e5", PDN_SAN_OK, PDN_SAN_OVERSPECIFIED, "Ne5"},
        {TWO_KNIGHTS, "Ra3", PDN_SAN_AMBIGUOUS, 0, NULL},
        {TWO_KNIGHTS, "Rza3", PDN_SAN_MALFORMED, 0, NULL},
        {TWO_KNIGHTS, "R1a3", PDN_SAN_OK, 0, "R1a3"},
        {TWO_KNIGHTS, "R5a3", PDN_SAN_OK, 0, "R5a3"},
        {TWO_KNIGHTS, "Raa3", PDN_SAN_AMBIGUOUS, 0, NULL},
        {TWO_KNIGHTS, "Ra1a3", PDN_SAN_OK, PDN_SAN_OVERSPECIFIED, "R1a3"},
        {TWO_KNIGHTS, "Ne1", PDN_SAN_ILLEGAL, 0, NULL},
        /* capture marks */
        {CENTER, "exd5", PDN_SAN_OK, 0, "exd5"},
        {CENTER, "ed5", PDN_SAN_OK, PDN_SAN_CAPTURE_MISSING, "exd5"},
        {CENTER, "xd5", PDN_SAN_OK, PDN_SAN_NON_STANDARD, "exd5"},
        {CENTER, "d5", PDN_SAN_OK, PDN_SAN_NON_STANDARD | PDN_SAN_CAPTURE_MISSING, "exd5"},
        {CENTER, "e4d5", PDN_SAN_OK, PDN_SAN_LONG, "exd5"},
        {CENTER, "e4-d5", PDN_SAN_OK, PDN_SAN_LONG | PDN_SAN_CAPTURE_MISSING, "exd5"},
        {CENTER, "e5", PDN_SAN_OK, 0, "e5"},
        {CENTER, "xe5", PDN_SAN_OK, PDN_SAN_CAPTURE_WRONG, "e5"},
        {CENTER, "Nxf3", PDN_SAN_OK, PDN_SAN_CAPTURE_WRONG, "Nf3"},
        {CENTER, "Qh5", PDN_SAN_OK, 0, "Qh5"},
        {CENTER, "ee5", PDN_SAN_OK, PDN_SAN_OVERSPECIFIED, "e5"},
        {CENTER, "e4:d5", PDN_SAN_OK, PDN_SAN_LONG | PDN_SAN_NON_STANDARD, "exd5"},
        {EP, "exf6", PDN_SAN_OK, 0, "exf6"},
        {EP, "ef6", PDN_SAN_OK, PDN_SAN_CAPTURE_MISSING, "exf6"},
        {EP, "e5f6", PDN_SAN_OK, PDN_SAN_LONG, "exf6"},
        /* check and mate marks */
        {SCHOLAR, "Qxf7#", PDN_SAN_OK, 0, "Qxf7#"},
        {SCHOLAR, "Qxf7", PDN_SAN_OK, PDN_SAN_CHECK_MISSING, "Qxf7#"},
        {SCHOLAR, "Qxf7+", PDN_SAN_OK, PDN_SAN_CHECK_WRONG, "Qxf7#"},
        {SCHOLAR, "Qf7", PDN_SAN_OK, PDN_SAN_CAPTURE_MISSING | PDN_SAN_CHECK_MISSING, "Qxf7#"},
        {SCHOLAR, "Bxf7+", PDN_SAN_OK, 0, "Bxf7+"},
        {SCHOLAR, "Bxf7#", PDN_SAN_OK, PDN_SAN_CHECK_WRONG, "Bxf7+"},
        {SCHOLAR, "Qxe5+", PDN_SAN_OK, 0, "Qxe5+"},
        {SCHOLAR, "Qh6", PDN_SAN_OK, 0, "Qh6"},
        {SCHOLAR, "Qh6+", PDN_SAN_OK, PDN_SAN_CHECK_WRONG, "Qh6"},
        {SCHOLAR, "Qh6#", PDN_SAN_OK, PDN_SAN_CHECK_WRONG, "Qh6"},
        {SCHOLAR, "Qxf7#!!", PDN_SAN_OK, 0, "Qxf7#"},
        /* promotions */
        {PROMOTE, "e8=Q+", PDN_SAN_OK, 0, "e8=Q+"},
        {PROMOTE, "e8=N", PDN_SAN_OK, 0, "e8=N"},
        {PROMOTE, "exd8=Q", PDN_SAN_OK, 0, "exd8=Q"},
        {PROMOTE, "exd8=R", PDN_SAN_OK, 0, "exd8=R"},
        {PROMOTE, "e8Q", PDN_SAN_OK, PDN_SAN_NON_STANDARD | PDN_SAN_CHECK_MISSING, "e8=Q+"},
        {PROMOTE, "e8=Q", PDN_SAN_OK, PDN_SAN_CHECK_MISSING, "e8=Q+"},
        {PROMOTE, "e7e8q", PDN_SAN_OK, PDN_SAN_LONG | PDN_SAN_CHECK_MISSING, "e8=Q+"},
        {PROMOTE, "e7d8n", PDN_SAN_OK, PDN_SAN_LONG, "exd8=N"},
        {PROMOTE, "e8", PDN_SAN_BAD_PROMOTION, 0, NULL},
        {PROMOTE, "e7e8", PDN_SAN_BAD_PROMOTION, 0, NULL},
        {PROMOTE, "exd8", PDN_SAN_BAD_PROMOTION, 0, NULL},
        {PROMOTE, "e8=K", PDN_SAN_BAD_PROMOTION, 0, NULL},
        {PROMOTE, "Ke2=Q", PDN_SAN_BAD_PROMOTION, 0, NULL},
        {PROMOTE, "Kf2", PDN_SAN_OK, 0, "Kf2"},
        {"4k3/8/8/8/8/8/4p3/K7 b - - 0 1", "e1=Q+", PDN_SAN_OK, 0, "e1=Q+"},
        {"4k3/8/8/8/8/8/4p3/K7 b - - 0 1", "e1=Q", PDN_SAN_OK, PDN_SAN_CHECK_MISSING, "e1=Q+"},
        /* a promotion on the mover's own first rank */
        {"4k3/8/8/8/8/8/4P3/K7 w - - 0 1", "e1=Q", PDN_SAN_BAD_PROMOTION, 0, NULL},
        {"4k3/4p3/8/8/8/8/8/K7 b - - 0 1", "e8=Q", PDN_SAN_BAD_PROMOTION, 0, NULL},
        /* a null move while in check is not a move */
        {"4k3/8/8/8/8/8/8/K3R3 b - - 0 1", "--", PDN_SAN_ILLEGAL, 0, NULL},
    };
    run_resolve(cases, sizeof cases / sizeof cases[0]);
}

static void test_chess_san__castling(void)
{
    static const resolve_case cases[] = {
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", PDN_SAN_OK, 0, "O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", PDN_SAN_OK, 0, "O-O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", PDN_SAN_OK, PDN_SAN_NON_STANDARD, "O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", PDN_SAN_OK, PDN_SAN_LONG, "O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", PDN_SAN_OK, PDN_SAN_LONG, "O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", PDN_SAN_OK, PDN_SAN_LONG, "O-O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ke1-g1", PDN_SAN_OK, PDN_SAN_LONG, "O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ke1g1", PDN_SAN_OK, PDN_SAN_NON_STANDARD, "O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", PDN_SAN_ILLEGAL, 0, NULL},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", PDN_SAN_OK, 0, "O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", PDN_SAN_ILLEGAL, 0, NULL},
        /* through an attacked cell, and out of check */
        {"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O", PDN_SAN_ILLEGAL, 0, NULL},
        {"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O-O", PDN_SAN_OK, 0, "O-O-O"},
        {"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "O-O-O", PDN_SAN_ILLEGAL, 0, NULL},
        /* b1 attacked does not matter: only the king's way */
        {"r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", "O-O-O", PDN_SAN_OK, 0, "O-O-O"},
        /* castling that gives check */
        {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O+", PDN_SAN_OK, 0, "O-O+"},
        {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", PDN_SAN_OK, PDN_SAN_CHECK_MISSING, "O-O+"},
        /* Chess960: king b1, rooks a1 and h1; O-O-O leaves the king on c1 */
        {"1k6/8/8/8/8/8/8/RK5R w HA - 0 1", "O-O-O", PDN_SAN_OK, 0, "O-O-O"},
        {"1k6/8/8/8/8/8/8/RK5R w HA - 0 1", "b1a1", PDN_SAN_OK, PDN_SAN_LONG, "O-O-O"},
        {"1k6/8/8/8/8/8/8/RK5R w HA - 0 1", "b1c1", PDN_SAN_OK, PDN_SAN_LONG, "Kc1"},
        /* Chess960: king on g1 stays there for O-O; the rook on h1 goes to f1 */
        {"6k1/8/8/8/8/8/8/4RKNR w H - 0 1", "O-O", PDN_SAN_ILLEGAL, 0, NULL},
        {"6k1/8/8/8/8/8/8/4RK1R w H - 0 1", "O-O", PDN_SAN_OK, 0, "O-O"},
        {"6k1/8/8/8/8/8/8/5RKR w H - 0 1", "O-O", PDN_SAN_ILLEGAL, 0, NULL},
        {"k7/8/8/8/8/8/8/4RKR1 w G - 0 1", "O-O", PDN_SAN_OK, 0, "O-O"},
        {"k7/8/8/8/8/8/8/4RKR1 w G - 0 1", "f1g1", PDN_SAN_OK, PDN_SAN_LONG, "O-O"},
        /* the castling rook shields the king's cell from a rook on the rank */
        {"4k3/8/8/8/8/8/8/rRK5 w B - 0 1", "O-O-O", PDN_SAN_ILLEGAL, 0, NULL},
    };
    run_resolve(cases, sizeof cases / sizeof cases[0]);
}

static void test_chess_san__refused(void)
{
    pdn_position pos;
    pdn_chess_move m = {0, 0, 0, 0, 0};
    unsigned notes = 99;
    char buf[PDN_SAN_MAX];
    pdn_san san;
    pdn_position_start(&pos, &chess);
    pos.turn = '?';
    CHECK_EQ_INT(pdn_chess_parse_san(&m, &notes, &pos, "e4", 2, NULL), PDN_SAN_BAD_POSITION);
    CHECK_EQ_INT(notes, 0);
    pos.turn = 'W';
    pos.board[4] = 0; /* no white king */
    CHECK_EQ_INT(pdn_chess_parse_san(&m, &notes, &pos, "e4", 2, NULL), PDN_SAN_BAD_POSITION);

    pdn_gametype gt;
    pdn_geometry draughts;
    CHECK_EQ_INT(pdn_gametype_default(&gt, 20), PDN_OK);
    CHECK_EQ_INT(pdn_geometry_init(&draughts, &gt), PDN_OK);
    pdn_position_start(&pos, &draughts);
    CHECK_EQ_INT(pdn_chess_parse_san(&m, &notes, &pos, "e4", 2, NULL), PDN_SAN_BAD_POSITION);
    CHECK_EQ_INT(pdn_chess_format_san(buf, &pos, m), PDN_EINVAL);
    CHECK_EQ_INT(buf[0], '\0');

    /* formatting a move that is not legal */
    pdn_position_start(&pos, &chess);
    pdn_chess_move bad = {12, 36, PDN_PAWN, 0, 0}; /* e2-e5 */
    CHECK_EQ_INT(pdn_chess_format_san(buf, &pos, bad), PDN_EINVAL);
    /* NULL arguments */
    CHECK_EQ_INT(parse("e4", &san, NULL), PDN_SAN_OK);
    CHECK_EQ_INT(pdn_san_resolve(NULL, &notes, &pos, &san), PDN_SAN_MALFORMED);
    CHECK_EQ_INT(pdn_san_resolve(&m, NULL, &pos, &san), PDN_SAN_OK);
    CHECK_EQ_INT(pdn_chess_format_san(NULL, &pos, m), PDN_EINVAL);
}

/*
 * Random text from the characters SAN uses, each in a heap block of its
 * exact length (a sanitizer build catches a read past the end).  Whatever
 * parses prints as text that parses to the same parts, and whatever
 * resolves is a legal move.
 */
static void test_chess_san__random_text(void)
{
    static const char alphabet[] = "abcdefgh12345678NBRQKPOZ0x:-=+#!?()/nbrqk";
    pdn_position positions[2];
    CHECK(load(&positions[0], START));
    CHECK(load(&positions[1], "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"));
    uint32_t seed = 12345;
    long parsed = 0, resolved = 0, bad = 0;
    for (int iter = 0; iter < 200000; iter++) {
        seed = seed * 1103515245u + 12345u;
        size_t len = (seed >> 16) % 9;
        char *text = malloc(len ? len : 1);
        if (text == NULL)
            return;
        for (size_t k = 0; k < len; k++) {
            seed = seed * 1103515245u + 12345u;
            text[k] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
        }
        pdn_san san, again;
        size_t at = 0;
        pdn_san_status st = pdn_san_parse(&san, text, len, &at);
        if (st == PDN_SAN_MALFORMED) {
            bad += at > len;
        } else {
            char buf[PDN_SAN_MAX];
            size_t n = pdn_san_format(&san, buf);
            parsed++;
            bad += n >= PDN_SAN_MAX || at > len;
            /* The printed form may be more canonical, never different in meaning. */
            pdn_san_status st2 = pdn_san_parse(&again, buf, n, &at);
            bad += st2 != st || again.piece != san.piece || again.from_file != san.from_file ||
                   again.from_rank != san.from_rank || again.to_file != san.to_file ||
                   again.to_rank != san.to_rank || again.separator != san.separator ||
                   again.promotion != san.promotion || again.castle != san.castle ||
                   again.null_move != san.null_move || again.check != san.check;
            for (int p = 0; p < 2; p++) {
                pdn_chess_move m, list[PDN_CHESS_MOVES_MAX];
                size_t count = 0, k;
                if (pdn_san_resolve(&m, NULL, &positions[p], &san) != PDN_SAN_OK)
                    continue;
                resolved++;
                if (m.flags & PDN_CHESS_NULL)
                    continue;
                pdn_chess_moves(list, &count, &positions[p]);
                for (k = 0; k < count && !same(list[k], m); k++)
                    ;
                bad += k == count;
            }
        }
        free(text);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(parsed > 1000);
    CHECK(resolved > 10);
}

int main(void)
{
    pdn_gametype gt;
    if (pdn_gametype_default(&gt, 0) != PDN_OK || pdn_geometry_init(&chess, &gt) != PDN_OK) {
        fprintf(stderr, "no chess geometry\n");
        return 1;
    }
    RUN(test_chess_san__round_trips);
    RUN(test_chess_san__assignment);
    RUN(test_chess_san__parts);
    RUN(test_chess_san__malformed);
    RUN(test_chess_san__resolve);
    RUN(test_chess_san__castling);
    RUN(test_chess_san__refused);
    RUN(test_chess_san__random_text);
    return harness_report();
}
