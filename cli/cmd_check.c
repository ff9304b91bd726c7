/* SPDX-License-Identifier: MIT */
/*
 * cmd_check.c - `pdn check`: reads every game of every file and reports each
 * problem, then a summary.  Every game is replayed against the rules of its
 * GameType unless --syntax asks for the syntax alone.
 */
#include "cli.h"

#include <string.h>

/*
 * Whether the notes under the game's replay diagnostics need positions: the
 * ones about a move (replay_notes.c) show the position before it.  Keeping
 * a copy of every position costs a good part of the replay, so the game is
 * replayed once more, with positions, only when one is needed.
 */
static bool needs_positions(const pdn_replay *rp)
{
    size_t n = 0;
    const pdn_diag *d = pdn_replay_diags(rp, &n);
    for (size_t i = 0; i < n; i++)
        if (cli_diag_about_move(d[i].code))
            return true;
    return false;
}

/* What a thread checking games keeps. */
typedef struct checker {
    pdn_replay *rp; /* NULL: the syntax alone */
    pdn_replay_options ro, with_positions;
} checker;

static pdn_status check_game(void *worker, const pdn_game *g, cli_part *p)
{
    checker *c = worker;
    if (c->rp == NULL && p->out == NULL) {
        /* Nothing to print or merge: the reader's diagnostics are counted
         * in place, a few instructions a game. */
        size_t n;
        const pdn_diag *d = pdn_game_diags(g, &n);
        for (size_t i = 0; i < n; i++)
            p->counts[d[i].severity]++;
        return PDN_OK;
    }
    pdn_status st;
    if (c->rp != NULL && (st = pdn_replay_run(c->rp, g, &c->ro)) != PDN_OK)
        return st;
    if (c->rp != NULL && p->out != NULL && needs_positions(c->rp) &&
        (st = pdn_replay_run(c->rp, g, &c->with_positions)) != PDN_OK)
        return st;
    cli_print_diags(p, p->name, g, c->rp);
    return PDN_OK;
}

int cmd_check(int argc, char **argv)
{
    cli_read r = CLI_READ_INIT;
    bool quiet = false, replay = true;
    unsigned jobs = cli_default_jobs();
    int first_file = argc, rc = EXIT_OK_;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            first_file = i + 1;
            break;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0) {
            first_file = i;
            break;
        }
        int took = cli_read_option(&r, "check", argc, argv, &i);
        if (took == 0)
            took = cli_jobs_option(&jobs, "check", argc, argv, &i);
        if (took < 0)
            return EXIT_USAGE;
        if (took)
            continue;
        if (strcmp(a, "--syntax") == 0) {
            replay = false;
            continue;
        }
        if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
            quiet = true;
            continue;
        }
        cli_usage_error("check", "unknown option '%s'", a);
        return EXIT_USAGE;
    }
    if (first_file >= argc) {
        cli_usage_error("check", "%s", "no input file (use - for standard input)");
        return EXIT_USAGE;
    }
    checker workers[CLI_JOBS_MAX];
    void *ptrs[CLI_JOBS_MAX];
    pdn_replay_options ro = cli_replay_options(&r);
    unsigned made = 0;
    for (; made < jobs; made++) {
        checker *c = &workers[made];
        c->rp = NULL;
        /* The first replay is for the diagnostics alone: no moves kept. */
        c->with_positions = c->ro = ro;
        c->ro.positions = 0;
        c->ro.moves = 0;
        ptrs[made] = c;
        if (replay && pdn_replay_new(&c->rp, NULL) != PDN_OK)
            break;
    }
    cli_totals t = {0, {0, 0, 0, 0}};
    int files = 0;
    for (int i = first_file; made == jobs && i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] && i > first_file) {
            cli_usage_error("check", "options go before the files: '%s'", argv[i]);
            rc = EXIT_USAGE;
            break;
        }
        cli_games how = {check_game, ptrs, jobs, quiet ? NULL : stdout, "<stdout>"};
        int c = cli_read_games(argv[i], &r, &how, &t);
        if (c > rc)
            rc = c;
        files++;
    }
    for (unsigned j = 0; j < made; j++)
        pdn_replay_free(workers[j].rp);
    if (made < jobs)
        return cli_fatal("check", PDN_ENOMEM);
    if (rc == EXIT_USAGE)
        return rc;
    if (files > 1)
        printf("%d files, ", files);
    unsigned long long errors = t.counts[PDN_SEV_ERROR], warnings = t.counts[PDN_SEV_WARNING];
    printf("%llu game%s, %llu error%s, %llu warning%s\n", t.games, t.games == 1 ? "" : "s", errors,
           errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s");
    /* A write error a part's printing met is reported already. */
    if (fflush(stdout) != 0 || ferror(stdout))
        return rc == EXIT_SYSTEM ? rc : cli_fatal("<stdout>", PDN_EIO);
    if (rc == EXIT_OK_ && errors)
        rc = EXIT_INPUT;
    return rc;
}
