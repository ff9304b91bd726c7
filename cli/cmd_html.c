/* SPDX-License-Identifier: MIT */
/*
 * cmd_html.c - `pdn html`: the games of a file as one self-contained HTML
 * page to open in a browser (the library's pdn_html_* writer).  The output
 * file is created at the first byte written, so a bad --game leaves none.
 */
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct html_args {
    const char *file, *output, *title;
    unsigned long game; /* 0: every game */
    cli_read read;
} html_args;

/* Where the page goes: standard output, or a file opened on first use. */
typedef struct html_out {
    const char *path;
    FILE *fp;
    bool failed;
} html_out;

static int out_write(void *ctx, const char *data, size_t len)
{
    html_out *o = ctx;
    if (o->fp == NULL && !o->failed && (o->fp = fopen(o->path, "wb")) == NULL) {
        fprintf(stderr, "pdn: %s: %s\n", o->path, strerror(errno));
        o->failed = true;
    }
    if (o->failed || fwrite(data, 1, len, o->fp) != len) {
        o->failed = true;
        return -1;
    }
    return 0;
}

static int parse_args(html_args *a, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int took = cli_input_option(&a->read, "html", &a->file, argc, argv, &i);
        if (took < 0)
            return EXIT_USAGE;
        if (took)
            continue;
        bool output = strcmp(s, "-o") == 0 || strcmp(s, "--output") == 0;
        if (!output && strcmp(s, "--game") != 0 && strcmp(s, "--title") != 0) {
            cli_usage_error("html", "unknown option '%s'", s);
            return EXIT_USAGE;
        }
        if (i + 1 >= argc) {
            cli_usage_error("html", "option '%s' needs a value", s);
            return EXIT_USAGE;
        }
        const char *v = argv[++i];
        if (output) {
            a->output = v;
        } else if (strcmp(s, "--title") == 0) {
            a->title = v;
        } else {
            char *end = NULL;
            errno = 0;
            unsigned long n = strtoul(v, &end, 10);
            if (v[0] < '0' || v[0] > '9' || *end != '\0' || errno != 0 || n == 0 ||
                n == ULONG_MAX) {
                cli_usage_error("html", "--game needs a game number from 1, got '%s'", v);
                return EXIT_USAGE;
            }
            a->game = n;
        }
    }
    if (!a->file) {
        cli_usage_error("html", "%s", "no input file (use - for standard input)");
        return EXIT_USAGE;
    }
    return EXIT_OK_;
}

/* The page's title: the file's name without its directories. */
static const char *base_name(const char *path)
{
    if (strcmp(path, "-") == 0)
        return "standard input";
    const char *slash = strrchr(path, '/');
    return slash != NULL && slash[1] != '\0' ? slash + 1 : path;
}

int cmd_html(int argc, char **argv)
{
    html_args a = {NULL, NULL, NULL, 0, CLI_READ_INIT};
    int rc = parse_args(&a, argc, argv);
    if (rc != EXIT_OK_)
        return rc;
    cli_input in;
    if (!cli_input_open(&in, a.file))
        return EXIT_SYSTEM;
    html_out out = {a.output, a.output ? NULL : stdout, false};
    pdn_html_options ho = PDN_HTML_OPTIONS_INIT;
    ho.title = a.title ? a.title : base_name(a.file);
    ho.gametype = a.read.variant;
    pdn_reader *reader = NULL;
    pdn_html *html = NULL;
    pdn_sink sink = {out_write, &out};
    pdn_status st = cli_reader_open(&reader, &in, &a.read);
    if (st == PDN_OK)
        st = pdn_html_new(&html, &ho, sink);
    const pdn_game *g;
    unsigned long index = 0;
    while (st == PDN_OK && (!a.game || index < a.game) &&
           (st = pdn_reader_next(reader, &g)) == PDN_OK) {
        index++;
        if (!a.game || index == a.game)
            st = pdn_html_add(html, g);
    }
    if (st == PDN_DONE)
        st = PDN_OK;
    if (st == PDN_OK && a.game && index < a.game) {
        fprintf(stderr, "pdn html: %s: --game %lu: the file has %lu game%s\n", in.name, a.game,
                index, index == 1 ? "" : "s");
        rc = EXIT_USAGE;
    } else if (st == PDN_OK) {
        st = pdn_html_finish(html);
    }
    unsigned long long errors = pdn_html_errors(html);
    unsigned long shown = a.game ? 1ul : index;
    pdn_html_free(html);
    pdn_reader_free(reader);
    cli_input_close(&in);
    bool closed = out.fp == NULL || fflush(out.fp) == 0;
    if (out.fp != NULL && out.fp != stdout && fclose(out.fp) != 0)
        closed = false;
    if (rc != EXIT_OK_)
        return rc;
    if (st == PDN_EIO && out.failed)
        return out.fp == NULL ? EXIT_SYSTEM : cli_fatal(a.output ? a.output : "<stdout>", st);
    if (st != PDN_OK)
        return cli_fatal(in.name, st);
    if (!closed)
        return cli_fatal(a.output ? a.output : "<stdout>", PDN_EIO);
    if (errors) {
        fprintf(stderr,
                "pdn html: %s: %llu error%s in %lu game%s (shown in the page; see 'pdn check')\n",
                in.name, errors, errors == 1 ? "" : "s", shown, shown == 1 ? "" : "s");
        return EXIT_INPUT;
    }
    return EXIT_OK_;
}
