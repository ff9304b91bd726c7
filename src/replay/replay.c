/* SPDX-License-Identifier: MIT */
/*
 * replay.c - the replayer object: choosing the GameType, board and rules of
 * a game, running the walk (walk.c), and answering questions about the
 * result by node: the move played and the positions around it.
 */
#include "replay/replay.h"

#include <string.h>

pdn_status pdn_replay_new(pdn_replay **out, const pdn_allocator *allocator)
{
    if (out == NULL)
        return PDN_EINVAL;
    pdn_alloc a = pdn_alloc__resolve(allocator);
    pdn_replay *r = pdn_alloc__get(&a, sizeof *r);
    if (r == NULL)
        return PDN_ENOMEM;
    memset(r, 0, sizeof *r);
    r->alloc = a;
    r->gametype = -1;
    r->start_snap = REPLAY_NONE;
    if (pdn_movelist_new(&r->list, allocator) != PDN_OK) {
        pdn_alloc__put(&a, r, sizeof *r);
        return PDN_ENOMEM;
    }
    *out = r;
    return PDN_OK;
}

void pdn_replay_free(pdn_replay *r)
{
    if (r == NULL)
        return;
    for (size_t i = 0; i < sizeof r->engines / sizeof r->engines[0]; i++)
        pdn_draughts_free(r->engines[i]);
    pdn_movelist_free(r->list);
    pdn_vec__free(&r->recs, &r->alloc, sizeof(played_rec));
    pdn_vec__free(&r->cells, &r->alloc, sizeof(int16_t));
    pdn_vec__free(&r->snaps, &r->alloc, 1);
    pdn_vec__free(&r->slots, &r->alloc, 1);
    pdn_vec__free(&r->frames, &r->alloc, pdn_replay__frame_size());
    pdn_vec__free(&r->diags, &r->alloc, sizeof(pdn_diag));
    pdn_alloc a = r->alloc;
    pdn_alloc__put(&a, r, sizeof *r);
}

bool pdn_replay__diag(pdn_replay *r, pdn_diag_code code, uint32_t off, uint32_t len, uint32_t arg)
{
    if (r->quiet)
        return true;
    pdn_severity sev = pdn_diag_severity(code, pdn_game_mode(r->game));
    if (sev == PDN_SEV_NONE)
        return true;
    if (!pdn_vec__reserve(&r->diags, &r->alloc, sizeof(pdn_diag), 1))
        return false;
    pdn_diag *d = (pdn_diag *)r->diags.data + r->diags.len++;
    d->code = code;
    d->severity = sev;
    d->offset = off;
    d->length = len;
    d->related = UINT32_MAX;
    d->arg = arg;
    return true;
}

void pdn_replay__save(const pdn_replay *r, unsigned char *dst, const pdn_position *pos,
                      const pdn_draughts_state *st)
{
    snap_head h;
    memset(&h, 0, sizeof h);
    h.turn = pos->turn;
    memcpy(h.castling, pos->castling, sizeof h.castling);
    h.en_passant = pos->en_passant;
    h.halfmove = pos->halfmove_clock;
    h.fullmove = pos->fullmove;
    if (st != NULL)
        h.state = *st;
    memcpy(dst, &h, sizeof h);
    memcpy(dst + sizeof h, pos->board, (size_t)(r->geo.width * r->geo.height));
}

void pdn_replay__load(const pdn_replay *r, const unsigned char *src, pdn_position *pos,
                      pdn_draughts_state *st)
{
    snap_head h;
    memcpy(&h, src, sizeof h);
    pdn_position_clear(pos, &r->geo);
    pos->turn = h.turn;
    memcpy(pos->castling, h.castling, sizeof h.castling);
    pos->en_passant = h.en_passant;
    pos->halfmove_clock = h.halfmove;
    pos->fullmove = h.fullmove;
    memcpy(pos->board, src + sizeof h, (size_t)(r->geo.width * r->geo.height));
    if (st != NULL)
        *st = h.state;
}

/* The rules of a board the type number gives none for: by size and notation. */
static int rules_type_for(const pdn_geometry *g)
{
    if (g->width == 12)
        return 27;
    if (g->width == 10 && g->height == 8)
        return 41;
    if (g->width == 8 && g->height == 8)
        return g->gametype.notation == 'A' ? 25 : 21;
    return 20;
}

static bool same_tuple(const pdn_gametype *a, const pdn_gametype *b)
{
    return a->type == b->type && a->start == b->start && a->width == b->width &&
           a->height == b->height && a->notation == b->notation && a->corner == b->corner &&
           a->invert == b->invert && a->expanded == b->expanded;
}

/* Remembers the arguments of a pdn_replay__setup() that succeeded. */
static bool keyed(pdn_replay *r, const pdn_gametype *gt, const pdn_rules *rules)
{
    r->setup_key = *gt;
    r->setup_custom = rules != NULL;
    r->setup_keyed = true;
    return true;
}

/* Makes r->geo the geometry of `gt`, from the cache when it holds it;
 * false when the tuple has no board. */
static bool geometry_for(pdn_replay *r, const pdn_gametype *gt)
{
    size_t slots = sizeof r->geos / sizeof r->geos[0];
    size_t made = r->geos_made < slots ? r->geos_made : slots, at = made;
    for (size_t i = 0; i < made && at == made; i++)
        if (same_tuple(&r->geos_key[i], gt))
            at = i;
    if (at == made) {
        /* The oldest makes room. */
        pdn_geometry geo;
        if (pdn_geometry_init(&geo, gt) != PDN_OK)
            return false;
        at = r->geos_made % slots;
        r->geos[at] = geo;
        r->geos_key[at] = *gt;
        r->geos_made++;
    }
    r->geo = r->geos[at];
    r->geo_key = *gt;
    r->geo_keyed = true;
    return true;
}

bool pdn_replay__setup(pdn_replay *r, const pdn_gametype *gt, const pdn_rules *rules, bool *oom)
{
    /* The same again (a game is often set up twice, and files keep to one
     * type): what the last call made still holds. */
    if (r->setup_keyed && same_tuple(&r->setup_key, gt) && r->setup_custom == (rules != NULL) &&
        (rules == NULL || memcmp(rules, &r->rules, sizeof *rules) == 0)) {
        r->gametype = r->geo.chess ? 0 : gt->type;
        return true;
    }
    r->setup_keyed = false;
    /* The geometry is a few kilobytes to fill: games of one file mostly
     * share their tuple. */
    if ((!r->geo_keyed || !same_tuple(&r->geo_key, gt)) && !geometry_for(r, gt))
        return false;
    const pdn_geometry *geo = &r->geo;
    r->snap_size = (sizeof(snap_head) + (size_t)(geo->width * geo->height) + 7) & ~(size_t)7;
    if (geo->chess) {
        r->gametype = 0;
        return keyed(r, gt, rules);
    }
    pdn_rules rl;
    if (rules != NULL)
        rl = *rules;
    else if (pdn_rules_init(&rl, gt->type) != PDN_OK)
        pdn_rules_init(&rl, rules_type_for(geo));
    r->gametype = gt->type;
    size_t slots = sizeof r->engines / sizeof r->engines[0];
    for (size_t i = 0; i < slots; i++) {
        const pdn_draughts *e = r->engines[i];
        if (e != NULL && same_tuple(&pdn_draughts_geometry(e)->gametype, &geo->gametype) &&
            memcmp(pdn_draughts_rules(e), &rl, sizeof rl) == 0) {
            r->engine = r->engines[i];
            r->rules = rl;
            return keyed(r, gt, rules);
        }
    }
    pdn_allocator user = {r->alloc.fn, r->alloc.ctx};
    pdn_draughts *made = NULL;
    pdn_status st = pdn_draughts_new(&made, geo, &rl, &user);
    if (st == PDN_ENOMEM)
        *oom = true;
    if (st != PDN_OK) {
        r->engine = NULL;
        return false;
    }
    /* The oldest engine makes room. */
    size_t at = r->engines_made++ % slots;
    if (r->engines[at] == r->engine)
        r->engine = NULL;
    pdn_draughts_free(r->engines[at]);
    r->engines[at] = made;
    r->engine = made;
    r->rules = rl;
    return keyed(r, gt, rules);
}

static void reset(pdn_replay *r, const pdn_game *game, const pdn_replay_options *opts)
{
    r->game = game;
    r->opts = *opts;
    /* Without records no position can be asked for: none is kept. */
    if (!opts->moves)
        r->opts.positions = 0;
    r->recs.len = 0;
    r->cells.len = 0;
    r->snaps.len = 0;
    r->slots.len = 0;
    r->frames.len = 0;
    r->diags.len = 0;
    r->start_snap = REPLAY_NONE;
    r->gametype = -1;
    r->quiet = false;
    r->no_moves = !opts->moves;
    r->dot_side = 0;
}

/* The GameType tuple of a game: its tag, the forced type, or the reader's type. */
static bool game_tuple(const pdn_game *game, const pdn_replay_options *opts, pdn_gametype *gt)
{
    if (opts->gametype >= 0)
        return pdn_gametype_default(gt, opts->gametype) == PDN_OK;
    const pdn_tag *tag = PDN_GAME__TAG(game, "GameType");
    if (tag != NULL) {
        size_t at;
        pdn_diag_code c = pdn_parse_gametype(gt, tag->value.ptr, tag->value.len, &at);
        if ((c == PDN_D_NONE || c == PDN_D_ODD_GAMETYPE) && gt->width > 0)
            return true;
    }
    int type = pdn_game_type(game);
    return type >= 0 && pdn_gametype_default(gt, type) == PDN_OK;
}

/* Chess variants whose moves are ordinary chess moves. */
static bool plain_chess(const pdn_game *game)
{
    static const char *const names[] = {"standard",      "chess",        "chess960",
                                        "chess 960",     "fischerandom", "freestyle",
                                        "from position", "fromposition"};
    const pdn_tag *tag = PDN_GAME__TAG(game, "Variant");
    if (tag == NULL || tag->value.len == 0)
        return true;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        if (n != tag->value.len)
            continue;
        size_t k = 0;
        while (k < n && (tag->value.ptr[k] | 0x20) == names[i][k])
            k++;
        if (k == n)
            return true;
    }
    return false;
}

/* The moves write squares of another notation or board than the tuple's.
 * (The tuple is mostly the one just set up: its geometry is r->geo.) */
static bool squares_misfit(const pdn_replay *r, const pdn_gametype *gt)
{
    const struct pdn_game *g = r->game;
    pdn_geometry made;
    const pdn_geometry *geo = &r->geo;
    if (!r->geo_keyed || !same_tuple(&r->geo_key, gt)) {
        if (pdn_geometry_init(&made, gt) != PDN_OK)
            return true;
        geo = &made;
    }
    const pdn_square *sq = g->squares.data;
    for (size_t i = 0; i < g->squares.len; i++) {
        if (PDN_SQUARE_IS_ALPHA(sq[i]) != (gt->notation == 'A') ||
            pdn_geometry_cell(geo, sq[i]) < 0)
            return true;
    }
    return false;
}

/* The main line's length under a tuple; *complete when it all replays. */
static pdn_status trial(pdn_replay *r, const pdn_gametype *gt, size_t *plies, bool *complete)
{
    bool oom = false;
    *plies = 0;
    *complete = false;
    if (!pdn_replay__setup(r, gt, r->opts.rules, &oom))
        return oom ? PDN_ENOMEM : PDN_OK;
    r->quiet = true;
    pdn_status st = pdn_replay__walk(r, true, plies, complete);
    r->quiet = false;
    return st;
}

/*
 * A tag that does not fit the moves: kurnik writes "20,W,10,10,N1,0" over
 * moves numbered the usual way, and some programs write GameType 20 over
 * Russian games.  When the main line does not replay with the tag's tuple,
 * the table's tuple for its number and then the variant the moves suggest
 * are tried; one that takes the main line further is the one meant.
 */
static pdn_status check_tuple(pdn_replay *r, pdn_gametype *gt, size_t best_plies, bool *mismatch)
{
    size_t plies;
    bool complete;
    pdn_status st;
    *mismatch = false;
    pdn_gametype options[2];
    int count = 0;
    if (!gt->expanded && pdn_gametype_default(&options[count], gt->type) == PDN_OK)
        count++;
    if (squares_misfit(r, gt)) {
        if ((st = pdn_replay__infer(r, &options[count])) != PDN_OK)
            return st;
        count++;
    }
    for (int k = 0; k < count; k++) {
        if ((st = trial(r, &options[k], &plies, &complete)) != PDN_OK)
            return st;
        if (plies > best_plies) {
            *gt = options[k];
            best_plies = plies;
            *mismatch = true;
        }
        if (complete)
            break;
    }
    return PDN_OK;
}

/* Sets up `gt` (unless the caller just did: `ready`) and replays the whole
 * game, with the notes about its type. */
static pdn_status run_as(pdn_replay *r, pdn_gametype gt, bool ready, bool inferred, bool mismatch,
                         size_t *plies, bool *complete)
{
    const pdn_game *game = r->game;
    bool oom = false;
    *plies = 0;
    *complete = true;
    if (!ready && !pdn_replay__setup(r, &gt, r->opts.rules, &oom)) {
        if (oom)
            return PDN_ENOMEM;
        pdn_gametype_default(&gt, 20);
        if (!pdn_replay__setup(r, &gt, r->opts.rules, &oom))
            return oom ? PDN_ENOMEM : PDN_EINVAL;
    }
    const pdn_node *first = pdn_node_first_child(pdn_game_root(game));
    while (first != NULL && pdn_node_kind_of(first) != PDN_NODE_MOVE)
        first = pdn_node_next(first);
    if (inferred && first != NULL &&
        !pdn_replay__diag(r, PDN_D_GAMETYPE_INFERRED, pdn_node_offset(first),
                          pdn_node_length(first), (uint32_t)gt.type))
        return PDN_ENOMEM;
    const pdn_tag *tag = mismatch ? PDN_GAME__TAG(game, "GameType") : NULL;
    if (tag != NULL &&
        !pdn_replay__diag(r, PDN_D_GAMETYPE_MISMATCH, tag->offset, 1, (uint32_t)gt.type))
        return PDN_ENOMEM;
    if (!r->no_moves) {
        if (!pdn_vec__reserve(&r->recs, &r->alloc, sizeof(played_rec), game->moves.len))
            return PDN_ENOMEM;
        r->recs.len = game->moves.len;
    }
    if (r->geo.chess && !plain_chess(game)) {
        /* Crazyhouse drops, atomic captures...: not the rules replay knows. */
        if (r->recs.len > 0)
            memset(r->recs.data, 0, game->moves.len * sizeof(played_rec));
        const pdn_tag *v = PDN_GAME__TAG(game, "Variant");
        return pdn_replay__diag(r, PDN_D_VARIANT_SKIPPED, v->offset, 1, 0) ? PDN_OK : PDN_ENOMEM;
    }
    /* The walk writes the record of every move node (all are in its lines);
     * a game it could not finish keeps none. */
    pdn_status st = pdn_replay__walk(r, false, plies, complete);
    if (st != PDN_OK)
        r->recs.len = 0;
    return st;
}

pdn_status pdn_replay_run(pdn_replay *r, const pdn_game *game, const pdn_replay_options *opts)
{
    pdn_replay_options given = PDN_REPLAY_OPTIONS_INIT;
    if (r == NULL || game == NULL)
        return PDN_EINVAL;
    if (opts != NULL && opts->version == 1) {
        /* A version-1 struct ends before `moves`: it keeps the default. */
        given.gametype = opts->gametype;
        given.rules = opts->rules;
        given.positions = opts->positions;
    } else if (opts != NULL) {
        if (opts->version != PDN_REPLAY_OPTIONS_VERSION)
            return PDN_EINVAL;
        given = *opts;
    }
    opts = &given;
    reset(r, game, opts);

    pdn_gametype gt;
    size_t plies;
    bool complete;
    if (!game_tuple(game, opts, &gt)) {
        /* Most games replay under the first type the inference tries, and
         * it would pick that one: replay in full under it straight away,
         * and infer only when the main line does not go through. */
        bool oom = false;
        if (pdn_replay__first_candidate(r, &gt) && pdn_replay__setup(r, &gt, opts->rules, &oom)) {
            pdn_status st = run_as(r, gt, true, true, false, &plies, &complete);
            if (st != PDN_OK || (complete && !r->main_broken))
                return st;
            reset(r, game, opts);
        } else if (oom) {
            return PDN_ENOMEM;
        }
        pdn_status st = pdn_replay__infer(r, &gt);
        if (st != PDN_OK)
            return st;
        reset(r, game, opts);
        return run_as(r, gt, false, true, false, &plies, &complete);
    }
    pdn_status st = run_as(r, gt, false, false, false, &plies, &complete);
    if (st != PDN_OK || complete || gt.type == 0 || opts->gametype >= 0)
        return st;
    /* The main line broke: maybe the tag, not the game, is wrong. */
    pdn_gametype better = gt;
    bool mismatch = false;
    if ((st = check_tuple(r, &better, plies, &mismatch)) != PDN_OK)
        return st;
    /* The trials used the replayer: run the chosen type again in full. */
    reset(r, game, opts);
    return run_as(r, better, false, false, mismatch, &plies, &complete);
}

const pdn_diag *pdn_replay_diags(const pdn_replay *r, size_t *count)
{
    if (count != NULL)
        *count = r != NULL ? r->diags.len : 0;
    return r != NULL ? r->diags.data : NULL;
}

int pdn_replay_gametype(const pdn_replay *r)
{
    return r != NULL ? r->gametype : -1;
}

const pdn_geometry *pdn_replay_geometry(const pdn_replay *r)
{
    return r != NULL && r->gametype >= 0 ? &r->geo : NULL;
}

const pdn_draughts *pdn_replay_engine(const pdn_replay *r)
{
    return r != NULL && r->gametype > 0 ? r->engine : NULL;
}

static const played_rec *record_of(const pdn_replay *r, const pdn_node *node)
{
    if (r == NULL || node == NULL || r->game == NULL || node->game != r->game ||
        node->kind != PDN_NODE_MOVE || node->a >= r->recs.len)
        return NULL;
    return (const played_rec *)r->recs.data + node->a;
}

pdn_status pdn_replay_move(pdn_played *out, const pdn_replay *r, const pdn_node *node)
{
    const played_rec *rec = record_of(r, node);
    if (out == NULL || rec == NULL)
        return PDN_EINVAL;
    memset(out, 0, sizeof *out);
    out->side = rec->side;
    out->ply = rec->ply;
    if (rec->status == REPLAY_QUICK) {
        const int16_t *cells = (const int16_t *)r->cells.data + rec->cells;
        out->status = PDN_PLAY_OK;
        out->draughts.from = cells[0];
        out->draughts.to = cells[1];
        out->draughts.promotes = rec->promotes;
        out->draughts.path_count = 2;
        out->draughts.capture_count = cells[2] >= 0;
        out->draughts.path = cells;
        out->draughts.captured = cells[2] >= 0 ? cells + 2 : NULL;
        return PDN_OK;
    }
    out->status = (pdn_play_status)rec->status;
    out->chess = rec->chess;
    if (rec->status == PDN_PLAY_OK || rec->status == PDN_PLAY_AMBIGUOUS) {
        /* Chess moves keep no cells: the array may still be unallocated. */
        const int16_t *cells =
            r->cells.data != NULL ? (const int16_t *)r->cells.data + rec->cells : NULL;
        out->draughts.from = rec->from;
        out->draughts.to = rec->to;
        out->draughts.king = rec->king;
        out->draughts.promotes = rec->promotes;
        out->draughts.path_count = rec->path_count;
        out->draughts.capture_count = rec->capture_count;
        out->draughts.path = rec->path_count ? cells : NULL;
        out->draughts.captured = rec->capture_count ? cells + rec->path_count : NULL;
    }
    return PDN_OK;
}

pdn_status pdn_replay_position(pdn_position *out, const pdn_replay *r, const pdn_node *node,
                               int after)
{
    if (out == NULL || r == NULL || node == NULL)
        return PDN_EINVAL;
    uint32_t snap;
    if (node->kind == PDN_NODE_ROOT && node->game == r->game) {
        snap = r->start_snap;
    } else {
        const played_rec *rec = record_of(r, node);
        if (rec == NULL)
            return PDN_EINVAL;
        /* (the run loop that writes REPLAY_QUICK keeps no positions) */
        snap = rec->status == REPLAY_QUICK ? REPLAY_NONE : after ? rec->after : rec->before;
    }
    if (snap == REPLAY_NONE || (size_t)snap * r->snap_size >= r->snaps.len)
        return PDN_EINVAL;
    pdn_replay__load(r, (const unsigned char *)r->snaps.data + (size_t)snap * r->snap_size, out,
                     NULL);
    return PDN_OK;
}
