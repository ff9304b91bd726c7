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

static int run(const char *cmd, int argc, char **argv, write_fn fn, pdn_write_options wo)
{
    cli_read r = CLI_READ_INIT;
    const char *file = NULL, *output = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int took = cli_input_option(&r, cmd, &file, argc, argv, &i);
        if (took < 0)
            return EXIT_USAGE;
        if (took)
            continue;
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
    cli_input in;
    if (!cli_input_open(&in, file))
        return EXIT_SYSTEM;
    FILE *out = stdout;
    if (output && !(out = fopen(output, "wb"))) {
        fprintf(stderr, "pdn: %s: %s\n", output, strerror(errno));
        cli_input_close(&in);
        return EXIT_SYSTEM;
    }
    pdn_reader *reader;
    pdn_replay *rp = NULL;
    pdn_status st = cli_reader_open(&reader, &in, &r);
    /* Rewriting moves needs them resolved: replay each game first. */
    bool replay = wo.captures != PDN_CAPTURES_ASIS || wo.notation != 0;
    pdn_replay_options ro = cli_replay_options(&r);
    unsigned long long errors = 0, games = 0;
    if (st == PDN_OK && replay && (st = pdn_replay_new(&rp, NULL)) != PDN_OK)
        pdn_reader_free(reader);
    if (st == PDN_OK) {
        const pdn_game *g;
        pdn_sink sink = {cli_file_sink, out};
        while ((st = pdn_reader_next(reader, &g)) == PDN_OK) {
            games++;
            errors += pdn_game_count_severity(g, PDN_SEV_ERROR);
            if (rp != NULL && (st = pdn_replay_run(rp, g, &ro)) != PDN_OK)
                break;
            wo.replay = rp;
            if ((st = fn(g, &wo, sink)) != PDN_OK)
                break;
        }
        pdn_replay_free(rp);
        pdn_reader_free(reader);
    }
    int rc = EXIT_OK_;
    if (st != PDN_DONE)
        rc = cli_fatal(st == PDN_EIO && !in.failed ? (output ? output : "<stdout>") : in.name, st);
    if (fflush(out) != 0 || (out != stdout && fclose(out) != 0))
        rc = cli_fatal(output ? output : "<stdout>", PDN_EIO);
    cli_input_close(&in);
    if (rc == EXIT_OK_ && errors) {
        fprintf(stderr, "pdn %s: %s: %llu error%s in %llu game%s (see 'pdn check')\n", cmd, in.name,
                errors, errors == 1 ? "" : "s", games, games == 1 ? "" : "s");
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
