/* SPDX-License-Identifier: MIT */
/*
 * test_diagram.c - unit tests of pdn_write_diagram() (src/render/): exact
 * ASCII diagrams (8x8 draughts with its numbers key, flipped, Spantsiretti's
 * 10x8 with coordinates, chess), Unicode pieces, where pdn_diagram_locate()
 * says each square is drawn (every board), the SVG document's shape
 * (balanced tags, one <use> per piece, where a piece goes when flipped,
 * marks drawn or skipped, the size in pixels), bad options and failing sinks.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"

/* ---------------------------------------------------------------------- */
/* Output                                                                 */
/* ---------------------------------------------------------------------- */

/* Room for the largest diagram written here (an SVG of a full 26x26 board
 * is about 60 KB). */
#define OUT_CAP (256 * 1024)

typedef struct buffer {
    char data[OUT_CAP];
    size_t len;
    int calls;
    int fail_at; /* the call that fails (1-based); 0: never */
} buffer;

static buffer out;

static int buffer_write(void *ctx, const char *data, size_t len)
{
    buffer *b = ctx;
    b->calls++;
    if (b->fail_at != 0 && b->calls >= b->fail_at)
        return -1;
    if (len > OUT_CAP - 1 - b->len)
        return -1;
    memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
    return 0;
}

static pdn_status draw(const pdn_position *pos, const pdn_diagram_options *opts)
{
    out.len = 0;
    out.calls = 0;
    out.fail_at = 0;
    out.data[0] = '\0';
    pdn_sink sink = {buffer_write, &out};
    return pdn_write_diagram(pos, opts, sink);
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0, k = strlen(needle);
    for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + k, needle))
        n++;
    return n;
}

#define CHECK_TEXT(want)                                                                           \
    do {                                                                                           \
        if (!CHECK(strcmp(out.data, want) == 0))                                                   \
            fprintf(stderr, "--- got:\n%s--- expected:\n%s", out.data, want);                      \
    } while (0)

/* ---------------------------------------------------------------------- */
/* Positions                                                              */
/* ---------------------------------------------------------------------- */

static pdn_geometry geometry;
static pdn_position position;

/* The starting position of a bare GameType number ("20", "41", "0"). */
static void start(const char *type)
{
    pdn_gametype gt;
    CHECK_EQ_INT(pdn_parse_gametype(&gt, type, strlen(type), NULL), PDN_D_NONE);
    CHECK_EQ_INT(pdn_geometry_init(&geometry, &gt), PDN_OK);
    pdn_position_start(&position, &geometry);
}

static void put(const char *square, pdn_piece piece)
{
    pdn_square s;
    if (square[0] >= 'a' && square[0] <= 'z')
        s = PDN_SQUARE_MAKE_ALPHA(square[0] - 'a', atoi(square + 1));
    else
        s = (pdn_square)atoi(square);
    int cell = pdn_geometry_cell(&geometry, s);
    CHECK(cell >= 0);
    if (cell >= 0)
        position.board[cell] = piece;
}

static size_t piece_count(void)
{
    size_t n = 0;
    for (int c = 0; c < geometry.width * geometry.height; c++)
        n += position.board[c] != 0;
    return n;
}

/* ---------------------------------------------------------------------- */
/* ASCII and Unicode                                                      */
/* ---------------------------------------------------------------------- */

static void test_diagram__english_start_with_numbers(void)
{
    start("21");
    put("32", PDN_WHITE | PDN_KING); /* g1 */
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    /* Seen from White, English 1 = b8 and 32 = g1 (variant-rules.md 1.2). */
    CHECK_TEXT("+-----------------+   +-------------------------+\n"
               "|   b   b   b   b |   |     1     2     3     4 |\n"
               "| b   b   b   b   |   |  5     6     7     8    |\n"
               "|   b   b   b   b |   |     9    10    11    12 |\n"
               "| .   .   .   .   |   | 13    14    15    16    |\n"
               "|   .   .   .   . |   |    17    18    19    20 |\n"
               "| w   w   w   w   |   | 21    22    23    24    |\n"
               "|   w   w   w   w |   |    25    26    27    28 |\n"
               "| w   w   w   W   |   | 29    30    31    32    |\n"
               "+-----------------+   +-------------------------+\n");
}

static void test_diagram__english_flipped(void)
{
    start("21");
    put("32", PDN_WHITE | PDN_KING);
    put("1", PDN_BLACK | PDN_KING);
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.flip = 1;
    o.labels = PDN_LABEL_COORDS | PDN_LABEL_NUMBERS;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK_TEXT("  +-----------------+   +-------------------------+\n"
               "1 |   W   w   w   w |   |    32    31    30    29 |\n"
               "2 | w   w   w   w   |   | 28    27    26    25    |\n"
               "3 |   w   w   w   w |   |    24    23    22    21 |\n"
               "4 | .   .   .   .   |   | 20    19    18    17    |\n"
               "5 |   .   .   .   . |   |    16    15    14    13 |\n"
               "6 | b   b   b   b   |   | 12    11    10     9    |\n"
               "7 |   b   b   b   b |   |     8     7     6     5 |\n"
               "8 | b   b   b   B   |   |  4     3     2     1    |\n"
               "  +-----------------+   +-------------------------+\n"
               "    h g f e d c b a\n");
}

static void test_diagram__spantsiretti_10x8(void)
{
    start("41");
    put("e5", PDN_BLACK | PDN_KING);
    put("f4", PDN_ANY_COLOR | PDN_MAN);
    put("h4", PDN_ANY_COLOR | PDN_KING);
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT; /* algebraic: coordinates */
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK_TEXT("  +---------------------+\n"
               "8 |   b   b   b   b   b |\n"
               "7 | b   b   b   b   b   |\n"
               "6 |   b   b   b   b   b |\n"
               "5 | .   .   B   .   .   |\n"
               "4 |   .   .   ?   !   . |\n"
               "3 | w   w   w   w   w   |\n"
               "2 |   w   w   w   w   w |\n"
               "1 | w   w   w   w   w   |\n"
               "  +---------------------+\n"
               "    a b c d e f g h i j\n");
    o.labels = 0;
    o.flip = 1;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK_TEXT("+---------------------+\n"
               "|   w   w   w   w   w |\n"
               "| w   w   w   w   w   |\n"
               "|   w   w   w   w   w |\n"
               "| .   !   ?   .   .   |\n"
               "|   .   .   B   .   . |\n"
               "| b   b   b   b   b   |\n"
               "|   b   b   b   b   b |\n"
               "| b   b   b   b   b   |\n"
               "+---------------------+\n");
}

static void test_diagram__chess(void)
{
    start("0");
    position.board[12] = 0;                      /* e2 */
    position.board[28] = PDN_WHITE | PDN_PAWN;   /* e4 */
    position.board[45] = PDN_BLACK | PDN_KNIGHT; /* f6 */
    position.board[62] = 0;                      /* g8 */
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.labels = PDN_LABEL_AUTO | PDN_LABEL_NUMBERS; /* chess has no numbers */
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK_TEXT("  +-----------------+\n"
               "8 | r n b q k b   r |\n"
               "7 | p p p p p p p p |\n"
               "6 |   .   .   n   . |\n"
               "5 | .   .   .   .   |\n"
               "4 |   .   . P .   . |\n"
               "3 | .   .   .   .   |\n"
               "2 | P P P P   P P P |\n"
               "1 | R N B Q K B N R |\n"
               "  +-----------------+\n"
               "    a b c d e f g h\n");
}

static void test_diagram__unicode(void)
{
    start("20");
    put("1", PDN_BLACK | PDN_KING);
    put("50", PDN_WHITE | PDN_KING);
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.format = PDN_DIAGRAM_UNICODE;
    o.labels = 0;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK_EQ_INT(count(out.data, "\xE2\x9B\x80"), 19); /* white men */
    CHECK_EQ_INT(count(out.data, "\xE2\x9B\x81"), 1);  /* white king */
    CHECK_EQ_INT(count(out.data, "\xE2\x9B\x82"), 19); /* black men */
    CHECK_EQ_INT(count(out.data, "\xE2\x9B\x83"), 1);  /* black king */
    CHECK_EQ_INT(count(out.data, "\xC2\xB7"), 10);     /* empty playing squares */
    CHECK(strncmp(out.data, "\xE2\x94\x8C", 3) == 0);  /* box drawing frame */
    CHECK_EQ_INT(count(out.data, "\n"), 12);

    start("0");
    o.labels = PDN_LABEL_AUTO;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK(strstr(out.data, "8 \xE2\x94\x82 \xE2\x99\x9C \xE2\x99\x9E") != NULL); /* │ ♜ ♞ */
    CHECK_EQ_INT(count(out.data, "\xE2\x99\x99"), 8);                            /* ♙ */
    CHECK_EQ_INT(count(out.data, "\xE2\x99\x9A"), 1);                            /* ♚ */
    CHECK(strstr(out.data, "    a b c d e f g h\n") != NULL);
}

static void test_diagram__largest_and_smallest(void)
{
    static const char *const types[] = {"20,W,26,26,N2,0", "20,W,4,4,A0,0"};
    for (int k = 0; k < 2; k++) {
        pdn_gametype gt;
        CHECK_EQ_INT(pdn_parse_gametype(&gt, types[k], strlen(types[k]), NULL), PDN_D_NONE);
        CHECK_EQ_INT(pdn_geometry_init(&geometry, &gt), PDN_OK);
        pdn_position_start(&position, &geometry);
        pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
        o.labels = PDN_LABEL_NUMBERS | PDN_LABEL_COORDS;
        CHECK_EQ_INT(draw(&position, &o), PDN_OK);
        /* a frame line, the rows, a frame line, the file letters */
        CHECK_EQ_INT(count(out.data, "\n"), geometry.height + 3);
        if (k == 0) {
            CHECK(strstr(out.data, "\n26 |") != NULL);
            CHECK(strstr(out.data, " 338     |\n") != NULL); /* 3 digits wide; z1 is light */
            CHECK(strstr(out.data, "z\n") != NULL);
        } else {
            CHECK(strstr(out.data, "    a b c d\n") != NULL);
        }
        o.format = PDN_DIAGRAM_SVG;
        CHECK_EQ_INT(draw(&position, &o), PDN_OK);
        CHECK_EQ_INT(count(out.data, "<use "), piece_count());
    }
}

/* ---------------------------------------------------------------------- */
/* Where a square is drawn (pdn_diagram_locate)                           */
/* ---------------------------------------------------------------------- */

/* The character at `column` (counted in characters) of line `line` of the
 * last diagram drawn, as its UTF-8 bytes in `buf`; "" past the end. */
static const char *char_at(int line, int column, char buf[8])
{
    const char *p = out.data;
    for (int k = 0; k < line && p != NULL; k++) {
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    buf[0] = '\0';
    if (p == NULL)
        return buf;
    for (int k = 0; k <= column; k++) {
        if (*p == '\n' || *p == '\0')
            return buf;
        size_t n = 1;
        while ((p[n] & 0xC0) == 0x80)
            n++;
        if (k == column) {
            memcpy(buf, p, n);
            buf[n] = '\0';
        }
        p += n;
    }
    return buf;
}

/* Pieces put on the board in turn, and their signs in ASCII and Unicode. */
static const pdn_piece draughts_pieces[4] = {PDN_WHITE | PDN_MAN, PDN_BLACK | PDN_MAN,
                                             PDN_WHITE | PDN_KING, PDN_BLACK | PDN_KING};
static const char *const draughts_signs[2][4] = {
    {"w", "b", "W", "B"}, {"\xE2\x9B\x80", "\xE2\x9B\x82", "\xE2\x9B\x81", "\xE2\x9B\x83"}};
static const pdn_piece chess_pieces[4] = {PDN_WHITE | PDN_KNIGHT, PDN_BLACK | PDN_QUEEN,
                                          PDN_WHITE | PDN_PAWN, PDN_BLACK | PDN_CHESS_KING};
static const char *const chess_signs[2][4] = {
    {"N", "q", "P", "k"}, {"\xE2\x99\x98", "\xE2\x99\x9B", "\xE2\x99\x99", "\xE2\x99\x9A"}};

/* Checks the sign drawn where pdn_diagram_locate() places cell `c`;
 * false (after saying what went wrong) when it is not `want`. */
static int sign_at(int c, const pdn_diagram_options *o, const char *want)
{
    pdn_diagram_spot spot;
    char got[8] = "";
    pdn_status st = pdn_diagram_locate(&spot, &geometry, o, c);
    if (st == PDN_OK && spot.width == 1 && strcmp(char_at(spot.line, spot.column, got), want) == 0)
        return 1;
    fprintf(stderr,
            "    %dx%d board, cell %d, format %d, flip %d, labels %u: status %d, '%s' at "
            "%d:%d (width %d), expected '%s' in\n%s",
            geometry.width, geometry.height, c, (int)o->format, o->flip, o->labels, (int)st, got,
            spot.line, spot.column, spot.width, want, out.data);
    return 0;
}

/*
 * Every cell of the board, flipped and not, in ASCII and Unicode, with
 * each choice of labels: on an empty board the sign at the place
 * pdn_diagram_locate() gives is the empty square's ('.' or blank), and
 * with a piece on that cell alone it is the piece, which the diagram shows
 * once.  Stops at the first disagreement, which it shows.
 */
static int locate_every_cell(void)
{
    static const unsigned labels[] = {0, PDN_LABEL_NUMBERS, PDN_LABEL_COORDS,
                                      PDN_LABEL_NUMBERS | PDN_LABEL_COORDS, PDN_LABEL_AUTO};
    int cells = geometry.width * geometry.height;
    for (int format = 0; format < 2; format++)
        for (int flip = 0; flip < 2; flip++)
            for (size_t k = 0; k < sizeof labels / sizeof labels[0]; k++) {
                pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
                o.format = format ? PDN_DIAGRAM_UNICODE : PDN_DIAGRAM_ASCII;
                o.flip = flip;
                o.labels = labels[k];
                pdn_position_clear(&position, &geometry);
                if (!CHECK(draw(&position, &o) == PDN_OK))
                    return 0;
                for (int c = 0; c < cells; c++) {
                    int light = geometry.chess ? (c / geometry.width + c % geometry.width) % 2
                                               : !geometry.all_playing && !geometry.number_of[c];
                    if (!CHECK(sign_at(c, &o, light ? " " : format ? "\xC2\xB7" : ".")))
                        return 0;
                }
                for (int c = 0; c < cells; c++) {
                    pdn_position_clear(&position, &geometry);
                    position.board[c] =
                        geometry.chess ? chess_pieces[c % 4] : draughts_pieces[c % 4];
                    const char *sign =
                        geometry.chess ? chess_signs[format][c % 4] : draughts_signs[format][c % 4];
                    if (!CHECK(draw(&position, &o) == PDN_OK) || !CHECK(sign_at(c, &o, sign)))
                        return 0;
                    /* Once on the board: the lines down to its bottom
                     * edge (the file letters under it may be 'b' or 'w'). */
                    char *end = out.data;
                    for (int line = 0; line < geometry.height + 2 && end; line++)
                        end = strchr(end + 1, '\n');
                    if (end)
                        *end = '\0';
                    if (!CHECK(count(out.data, sign) == 1))
                        return 0;
                }
            }
    return 1;
}

static void test_diagram__locate(void)
{
    /* Every GameType of the standard's table, a 16x16 and a 26x26 board. */
    int boards = 0;
    for (int type = 0; type < 100; type++) {
        pdn_gametype gt;
        if (pdn_gametype_default(&gt, type) != PDN_OK)
            continue;
        CHECK_EQ_INT(pdn_geometry_init(&geometry, &gt), PDN_OK);
        boards++;
        if (!locate_every_cell())
            return;
    }
    CHECK_EQ_INT(boards, 15); /* 0, 20-31, 40, 41 */
    static const char *const tuples[] = {"20,W,16,16,N1,0", "20,W,26,26,N2,0", "20,B,10,8,A1,1"};
    for (size_t k = 0; k < sizeof tuples / sizeof tuples[0]; k++) {
        pdn_gametype gt;
        CHECK_EQ_INT(pdn_parse_gametype(&gt, tuples[k], strlen(tuples[k]), NULL), PDN_D_NONE);
        CHECK_EQ_INT(pdn_geometry_init(&geometry, &gt), PDN_OK);
        if (!locate_every_cell())
            return;
    }

    /* Known places: International, numbers key, flipped or not. */
    start("20");
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    pdn_diagram_spot spot;
    CHECK_EQ_INT(pdn_diagram_locate(&spot, &geometry, &o, pdn_geometry_cell(&geometry, 1)), PDN_OK);
    CHECK_EQ_INT(spot.line, 1);   /* under the top edge */
    CHECK_EQ_INT(spot.column, 4); /* "|   b" */
    o.flip = 1;
    CHECK_EQ_INT(pdn_diagram_locate(&spot, &geometry, &o, pdn_geometry_cell(&geometry, 1)), PDN_OK);
    CHECK_EQ_INT(spot.line, 10);
    CHECK_EQ_INT(spot.column, 18);
    o.labels = PDN_LABEL_COORDS; /* "10 |" before the frame */
    CHECK_EQ_INT(pdn_diagram_locate(&spot, &geometry, &o, pdn_geometry_cell(&geometry, 1)), PDN_OK);
    CHECK_EQ_INT(spot.column, 21);

    /* What has no place. */
    o = (pdn_diagram_options)PDN_DIAGRAM_OPTIONS_INIT;
    CHECK_EQ_INT(pdn_diagram_locate(&spot, &geometry, &o, -1), PDN_EINVAL);
    CHECK_EQ_INT(spot.line, -1);
    CHECK_EQ_INT(spot.column, -1);
    CHECK_EQ_INT(spot.width, 0);
    CHECK_EQ_INT(pdn_diagram_locate(&spot, &geometry, &o, 100), PDN_EINVAL);
    CHECK_EQ_INT(pdn_diagram_locate(&spot, &geometry, &o, 99), PDN_OK);
    CHECK_EQ_INT(pdn_diagram_locate(NULL, &geometry, &o, 0), PDN_EINVAL);
    CHECK_EQ_INT(pdn_diagram_locate(&spot, NULL, &o, 0), PDN_EINVAL);
    CHECK_EQ_INT(pdn_diagram_locate(&spot, &geometry, NULL, 0), PDN_EINVAL);
    o.format = PDN_DIAGRAM_SVG;
    CHECK_EQ_INT(pdn_diagram_locate(&spot, &geometry, &o, 0), PDN_EINVAL);
    CHECK_EQ_INT(spot.line, -1);
    o.format = (pdn_diagram_format)7;
    CHECK_EQ_INT(pdn_diagram_locate(&spot, &geometry, &o, 0), PDN_EINVAL);
    o.format = PDN_DIAGRAM_ASCII;
    o.labels = 4;
    CHECK_EQ_INT(pdn_diagram_locate(&spot, &geometry, &o, 0), PDN_EINVAL);
    o.labels = PDN_LABEL_AUTO;
    o.version = 0;
    CHECK_EQ_INT(pdn_diagram_locate(&spot, &geometry, &o, 0), PDN_EINVAL);
}

/* ---------------------------------------------------------------------- */
/* SVG                                                                    */
/* ---------------------------------------------------------------------- */

/* 1 when every element is closed in order; counts elements called `name`. */
static int balanced(const char *s, const char *name, size_t *named)
{
    const char *stack[64];
    size_t stack_len[64], depth = 0, nlen = strlen(name);
    *named = 0;
    for (const char *p = strchr(s, '<'); p != NULL; p = strchr(p + 1, '<')) {
        if (p[1] == '?') /* the XML declaration */
            continue;
        const char *end = strchr(p, '>');
        if (end == NULL)
            return 0;
        int closing = p[1] == '/';
        const char *n = p + 1 + closing;
        size_t len = strcspn(n, " />\n");
        if (closing) {
            if (depth == 0 || stack_len[depth - 1] != len || memcmp(stack[depth - 1], n, len))
                return 0;
            depth--;
            continue;
        }
        if (len == nlen && memcmp(n, name, len) == 0)
            (*named)++;
        if (end[-1] == '/')
            continue;
        if (depth == 64)
            return 0;
        stack[depth] = n;
        stack_len[depth++] = len;
    }
    return depth == 0;
}

static void test_diagram__svg_document(void)
{
    start("20");
    put("5", PDN_BLACK | PDN_KING);
    put("48", PDN_WHITE | PDN_KING);
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.format = PDN_DIAGRAM_SVG;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    size_t n;
    CHECK(balanced(out.data, "use", &n));
    CHECK_EQ_INT(n, 40);
    static const char head[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                               "<svg xmlns=\"http://www.w3.org/2000/svg\"";
    CHECK(strncmp(out.data, head, sizeof head - 1) == 0);
    CHECK(strstr(out.data, " width=\"500\" height=\"500\" viewBox=\"0 0 1000 1000\"") != NULL);
    CHECK(balanced(out.data, "text", &n));
    CHECK_EQ_INT(n, 50); /* numbers, no coordinates */
    CHECK_EQ_INT(count(out.data, "href=\"#pdn-white-man\""), 19);
    CHECK_EQ_INT(count(out.data, "href=\"#pdn-black-king\""), 1);
    CHECK_EQ_INT(count(out.data, "<g id=\""), 4); /* one shape per kind used */
    CHECK(balanced(out.data, "rect", &n));
    /* the board, 50 dark squares, the frame */
    CHECK_EQ_INT(n, 52);
    /* Square 46 (a1) is the bottom-left square; flipped, the top-right. */
    CHECK(strstr(out.data, "<use href=\"#pdn-white-man\" x=\"0\" y=\"900\"/>") != NULL);
    o.flip = 1;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK(strstr(out.data, "<use href=\"#pdn-white-man\" x=\"900\" y=\"0\"/>") != NULL);
    CHECK(strstr(out.data, ">46</text>") != NULL);

    /* Coordinates widen the document by a band; sizes keep two decimals. */
    o.labels = PDN_LABEL_COORDS;
    o.square_size = 45;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK(strstr(out.data, " width=\"472.5\" height=\"472.5\" viewBox=\"0 0 1050 1050\"") != NULL);
    CHECK(balanced(out.data, "text", &n));
    CHECK_EQ_INT(n, 20);
    o.square_size = 33;
    o.labels = 0;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK(strstr(out.data, " width=\"330\" height=\"330\"") != NULL);
}

static void test_diagram__svg_chess(void)
{
    start("0");
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.format = PDN_DIAGRAM_SVG;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    size_t n;
    CHECK(balanced(out.data, "use", &n));
    CHECK_EQ_INT(n, 32);
    CHECK_EQ_INT(count(out.data, "<g id=\""), 12);
    CHECK_EQ_INT(count(out.data, "href=\"#pdn-black-pawn\""), 8);
    CHECK_EQ_INT(count(out.data, "href=\"#pdn-white-chess-king\" x=\"450\" y=\"700\""), 1);
    CHECK(balanced(out.data, "text", &n));
    CHECK_EQ_INT(n, 16); /* a-h, 1-8 */
    CHECK(strstr(out.data, "<text x=\"25\" y=\"61\">8</text>") != NULL);
    CHECK(strstr(out.data, "class=\"numbers\"") == NULL);
}

static void test_diagram__svg_marks(void)
{
    start("0");
    pdn_mark marks[] = {
        {'R', PDN_SQUARE_MAKE_ALPHA(4, 4), PDN_SQUARE_MAKE_ALPHA(4, 4)}, /* e4 */
        {'G', PDN_SQUARE_MAKE_ALPHA(4, 2), PDN_SQUARE_MAKE_ALPHA(4, 4)}, /* e2-e4 */
        {'Y', PDN_SQUARE_MAKE_ALPHA(8, 1), PDN_SQUARE_MAKE_ALPHA(8, 1)}, /* i1: off */
        {'B', 22, 22},                                                   /* no numbers */
        {'B', PDN_SQUARE_MAKE_ALPHA(0, 1), PDN_SQUARE_MAKE_ALPHA(0, 9)}, /* a9: off */
        {'Q', PDN_SQUARE_MAKE_ALPHA(7, 8), PDN_SQUARE_MAKE_ALPHA(7, 8)}, /* h8 */
    };
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    o.format = PDN_DIAGRAM_SVG;
    o.labels = 0;
    o.marks = marks;
    o.mark_count = sizeof marks / sizeof marks[0];
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    size_t n;
    CHECK(balanced(out.data, "line", &n));
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(count(out.data, "class=\"highlight\""), 2);
    CHECK(strstr(out.data, "x=\"400\" y=\"400\" width=\"100\" height=\"100\" fill=\"#e0201b\"") !=
          NULL);
    CHECK(strstr(out.data, "x=\"700\" y=\"0\" width=\"100\" height=\"100\" fill=\"#808080\"") !=
          NULL);
    /* The arrow starts at e2's centre and its head's tip is e4's centre. */
    CHECK(strstr(out.data, "<line x1=\"450\" y1=\"650\" x2=\"450\" y2=\"482\"") != NULL);
    CHECK(strstr(out.data, "<polygon points=\"450,450 ") != NULL);
    /* Highlights lie under the pieces, arrows over them. */
    const char *hl = strstr(out.data, "class=\"highlights\""),
               *pc = strstr(out.data, "class=\"pieces\""),
               *ar = strstr(out.data, "class=\"arrows\"");
    CHECK(hl != NULL && pc != NULL && ar != NULL && hl < pc && pc < ar);

    /* Numeric marks on a numeric board; flipped. */
    start("20");
    pdn_mark numeric[] = {{'G', 46, 46}, {'R', 32, 28}, {'Y', 51, 51}};
    o.marks = numeric;
    o.mark_count = 3;
    o.flip = 1;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK(strstr(out.data, "x=\"900\" y=\"0\" width=\"100\" height=\"100\" fill=\"#15a035\"") !=
          NULL);
    CHECK_EQ_INT(count(out.data, "class=\"highlight\""), 1);
    CHECK_EQ_INT(count(out.data, "class=\"arrow\""), 1);
    /* No marks: no empty groups. */
    o.mark_count = 0;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK(strstr(out.data, "highlight") == NULL && strstr(out.data, "arrow") == NULL);
}

static void test_diagram__turkish_and_empty(void)
{
    start("30");
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK(strstr(out.data, "6 | b b b b b b b b |\n") != NULL);
    CHECK(strstr(out.data, "5 | . . . . . . . . |\n") != NULL);
    o.format = PDN_DIAGRAM_SVG;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK(strstr(out.data, "class=\"grid\"") != NULL);

    pdn_position_clear(&position, &geometry);
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    size_t n;
    CHECK(balanced(out.data, "use", &n));
    CHECK_EQ_INT(n, 0);
    CHECK(strstr(out.data, "<defs>") == NULL);
}

/* ---------------------------------------------------------------------- */
/* Errors                                                                 */
/* ---------------------------------------------------------------------- */

static void test_diagram__bad_options(void)
{
    start("20");
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    pdn_sink sink = {buffer_write, &out};
    CHECK_EQ_INT(pdn_write_diagram(NULL, &o, sink), PDN_EINVAL);
    CHECK_EQ_INT(pdn_write_diagram(&position, NULL, sink), PDN_EINVAL);
    pdn_sink no_write = {NULL, NULL};
    CHECK_EQ_INT(pdn_write_diagram(&position, &o, no_write), PDN_EINVAL);
    o.version = 2;
    CHECK_EQ_INT(draw(&position, &o), PDN_EINVAL);
    o.version = PDN_DIAGRAM_OPTIONS_VERSION;
    o.format = (pdn_diagram_format)3;
    CHECK_EQ_INT(draw(&position, &o), PDN_EINVAL);
    o.format = PDN_DIAGRAM_SVG;
    o.square_size = 0;
    CHECK_EQ_INT(draw(&position, &o), PDN_EINVAL);
    o.square_size = 50;
    o.labels = 4;
    CHECK_EQ_INT(draw(&position, &o), PDN_EINVAL);
    o.labels = PDN_LABEL_AUTO;
    o.mark_count = 1;
    CHECK_EQ_INT(draw(&position, &o), PDN_EINVAL);
    CHECK_EQ_INT(out.len, 0);
    o.mark_count = 0;
    pdn_position loose = position;
    loose.geometry = NULL;
    CHECK_EQ_INT(draw(&loose, &o), PDN_EINVAL);
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
}

static void test_diagram__sink_failure(void)
{
    start("20");
    pdn_diagram_options o = PDN_DIAGRAM_OPTIONS_INIT;
    pdn_sink sink = {buffer_write, &out};
    for (int format = 0; format < 3; format++) {
        o.format = (pdn_diagram_format)format;
        out.len = 0;
        out.calls = 0;
        out.fail_at = 1;
        CHECK_EQ_INT(pdn_write_diagram(&position, &o, sink), PDN_EIO);
    }
    /* An SVG of a 26x26 board takes several writes: a failure in the middle
     * stops the writer too. */
    pdn_gametype gt;
    CHECK_EQ_INT(pdn_parse_gametype(&gt, "20,W,26,26,N2,0", 15, NULL), PDN_D_NONE);
    CHECK_EQ_INT(pdn_geometry_init(&geometry, &gt), PDN_OK);
    pdn_position_start(&position, &geometry);
    o.format = PDN_DIAGRAM_SVG;
    CHECK_EQ_INT(draw(&position, &o), PDN_OK);
    CHECK(out.calls >= 3);
    out.len = 0;
    out.calls = 0;
    out.fail_at = 2;
    CHECK_EQ_INT(pdn_write_diagram(&position, &o, sink), PDN_EIO);
    CHECK_EQ_INT(out.calls, 2); /* nothing more after the failure */
}

int main(void)
{
    RUN(test_diagram__english_start_with_numbers);
    RUN(test_diagram__english_flipped);
    RUN(test_diagram__spantsiretti_10x8);
    RUN(test_diagram__chess);
    RUN(test_diagram__unicode);
    RUN(test_diagram__largest_and_smallest);
    RUN(test_diagram__locate);
    RUN(test_diagram__svg_document);
    RUN(test_diagram__svg_chess);
    RUN(test_diagram__svg_marks);
    RUN(test_diagram__turkish_and_empty);
    RUN(test_diagram__bad_options);
    RUN(test_diagram__sink_failure);
    return harness_report();
}
