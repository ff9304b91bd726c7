/* SPDX-License-Identifier: MIT */
/*
 * cli.h - what the `pdn` command's files share: exit codes, option parsing,
 * opening inputs, printing diagnostics.  Uses only the public <pdn.h>.
 */
#ifndef PDN_CLI_H
#define PDN_CLI_H

#include <pdn.h>

#include <stdbool.h>
#include <stdio.h>

enum {
    EXIT_OK_ = 0,   /* no errors */
    EXIT_INPUT = 1, /* the input has errors */
    EXIT_USAGE = 2, /* bad command line */
    EXIT_SYSTEM = 3 /* I/O error or out of memory */
};

/* Options shared by the reading commands. */
typedef struct cli_read {
    pdn_read_options opts;
    bool mode_given;
    int variant; /* --variant: the GameType every game is replayed as, or -1 */
    bool has_rules;
    pdn_rules rules; /* --rules: the rule set of a GameType number, for any board */
} cli_read;
/* clang-format off */
#define CLI_READ_INIT { PDN_READ_OPTIONS_INIT, false, -1, false, { 0 } }
/* clang-format on */

/* The replay options the reading options ask for (--variant, --rules);
 * the rules pointer points into `r`. */
pdn_replay_options cli_replay_options(const cli_read *r);

/* One option of a command, for parsing and for --help. */
typedef struct cli_opt {
    const char *name;  /* "--mode" */
    const char *alias; /* "-o" or NULL */
    const char *arg;   /* "M" or NULL for a flag */
    const char *help;
} cli_opt;

typedef struct cli_cmd {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
    const char *summary;
    const cli_opt *opts;
} cli_cmd;

#if defined(__GNUC__)
#define CLI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CLI_PRINTF(a, b)
#endif

void cli_usage_error(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);
void cli_print_help(const cli_cmd *cmd);
const cli_cmd *cli_find(const char *name);

/* Parses the reading options at argv[*i]; returns 1 when it took the option
 * (advancing *i past its argument), 0 when the option is not a reading one,
 * -1 on a bad value (already reported). */
int cli_read_option(cli_read *r, const char *cmd, int argc, char **argv, int *i);

/* Takes argv[*i] when it is the input file (a word not starting with '-',
 * or "-") or a reading option: returns 1 (and advances *i past an option's
 * value), 0 when it is neither, -1 on a usage error (already reported: a
 * second file, a bad option value). */
int cli_input_option(cli_read *r, const char *cmd, const char **file, int argc, char **argv,
                     int *i);

/* Whether a replay diagnostic is about one move and its notes show the
 * position before it (so the replay must keep positions). */
bool cli_diag_about_move(pdn_diag_code code);

/* An input: a file or standard input ("-"), read through a callback. */
typedef struct cli_input {
    const char *name;
    FILE *fp;
    bool failed;
} cli_input;

bool cli_input_open(cli_input *in, const char *path);
void cli_input_close(cli_input *in);
size_t cli_input_read(void *ctx, char *buf, size_t size);
/* Opens a reader over `in`; a ".pgn" name makes chess the default GameType. */
pdn_status cli_reader_open(pdn_reader **out, cli_input *in, const cli_read *r);

/* Prints one diagnostic compiler-style with its source line and a caret. */
void cli_print_diag(FILE *out, const char *file, const pdn_game *g, const pdn_diag *d);

/* Prints (when `out` is not NULL) and counts by severity the diagnostics of
 * a game and of its replay (`r` may be NULL), merged in text order; a
 * diagnostic about a move gets notes with the position and the legal moves. */
void cli_print_diags(FILE *out, const char *file, const pdn_game *g, const pdn_replay *r,
                     unsigned long long counts[4]);

/* Reports a fatal reading status for a file; returns the exit code. */
int cli_fatal(const char *file, pdn_status st);

int cmd_check(int argc, char **argv);
int cmd_fmt(int argc, char **argv);
int cmd_json(int argc, char **argv);
int cmd_board(int argc, char **argv);
int cmd_fen(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_html(int argc, char **argv);
int cmd_view(int argc, char **argv);

/* Reads a GameType given on the command line into a geometry; reports and
 * returns false when it is not one. */
bool cli_gametype(const char *cmd, const char *text, pdn_geometry *out);

/* A sink writing to a FILE. */
int cli_file_sink(void *ctx, const char *data, size_t len);

#endif
