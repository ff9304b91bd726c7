/* SPDX-License-Identifier: MIT */
/*
 * view_cmd.c - `pdn view FILE`: reads the options and the whole file, then
 * hands the games to the terminal viewer (view_curses.c), or says that
 * this pdn was built without ncurses.
 */
#include "cli.h"
#include "view.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#if defined(PDN_HAVE_NCURSES)

typedef struct view_args {
    const char *file;
    unsigned long game; /* 0: start at the list */
    cli_read read;
} view_args;

static int parse_args(view_args *a, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int took = cli_input_option(&a->read, "view", &a->file, argc, argv, &i);
        if (took < 0)
            return EXIT_USAGE;
        if (took)
            continue;
        if (strcmp(s, "--game") == 0) {
            char *end = NULL;
            errno = 0;
            unsigned long v = i + 1 < argc ? strtoul(argv[i + 1], &end, 10) : 0;
            if (i + 1 >= argc || end == argv[i + 1] || *end != '\0' || v == 0 || errno) {
                cli_usage_error("view", "%s", "--game needs a game number from 1");
                return EXIT_USAGE;
            }
            a->game = v;
            i++;
        } else {
            cli_usage_error("view", "unknown option '%s'", s);
            return EXIT_USAGE;
        }
    }
    if (!a->file) {
        cli_usage_error("view", "%s", "no input file");
        return EXIT_USAGE;
    }
    if (strcmp(a->file, "-") == 0) {
        /* The keyboard is standard input while the viewer runs. */
        cli_usage_error("view", "%s", "needs a file: standard input is the keyboard");
        return EXIT_USAGE;
    }
    return EXIT_OK_;
}

/* The whole file in memory: the list remembers where each game starts and
 * reads it again from there when it is opened. */
static int slurp(const char *path, char **out, size_t *len)
{
    cli_input in;
    if (!cli_input_open(&in, path))
        return EXIT_SYSTEM;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    int rc = EXIT_OK_;
    for (;;) {
        if (cap - n < 65536) {
            size_t c = cap ? cap * 2 : 65536;
            char *p = realloc(buf, c);
            if (p == NULL) {
                rc = cli_fatal(path, PDN_ENOMEM);
                break;
            }
            buf = p;
            cap = c;
        }
        size_t got = cli_input_read(&in, buf + n, cap - n);
        if (got == (size_t)-1) {
            fprintf(stderr, "pdn: %s: %s\n", path, strerror(errno));
            rc = EXIT_SYSTEM;
            break;
        }
        if (got == 0)
            break;
        n += got;
    }
    cli_input_close(&in);
    if (rc != EXIT_OK_) {
        free(buf);
        return rc;
    }
    *out = buf;
    *len = n;
    return EXIT_OK_;
}

int cmd_view(int argc, char **argv)
{
    view_args a = {NULL, 0, CLI_READ_INIT};
    int rc = parse_args(&a, argc, argv);
    if (rc != EXIT_OK_)
        return rc;
    char *data;
    size_t len;
    if ((rc = slurp(a.file, &data, &len)) != EXIT_OK_)
        return rc;
    /* As cli_reader_open() does: a ".pgn" file is chess unless told. */
    pdn_read_options o = a.read.opts;
    size_t n = strlen(a.file);
    if (a.read.variant < 0 && n >= 4 &&
        (strcmp(a.file + n - 4, ".pgn") == 0 || strcmp(a.file + n - 4, ".PGN") == 0))
        o.default_gametype = 0;
    view_app app;
    pdn_status st = view_app_init(&app, data, len, a.file, &o, a.read.variant);
    if (st == PDN_DONE) {
        fprintf(stderr, "pdn view: %s: no games\n", a.file);
        rc = EXIT_INPUT;
    } else if (st != PDN_OK) {
        rc = cli_fatal(a.file, st);
    } else if (a.game > app.list.count) {
        fprintf(stderr, "pdn view: %s: --game %lu: the file has %zu game%s\n", a.file, a.game,
                app.list.count, app.list.count == 1 ? "" : "s");
        rc = EXIT_USAGE;
    } else if (a.game && !app.single && (st = view_app_open(&app, a.game - 1)) != PDN_OK) {
        rc = cli_fatal(a.file, st);
    } else {
        rc = view_curses_run(&app);
    }
    view_app_free(&app);
    free(data);
    return rc;
}

#else

int cmd_view(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "pdn view: this pdn was built without ncurses, so the terminal viewer is "
                    "not available (install libncurses-dev and build pdn again)\n");
    return EXIT_USAGE;
}

#endif
