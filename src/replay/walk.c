/* SPDX-License-Identifier: MIT */
/*
 * walk.c - the replay walk: the game tree in text order without recursion
 * (variations nest without limit), one live position, and per nesting level
 * the position before the line's last move (where a variation of that move
 * starts) and the position to resume from after the variation, each with
 * the live chess board when there was one (saving its loading again).  Runs
 * of draughts moves that the live bitboards resolve at once are played by
 * a loop of its own (quick_loop(), copied with and without records), and so
 * are runs of chess moves in canonical SAN with no variation among them
 * (chess_run()).
 */
#include "base/bits.h"
#include "chess/quick.h"
#include "replay/replay.h"

#include <stddef.h>
#include <string.h>

typedef struct frame {
    const pdn_node *child;      /* next item of the sequence */
    bool valid;                 /* the live position is known */
    bool before_valid;          /* slot 0 holds the position before the last move */
    bool moved;                 /* a move has been seen in this line */
    bool kept[2];               /* slot 0 / 1 holds the live chess board too */
    uint32_t ply, before_ply;   /* plies of the line so far; before its last move */
    uint32_t snap, before_snap; /* snapshot numbers of the same, or REPLAY_NONE */
} frame;

size_t pdn_replay__frame_size(void)
{
    return sizeof(frame);
}

/* The bytes of one slot: a snapshot, and for chess a pdn_chess__board after
 * it (snap_size keeps it aligned, but it is copied with memcpy()). */
static size_t slot_size(const pdn_replay *r)
{
    return r->snap_size + (r->geo.chess ? sizeof(pdn_chess__board) : 0);
}

static unsigned char *slot(pdn_replay *r, size_t depth, int which)
{
    return (unsigned char *)r->slots.data + (depth * 2 + (size_t)which) * slot_size(r);
}

/* Saves the walk's position in slot `which` of `depth`: the live chess
 * board alone when there is one, else the snapshot. */
static void save_slot(pdn_replay *r, frame *f, size_t depth, int which, pdn_position *pos,
                      pdn_draughts_state *st)
{
    unsigned char *s = slot(r, depth, which);
    f->kept[which] = r->geo.chess && r->live_ok;
    if (f->kept[which]) {
        /* The board alone is read back from a slot that kept it. */
        memcpy(s + r->snap_size, &r->chess_live, sizeof r->chess_live);
        return;
    }
    pdn_replay__sync(r, pos, st);
    pdn_replay__save(r, s, pos, st);
}

/* Makes the position of slot `which` of `depth` the walk's: the live board
 * alone when the slot kept one (the position is stored from it when read). */
static void load_slot(pdn_replay *r, const frame *f, size_t depth, int which, pdn_position *pos,
                      pdn_draughts_state *st)
{
    const unsigned char *s = slot(r, depth, which);
    r->live_ok = f->kept[which];
    r->pos_stale = r->live_ok;
    if (r->live_ok) {
        memcpy(&r->chess_live, s + r->snap_size, sizeof r->chess_live);
        pos->turn = r->chess_live.us ? 'B' : 'W';
    } else {
        pdn_replay__load(r, s, pos, st);
    }
}

/* Appends a snapshot; its number, or REPLAY_NONE when positions are off. */
static bool snapshot(pdn_replay *r, pdn_position *pos, pdn_draughts_state *st, uint32_t *out)
{
    *out = REPLAY_NONE;
    if (!r->opts.positions || r->quiet)
        return true;
    if (!pdn_vec__reserve(&r->snaps, &r->alloc, 1, r->snap_size))
        return false;
    pdn_replay__sync(r, pos, st);
    pdn_replay__save(r, (unsigned char *)r->snaps.data + r->snaps.len, pos, st);
    *out = (uint32_t)(r->snaps.len / r->snap_size);
    r->snaps.len += r->snap_size;
    return true;
}

/* The node after `node` in its sequence, or NULL: pdn_node_next() read
 * from the node array directly, as the walk visits every node. */
static const pdn_node *next_of(const pdn_node *node)
{
    return node->next != PDN_NIL ? pdn_game__node(node->game, node->next) : NULL;
}

/* Whether a variation follows `node` before the next move of its line: only
 * then is the position before `node` needed again.  Read from the node
 * array directly: this runs for every move. */
static bool variation_follows(const pdn_node *node)
{
    for (uint32_t i = node->next; i != PDN_NIL;) {
        const pdn_node *x = pdn_game__node(node->game, i);
        if (x->kind == PDN_NODE_MOVE)
            return false;
        if (x->kind == PDN_NODE_VARIATION)
            return true;
        i = x->next;
    }
    return false;
}

/* Moves after `node` in its sequence: how many are left unchecked. */
static uint32_t moves_after(const pdn_node *node)
{
    uint32_t n = 0;
    for (const pdn_node *x = pdn_node_next(node); x != NULL; x = pdn_node_next(x))
        n += pdn_node_kind_of(x) == PDN_NODE_MOVE;
    return n;
}

/*
 * "12." and "12..." tell the two sides apart, and the game's first numbered
 * move says which is which: records of positions often number the move of
 * whoever is to move "1." whatever its colour.  A line may open with "12."
 * for either side (older files do).
 */
static bool check_side(pdn_replay *r, const pdn_node *node, pdn_number_kind number, char side,
                       bool first_of_line)
{
    if (number == PDN_NUMBER_NONE || (side != 'W' && side != 'B'))
        return true;
    char other = side == 'W' ? 'B' : 'W';
    if (r->dot_side == 0) {
        r->dot_side = number == PDN_NUMBER_WHITE ? side : other;
        return true;
    }
    bool wrong = (number == PDN_NUMBER_BLACK && side == r->dot_side) ||
                 (number == PDN_NUMBER_WHITE && side != r->dot_side && !first_of_line);
    return !wrong ||
           pdn_replay__diag(r, PDN_D_WRONG_SIDE, pdn_node_offset(node), pdn_node_length(node), 0);
}

/*
 * The state of a run of quick_loop(): the live position by colour index and
 * its history, the engine's constants the steps read, and where the
 * records go, all in one local that no store of a record can alias (a
 * record's bytes may alias anything else), so the compiler keeps them in
 * registers or reloads them from its own stack.
 */
typedef struct run {
    pdn_rules__bits bits;
    uint64_t empty; /* pdn_rules__empty() of bits */
    pdn_draughts_state st;
    pdn_rules__steps steps;
    const pdn_draughts *d; /* r->engine, which a record could alias */
    const uint64_t *number_bit;
    /* per colour index, the number kinds check_side() has nothing to say
     * about, as bits: none, and the kind of that side once the game's
     * first number is seen */
    unsigned fine[2];
    const pdn_node *nodes, *start;
    const pdn_move_rec *moves;
    const pdn_square *squares;
    int16_t *cells; /* r->cells.data: clen used, room for 4 more */
    size_t clen, room;
    uint32_t ply;
    bool main_only, first, oom;
} run;

/* The bits of a pair of squares (two pdn_square in a word) that make
 * either of them PDN_RULES__NUMBERS or more. */
#define SQUARES_OFF ((uint32_t)(uint16_t) ~(PDN_RULES__NUMBERS - 1) * 0x10001u)
_Static_assert(sizeof(pdn_square) == 2 && (PDN_RULES__NUMBERS & (PDN_RULES__NUMBERS - 1)) == 0,
               "SQUARES_OFF tests two 16-bit squares against a power of two");

/* The playing squares of International draughts' board on the bitboards
 * (BB_SHAPE_10, as engine.c lays it out) and the squares where each side
 * is crowned: constants of the run loop's copy for International
 * (intl_steps() checks that the engine has them). */
#define INTL_BOARD UINT64_C(0x7dffbff7feffdf)
#define INTL_PROMO_WHITE UINT64_C(0x7c000000000000)
#define INTL_PROMO_BLACK UINT64_C(0x1f)

/* The number kinds check_side() passes without a word, by the game's
 * dot_side. */
static void run_numbers(run *q, char dot)
{
    unsigned none = 1u << PDN_NUMBER_NONE, white = 1u << PDN_NUMBER_WHITE,
             black = 1u << PDN_NUMBER_BLACK;
    q->fine[0] = none | (dot == 0 ? 0 : dot == 'W' ? white : black);
    q->fine[1] = none | (dot == 0 ? 0 : dot == 'B' ? white : black);
}

/* Writes the record of a move played by the run with a path of two cells
 * (the caller fixes the rest of another): the fields the main loop
 * writes, as one copy of a template and a few stores. */
static PDN_FORCE_INLINE played_rec *run_record(run *q, played_rec *recs, const pdn_node *node,
                                               int ci, int from, int to, int promotes)
{
    played_rec *rec = recs + node->a;
    played_rec t = {0};
    t.status = PDN_PLAY_OK;
    t.side = ci ? 'B' : 'W';
    t.promotes = (uint8_t)promotes;
    t.ply = q->ply;
    t.from = (int16_t)from;
    t.to = (int16_t)to;
    t.path_count = 2;
    t.cells = (uint32_t)q->clen;
    t.before = t.after = REPLAY_NONE;
    *rec = t;
    return rec;
}

/* The part of run_ply() for a move the inline steps do not settle:
 * pdn_rules__live_quick() on a copy of the run's position.  False, with
 * nothing played, when it cannot.  (Inline: `q` must not escape.) */
static PDN_FORCE_INLINE bool run_quick(pdn_replay *r, run *q, const pdn_node *node, int ci,
                                       int from, int to, played_rec *recs)
{
    unsigned color = ci ? PDN_BLACK : PDN_WHITE;
    pdn_rules__live at;
    at.bits = q->bits;
    at.color = color;
    at.st = q->st;
    pdn_rules__found found;
    const pdn_draughts_move *dm = &found.move;
    /* without records, the path and captured pieces are not read */
    if (recs != NULL ? !pdn_rules__live_quick(&found, r->engine, &at, from, to)
                     : !pdn_rules__live_quick_bare(&found, r->engine, &at, from, to))
        return false;
    if (recs != NULL) {
        r->cells.len = q->clen;
        if (!pdn_vec__reserve(&r->cells, &r->alloc, sizeof(int16_t),
                              dm->path_count + dm->capture_count + q->room)) {
            q->oom = true;
            return false;
        }
        q->cells = r->cells.data;
    }
    pdn_rules__play_found(&q->bits, &q->st, ci, &found);
    q->empty = pdn_rules__empty(&q->bits, &q->steps);
    q->ply++;
    if (recs != NULL) {
        played_rec *rec = run_record(q, recs, node, ci, dm->from, dm->to, dm->promotes);
        rec->king = (uint8_t)dm->king;
        rec->path_count = (uint16_t)dm->path_count;
        rec->capture_count = (uint16_t)dm->capture_count;
        int16_t *c = q->cells + q->clen;
        for (size_t i = 0; i < dm->path_count; i++)
            *c++ = dm->path[i];
        for (size_t i = 0; i < dm->capture_count; i++)
            *c++ = dm->captured[i];
        q->clen += dm->path_count + dm->capture_count;
    }
    return true;
}

/*
 * The part of run_ply() after the move's squares are known (bits f and t):
 * plays the move at `node` and moves *at on to `next`; false when the
 * move is not played (or on out-of-memory, q->oom).
 */
static PDN_FORCE_INLINE bool run_play(pdn_replay *r, run *q, const pdn_node **at,
                                      const pdn_node *node, const pdn_node *next,
                                      const pdn_move_rec *mr, int ci, played_rec *recs, uint64_t f,
                                      uint64_t t)
{
    uint64_t taken = 0;
    int crowned = pdn_rules__man_step(&q->bits, &q->steps, q->d, ci, f, t, q->empty);
    if (crowned == -2)
        crowned = pdn_rules__man_jump(&q->bits, &q->steps, ci, f, t, q->empty, &taken);
    if (crowned >= 0) {
        q->empty ^= f | t | taken;
        pdn_rules__man_moved(&q->st, ci);
        q->ply++;
        if (recs != NULL) {
            /* a REPLAY_QUICK record: see replay.h */
            played_rec *rec = recs + node->a;
            rec->status = REPLAY_QUICK;
            rec->side = ci ? 'B' : 'W';
            rec->promotes = (uint8_t)crowned;
            rec->ply = q->ply;
            rec->cells = (uint32_t)q->clen;
            const int16_t *cell = q->d->bb.cell;
            int16_t quad[4] = {cell[pdn_bits__ctz(f)], cell[pdn_bits__ctz(t)], -1, -1};
            if (taken != 0)
                quad[2] = cell[pdn_bits__ctz(taken)];
            memcpy(q->cells + q->clen, quad, sizeof quad);
            q->clen += 4;
        }
    } else if (f == 0 || t == 0 ||
               !run_quick(r, q, node, ci, q->d->bb.cell[pdn_bits__ctz(f)],
                          q->d->bb.cell[pdn_bits__ctz(t)], recs)) {
        return false; /* (a number not on the board has no bit: the steps fail on it) */
    }
    *at = next;
    /* check_side() has nothing to say about a number that fits */
    unsigned number = mr->number_kind;
    if (!(q->fine[ci] >> number & 1)) {
        bool first = q->first && node == q->start;
        if (!check_side(r, node, (pdn_number_kind)number, ci ? 'B' : 'W', first)) {
            q->oom = true;
            return false;
        }
        run_numbers(q, r->dot_side);
    }
    return true;
}

/*
 * One move of quick_loop() for the side of colour index `ci` (a constant in
 * each copy), at *at, a move node: false when the run ends, with this
 * move played (q->ply counts it; *at is then the next node) or not.  The
 * node is a local of quick_loop() apart from `q` (whose position has its
 * address taken): one store less a move, and fewer reloads.
 * The steps are pdn_rules__man_step() and pdn_rules__man_jump() on the
 * run's locals, and pdn_rules__live_quick() (run_quick()).  The move before
 * another move and the run's last move are played by copies of run_play()
 * of their own, so that whether the run goes on is known by the code's
 * place and kept in no register.
 */
static PDN_FORCE_INLINE bool run_ply(pdn_replay *r, run *q, const pdn_node **at, int ci,
                                     played_rec *recs)
{
    const pdn_node *node = *at;
    const pdn_move_rec *mr = q->moves + node->a;
    if (mr->kind != PDN_MOVE_SQUARES ||
        (mr->square_count | (uint32_t)mr->captured_count << 16) != 2)
        return false;
    const pdn_square *sq = q->squares + mr->squares;
    /* Numbered squares as pdn_board__cell() has them; anything else the
     * long way (a letter square has the top bit).  Both tested in one
     * word: the mask is the same in either half, whatever the byte order. */
    uint32_t both;
    memcpy(&both, sq, sizeof both);
    if (both & SQUARES_OFF)
        return false;
    uint64_t f = q->number_bit[sq[0]], t = q->number_bit[sq[1]];
    /* The run goes on only to a move; one followed by a variation is left
     * to the main loop, which keeps the position before it. */
    /* no test for PDN_NIL first: that is node 0, the root, no move */
    _Static_assert(PDN_NIL == 0, "the next node of none is the root");
    const pdn_node *next = q->nodes + node->next;
    if (next->kind == PDN_NODE_MOVE)
        return run_play(r, q, at, node, next, mr, ci, recs, f, t);
    if (node->next == PDN_NIL)
        next = NULL;
    else if (!q->main_only && variation_follows(node))
        return false;
    run_play(r, q, at, node, next, mr, ci, recs, f, t);
    return false;
}

_Static_assert(PDN_MOVE_SQUARES == 0 && PDN_NUMBER_WHITE == 1 && PDN_NUMBER_BLACK == 2 &&
                   offsetof(pdn_move_rec, number_kind) == offsetof(pdn_move_rec, kind) + 2 &&
                   offsetof(pdn_move_rec, kind) + 4 <= sizeof(pdn_move_rec),
               "men_ply() reads the kind and the number kind of a move as one word");

/* The men of International draughts alone, as men_loop() plays them, and
 * the tables it reads, all in one local. */
typedef struct men_only {
    uint64_t men[2], empty;
    const pdn_node *node;
    uint32_t ply;
    const pdn_node *nodes;
    const pdn_move_rec *moves;
    const pdn_square *squares;
    const uint64_t *number_bit;
} men_only;

/*
 * One move of men_loop() for the side of colour index `ci`: false, with
 * nothing played, unless it is a man's step or his capture of one piece
 * that does not crown, whose number kind is none or `good` and that
 * another move follows.  Such a move is played as run_ply() plays it: the
 * tests are those of pdn_rules__man_step() and pdn_rules__man_jump() with
 * International's constants and no king on the board, written for one
 * colour.
 */
static PDN_FORCE_INLINE bool men_ply(men_only *m, int ci, unsigned good)
{
    const pdn_node *node = m->node;
    const pdn_move_rec *mr = m->moves + node->a;
    /* The kind (PDN_MOVE_SQUARES, 0) and the number kind (none or `good`)
     * tested in one word: the bits that must be 0, as bytes (the two
     * between and after them are not looked at), in the machine's order. */
    static const uint8_t none[4] = {0xff, 0, 0xff, 0}, white[4] = {0xff, 0, 0xfe, 0},
                         black[4] = {0xff, 0, 0xfd, 0};
    uint32_t kinds, off;
    memcpy(&off, good == 0 ? none : good == PDN_NUMBER_WHITE ? white : black, sizeof off);
    memcpy(&kinds, (const unsigned char *)mr + offsetof(pdn_move_rec, kind), sizeof kinds);
    if ((mr->square_count | (uint32_t)mr->captured_count << 16) != 2 || (kinds & off) != 0)
        return false;
    const pdn_square *sq = m->squares + mr->squares;
    uint32_t both;
    memcpy(&both, sq, sizeof both);
    const pdn_node *next = m->nodes + node->next;
    if ((both & SQUARES_OFF) || next->kind != PDN_NODE_MOVE)
        return false;
    uint64_t f = m->number_bit[sq[0]], t = m->number_bit[sq[1]];
    uint64_t men = m->men[ci], opp = m->men[ci ^ 1], empty = m->empty;
    if (!(men & f) || (t & (ci ? INTL_PROMO_BLACK : INTL_PROMO_WHITE)))
        return false;
    /* f and t are one bit (or none): times 96 is the two shifts of a step */
    if (ci ? ((t & empty) * 96) & f : (f * 96) & t & empty) {
        /* the capture test from the men's side: the landing squares of
         * their captures (the jump's shifts from the empty squares' side
         * would be taken for the same and worked out before the branch) */
        uint64_t lands = (((men << 6) & opp) << 6) | (((men << 5) & opp) << 5) |
                         (((men >> 5) & opp) >> 5) | (((men >> 6) & opp) >> 6);
        if (lands & empty)
            return false;
        m->empty = empty ^ f ^ t;
    } else {
        /* a jump: 10 or 12 bits up or down, over the square halfway */
        if (!(t & empty))
            return false;
        unsigned i = pdn_bits__ctz(f), j = pdn_bits__ctz(t), d = j - i + 12;
        if (d > 24 || !(UINT32_C(0x1400005) >> d & 1))
            return false;
        uint64_t a = (uint64_t)1 << ((i + j) >> 1);
        uint64_t ne = PDN_RULES__FROM_NE(empty, opp), nw = PDN_RULES__FROM_NW(empty, opp);
        uint64_t se = PDN_RULES__FROM_SE(empty, opp), sw = PDN_RULES__FROM_SW(empty, opp);
        uint64_t land =
            ((men & ne) << 12) | ((men & nw) << 10) | ((men & se) >> 10) | ((men & sw) >> 12);
        if (!(a & opp) || (land & (ne | nw | se | sw)))
            return false;
        m->men[ci ^ 1] = opp ^ a;
        m->empty = empty ^ f ^ t ^ a;
    }
    m->men[ci] = men ^ f ^ t;
    m->node = next;
    m->ply++;
    return true;
}

/*
 * quick_loop()'s International copy while no king is on the board: the
 * moves men_ply() takes from `at` on, with the side of colour index `ci`
 * to move, on a local that nothing else can reach and with no call in the
 * loop (the run's struct, whose address is taken, lives on the stack), so
 * that the position, the node and the tables stay in registers.  The
 * number kinds check_side() passes are none and, for White and Black,
 * PDN_NUMBER_WHITE and PDN_NUMBER_BLACK (`white` 1), the other way round
 * (2) or none (0): a constant in each copy below.  Returns the node of the
 * first move not played; the run's position and ply move on with those
 * played, but not its history (see the caller), as `ci` would outlive the
 * loop for it.
 */
static PDN_FORCE_INLINE const pdn_node *men_loop(run *q, const pdn_node *at, int ci, unsigned white)
{
    /* the plies from 0: the run's count is not kept in a register */
    men_only v = {{q->bits.men[0], q->bits.men[1]},
                  q->empty,
                  at,
                  0,
                  q->nodes,
                  q->moves,
                  q->squares,
                  q->number_bit};
    unsigned black = white == 0 ? 0 : white ^ 3;
    if (ci)
        goto black;
    while (men_ply(&v, 0, white)) {
    black:
        if (!men_ply(&v, 1, black))
            break;
    }
    if (v.ply != 0) {
        q->bits.men[0] = v.men[0];
        q->bits.men[1] = v.men[1];
        q->empty = v.empty;
        q->ply += v.ply;
    }
    return v.node;
}

static PDN_NOINLINE const pdn_node *men_white(run *q, const pdn_node *at, int ci)
{
    return men_loop(q, at, ci, PDN_NUMBER_WHITE);
}

static PDN_NOINLINE const pdn_node *men_black(run *q, const pdn_node *at, int ci)
{
    return men_loop(q, at, ci, PDN_NUMBER_BLACK);
}

/* Before the game's first number (dot_side unknown): most games number
 * their first move, which this copy leaves to run_ply() at once. */
static PDN_NOINLINE const pdn_node *men_none(run *q, const pdn_node *at, int ci)
{
    if (q->moves[at->a].number_kind != PDN_NUMBER_NONE)
        return at;
    return men_loop(q, at, ci, 0);
}

/* The copy of men_loop() for the number kinds of the run (q->fine, made by
 * run_numbers()); returns the side to move after the moves it played. */
static PDN_NOINLINE int intl_men(run *q, const pdn_node **at, int ci)
{
    uint32_t ply = q->ply;
    unsigned white = q->fine[0] >> 1;
    *at = white == PDN_NUMBER_WHITE   ? men_white(q, *at, ci)
          : white == PDN_NUMBER_BLACK ? men_black(q, *at, ci)
                                      : men_none(q, *at, ci);
    uint32_t played = q->ply - ply;
    if (played == 0)
        return ci;
    /* the history of a man's move (pdn_rules__man_moved()), for each side
     * that moved */
    pdn_rules__man_moved(&q->st, ci);
    if (played > 1)
        pdn_rules__man_moved(&q->st, ci ^ 1);
    return ci ^ (int)(played & 1);
}

/*
 * The walk's quick loop: the moves of the line of frame `f` from f->child on
 * (a move), one after another, as long as each is written with two
 * numbered squares, no variation of it follows, and the live position
 * resolves it at once (a man's step with no capture on, or
 * pdn_rules__live_quick()).  They are played and recorded as the main loop
 * would; the first node left to the main loop is f->child at the end.  The
 * moves alternate: the loop makes a move of White and one of Black, each
 * with its colour a constant.  Returns how many moves were played; *oom on
 * out-of-memory.  `recs` is r->recs.data, or NULL where no records are
 * kept, and `intl` says that the engine's steps are those of International
 * draughts (intl_steps()): constants in each of the copies below.  The
 * International copy (no records) plays the moves of men while no king is
 * on the board by intl_men(), and the others by run_ply().
 */
static PDN_FORCE_INLINE size_t quick_loop(pdn_replay *r, frame *f, pdn_position *pos,
                                          bool main_only, bool *oom, played_rec *recs, bool intl)
{
    const struct pdn_game *g = r->game;
    const pdn_draughts *d = r->engine;
    run q;
    q.bits = r->live.bits;
    q.st = r->live.st;
    q.steps = d->steps;
    if (intl) {
        /* the values they have, as constants the steps fold away */
        q.steps.diag10[0] = q.steps.diag10[1] = 1;
        q.steps.choice = 2;
        q.steps.kings_taken = ~(uint64_t)0;
        q.steps.promotion = PDN_PROMOTE_PASS;
        q.steps.shifts10 = 1;
        q.steps.board = INTL_BOARD;
        q.steps.promo[0] = INTL_PROMO_WHITE;
        q.steps.promo[1] = INTL_PROMO_BLACK;
    }
    q.d = d;
    q.empty = pdn_rules__empty(&q.bits, &q.steps);
    q.number_bit = d->number_bit;
    run_numbers(&q, r->dot_side);
    q.nodes = pdn_game__node(g, 0);
    const pdn_node *at = q.start = f->child;
    q.moves = g->moves.data;
    q.squares = g->squares.data;
    q.ply = f->ply;
    q.main_only = main_only;
    q.first = !f->moved;
    q.oom = false;
    /* Room for the cells of every move of the game played here (at most
     * four each) but those of pdn_rules__live_quick(), which keep it so. */
    q.room = 4 * g->moves.len;
    if (recs != NULL && !pdn_vec__reserve(&r->cells, &r->alloc, sizeof(int16_t), q.room)) {
        *oom = true;
        return 0;
    }
    q.cells = r->cells.data;
    q.clen = r->cells.len;
    if (!intl) {
        if (r->live.color == PDN_WHITE || run_ply(r, &q, &at, 1, recs))
            while (run_ply(r, &q, &at, 0, recs) && run_ply(r, &q, &at, 1, recs)) {
            }
    } else {
        /* Men alone, most of a game, by intl_men(); a move it leaves, and
         * every move once a king is on the board, by run_ply(). */
        int ci = r->live.color == PDN_WHITE ? 0 : 1;
        for (;;) {
            if ((q.bits.kings[0] | q.bits.kings[1]) == 0)
                ci = intl_men(&q, &at, ci);
            if (ci)
                goto black;
            if (!run_ply(r, &q, &at, 0, recs))
                break;
        black:
            if (!run_ply(r, &q, &at, 1, recs))
                break;
            ci = 0;
        }
    }
    *oom = q.oom;
    f->child = at;
    if (recs != NULL)
        r->cells.len = q.clen;
    size_t played = q.ply - f->ply;
    if (played > 0) {
        if (recs != NULL)
            recs[q.start->a].before = f->snap;
        /* The frame as the main loop leaves it after the last of them (no
         * position is kept: see the caller). */
        f->moved = true;
        f->before_valid = true;
        f->before_ply = q.ply - 1;
        f->before_snap = played == 1 ? f->snap : REPLAY_NONE;
        f->snap = REPLAY_NONE;
        f->ply = q.ply;
        r->live.bits = q.bits;
        r->live.st = q.st;
        if (played & 1)
            r->live.color ^= PDN_WHITE | PDN_BLACK;
        pos->turn = r->live.color == PDN_WHITE ? 'W' : 'B';
        r->pos_stale = true;
    }
    return played;
}

/* quick_loop() recording the moves (the record code apart, the copy
 * without records keeps more of the run in registers: a tenth fewer
 * instructions a move). */
static PDN_NOINLINE size_t quick_run(pdn_replay *r, frame *f, pdn_position *pos, bool main_only,
                                     bool *oom)
{
    return quick_loop(r, f, pos, main_only, oom, r->recs.data, false);
}

/* Whether the steps of `d` are those of International draughts (and of
 * the other 10x10 games with its capture rules): men capturing on the four
 * diagonals, kings too, the most pieces, crowned only where a move ends. */
static bool intl_steps(const pdn_draughts *d)
{
    const pdn_rules__steps *e = &d->steps;
    return e->diag10[0] && e->diag10[1] && e->choice == 2 && e->kings_taken == ~(uint64_t)0 &&
           e->promotion == PDN_PROMOTE_PASS && e->shifts10 && e->board == INTL_BOARD &&
           e->promo[0] == INTL_PROMO_WHITE && e->promo[1] == INTL_PROMO_BLACK;
}

/* quick_loop() for a walk without records (pdn_replay__records()). */
static PDN_NOINLINE size_t quick_bare(pdn_replay *r, frame *f, pdn_position *pos, bool main_only,
                                      bool *oom)
{
    return quick_loop(r, f, pos, main_only, oom, NULL, false);
}

/* quick_bare() for International draughts (intl_steps()), most files. */
static PDN_NOINLINE size_t quick_intl(pdn_replay *r, frame *f, pdn_position *pos, bool main_only,
                                      bool *oom)
{
    return quick_loop(r, f, pos, main_only, oom, NULL, true);
}

/* Whether check_side() passes the number kind `number` of a move of
 * `side` ('W' or 'B', a constant where it is inlined) without a word, on
 * the line's first move too (it lets more pass there): none always,
 * White's "12." and Black's "12..." once the game's dot_side is known.
 * One bit of a constant by the number kind and dot_side (0, 'B' or 'W',
 * told apart by their two low bits: 0, 2 and 3). */
static PDN_FORCE_INLINE bool number_fits(char dot_side, unsigned number, char side)
{
    _Static_assert(PDN_NUMBER_NONE == 0 && PDN_NUMBER_WHITE < 4 && PDN_NUMBER_BLACK < 4 &&
                       ('W' & 3) != 0 && ('B' & 3) != 0 && ('W' & 3) != ('B' & 3),
                   "a number kind and a dot_side in four bits");
#define CALL_BIT(n, d) (1u << ((n) | ((unsigned)(d)&3u) << 2))
    const unsigned call_w = CALL_BIT(PDN_NUMBER_WHITE, 0) | CALL_BIT(PDN_NUMBER_WHITE, 'B') |
                            CALL_BIT(PDN_NUMBER_BLACK, 0) | CALL_BIT(PDN_NUMBER_BLACK, 'W');
    const unsigned call_b = CALL_BIT(PDN_NUMBER_WHITE, 0) | CALL_BIT(PDN_NUMBER_WHITE, 'W') |
                            CALL_BIT(PDN_NUMBER_BLACK, 0) | CALL_BIT(PDN_NUMBER_BLACK, 'B');
#undef CALL_BIT
    unsigned at = number | ((unsigned)dot_side & 3u) << 2;
    return !(((side == 'W' ? call_w : call_b) >> at) & 1u);
}

/* The plies played on `b` since its move counter was `full0` with side
 * `us0` to move: two a move number, the side to move telling the rest
 * (the counter must not have stopped at INT_MAX, which chess_run() sees
 * to). */
static inline uint32_t run_plies(const pdn_chess__board *b, int full0, int us0)
{
    return (uint32_t)(2 * (b->fullmove - full0) + ((int)b->us - us0));
}

/* The short path's play of the SAN move of record mr on b: the reader's
 * code where it has one, else the text (pdn_chess__quick_code(),
 * pdn_chess__quick_play()). */
static PDN_FORCE_INLINE unsigned quick_move(const struct pdn_game *g, pdn_chess__board *b,
                                            const pdn_move_rec *mr, pdn_chess_move *out)
{
    return mr->san_code != 0 ? pdn_chess__quick_code(b, mr->san_code, out)
                             : pdn_chess__quick_play(b, g->text + mr->san_off, mr->san_len, out);
}

/*
 * The walk's loop for chess: the moves of the line of frame `f` from
 * f->child on, one after another, as long as each is SAN that
 * pdn_chess__quick_play() plays on the live board and the next item after
 * it but plain comments and NAGs (which the main loop passes over) is a
 * move or the end of the line: no variation of it, so no position to keep
 * before it.  They are recorded as the main loop would record them; the
 * first node left to the main loop is f->child at the end.  Returns how
 * many moves were played; *oom on out-of-memory.  Made twice, with records
 * and without (`quiet`, a constant): the diagnostics alone need neither
 * the record's fields nor the positions, which are then never kept.  The
 * move counters are far enough below INT_MAX and the pieces' bounds low
 * enough (chess_run()) for the inline step to test neither.
 */
static PDN_FORCE_INLINE size_t chess_loop(pdn_replay *r, frame *f, pdn_position *pos,
                                          pdn_draughts_state *st, bool *oom, const bool quiet)
{
    const struct pdn_game *g = r->game;
    const pdn_move_rec *moves = g->moves.data;
    const pdn_node *nodes = pdn_game__node(g, 0);
    bool first = !f->moved;
    bool positions = r->opts.positions && !quiet;
    /* The snapshot before the last move played: that after the one before
     * it, which changes only where positions are kept. */
    uint32_t ply = f->ply, snap = f->snap, before = snap;
    /* The ply of the line's first move when the run starts the line (that
     * move's number decides which side "12." is), else none. */
    const uint32_t first_ply = first ? ply + 1 : 0;
    /* Without records a move is written into one scratch record, or not
     * at all. */
    played_rec scratch;
    played_rec *const recs = quiet ? &scratch : (played_rec *)r->recs.data;
    /* The end of the line is node 0, the root, which is no move: the loop
     * needs no test for PDN_NIL (as in run_ply()). */
    const pdn_node *node = f->child != NULL ? f->child : nodes;
    /* Without records the plies are not counted as they are played but
     * found from the board when wanted (run_plies()): a count kept across
     * the inline step costs a load and a store a move. */
    const int full0 = r->chess_live.fullmove, us0 = r->chess_live.us;
    /* Where a move of the general short path (a promotion) leaves a bound
     * too high for the inline step, the run ends after it, here. */
    const pdn_node *resume = NULL;
    while (node->kind == PDN_NODE_MOVE) {
        const pdn_move_rec *mr = moves + node->a;
        if (mr->kind != PDN_MOVE_SAN)
            break;
        const pdn_node *next = nodes + node->next;
        /* Mostly the next move; else NAGs and comments first. */
        if (next->kind != PDN_NODE_MOVE) {
            while (next->kind == PDN_NODE_NAG ||
                   (next->kind == PDN_NODE_COMMENT && next->sub != PDN_COMMENT_JUNK))
                next = nodes + next->next;
            if (next->kind != PDN_NODE_MOVE && next != nodes)
                break;
        }
        /* The record is made first and the move written into it: a move
         * not played leaves it to the main loop, which makes it again. */
        played_rec *rec = quiet ? recs : recs + node->a;
        if (!quiet)
            memset(rec, 0, sizeof *rec);
        /* The reader's reading of the text where it has one, its step
         * inline in the run without records (a call fewer a move). */
        unsigned code = mr->san_code;
        pdn_chess__board *b = &r->chess_live;
        unsigned notes;
        char side;
        if (quiet && code != 0 && b->us) {
            notes = pdn_chess__quick_code_as(b, 1, code, NULL, true);
            side = 'B';
        } else if (quiet && code != 0) {
            notes = pdn_chess__quick_code_as(b, 0, code, NULL, true);
            side = 'W';
        } else {
            notes = quick_move(g, b, mr, &rec->chess);
            /* The side that moved, known after the move: nothing to keep
             * across the call. */
            side = b->us ? 'W' : 'B';
            if (quiet && notes != 0 &&
                (b->bound[0] > PDN_CHESS_MOVES_MAX || b->bound[1] > PDN_CHESS_MOVES_MAX)) {
                resume = next;
                next = nodes;
            }
        }
        /* Castling, which the inline step leaves, is asked for only where
         * it fails. */
        if (notes == 0 &&
            (!quiet || code == 0 || (notes = pdn_chess__quick_castle(b, code, NULL)) == 0))
            break;
        notes >>= 1;
        if (!quiet) {
            ++ply;
            rec->status = PDN_PLAY_OK;
            rec->side = side;
            rec->ply = ply;
            rec->before = snap;
            rec->after = REPLAY_NONE;
            rec->from = (int16_t)rec->chess.from;
            rec->to = (int16_t)rec->chess.to;
        }
        if (notes != 0 && !pdn_replay__san_notes(r, notes, node)) {
            *oom = true;
            break;
        }
        /* check_side() has nothing to say about a number that fits, on
         * the line's first move either (it lets more pass there). */
        unsigned number = mr->number_kind;
        if (number != PDN_NUMBER_NONE && !number_fits(r->dot_side, number, side)) {
            if (quiet)
                ply = f->ply + run_plies(&r->chess_live, full0, us0);
            if (!check_side(r, node, (pdn_number_kind)number, side, ply == first_ply)) {
                *oom = true;
                break;
            }
        }
        if (positions) {
            pos->turn = r->chess_live.us ? 'B' : 'W';
            r->pos_stale = true;
            if (!snapshot(r, pos, st, &rec->after)) {
                *oom = true;
                break;
            }
            before = snap;
            snap = rec->after;
        }
        node = next;
    }
    if (quiet)
        ply = f->ply + run_plies(&r->chess_live, full0, us0);
    if (resume != NULL)
        node = resume;
    f->child = node != nodes ? node : NULL;
    size_t played = ply - f->ply;
    if (played > 0) {
        /* The frame as the main loop leaves it after the last of them (no
         * position is kept: no variation follows). */
        f->moved = true;
        f->before_valid = true;
        f->before_ply = ply - 1;
        f->before_snap = before;
        f->snap = snap;
        f->ply = ply;
        pos->turn = r->chess_live.us ? 'B' : 'W';
        r->pos_stale = true;
    }
    return played;
}

static PDN_NOINLINE size_t chess_run(pdn_replay *r, frame *f, pdn_position *pos,
                                     pdn_draughts_state *st, bool *oom)
{
    /* A run plays at most as many plies as the game has moves, each
     * counting a counter up by one at most.  With one nearer INT_MAX than
     * that, or a side's bound above PDN_CHESS_MOVES_MAX (a board no game
     * reaches), the main loop plays every move; a promotion that takes a
     * bound there ends the run (chess_loop()). */
    const pdn_chess__board *b = &r->chess_live;
    size_t most = r->game->moves.len;
    if (b->halfmove < 0 || b->fullmove < 0 || most >= (size_t)(INT_MAX - b->halfmove) ||
        most >= (size_t)(INT_MAX - b->fullmove) || b->bound[0] > PDN_CHESS_MOVES_MAX ||
        b->bound[1] > PDN_CHESS_MOVES_MAX)
        return 0;
    return pdn_replay__records(r) ? chess_loop(r, f, pos, st, oom, false)
                                  : chess_loop(r, f, pos, st, oom, true);
}

/* The node after `node` past NAGs and plain comments (which the main loop
 * passes over), in the game's node array `nodes`. */
static const pdn_node *past_notes(const pdn_node *nodes, const pdn_node *node)
{
    const pdn_node *next = nodes + node->next;
    while (next->kind == PDN_NODE_NAG ||
           (next->kind == PDN_NODE_COMMENT && next->sub != PDN_COMMENT_JUNK))
        next = nodes + next->next;
    return next;
}

/*
 * The frame and the diagnostics of the move `node`, just played on the live
 * board with the short path's answer `notes`, as chess_loop() leaves them
 * without records; `next` is the node after it past NAGs and plain
 * comments.
 */
static void ran_one(pdn_replay *r, frame *f, pdn_position *pos, const pdn_node *node,
                    const pdn_node *next, unsigned notes, bool *oom)
{
    const pdn_move_rec *mr = (const pdn_move_rec *)r->game->moves.data + node->a;
    char side = r->chess_live.us ? 'W' : 'B';
    bool first = !f->moved;
    f->child = next != pdn_game__node(r->game, 0) ? next : NULL;
    f->moved = true;
    f->before_valid = true;
    f->before_ply = f->ply++;
    f->before_snap = f->snap;
    pos->turn = r->chess_live.us ? 'B' : 'W';
    r->pos_stale = true;
    notes >>= 1;
    unsigned number = mr->number_kind;
    if ((notes != 0 && !pdn_replay__san_notes(r, notes, node)) ||
        (number != PDN_NUMBER_NONE && !number_fits(r->dot_side, number, side) &&
         !check_side(r, node, (pdn_number_kind)number, side, first)))
        *oom = true;
}

/*
 * The move of a line that a variation follows, where chess_run() stops,
 * played in a run without records as chess_loop() plays a move, the
 * position before it kept in slot 0 as the main loop keeps it: one when
 * played, 0 when left to the main loop (which keeps the slot again).
 */
static PDN_NOINLINE size_t chess_last(pdn_replay *r, frame *f, pdn_position *pos,
                                      pdn_draughts_state *st, bool *oom)
{
    const pdn_node *node = f->child;
    const pdn_node *next = past_notes(pdn_game__node(r->game, 0), node);
    const pdn_move_rec *mr = (const pdn_move_rec *)r->game->moves.data + node->a;
    if (next->kind != PDN_NODE_VARIATION || mr->kind != PDN_MOVE_SAN)
        return 0;
    save_slot(r, f, (size_t)(f - (frame *)r->frames.data), 0, pos, st);
    pdn_chess__board *b = &r->chess_live;
    pdn_chess_move cm;
    unsigned notes = quick_move(r->game, b, mr, &cm);
    if (notes == 0)
        return 0;
    ran_one(r, f, pos, node, next, notes, oom);
    return 1;
}

/*
 * Without records, the first move of the variation of frame `g`, played
 * on `after` by the short path with the answer `notes` (placed_before()),
 * as the run would play it from the board before it, where the run would
 * take it; false on out-of-memory.
 */
static PDN_NOINLINE bool variation_ahead(pdn_replay *r, frame *g, pdn_position *pos,
                                         const pdn_chess__board *after, unsigned notes)
{
    const pdn_node *nodes = pdn_game__node(r->game, 0), *first = g->child;
    if (!r->live_ok || first == NULL || first->kind != PDN_NODE_MOVE)
        return true;
    const pdn_node *next = past_notes(nodes, first);
    if (next->kind != PDN_NODE_MOVE && next != nodes)
        return true;
    bool oom = false;
    r->chess_live = *after;
    ran_one(r, g, pos, first, next, notes, &oom);
    return !oom;
}

/* The first move of a variation, looking into a variation that opens
 * with variations of its own ("((2. e3-f4 ...) (2. e3-d4 ...))"); NULL if
 * none comes before a setup. */
static const pdn_node *first_move(const pdn_node *variation)
{
    const pdn_node *x = pdn_node_first_child(variation);
    while (x != NULL) {
        pdn_node_kind k = pdn_node_kind_of(x);
        if (k == PDN_NODE_MOVE)
            return x;
        if (k == PDN_NODE_SETUP)
            return NULL;
        x = k == PDN_NODE_VARIATION && pdn_node_first_child(x) != NULL ? pdn_node_first_child(x)
                                                                       : pdn_node_next(x);
    }
    return NULL;
}

/*
 * Some programs write a variation before the move it replaces:
 * "1. g3-h4 b6-a5 (2. e3-f4 ...) 2. e3-d4".  When the variation's first
 * move does not fit where the standard puts it (instead of the line's last
 * move) but fits the position now, it is replayed from now, with a warning.
 * `pos` is the live position; slot 0 of `depth` holds the one before.  When
 * the chess short path plays the first move on the board kept there, *notes
 * is its answer and `after` the board after it (the walk need not play it
 * again); else *notes is 0.
 */
static bool placed_before(pdn_replay *r, const pdn_node *variation, size_t depth, const frame *f,
                          const pdn_position *pos, const pdn_draughts_state *st, bool *misplaced,
                          pdn_chess__board *after, unsigned *notes)
{
    const pdn_node *m = first_move(variation);
    bool oom = false;
    *misplaced = false;
    *notes = 0;
    if (m == NULL)
        return true;
    if (f->before_valid) {
        pdn_position before;
        pdn_draughts_state bst;
        const unsigned char *s = slot(r, depth, 0);
        /* A chess move fits the kept board without the position. */
        if (f->kept[0]) {
            const pdn_move_rec *mr = (const pdn_move_rec *)r->game->moves.data + m->a;
            memcpy(after, s + r->snap_size, sizeof *after);
            if (!r->general_only && mr->kind == PDN_MOVE_SAN) {
                pdn_chess_move cm;
                *notes = quick_move(r->game, after, mr, &cm);
                if (*notes != 0)
                    return true;
            }
        } else {
            pdn_replay__load(r, s, &before, &bst);
        }
        if (pdn_replay__fits(r, m, &before, &bst, f->kept[0] ? after : NULL, &oom) || oom)
            return !oom;
    }
    const pdn_chess__board *now = r->geo.chess && r->live_ok ? &r->chess_live : NULL;
    if (!pdn_replay__fits(r, m, pos, st, now, &oom))
        return !oom;
    *misplaced = true;
    return pdn_replay__diag(r, PDN_D_VARIATION_PLACE, pdn_node_offset(variation), 1, 0);
}

/* Unreadable text that starts like a chess move and is not SAN: a piece
 * letter, a file letter and a digit, or castling. */
static bool looks_like_san(const pdn_node *node)
{
    pdn_str t = pdn_node_text(node);
    pdn_san san;
    size_t at;
    if (t.len < 2 || pdn_san_parse(&san, t.ptr, t.len, &at) != PDN_SAN_MALFORMED)
        return false;
    char c = t.ptr[0];
    size_t i = strchr("KQRBN", c) != NULL && c != '\0' ? 1 : 0;
    if (c == 'O' || c == '0')
        return t.len >= 3 && t.ptr[1] == '-';
    return i < t.len && t.ptr[i] >= 'a' && t.ptr[i] <= 'h' && i + 1 < t.len &&
           ((t.ptr[i + 1] >= '1' && t.ptr[i + 1] <= '8') || t.ptr[i + 1] == 'x');
}

/*
 * The start position of the game: its FEN tag or the type's start, as
 * pdn_game_start_position() gives it.  Without a FEN the draughts engine
 * has the start as bitboards already, and a FEN of the common form is read
 * into bitboards directly (pdn_rules__live_fen()), and a chess game
 * without a FEN starts on the live board's standard start: the live
 * position holds it, and `pos` is written out only when needed (pos_stale).
 */
static void start_position(pdn_replay *r, pdn_position *pos, bool *valid)
{
    const pdn_tag *fen = PDN_GAME__TAG(r->game, "FEN");
    r->live_ok = false;
    r->pos_stale = false;
    *valid = true;
    bool fits =
        !r->geo.chess && !r->general_only && r->engine != NULL && pdn_rules__bb_fits(r->engine);
    bool plain = fen == NULL || fen->value.len == 0;
    if (fits && plain)
        pdn_rules__live_start(&r->live, r->engine);
    /* A FEN of the commonest form goes straight into the bitboards. */
    if (fits &&
        (plain || pdn_rules__live_fen(&r->live, r->engine, fen->value.ptr, fen->value.len))) {
        pdn_position_clear(pos, &r->geo);
        pos->turn = r->live.color == PDN_WHITE ? 'W' : 'B';
        r->live_ok = true;
        r->pos_stale = true;
        return;
    }
    /* Chess without a FEN starts on the standard board, which the live
     * board takes as it is; `pos`, cleared, gets the same cells when
     * stored from it (the start of another colour is left to the general
     * loader). */
    if (r->geo.chess && !r->general_only && plain && r->geo.width == 8 && r->geo.height == 8) {
        pdn_position_clear(pos, &r->geo);
        if (pos->turn == 'W') {
            pdn_chess__start(&r->chess_live);
            r->live_ok = true;
            r->pos_stale = true;
            return;
        }
    }
    pdn_diag_code c = pdn_game_start_position(r->game, &r->geo, pos);
    *valid = c == PDN_D_NONE || c == PDN_D_FEN_FORM;
}

/* Checks the Result tag against a final position the rules decide. */
static bool check_result(pdn_replay *r, const pdn_position *pos, const pdn_draughts_state *st)
{
    /* Most games end with a move to make: nothing to check then, and the
     * live position tells so without looking for the tag. */
    if (!r->geo.chess && r->live_ok && pdn_rules__live_can_move(r->engine, &r->live))
        return true;
    const pdn_tag *tag = PDN_GAME__TAG(r->game, "Result");
    if (tag == NULL || pos->turn == '?')
        return true;
    pdn_result said = pdn_parse_result(tag->value.ptr, tag->value.len);
    if (said != PDN_RESULT_WHITE && said != PDN_RESULT_BLACK && said != PDN_RESULT_DRAW)
        return true;
    pdn_result truth = PDN_RESULT_UNKNOWN;
    bool oom = false;
    if (r->geo.chess) {
        int mate, stalemate;
        if (!pdn_replay__chess_end(r, pos, &mate, &stalemate))
            return true;
        if (mate)
            truth = pos->turn == 'W' ? PDN_RESULT_BLACK : PDN_RESULT_WHITE;
        else if (stalemate)
            truth = PDN_RESULT_DRAW;
    } else if (!pdn_replay__can_move(r, pos, st, &oom)) {
        /* In every draughts variant a player who cannot move has lost. */
        truth = pos->turn == 'W' ? PDN_RESULT_BLACK : PDN_RESULT_WHITE;
    }
    if (oom)
        return false;
    if (truth == PDN_RESULT_UNKNOWN || truth == said)
        return true;
    return pdn_replay__diag(r, PDN_D_RESULT_CONTRADICTS, tag->offset, 1, 0);
}

pdn_status pdn_replay__walk(pdn_replay *r, bool main_only, size_t *plies, bool *complete)
{
    pdn_position pos;
    pdn_draughts_state st = PDN_DRAUGHTS_STATE_INIT;
    bool start_valid;
    *plies = 0;
    *complete = false;
    start_position(r, &pos, &start_valid);
    r->main_broken = false;
    if (!snapshot(r, &pos, &st, &r->start_snap))
        return PDN_ENOMEM;

    r->frames.len = 0;
    r->slots.len = 0;
    size_t depth = 0;
    if (!pdn_vec__reserve(&r->frames, &r->alloc, sizeof(frame), 1) ||
        !pdn_vec__reserve(&r->slots, &r->alloc, 1, 2 * slot_size(r)))
        return PDN_ENOMEM;
    r->frames.len = 1;
    r->slots.len = 2 * slot_size(r);
    frame *f = (frame *)r->frames.data;
    memset(f, 0, sizeof *f);
    f->child = pdn_node_first_child(pdn_game_root(r->game));
    f->valid = start_valid;
    f->snap = r->start_snap;
    f->before_snap = REPLAY_NONE;
    bool root_moved = false, stopped_at_start = !start_valid;
    /* The game's arrays do not move while it is walked. */
    const pdn_move_rec *moves = r->game->moves.data;
    const pdn_square *squares = r->game->squares.data;
    /* The quick loop for draughts, where no position is kept per move. */
    bool quick = !r->geo.chess && !r->opts.positions && !r->general_only;
    bool chess_quick = r->geo.chess && !r->general_only;
    bool records = pdn_replay__records(r);

    for (;;) {
        f = (frame *)r->frames.data + depth;
        if (r->live_ok && f->valid && quick && f->child != NULL &&
            f->child->kind == PDN_NODE_MOVE) {
            bool oom = false;
            size_t n = records                 ? quick_run(r, f, &pos, main_only, &oom)
                       : intl_steps(r->engine) ? quick_intl(r, f, &pos, main_only, &oom)
                                               : quick_bare(r, f, &pos, main_only, &oom);
            if (oom)
                return PDN_ENOMEM;
            if (n > 0 && depth == 0) {
                root_moved = true;
                *plies += n;
            }
        }
        if (chess_quick && r->live_ok && f->valid && f->child != NULL &&
            f->child->kind == PDN_NODE_MOVE) {
            bool oom = false;
            size_t n = chess_run(r, f, &pos, &st, &oom);
            /* A run without records goes on through a move that a
             * variation follows. */
            if (!oom && !records && f->child != NULL && f->child->kind == PDN_NODE_MOVE)
                n += chess_last(r, f, &pos, &st, &oom);
            if (oom)
                return PDN_ENOMEM;
            if (n > 0 && depth == 0) {
                root_moved = true;
                *plies += n;
            }
        }
        const pdn_node *node = f->child;
        if (node == NULL) {
            if (depth == 0)
                break;
            /* End of a variation: back to the line it branched from. */
            depth--;
            f = (frame *)r->frames.data + depth;
            if (f->valid) {
                load_slot(r, f, depth, 1, &pos, &st);
            } else {
                /* (Where the line's position is unknown, `pos` is not read.) */
                r->live_ok = false;
                r->pos_stale = false;
            }
            continue;
        }
        f->child = next_of(node);
        pdn_node_kind kind = (pdn_node_kind)node->kind;

        /* Moves first: they are most of the nodes. */
        if (kind != PDN_NODE_MOVE) {
            if (kind == PDN_NODE_SETUP) {
                if (!pdn_node_setup_is_fen(node))
                    continue;
                pdn_str fen = pdn_node_text(node);
                size_t at;
                pdn_diag_code c = pdn_fen_read(&pos, &r->geo, fen.ptr, fen.len, &at);
                st = (pdn_draughts_state)PDN_DRAUGHTS_STATE_INIT;
                r->live_ok = false;
                r->pos_stale = false;
                f->valid = c == PDN_D_NONE || c == PDN_D_FEN_FORM;
                if (!snapshot(r, &pos, &st, &f->snap))
                    return PDN_ENOMEM;
                continue;
            }

            if (kind == PDN_NODE_VARIATION) {
                if (main_only)
                    continue;
                /* The live chess board answers for `pos` below. */
                if (!r->geo.chess || !r->live_ok)
                    pdn_replay__sync(r, &pos, &st);
                /* A variation replaces the line's last move: it starts from the
                 * position before it (or from here when no move came yet). */
                bool from_before = f->moved;
                pdn_chess__board after;
                unsigned notes = 0;
                if (from_before && f->valid) {
                    bool misplaced = false;
                    if (!placed_before(r, node, depth, f, &pos, &st, &misplaced, &after, &notes))
                        return PDN_ENOMEM;
                    from_before = !misplaced;
                }
                bool valid = from_before ? f->before_valid : f->valid;
                uint32_t ply = from_before ? f->before_ply : f->ply;
                uint32_t snap = from_before ? f->before_snap : f->snap;
                if (f->valid)
                    save_slot(r, f, depth, 1, &pos, &st);
                if (from_before && valid)
                    load_slot(r, f, depth, 0, &pos, &st);
                if (!pdn_vec__reserve(&r->frames, &r->alloc, sizeof(frame), 1) ||
                    !pdn_vec__reserve(&r->slots, &r->alloc, 1, 2 * slot_size(r)))
                    return PDN_ENOMEM;
                depth++;
                r->frames.len = depth + 1;
                r->slots.len = (depth + 1) * 2 * slot_size(r);
                frame *g = (frame *)r->frames.data + depth;
                memset(g, 0, sizeof *g);
                g->child = pdn_node_first_child(node);
                g->valid = valid;
                g->ply = ply;
                g->snap = valid ? snap : REPLAY_NONE;
                g->before_snap = REPLAY_NONE;
                if (notes != 0 && !records && !variation_ahead(r, g, &pos, &after, notes))
                    return PDN_ENOMEM;
                continue;
            }

            if (kind == PDN_NODE_COMMENT && r->geo.chess && f->valid &&
                pdn_node_comment_kind(node) == PDN_COMMENT_JUNK && looks_like_san(node)) {
                /* A chess move the reader could not read ("Nf3xp5+"): an error,
                 * and the line's position is lost with it. */
                pdn_str t = pdn_node_text(node);
                pdn_san san;
                size_t at = 0;
                pdn_san_parse(&san, t.ptr, t.len, &at);
                uint32_t off = (uint32_t)(t.ptr - pdn_game_text(r->game).ptr);
                f->valid = false;
                if (main_only)
                    return PDN_OK;
                if (!pdn_replay__diag(r, PDN_D_BAD_SAN, off + (uint32_t)at,
                                      (uint32_t)(t.len > at ? t.len - at : 1), 0))
                    return PDN_ENOMEM;
                uint32_t left = moves_after(node);
                if (left > 0 && !pdn_replay__diag(r, PDN_D_REPLAY_STOPPED, off + (uint32_t)at,
                                                  (uint32_t)(t.len > at ? t.len - at : 1), left))
                    return PDN_ENOMEM;
                continue;
            }
            continue;
        }

        /* The move's record in the tree, read directly: this runs for every move. */
        const pdn_move_rec *mr = moves + node->a;
        played_rec scratch, *rec = records ? (played_rec *)r->recs.data + node->a : &scratch;
        memset(rec, 0, sizeof *rec);
        rec->ply = ++f->ply;
        rec->before = rec->after = REPLAY_NONE;
        bool first_of_line = !f->moved;
        f->moved = true;
        if (depth == 0)
            root_moved = true;
        if (!f->valid) {
            rec->status = PDN_PLAY_SKIPPED;
            f->before_valid = false;
            r->main_broken |= depth == 0;
            if (depth == 0 && stopped_at_start) {
                /* The start position itself is unknown (a bad FEN tag). */
                stopped_at_start = false;
                if (!pdn_replay__diag(r, PDN_D_REPLAY_STOPPED, pdn_node_offset(node),
                                      pdn_node_length(node), moves_after(node) + 1))
                    return PDN_ENOMEM;
            }
            if (main_only)
                return PDN_OK;
            continue;
        }
        /* Slot 0 is read only by a variation of this move (of the line's
         * last move), so it is written only when one follows. */
        if (!main_only && variation_follows(node))
            save_slot(r, f, depth, 0, &pos, &st);
        f->before_valid = true;
        f->before_ply = f->ply - 1;
        f->before_snap = f->snap;
        rec->before = f->snap;
        rec->side = pos.turn;
        step_result res;
        pdn_move_kind mkind = (pdn_move_kind)mr->kind;
        if (mkind == PDN_MOVE_UNKNOWN) {
            rec->status = PDN_PLAY_UNKNOWN;
            res = STEP_FAILED;
        } else if (r->geo.chess) {
            /* The SAN text as pdn_node_move() gives it, read directly. */
            pdn_str san = pdn_str__make(node->game->text + mr->san_off, mr->san_len);
            res = mkind == PDN_MOVE_SAN ? pdn_replay__chess_step(r, node, san, &pos, rec)
                                        : STEP_FAILED;
        } else {
            res = mkind == PDN_MOVE_SQUARES
                      ? pdn_replay__draughts_step(r, node, mr, squares, &pos, &st, rec)
                      : STEP_FAILED;
        }
        if (res == STEP_OOM)
            return PDN_ENOMEM;
        if (res == STEP_FAILED && mkind != PDN_MOVE_UNKNOWN && rec->status == PDN_PLAY_NONE) {
            /* A chess move in a draughts game or the other way round. */
            rec->status = PDN_PLAY_ILLEGAL;
            if (!pdn_replay__diag(r, PDN_D_ILLEGAL_MOVE, pdn_node_offset(node),
                                  pdn_node_length(node), 0))
                return PDN_ENOMEM;
        }
        if (res == STEP_FAILED) {
            f->valid = false;
            r->main_broken |= depth == 0;
            if (main_only)
                return PDN_OK;
            uint32_t left = moves_after(node);
            if (left > 0 && !pdn_replay__diag(r, PDN_D_REPLAY_STOPPED, pdn_node_offset(node),
                                              pdn_node_length(node), left))
                return PDN_ENOMEM;
            continue;
        }
        if (!check_side(r, node, (pdn_number_kind)mr->number_kind, rec->side, first_of_line))
            return PDN_ENOMEM;
        if (r->opts.positions && !snapshot(r, &pos, &st, &rec->after))
            return PDN_ENOMEM;
        f->snap = rec->after;
        if (depth == 0)
            (*plies)++;
    }
    f = (frame *)r->frames.data;
    *complete = f->valid;
    /* check_result() reads the side to move, and the board only when no
     * live position holds it (never stale then). */
    if (f->valid && root_moved && !main_only && !check_result(r, &pos, &st))
        return PDN_ENOMEM;
    return PDN_OK;
}
