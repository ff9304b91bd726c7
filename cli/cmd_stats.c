/* SPDX-License-Identifier: MIT */
/*
 * cmd_stats.c - `pdn stats`: per game the plies of the main line, the result
 * and the material each side has at its end (men and kings, or chess
 * pieces); then totals: results, plies, material.  Text or JSON.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Material of one side: draughts men and kings, chess pieces by kind. */
typedef struct material {
    unsigned men, kings; /* draughts */
    unsigned pawns, knights, bishops, rooks, queens, chess_kings;
} material;

typedef struct game_stats {
    unsigned long long index;
    int gametype;
    unsigned plies;
    bool known; /* the final position is known (the main line replayed) */
    pdn_result result;
    bool disagree;        /* the terminator says otherwise than the Result tag */
    bool from_terminator; /* no usable Result tag: the terminator counted */
    material side[2];     /* White, Black */
} game_stats;

typedef struct totals {
    unsigned long long games, plies, known;
    unsigned long long results[6];
    unsigned long long disagree, from_terminator;
    unsigned long long men[2], kings[2];
    unsigned *plies_of; /* every game's plies, for the median */
    size_t count, cap;
    bool chess, draughts;
} totals;

static const char *result_word(pdn_result r)
{
    switch (r) {
    case PDN_RESULT_WHITE:
        return "white";
    case PDN_RESULT_BLACK:
        return "black";
    case PDN_RESULT_DRAW:
        return "draw";
    case PDN_RESULT_FORFEIT:
        return "forfeit";
    case PDN_RESULT_OTHER:
        return "other";
    default:
        return "unknown";
    }
}

static void count_material(const pdn_position *pos, material side[2])
{
    memset(side, 0, 2 * sizeof *side);
    const pdn_geometry *g = pos->geometry;
    for (int cell = 0; cell < g->width * g->height; cell++) {
        pdn_piece p = pos->board[cell];
        unsigned c = PDN_PIECE_COLOR(p);
        if (p == 0 || (c != PDN_WHITE && c != PDN_BLACK))
            continue;
        material *m = &side[c == PDN_WHITE ? 0 : 1];
        switch (PDN_PIECE_KIND(p)) {
        case PDN_MAN:
            m->men++;
            break;
        case PDN_KING:
            m->kings++;
            break;
        case PDN_PAWN:
            m->pawns++;
            break;
        case PDN_KNIGHT:
            m->knights++;
            break;
        case PDN_BISHOP:
            m->bishops++;
            break;
        case PDN_ROOK:
            m->rooks++;
            break;
        case PDN_QUEEN:
            m->queens++;
            break;
        case PDN_CHESS_KING:
            m->chess_kings++;
            break;
        default:
            break;
        }
    }
}

/* The result: the Result tag when it says one, else the terminator. */
static void game_result(const pdn_game *g, game_stats *s)
{
    const pdn_tag *tag = pdn_game_tag(g, "Result");
    pdn_str term;
    pdn_terminator_kind tk = pdn_game_terminator(g, &term);
    pdn_result by_tag = tag ? pdn_parse_result(tag->value.ptr, tag->value.len) : PDN_RESULT_UNKNOWN;
    pdn_result by_term =
        tk == PDN_TERM_RESULT ? pdn_parse_result(term.ptr, term.len) : PDN_RESULT_UNKNOWN;
    s->result = by_tag;
    if (by_tag == PDN_RESULT_UNKNOWN && by_term != PDN_RESULT_UNKNOWN) {
        s->result = by_term;
        s->from_terminator = true;
    }
    s->disagree =
        by_tag != PDN_RESULT_UNKNOWN && by_term != PDN_RESULT_UNKNOWN && by_tag != by_term;
}

static void game_of(const pdn_game *g, const pdn_replay *r, game_stats *s)
{
    memset(s, 0, sizeof *s);
    s->index = pdn_game_index(g);
    s->gametype = pdn_replay_gametype(r);
    game_result(g, s);
    const pdn_node *last = NULL;
    for (const pdn_node *n = pdn_node_first_child(pdn_game_root(g)); n; n = pdn_node_next(n))
        if (pdn_node_kind_of(n) == PDN_NODE_MOVE) {
            last = n;
            s->plies++;
        }
    pdn_position pos;
    s->known = (last ? pdn_replay_position(&pos, r, last, 1)
                     : pdn_replay_position(&pos, r, pdn_game_root(g), 0)) == PDN_OK;
    if (s->known)
        count_material(&pos, s->side);
}

static void add_totals(totals *t, const game_stats *s)
{
    t->games++;
    t->plies += s->plies;
    t->results[s->result]++;
    t->disagree += s->disagree;
    t->from_terminator += s->from_terminator;
    if (s->gametype == 0)
        t->chess = true;
    else
        t->draughts = true;
    if (s->known) {
        t->known++;
        for (int k = 0; k < 2; k++) {
            t->men[k] += s->side[k].men;
            t->kings[k] += s->side[k].kings;
        }
    }
    if (t->count == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        unsigned *p = realloc(t->plies_of, cap * sizeof *p);
        if (p == NULL)
            return; /* the median then covers the games before */
        t->plies_of = p;
        t->cap = cap;
    }
    t->plies_of[t->count++] = s->plies;
}

/* Chess material as "K Q 2R B N 5P". */
static void chess_material(char *buf, size_t cap, const material *m)
{
    snprintf(buf, cap, "%uK %uQ %uR %uB %uN %uP", m->chess_kings, m->queens, m->rooks, m->bishops,
             m->knights, m->pawns);
}

static void print_game_text(const game_stats *s)
{
    char w[64], b[64];
    if (!s->known) {
        snprintf(w, sizeof w, "?");
        snprintf(b, sizeof b, "?");
    } else if (s->gametype == 0) {
        chess_material(w, sizeof w, &s->side[0]);
        chess_material(b, sizeof b, &s->side[1]);
    } else {
        snprintf(w, sizeof w, "%u men %u kings", s->side[0].men, s->side[0].kings);
        snprintf(b, sizeof b, "%u men %u kings", s->side[1].men, s->side[1].kings);
    }
    printf("%6llu %5u  %-7s  %-22s %-22s%s\n", s->index, s->plies, result_word(s->result), w, b,
           s->disagree          ? "  (terminator differs)"
           : s->from_terminator ? "  (terminator)"
                                : "");
}

static void print_material_json(const material *m, bool chess)
{
    if (chess)
        printf("{\"K\":%u,\"Q\":%u,\"R\":%u,\"B\":%u,\"N\":%u,\"P\":%u}", m->chess_kings, m->queens,
               m->rooks, m->bishops, m->knights, m->pawns);
    else
        printf("{\"men\":%u,\"kings\":%u}", m->men, m->kings);
}

static void print_game_json(const game_stats *s, bool first)
{
    printf("%s{\"game\":%llu,\"gametype\":%d,\"plies\":%u,\"result\":\"%s\",\"result_from\":\"%s\"",
           first ? "" : ",", s->index, s->gametype, s->plies, result_word(s->result),
           s->from_terminator ? "terminator" : "tag");
    if (s->disagree)
        printf(",\"terminator_differs\":true");
    if (s->known) {
        printf(",\"white\":");
        print_material_json(&s->side[0], s->gametype == 0);
        printf(",\"black\":");
        print_material_json(&s->side[1], s->gametype == 0);
    }
    printf("}");
}

static int cmp_unsigned(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

static void print_totals(totals *t, bool json)
{
    unsigned min = 0, max = 0, median = 0;
    if (t->count) {
        qsort(t->plies_of, t->count, sizeof *t->plies_of, cmp_unsigned);
        min = t->plies_of[0];
        max = t->plies_of[t->count - 1];
        median = t->plies_of[t->count / 2];
    }
    if (json) {
        printf("],\"totals\":{\"games\":%llu,\"white\":%llu,\"black\":%llu,\"draw\":%llu,"
               "\"forfeit\":%llu,\"other\":%llu,\"unknown\":%llu,\"terminator_differs\":%llu,"
               "\"from_terminator\":%llu,\"plies\":%llu,\"plies_min\":%u,\"plies_median\":%u,"
               "\"plies_max\":%u,\"final_positions_known\":%llu",
               t->games, t->results[PDN_RESULT_WHITE], t->results[PDN_RESULT_BLACK],
               t->results[PDN_RESULT_DRAW], t->results[PDN_RESULT_FORFEIT],
               t->results[PDN_RESULT_OTHER], t->results[PDN_RESULT_UNKNOWN], t->disagree,
               t->from_terminator, t->plies, min, median, max, t->known);
        if (t->draughts)
            printf(",\"white_men\":%llu,\"white_kings\":%llu,\"black_men\":%llu,"
                   "\"black_kings\":%llu",
                   t->men[0], t->kings[0], t->men[1], t->kings[1]);
        printf("}}\n");
        return;
    }
    double n = t->games ? (double)t->games : 1.0;
    printf("\n%llu game%s: white won %llu (%.1f%%), black won %llu (%.1f%%), drawn %llu (%.1f%%), "
           "other %llu, unknown %llu\n",
           t->games, t->games == 1 ? "" : "s", t->results[PDN_RESULT_WHITE],
           100.0 * (double)t->results[PDN_RESULT_WHITE] / n, t->results[PDN_RESULT_BLACK],
           100.0 * (double)t->results[PDN_RESULT_BLACK] / n, t->results[PDN_RESULT_DRAW],
           100.0 * (double)t->results[PDN_RESULT_DRAW] / n,
           t->results[PDN_RESULT_OTHER] + t->results[PDN_RESULT_FORFEIT],
           t->results[PDN_RESULT_UNKNOWN]);
    printf("results are the Result tag's; %llu game%s without one counted by the terminator; "
           "%llu where the terminator says otherwise\n",
           t->from_terminator, t->from_terminator == 1 ? "" : "s", t->disagree);
    printf("plies: %llu in all, per game min %u, median %u, max %u\n", t->plies, min, median, max);
    if (t->draughts && t->known)
        printf("at the end (%llu games replayed to the end): white %llu men %llu kings, black %llu "
               "men %llu kings\n",
               t->known, t->men[0], t->kings[0], t->men[1], t->kings[1]);
}

int cmd_stats(int argc, char **argv)
{
    cli_read read = CLI_READ_INIT;
    const char *file = NULL;
    bool json = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int took = cli_input_option(&read, "stats", &file, argc, argv, &i);
        if (took < 0)
            return EXIT_USAGE;
        if (took)
            continue;
        if (strcmp(a, "--json") == 0) {
            json = true;
            continue;
        }
        cli_usage_error("stats", "unknown option '%s'", a);
        return EXIT_USAGE;
    }
    if (!file) {
        cli_usage_error("stats", "%s", "no input file (use - for standard input)");
        return EXIT_USAGE;
    }
    cli_input in;
    if (!cli_input_open(&in, file))
        return EXIT_SYSTEM;
    pdn_reader *reader = NULL;
    pdn_replay *r = NULL;
    pdn_status st = cli_reader_open(&reader, &in, &read);
    if (st == PDN_OK)
        st = pdn_replay_new(&r, NULL);
    pdn_replay_options ro = cli_replay_options(&read);
    totals t;
    memset(&t, 0, sizeof t);
    if (json)
        printf("{\"games\":[");
    else
        printf("  game plies  result   white                  black\n");
    const pdn_game *g;
    while (st == PDN_OK && (st = pdn_reader_next(reader, &g)) == PDN_OK) {
        if ((st = pdn_replay_run(r, g, &ro)) != PDN_OK)
            break;
        game_stats s;
        game_of(g, r, &s);
        if (json)
            print_game_json(&s, t.games == 0);
        else
            print_game_text(&s);
        add_totals(&t, &s);
    }
    if (st == PDN_DONE)
        print_totals(&t, json);
    free(t.plies_of);
    pdn_replay_free(r);
    pdn_reader_free(reader);
    cli_input_close(&in);
    if (st != PDN_DONE)
        return cli_fatal(file, st);
    return fflush(stdout) == 0 ? EXIT_OK_ : cli_fatal("<stdout>", PDN_EIO);
}
