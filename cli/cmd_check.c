/* SPDX-License-Identifier: MIT */
/*
 * cmd_check.c - `pdn check`: reads every game of every file and reports each
 * problem, then a summary.  Every game is replayed against the rules of its
 * GameType unless --syntax asks for the syntax alone.
 */
#include "cli.h"

#include <string.h>

typedef struct totals {
    unsigned long long games, errors, warnings, notes;
} totals;

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

static int check_file(const char *path, const cli_read *r, bool quiet, bool replay, totals *t)
{
    cli_input in;
    if (!cli_input_open(&in, path))
        return EXIT_SYSTEM;
    pdn_reader *reader;
    pdn_replay *rp = NULL;
    pdn_status st = cli_reader_open(&reader, &in, r);
    if (st == PDN_OK && replay && (st = pdn_replay_new(&rp, NULL)) != PDN_OK)
        pdn_reader_free(reader);
    if (st != PDN_OK) {
        cli_input_close(&in);
        return cli_fatal(in.name, st);
    }
    pdn_replay_options ro = cli_replay_options(r), with_positions = ro;
    /* The first replay is for the diagnostics alone: no moves kept. */
    ro.positions = 0;
    ro.moves = 0;
    const pdn_game *g;
    unsigned long long counts[4] = {0, 0, 0, 0};
    while ((st = pdn_reader_next(reader, &g)) == PDN_OK) {
        t->games++;
        if (rp == NULL && quiet) {
            /* Nothing to print or merge: the reader's diagnostics are
             * counted in place, a few instructions a game. */
            size_t n;
            const pdn_diag *d = pdn_game_diags(g, &n);
            for (size_t i = 0; i < n; i++)
                counts[d[i].severity]++;
            continue;
        }
        if (rp != NULL && (st = pdn_replay_run(rp, g, &ro)) != PDN_OK)
            break;
        if (rp != NULL && !quiet && needs_positions(rp) &&
            (st = pdn_replay_run(rp, g, &with_positions)) != PDN_OK)
            break;
        cli_print_diags(quiet ? NULL : stdout, in.name, g, rp, counts);
    }
    t->errors += counts[PDN_SEV_ERROR];
    t->warnings += counts[PDN_SEV_WARNING];
    t->notes += counts[PDN_SEV_NOTE];
    pdn_replay_free(rp);
    pdn_reader_free(reader);
    cli_input_close(&in);
    if (st != PDN_DONE)
        return cli_fatal(path, st);
    return EXIT_OK_;
}

int cmd_check(int argc, char **argv)
{
    cli_read r = CLI_READ_INIT;
    bool quiet = false, replay = true;
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
    totals t = {0, 0, 0, 0};
    int files = 0;
    for (int i = first_file; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] && i > first_file) {
            cli_usage_error("check", "options go before the files: '%s'", argv[i]);
            return EXIT_USAGE;
        }
        int c = check_file(argv[i], &r, quiet, replay, &t);
        if (c > rc)
            rc = c;
        files++;
    }
    if (files > 1)
        printf("%d files, ", files);
    printf("%llu game%s, %llu error%s, %llu warning%s\n", t.games, t.games == 1 ? "" : "s",
           t.errors, t.errors == 1 ? "" : "s", t.warnings, t.warnings == 1 ? "" : "s");
    if (rc == EXIT_OK_ && t.errors)
        rc = EXIT_INPUT;
    return rc;
}
