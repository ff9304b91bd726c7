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
/* The reading options for `in`: a ".pgn" name makes chess the default
 * GameType. */
pdn_read_options cli_input_options(const cli_input *in, const cli_read *r);
/* Opens a reader over `in` with those options. */
pdn_status cli_reader_open(pdn_reader **out, cli_input *in, const cli_read *r);

/* Prints one diagnostic compiler-style with its source line and a caret. */
void cli_print_diag(FILE *out, const char *file, const pdn_game *g, const pdn_diag *d);

/*
 * What handling a run of games gives: the text printed and the diagnostics
 * counted.  A run read in parallel with others (parts.c) prints to a buffer
 * and does not know how many games come before it: its game numbers are
 * recorded rather than printed, and put in when the buffer is printed.
 */
typedef struct cli_number {
    size_t at;              /* where in the output it goes */
    unsigned long long nth; /* the game's number within the run */
} cli_number;

typedef struct cli_part {
    const char *name; /* the input's, for diagnostics */
    FILE *out;        /* NULL: counted only */
    unsigned long long counts[4];
    unsigned long long games;
    bool deferred;         /* game numbers go to `numbers` */
    const size_t *out_len; /* deferred: the bytes `out` holds once flushed */
    cli_number *numbers;
    size_t n_numbers, cap_numbers;
    bool failed; /* out of memory for `numbers`, or `out` failed to flush */
} cli_part;

/* Prints the number of game `g` to p->out, or records it (p->deferred). */
void cli_game_number(cli_part *p, const pdn_game *g);

/* Prints (when p->out is not NULL) and counts by severity the diagnostics
 * of a game and of its replay (`r` may be NULL), merged in text order; a
 * diagnostic about a move gets notes with the position and the legal
 * moves. */
void cli_print_diags(cli_part *p, const char *file, const pdn_game *g, const pdn_replay *r);

/* What a command does with each game, on the thread that read it, with a
 * `worker` of its own for each thread. */
typedef pdn_status (*cli_game_fn)(void *worker, const pdn_game *g, cli_part *p);

/* The sum of the runs of a file. */
typedef struct cli_totals {
    unsigned long long games, counts[4];
} cli_totals;

/* How a command handles the games of a file. */
typedef struct cli_games {
    cli_game_fn fn;
    void *const *workers; /* one for each thread */
    unsigned jobs;        /* threads, at most */
    FILE *out;            /* where the output goes in the games' order; NULL: none */
    const char *out_name; /* its name in an error message */
} cli_games;

/*
 * Reads every game of `path` ("-": standard input) and hands it to
 * how->fn, on up to how->jobs threads.  Adds to `t`; returns an exit code
 * (a fatal status already reported).
 */
int cli_read_games(const char *path, const cli_read *r, const cli_games *how, cli_totals *t);

/* The threads a command may use at most. */
#define CLI_JOBS_MAX 64

/* The threads to use by default: the processors online. */
unsigned cli_default_jobs(void);

/* Parses --jobs N / -j N at argv[*i]: 1 when taken, 0 when not that
 * option, -1 on a bad value (reported). */
int cli_jobs_option(unsigned *jobs, const char *cmd, int argc, char **argv, int *i);

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
