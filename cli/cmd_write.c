/* SPDX-License-Identifier: MIT */
/*
 * cmd_write.c - `pdn fmt` and `pdn json`: read one input and write every game
 * in another form.  Problems of the input go to standard error as a count;
 * `pdn check` shows them in full.
 */
#include "cli.h"

#include <errno.h>
#include <string.h>

typedef pdn_status (*write_fn)(const pdn_game *, const pdn_write_options *, pdn_sink);

/* What a thread writing games keeps. */
typedef struct writer {
    write_fn fn;
    pdn_write_options wo;
    pdn_replay *rp; /* when moves are rewritten */
    pdn_replay_options ro;
} writer;

static pdn_status write_game(void *worker, const pdn_game *g, cli_part *p)
{
    writer *w = worker;
    p->counts[PDN_SEV_ERROR] += pdn_game_count_severity(g, PDN_SEV_ERROR);
    pdn_status st;
    if (w->rp != NULL && (st = pdn_replay_run(w->rp, g, &w->ro)) != PDN_OK)
        return st;
    w->wo.replay = w->rp;
    return w->fn(g, &w->wo, (pdn_sink){cli_file_sink, p->out});
}

static int run(const char *cmd, int argc, char **argv, write_fn fn, pdn_write_options wo)
{
    cli_read r = CLI_READ_INIT;
    const char *file = NULL, *output = NULL;
    /* JSON holds each game's number, which a part read on a thread of its
     * own does not know: one thread. */
    unsigned jobs = fn == pdn_write_pdn ? cli_default_jobs() : 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int took = cli_input_option(&r, cmd, &file, argc, argv, &i);
        if (took < 0)
            return EXIT_USAGE;
        if (took)
            continue;
        if (fn == pdn_write_pdn && (took = cli_jobs_option(&jobs, cmd, argc, argv, &i)) != 0) {
            if (took < 0)
                return EXIT_USAGE;
            continue;
        }
        if (fn == pdn_write_pdn && (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0)) {
            if (i + 1 >= argc) {
                cli_usage_error(cmd, "option '%s' needs a file", a);
                return EXIT_USAGE;
            }
            output = argv[++i];
            continue;
        }
        if (fn == pdn_write_pdn && strcmp(a, "--captures") == 0) {
            const char *v = i + 1 < argc ? argv[++i] : "";
            if (strcmp(v, "asis") == 0) {
                wo.captures = PDN_CAPTURES_ASIS;
            } else if (strcmp(v, "minimal") == 0) {
                wo.captures = PDN_CAPTURES_MINIMAL;
            } else if (strcmp(v, "full") == 0) {
                wo.captures = PDN_CAPTURES_FULL;
            } else {
                cli_usage_error(cmd, "--captures takes minimal, full or asis, not '%s'", v);
                return EXIT_USAGE;
            }
            continue;
        }
        if (fn == pdn_write_pdn && strcmp(a, "--notation") == 0) {
            const char *v = i + 1 < argc ? argv[++i] : "";
            if (strcmp(v, "numeric") == 0) {
                wo.notation = 'N';
            } else if (strcmp(v, "alpha") == 0 || strcmp(v, "algebraic") == 0) {
                wo.notation = 'A';
            } else {
                cli_usage_error(cmd, "--notation takes numeric or alpha, not '%s'", v);
                return EXIT_USAGE;
            }
            continue;
        }
        if (fn == pdn_write_json && strcmp(a, "--no-positions") == 0) {
            wo.positions = 0;
            wo.source_order = 0;
            continue;
        }
        if (fn == pdn_write_json && strcmp(a, "--no-diagnostics") == 0) {
            wo.diagnostics = 0;
            continue;
        }
        cli_usage_error(cmd, "unknown option '%s'", a);
        return EXIT_USAGE;
    }
    if (!file) {
        cli_usage_error(cmd, "%s", "no input file (use - for standard input)");
        return EXIT_USAGE;
    }
    /* The input is opened first, so that a missing one leaves the output
     * file untouched. */
    cli_input in;
    if (!cli_input_open(&in, file))
        return EXIT_SYSTEM;
    cli_input_close(&in);
    FILE *out = stdout;
    if (output && !(out = fopen(output, "wb"))) {
        fprintf(stderr, "pdn: %s: %s\n", output, strerror(errno));
        return EXIT_SYSTEM;
    }
    /* Rewriting moves needs them resolved: replay each game first. */
    bool replay = wo.captures != PDN_CAPTURES_ASIS || wo.notation != 0;
    writer workers[CLI_JOBS_MAX];
    void *ptrs[CLI_JOBS_MAX];
    unsigned made = 0;
    pdn_status st = PDN_OK;
    for (; made < jobs; made++) {
        workers[made] = (writer){fn, wo, NULL, cli_replay_options(&r)};
        ptrs[made] = &workers[made];
        if (replay && (st = pdn_replay_new(&workers[made].rp, NULL)) != PDN_OK)
            break;
    }
    const char *out_name = output ? output : "<stdout>";
    cli_totals t = {0, {0, 0, 0, 0}};
    int rc = made < jobs ? cli_fatal(file, st) : EXIT_OK_;
    if (rc == EXIT_OK_) {
        cli_games how = {write_game, ptrs, jobs, out, out_name};
        rc = cli_read_games(file, &r, &how, &t);
    }
    for (unsigned j = 0; j < made; j++)
        pdn_replay_free(workers[j].rp);
    if ((fflush(out) != 0 || (out != stdout && fclose(out) != 0)) && rc == EXIT_OK_)
        rc = cli_fatal(out_name, PDN_EIO);
    unsigned long long errors = t.counts[PDN_SEV_ERROR];
    if (rc == EXIT_OK_ && errors) {
        fprintf(stderr, "pdn %s: %s: %llu error%s in %llu game%s (see 'pdn check')\n", cmd,
                strcmp(file, "-") == 0 ? "<stdin>" : file, errors, errors == 1 ? "" : "s", t.games,
                t.games == 1 ? "" : "s");
        rc = EXIT_INPUT;
    }
    return rc;
}

int cmd_fmt(int argc, char **argv)
{
    pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    return run("fmt", argc, argv, pdn_write_pdn, wo);
}

int cmd_json(int argc, char **argv)
{
    pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    return run("json", argc, argv, pdn_write_json, wo);
}
