/* SPDX-License-Identifier: MIT */
/*
 * test_rules_board.c - the resolver's set-up against a plain reading of
 * every cell written here: pdn_rules__board() (an empty board copied, then
 * the occupied cells found eight at a time) and pdn_rules__bb_load() (the
 * layout's squares alone), on random positions of every GameType's board
 * with pieces of every value on playing and other cells, in the last cells
 * too: the same status, colour, board and bits; and pdn_rules__board_bits(),
 * which fills both in one pass, against the two.
 */
#include "harness.h"
#include "rules/rules.h"
#include "support/draughts.h"
#include "support/rng.h"

#include <string.h>

/* pdn_rules__board() as its comment says, one cell at a time. */
static pdn_status plain_board(const pdn_draughts *d, const pdn_position *pos, uint8_t *board,
                              unsigned *color)
{
    if (!pdn_rules__same_board(d, pos->geometry) || (pos->turn != 'W' && pos->turn != 'B'))
        return PDN_EINVAL;
    *color = pos->turn == 'W' ? PDN_WHITE : PDN_BLACK;
    const pdn_geometry *g = &d->geometry;
    for (int c = 0; c < d->cells; c++) {
        unsigned p = pos->board[c], kind = PDN_PIECE_KIND(p);
        if (!g->all_playing && g->number_of[c] == 0)
            board[c] = CELL_OFF;
        else if (PDN_PIECE_COLOR(p) == 0)
            board[c] = 0;
        else if (kind != PDN_MAN && kind != PDN_KING)
            return PDN_EINVAL;
        else
            board[c] = (uint8_t)p;
    }
    board[d->cells] = CELL_OFF;
    return PDN_OK;
}

/* pdn_rules__bb_load() over all 64 bits. */
static void plain_bits(pdn_rules__bits *out, const pdn_draughts *d, const uint8_t *board)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < 64; i++) {
        int c = d->bb.cell[i];
        if (c < 0 || board[c] == 0)
            continue;
        uint64_t b = (uint64_t)1 << i;
        unsigned col = board[c] & 3u;
        if (col != PDN_WHITE && col != PDN_BLACK)
            out->other |= b;
        else if (board[c] & PDN_KING)
            out->kings[col == PDN_BLACK] |= b;
        else
            out->men[col == PDN_BLACK] |= b;
    }
}

/* A piece value: mostly men and kings, now and then another. */
static pdn_piece some_piece(void)
{
    static const pdn_piece good[4] = {PDN_MAN | PDN_WHITE, PDN_MAN | PDN_BLACK,
                                      PDN_KING | PDN_WHITE, PDN_KING | PDN_BLACK};
    static const pdn_piece odd[] = {PDN_MAN, PDN_KING, 1,    2,           3,           7,
                                    12,      15,       16,   17,          19,          0x40,
                                    0x80,    0xFF,     0x0F, PDN_MAN | 3, PDN_KING | 3};
    return rnd(30) != 0 ? good[rnd(4)] : odd[rnd(sizeof odd)];
}

static void test_agrees(void)
{
    long ok = 0, refused = 0, wrong = 0, bits = 0;
    int engines = 0;
    for (int type = 20; type <= 45; type++) {
        pdn_geometry g;
        pdn_draughts *d = test_engine(type, 0, &g);
        if (d == NULL)
            continue;
        engines++;
        int cells = g.width * g.height;
        for (int k = 0; k < 2000; k++) {
            pdn_position pos;
            pdn_position_clear(&pos, &g);
            pos.turn = rnd(30) == 0 ? '?' : rnd(2) ? 'W' : 'B';
            int pieces = (int)rnd((unsigned)g.square_count + 1);
            for (int i = 0; i < pieces; i++) {
                int c = g.cell_of[1 + rnd((unsigned)g.square_count)];
                pos.board[c] = rnd(8) ? some_piece() : 0;
            }
            for (int i = (int)rnd(3); i > 0; i--) /* anywhere, playing or not */
                pos.board[rnd((unsigned)cells)] = some_piece();
            if (rnd(4) == 0) /* past the last full word */
                pos.board[cells - 1 - (int)rnd(8)] = some_piece();
            uint8_t a[PDN_CELL_MAX + 1], b[PDN_CELL_MAX + 1];
            unsigned ca = 0, cb = 0;
            pdn_status sa = pdn_rules__board(d, &pos, a, &ca);
            pdn_status sb = plain_board(d, &pos, b, &cb);
            if (sa != sb || (sa == PDN_OK && (ca != cb || memcmp(a, b, (size_t)cells + 1) != 0))) {
                wrong++;
                continue;
            }
            if (sa != PDN_OK) {
                /* refused the same with the bits */
                pdn_rules__bits z;
                if (d->bb.ok)
                    wrong += pdn_rules__board_bits(d, &pos, a, &ca, &z) != sa;
                refused++;
                continue;
            }
            ok++;
            if (d->bb.ok) {
                pdn_rules__bits x, y, z;
                pdn_rules__bb_load(&x, d, a);
                plain_bits(&y, d, a);
                wrong += memcmp(&x, &y, sizeof x) != 0;
                /* and the same pass with the bits */
                uint8_t e[PDN_CELL_MAX + 1];
                unsigned ce = 0;
                memset(&z, 0xA5, sizeof z);
                wrong += pdn_rules__board_bits(d, &pos, e, &ce, &z) != PDN_OK || ce != ca ||
                         memcmp(e, a, (size_t)cells + 1) != 0 || memcmp(&z, &y, sizeof z) != 0;
                bits++;
            }
        }
        pdn_draughts_free(d);
    }
    CHECK_EQ_INT(wrong, 0);
    CHECK(engines >= 13);
    CHECK(ok > 20000);
    CHECK(refused > 5000);
    CHECK(bits > 15000);
    printf("rules_board: %d engines, %ld boards taken (%ld with bits), %ld refused\n", engines, ok,
           bits, refused);
}

int main(void)
{
    RUN(test_agrees);
    return harness_report();
}
