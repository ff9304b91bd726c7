/* SPDX-License-Identifier: MIT */
/*
 * run_spec.c - runs the data-driven spec cases of tests/spec/NAME.txt: reads
 * the input of each case with the library and compares the diagnostics, the
 * canonical PDN and the JSON it gives with what the case expects.
 *
 * Usage: run_spec FILE... [--case NAME]
 *
 * A spec file holds many cases.  Text before the first case describes the
 * file and is skipped.  A case is
 *
 *   ### <case name>
 *   mode: liberal|standard|strict           optional, default liberal
 *   gametype: -1|0|20|...                   optional default GameType, default -1
 *   encoding: auto|utf8|latin1|cp1251|cp866 optional, default auto
 *   replay: on|off                          optional, default off: with on, the
 *                                           diagnostics of pdn_replay_run() are
 *                                           merged in, in text order
 *   --- input
 *   <PDN text>
 *   --- diagnostics
 *   <one line "L:C severity code" per diagnostic, in order; "(none)" for none>
 *   <a diagnostic with a second location adds " related L:C": where an
 *    unclosed delimiter was opened, where a duplicate tag first stood,
 *    where the Result tag is>
 *   --- fmt
 *   <what pdn_write_pdn() writes for all games>
 *   --- json
 *   <what pdn_write_json() writes for all games, positions, diagnostics and
 *    source_order off: one line per game>
 *
 * The three expectation sections are optional, but a case has at least one.
 * A section runs to the next section line ("--- input", "--- diagnostics",
 * "--- fmt", "--- json", exactly) or the next "### " line.  Blank lines at the
 * end of a section are layout and are dropped.  Every other line stands for
 * itself followed by a newline, except a line starting with "\x:": the rest
 * of it is taken byte for byte with the escapes \xNN (a byte in hex) and \\
 * (a backslash), and without a newline.  That gives CR line endings, NUL and
 * invalid UTF-8 bytes, trailing blanks, and input without a final newline.
 *
 * Every written game ends in a blank line; for the last game that blank line
 * is implied, so the fmt section ends with the game's last line.  Diagnostics
 * are those of all games in order; line and column come from
 * pdn_game_locate(), the code from pdn_diag_name().
 *
 * Expectations are written by hand from the standard and the documented
 * rules; there is deliberately no option to regenerate them from the output.
 * The program prints each failing case with its file and line, the expected
 * and the actual text, then "N passed, M failed"; it exits 1 when a case
 * failed, 2 on a usage error or an unreadable or malformed spec file.
 */
#include <pdn.h>

#include "support/append.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- growable byte buffer --------------------------------------------- */

typedef struct buf {
    char *data;
    size_t len, cap;
} buf;

static void die_nomem(void)
{
    fputs("run_spec: out of memory\n", stderr);
    exit(2);
}

static void buf_add(buf *b, const char *s, size_t n)
{
    if (!test_append(&b->data, &b->len, &b->cap, s, n))
        die_nomem();
}

/* Appends "LINE:COL". */
static void buf_add_location(buf *b, uint64_t line, uint32_t col)
{
    char tmp[48];
    int n = snprintf(tmp, sizeof tmp, "%llu:%lu", (unsigned long long)line, (unsigned long)col);
    if (n > 0)
        buf_add(b, tmp, (size_t)n);
}

static void buf_adds(buf *b, const char *s)
{
    buf_add(b, s, strlen(s));
}

static void buf_free(buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

static int sink_write(void *ctx, const char *data, size_t len)
{
    buf_add(ctx, data, len);
    return 0;
}

/* ---- spec files ------------------------------------------------------- */

enum { SEC_INPUT, SEC_DIAGS, SEC_FMT, SEC_JSON, SEC_COUNT };

static const char *const section_names[SEC_COUNT] = {"input", "diagnostics", "fmt", "json"};

typedef struct spec_case {
    char name[256];
    const char *file;
    size_t line; /* of the "### " line */
    pdn_read_options opts;
    int replay;
    int has[SEC_COUNT];
    buf text[SEC_COUNT];
    size_t blank_lines; /* empty lines not yet added to the current section */
} spec_case;

typedef struct line_span {
    const char *s;
    size_t n;
} line_span;

/* A section line: "--- <name>" exactly.  Returns its index or -1. */
static int section_of(line_span l)
{
    for (int k = 0; k < SEC_COUNT; k++) {
        size_t n = strlen(section_names[k]);
        if (l.n == n + 4 && memcmp(l.s, "--- ", 4) == 0 &&
            memcmp(l.s + 4, section_names[k], n) == 0)
            return k;
    }
    return -1;
}

static int is_case_start(line_span l)
{
    return l.n >= 4 && memcmp(l.s, "### ", 4) == 0;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Appends one content line to `out`.  Returns 0, or -1 on a bad escape. */
static int add_content_line(buf *out, line_span l)
{
    if (!(l.n >= 3 && memcmp(l.s, "\\x:", 3) == 0)) {
        buf_add(out, l.s, l.n);
        buf_add(out, "\n", 1);
        return 0;
    }
    for (size_t i = 3; i < l.n; i++) {
        char c = l.s[i];
        if (c != '\\') {
            buf_add(out, &c, 1);
        } else if (i + 1 < l.n && l.s[i + 1] == '\\') {
            buf_add(out, "\\", 1);
            i += 1;
        } else if (i + 3 < l.n && l.s[i + 1] == 'x' && hex_digit(l.s[i + 2]) >= 0 &&
                   hex_digit(l.s[i + 3]) >= 0) {
            char byte = (char)(hex_digit(l.s[i + 2]) * 16 + hex_digit(l.s[i + 3]));
            buf_add(out, &byte, 1);
            i += 3;
        } else {
            return -1;
        }
    }
    return 0;
}

static int parse_int(const char *s, size_t n, int *out)
{
    char tmp[32];
    if (n == 0 || n >= sizeof tmp)
        return -1;
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    char *end;
    long v = strtol(tmp, &end, 10);
    if (*end || v < -1 || v > 9999)
        return -1;
    *out = (int)v;
    return 0;
}

static int word_is(const char *s, size_t n, const char *w)
{
    return strlen(w) == n && memcmp(s, w, n) == 0;
}

/* A "key: value" line of a case's header.  Returns 0 or -1. */
static int set_option(spec_case *c, line_span l)
{
    const char *colon = memchr(l.s, ':', l.n);
    if (!colon)
        return -1;
    size_t kn = (size_t)(colon - l.s);
    const char *v = colon + 1;
    size_t vn = l.n - kn - 1;
    while (vn && (*v == ' ' || *v == '\t'))
        v++, vn--;
    while (vn && (v[vn - 1] == ' ' || v[vn - 1] == '\t' || v[vn - 1] == '\r'))
        vn--;
    if (word_is(l.s, kn, "mode")) {
        if (word_is(v, vn, "liberal"))
            c->opts.mode = PDN_MODE_LIBERAL;
        else if (word_is(v, vn, "standard"))
            c->opts.mode = PDN_MODE_STANDARD;
        else if (word_is(v, vn, "strict"))
            c->opts.mode = PDN_MODE_STRICT;
        else
            return -1;
        return 0;
    }
    if (word_is(l.s, kn, "gametype"))
        return parse_int(v, vn, &c->opts.default_gametype);
    if (word_is(l.s, kn, "replay")) {
        if (!word_is(v, vn, "on") && !word_is(v, vn, "off"))
            return -1;
        c->replay = word_is(v, vn, "on");
        return 0;
    }
    if (word_is(l.s, kn, "encoding")) {
        static const struct {
            const char *name;
            pdn_encoding enc;
        } encs[] = {{"auto", PDN_ENC_AUTO},
                    {"utf8", PDN_ENC_UTF8},
                    {"latin1", PDN_ENC_LATIN1},
                    {"cp1251", PDN_ENC_CP1251},
                    {"cp866", PDN_ENC_CP866}};
        for (size_t k = 0; k < sizeof encs / sizeof encs[0]; k++)
            if (word_is(v, vn, encs[k].name)) {
                c->opts.encoding = encs[k].enc;
                return 0;
            }
        return -1;
    }
    return -1;
}

static void case_free(spec_case *c)
{
    for (int k = 0; k < SEC_COUNT; k++)
        buf_free(&c->text[k]);
}

/* ---- running a case --------------------------------------------------- */

static const char *severity_word(pdn_severity s)
{
    switch (s) {
    case PDN_SEV_ERROR:
        return "error";
    case PDN_SEV_WARNING:
        return "warning";
    case PDN_SEV_NOTE:
        return "note";
    case PDN_SEV_NONE:
        break;
    }
    return "none";
}

typedef struct outcome {
    buf diags, fmt, json;
    char failure[128]; /* a reader or writer status, or "" */
} outcome;

static void run_input(const spec_case *c, outcome *o)
{
    pdn_reader *r;
    const buf *in = &c->text[SEC_INPUT];
    pdn_status st = pdn_reader_new_buffer(&r, in->data ? in->data : "", in->len, &c->opts);
    if (st != PDN_OK) {
        snprintf(o->failure, sizeof o->failure, "pdn_reader_new_buffer: %s", pdn_status_str(st));
        return;
    }
    pdn_write_options wopts = PDN_WRITE_OPTIONS_INIT;
    wopts.positions = 0;
    wopts.diagnostics = 0;
    wopts.source_order = 0;
    const pdn_game *g;
    pdn_replay *rp = NULL;
    if (c->replay && (st = pdn_replay_new(&rp, NULL)) != PDN_OK) {
        snprintf(o->failure, sizeof o->failure, "pdn_replay_new: %s", pdn_status_str(st));
        pdn_reader_free(r);
        return;
    }
    while ((st = pdn_reader_next(r, &g)) == PDN_OK) {
        size_t count, rcount = 0;
        const pdn_diag *d = pdn_game_diags(g, &count), *rd = NULL;
        if (rp != NULL) {
            pdn_status rs = pdn_replay_run(rp, g, NULL);
            if (rs != PDN_OK) {
                snprintf(o->failure, sizeof o->failure, "pdn_replay_run: %s", pdn_status_str(rs));
                break;
            }
            rd = pdn_replay_diags(rp, &rcount);
        }
        /* Reader's and replay's, in text order; the reader's first at one place. */
        for (size_t i = 0, j = 0; i < count || j < rcount;) {
            const pdn_diag *x =
                (i == count || (j < rcount && rd[j].offset < d[i].offset)) ? &rd[j++] : &d[i++];
            uint64_t line;
            uint32_t col;
            pdn_game_locate(g, x->offset, &line, &col);
            buf_add_location(&o->diags, line, col);
            buf_adds(&o->diags, " ");
            buf_adds(&o->diags, severity_word(x->severity));
            buf_adds(&o->diags, " ");
            buf_adds(&o->diags, pdn_diag_name(x->code));
            if (x->related != UINT32_MAX) {
                pdn_game_locate(g, x->related, &line, &col);
                buf_adds(&o->diags, " related ");
                buf_add_location(&o->diags, line, col);
            }
            buf_add(&o->diags, "\n", 1);
        }
        pdn_status ws = pdn_write_pdn(g, NULL, (pdn_sink){sink_write, &o->fmt});
        if (ws == PDN_OK)
            ws = pdn_write_json(g, &wopts, (pdn_sink){sink_write, &o->json});
        if (ws != PDN_OK) {
            snprintf(o->failure, sizeof o->failure, "writer: %s", pdn_status_str(ws));
            break;
        }
    }
    if (st < 0)
        snprintf(o->failure, sizeof o->failure, "pdn_reader_next: %s", pdn_status_str(st));
    pdn_replay_free(rp);
    pdn_reader_free(r);
}

/* Prints text indented, with bytes that a terminal would hide as \xNN. */
static void show(const char *label, const char *s, size_t n)
{
    printf("  %s:\n", label);
    if (n == 0) {
        printf("    (nothing)\n");
        return;
    }
    int at_start = 1;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (at_start)
            fputs("    ", stdout);
        at_start = 0;
        if (c == '\n') {
            putchar('\n');
            at_start = 1;
        } else if (c < 0x20 || c == 0x7f) {
            printf("\\x%02x", c);
        } else {
            putchar(c);
        }
    }
    if (!at_start)
        fputs("\n    [no newline at the end]\n", stdout);
}

static int same(const buf *a, const buf *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

/* Runs one case; prints it when it fails.  Returns 1 when it passed. */
static int run_case(const spec_case *c)
{
    outcome o;
    memset(&o, 0, sizeof o);
    run_input(c, &o);

    buf want_diags = {0}, want_fmt = {0};
    const buf *d = &c->text[SEC_DIAGS];
    if (!(d->len == 7 && memcmp(d->data, "(none)\n", 7) == 0))
        buf_add(&want_diags, d->data, d->len);
    if (c->text[SEC_FMT].len) {
        buf_add(&want_fmt, c->text[SEC_FMT].data, c->text[SEC_FMT].len);
        buf_add(&want_fmt, "\n", 1);
    }

    int ok = o.failure[0] == '\0';
    int diags_ok = !c->has[SEC_DIAGS] || same(&want_diags, &o.diags);
    int fmt_ok = !c->has[SEC_FMT] || same(&want_fmt, &o.fmt);
    int json_ok = !c->has[SEC_JSON] || same(&c->text[SEC_JSON], &o.json);
    ok = ok && diags_ok && fmt_ok && json_ok;
    if (!ok) {
        printf("FAIL %s:%zu: %s\n", c->file, c->line, c->name);
        if (o.failure[0])
            printf("  %s\n", o.failure);
        if (!diags_ok) {
            printf("  diagnostics differ\n");
            show("expected", want_diags.data, want_diags.len);
            show("actual", o.diags.data, o.diags.len);
        }
        if (!fmt_ok) {
            printf("  fmt differs\n");
            show("expected", want_fmt.data, want_fmt.len);
            show("actual", o.fmt.data, o.fmt.len);
        }
        if (!json_ok) {
            printf("  json differs\n");
            show("expected", c->text[SEC_JSON].data, c->text[SEC_JSON].len);
            show("actual", o.json.data, o.json.len);
        }
    }
    buf_free(&want_diags);
    buf_free(&want_fmt);
    buf_free(&o.diags);
    buf_free(&o.fmt);
    buf_free(&o.json);
    return ok;
}

/* ---- reading a file --------------------------------------------------- */

typedef struct totals {
    int passed, failed, selected;
} totals;

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    buf b = {0};
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        buf_add(&b, tmp, n);
    int err = ferror(f);
    fclose(f);
    if (err) {
        buf_free(&b);
        return NULL;
    }
    if (!b.data)
        buf_add(&b, "", 0);
    *len = b.len;
    return b.data;
}

static int format_error(const char *file, size_t line, const char *what)
{
    fprintf(stderr, "%s:%zu: malformed spec file: %s\n", file, line, what);
    return -1;
}

/* Finishes the case being read: checks it and runs it when selected. */
static int finish_case(spec_case *c, const char *only, totals *t)
{
    if (!c->has[SEC_INPUT])
        return format_error(c->file, c->line, "case has no input section");
    if (!c->has[SEC_DIAGS] && !c->has[SEC_FMT] && !c->has[SEC_JSON])
        return format_error(c->file, c->line, "case has no expectation section");
    if (only && strcmp(only, c->name) != 0)
        return 0;
    t->selected++;
    if (run_case(c))
        t->passed++;
    else
        t->failed++;
    return 0;
}

static int run_file(const char *path, const char *only, totals *t)
{
    size_t len;
    char *text = slurp(path, &len);
    if (!text) {
        fprintf(stderr, "run_spec: cannot read %s\n", path);
        return -1;
    }
    spec_case c;
    int in_case = 0, section = -1, rc = 0;
    size_t lineno = 0;
    const char *p = text, *end = text + len;
    memset(&c, 0, sizeof c);
    while (p < end && rc == 0) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        line_span l = {p, nl ? (size_t)(nl - p) : (size_t)(end - p)};
        p = nl ? nl + 1 : end;
        lineno++;
        if (is_case_start(l)) {
            if (in_case) {
                rc = finish_case(&c, only, t);
                case_free(&c);
            }
            memset(&c, 0, sizeof c);
            pdn_read_options defaults = PDN_READ_OPTIONS_INIT;
            c.opts = defaults;
            c.file = path;
            c.line = lineno;
            size_t n = l.n - 4 < sizeof c.name - 1 ? l.n - 4 : sizeof c.name - 1;
            memcpy(c.name, l.s + 4, n);
            while (n && (c.name[n - 1] == ' ' || c.name[n - 1] == '\r'))
                n--;
            c.name[n] = '\0';
            in_case = 1;
            section = -1;
            continue;
        }
        if (!in_case)
            continue; /* the file's description */
        int s = section_of(l);
        if (s >= 0) {
            c.blank_lines = 0;
            if (c.has[s])
                rc = format_error(path, lineno, "section given twice");
            c.has[s] = 1;
            section = s;
            continue;
        }
        if (section < 0) {
            if (l.n == 0)
                continue;
            if (set_option(&c, l) != 0)
                rc = format_error(path, lineno,
                                  "expected mode:, gametype:, encoding:, replay: or a section");
            continue;
        }
        /* Empty lines count only when more content follows them. */
        if (l.n == 0) {
            c.blank_lines++;
            continue;
        }
        for (; c.blank_lines; c.blank_lines--)
            buf_add(&c.text[section], "\n", 1);
        if (add_content_line(&c.text[section], l) != 0)
            rc = format_error(path, lineno, "bad escape in a \\x: line (use \\xNN or \\\\)");
    }
    if (rc == 0 && in_case)
        rc = finish_case(&c, only, t);
    case_free(&c);
    free(text);
    return rc;
}

int main(int argc, char **argv)
{
    const char *only = NULL;
    int nfiles = 0, bad = 0;
    totals t = {0, 0, 0};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--case") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            fprintf(stderr, "usage: run_spec FILE... [--case NAME]\n");
            return 2;
        }
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--case") == 0) {
            i++;
            continue;
        }
        nfiles++;
        if (run_file(argv[i], only, &t) != 0)
            bad = 1;
    }
    if (nfiles == 0) {
        fprintf(stderr, "usage: run_spec FILE... [--case NAME]\n");
        return 2;
    }
    if (only && t.selected == 0 && !bad) {
        fprintf(stderr, "run_spec: no case named \"%s\"\n", only);
        return 2;
    }
    printf("%d passed, %d failed\n", t.passed, t.failed);
    if (bad)
        return 2;
    return t.failed ? 1 : 0;
}
