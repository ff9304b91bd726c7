/* SPDX-License-Identifier: MIT */
/*
 * common.c - inputs, reading options and the printing of diagnostics, shared
 * by the commands.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cli_read_option(cli_read *r, const char *cmd, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (strcmp(a, "--strict") == 0) {
        r->opts.mode = PDN_MODE_STRICT;
        r->mode_given = true;
        return 1;
    }
    if (strcmp(a, "--variant") == 0) {
        /* A type number of the standard's table overrides every game's. */
        pdn_gametype gt;
        char *end = NULL;
        long v = *i + 1 < argc ? strtol(argv[*i + 1], &end, 10) : -1;
        if (*i + 1 >= argc || end == argv[*i + 1] || *end != '\0' || v < 0 || v > 99 ||
            pdn_gametype_default(&gt, (int)v) != PDN_OK) {
            cli_usage_error(cmd, "--variant needs a GameType number of the standard (0, 20-41)");
            return -1;
        }
        r->variant = (int)v;
        r->opts.default_gametype = (int)v;
        ++*i;
        return 1;
    }
    if (strcmp(a, "--rules") == 0) {
        /* The rules of a type number, on the board the game's GameType gives:
         * International rules on a custom 12x12 tuple, say. */
        char *end = NULL;
        long v = *i + 1 < argc ? strtol(argv[*i + 1], &end, 10) : -1;
        if (*i + 1 >= argc || end == argv[*i + 1] || *end != '\0' || v < 20 || v > 99 ||
            pdn_rules_init(&r->rules, (int)v) != PDN_OK) {
            cli_usage_error(cmd, "--rules needs a draughts GameType number (20-31, 40, 41)");
            return -1;
        }
        r->has_rules = true;
        ++*i;
        return 1;
    }
    bool mode = strcmp(a, "--mode") == 0, enc = strcmp(a, "--encoding") == 0;
    const char *val = NULL;
    if (!mode && !enc) {
        if (strncmp(a, "--mode=", 7) == 0) {
            mode = true;
            val = a + 7;
        } else if (strncmp(a, "--encoding=", 11) == 0) {
            val = a + 11; /* not a mode: the encoding table below reads it */
        } else {
            return 0;
        }
    } else {
        if (*i + 1 >= argc) {
            cli_usage_error(cmd, "option '%s' needs a value", a);
            return -1;
        }
        val = argv[++*i];
    }
    if (mode) {
        static const char *const names[] = {"liberal", "standard", "strict"};
        for (int k = 0; k < 3; k++)
            if (strcmp(val, names[k]) == 0) {
                r->opts.mode = (pdn_mode)k;
                r->mode_given = true;
                return 1;
            }
        cli_usage_error(cmd, "unknown mode '%s' (liberal, standard or strict)", val);
        return -1;
    }
    static const struct {
        const char *name;
        pdn_encoding enc;
    } encs[] = {{"auto", PDN_ENC_AUTO},     {"utf8", PDN_ENC_UTF8},     {"utf-8", PDN_ENC_UTF8},
                {"latin1", PDN_ENC_LATIN1}, {"cp1252", PDN_ENC_LATIN1}, {"cp1251", PDN_ENC_CP1251},
                {"cp866", PDN_ENC_CP866}};
    for (size_t k = 0; k < sizeof encs / sizeof encs[0]; k++)
        if (strcmp(val, encs[k].name) == 0) {
            r->opts.encoding = encs[k].enc;
            return 1;
        }
    cli_usage_error(cmd, "unknown encoding '%s' (auto, utf8, latin1, cp1251, cp866)", val);
    return -1;
}

bool cli_input_open(cli_input *in, const char *path)
{
    in->failed = false;
    if (strcmp(path, "-") == 0) {
        in->name = "<stdin>";
        in->fp = stdin;
        return true;
    }
    in->name = path;
    in->fp = fopen(path, "rb");
    if (!in->fp) {
        fprintf(stderr, "pdn: %s: %s\n", path, strerror(errno));
        return false;
    }
    return true;
}

void cli_input_close(cli_input *in)
{
    if (in->fp && in->fp != stdin)
        fclose(in->fp);
    in->fp = NULL;
}

size_t cli_input_read(void *ctx, char *buf, size_t size)
{
    cli_input *in = ctx;
    size_t n = fread(buf, 1, size, in->fp);
    if (n == 0 && ferror(in->fp)) {
        in->failed = true;
        return (size_t)-1;
    }
    return n;
}

pdn_read_options cli_input_options(const cli_input *in, const cli_read *r)
{
    pdn_read_options o = r->opts;
    size_t n = strlen(in->name);
    if (r->variant < 0 && n >= 4 &&
        (strcmp(in->name + n - 4, ".pgn") == 0 || strcmp(in->name + n - 4, ".PGN") == 0))
        o.default_gametype = 0;
    return o;
}

pdn_status cli_reader_open(pdn_reader **out, cli_input *in, const cli_read *r)
{
    pdn_read_options o = cli_input_options(in, r);
    return pdn_reader_new_callback(out, cli_input_read, in, &o);
}

int cli_input_option(cli_read *r, const char *cmd, const char **file, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (a[0] != '-' || strcmp(a, "-") == 0) {
        if (*file != NULL) {
            cli_usage_error(cmd, "only one input file, got also '%s'", a);
            return -1;
        }
        *file = a;
        return 1;
    }
    return cli_read_option(r, cmd, argc, argv, i);
}

pdn_replay_options cli_replay_options(const cli_read *r)
{
    pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
    ro.gametype = r->variant;
    ro.rules = r->has_rules ? &r->rules : NULL;
    return ro;
}

int cli_fatal(const char *file, pdn_status st)
{
    fprintf(stderr, "pdn: %s: %s\n", file, pdn_status_str(st));
    return EXIT_SYSTEM;
}

int cli_file_sink(void *ctx, const char *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? 0 : -1;
}

static const char *sev_name(pdn_severity s)
{
    return s == PDN_SEV_ERROR ? "error" : s == PDN_SEV_WARNING ? "warning" : "note";
}

/* Shows at most this many characters of the source line on each side of the
 * caret: games written on one line would otherwise flood the terminal. */
#define CONTEXT 60

static void print_source(FILE *out, const pdn_game *g, uint32_t offset, uint32_t length)
{
    pdn_str t = pdn_game_text(g);
    if (offset >= t.len)
        return;
    size_t ls = offset, le = offset;
    while (ls > 0 && t.ptr[ls - 1] != '\n' && t.ptr[ls - 1] != '\r')
        ls--;
    while (le < t.len && t.ptr[le] != '\n' && t.ptr[le] != '\r')
        le++;
    /* Clip to a window around the caret, on character boundaries. */
    size_t ws = ls, we = le;
    size_t before = 0;
    for (size_t k = offset; k > ls; k--)
        if ((t.ptr[k - 1] & 0xC0) != 0x80 && ++before > CONTEXT) {
            ws = k;
            break;
        }
    size_t after = 0;
    for (size_t k = offset; k < le; k++)
        if ((t.ptr[k] & 0xC0) != 0x80 && ++after > CONTEXT) {
            we = k;
            break;
        }
    fprintf(out, "  %s%.*s%s\n", ws > ls ? "..." : "", (int)(we - ws), t.ptr + ws,
            we < le ? "..." : "");
    fprintf(out, "  %s", ws > ls ? "   " : "");
    for (size_t k = ws; k < offset; k++) {
        unsigned char c = (unsigned char)t.ptr[k];
        if (c == '\t')
            fputc('\t', out);
        else if ((c & 0xC0) != 0x80)
            fputc(' ', out);
    }
    fputc('^', out);
    size_t end = offset + (length ? length : 1);
    if (end > we)
        end = we;
    for (size_t k = offset + 1; k < end; k++)
        if ((t.ptr[k] & 0xC0) != 0x80)
            fputc('~', out);
    fputc('\n', out);
}

void cli_print_diag(FILE *out, const char *file, const pdn_game *g, const pdn_diag *d)
{
    uint64_t line;
    uint32_t col;
    pdn_game_locate(g, d->offset, &line, &col);
    char extra[64] = "";
    switch (d->code) {
    case PDN_D_GAMETYPE_INFERRED:
    case PDN_D_GAMETYPE_MISMATCH:
        snprintf(extra, sizeof extra, " (GameType %u)", (unsigned)d->arg);
        break;
    case PDN_D_REPLAY_STOPPED:
        snprintf(extra, sizeof extra, " (%u move%s)", (unsigned)d->arg, d->arg == 1 ? "" : "s");
        break;
    case PDN_D_AMBIGUOUS_MOVE:
        if (d->arg > 1)
            snprintf(extra, sizeof extra, " (%u fit; the first is played)", (unsigned)d->arg);
        break;
    default:
        break;
    }
    fprintf(out, "%s:%llu:%u: %s: %s%s [%s]\n", file, (unsigned long long)line, col,
            sev_name(d->severity), pdn_diag_message(d->code), extra, pdn_diag_name(d->code));
    print_source(out, g, d->offset, d->length);
    if (d->related != UINT32_MAX) {
        pdn_game_locate(g, d->related, &line, &col);
        const char *what;
        switch (d->code) {
        case PDN_D_DUPLICATE_TAG:
            what = "first given here";
            break;
        case PDN_D_TERMINATOR_MISMATCH:
            what = "the Result tag is here";
            break;
        case PDN_D_UNCLOSED_VARIATION:
            what = "'(' opened here";
            break;
        case PDN_D_UNCLOSED_COMMENT:
            what = "'{' opened here";
            break;
        case PDN_D_UNCLOSED_STRING:
            what = "the value starts here";
            break;
        case PDN_D_UNCLOSED_TAG:
            what = "the tag starts here";
            break;
        case PDN_D_UNCLOSED_SETUP:
            what = "the setup starts here";
            break;
        default:
            what = "related location";
            break;
        }
        fprintf(out, "%s:%llu:%u: note: %s\n", file, (unsigned long long)line, col, what);
    }
}
