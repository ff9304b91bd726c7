/* SPDX-License-Identifier: MIT */
/*
 * main.c - `pdn <command>`: the command table, --help and --version.
 */
#include "cli.h"

#include <stdarg.h>
#include <string.h>

static const cli_opt check_opts[] = {
    {"--mode", NULL, "M", "reading mode: liberal (default), standard or strict"},
    {"--strict", NULL, NULL, "same as --mode strict"},
    {"--syntax", NULL, NULL, "check the syntax only (no replay of the moves)"},
    {"--variant", NULL, "T", "replay every game as GameType T (default: its tag, or inferred)"},
    {"--rules", NULL, "T", "the rules of GameType T on each game's own board (custom tuples)"},
    {"--encoding", NULL, "E", "auto (default), utf8, latin1, cp1251 or cp866"},
    {"--quiet", "-q", NULL, "print only the summary"},
    {"--jobs", "-j", "N", "threads to read each file on (default: the processors online)"},
    {NULL, NULL, NULL, NULL},
};
static const cli_opt fmt_opts[] = {
    {"--output", "-o", "OUT", "write to OUT instead of standard output"},
    {"--captures", NULL, "F", "asis (default), minimal (restrictions 8 and 9; SAN for chess) or full"},
    {"--notation", NULL, "N", "squares as written (default), numeric or alpha"},
    {"--variant", NULL, "T", "with --captures/--notation: replay every game as GameType T"},
    {"--mode", NULL, "M", "reading mode: liberal (default), standard or strict"},
    {"--encoding", NULL, "E", "auto (default), utf8, latin1, cp1251 or cp866"},
    {"--jobs", "-j", "N", "threads to read the file on (default: the processors online)"},
    {NULL, NULL, NULL, NULL},
};
static const cli_opt json_opts[] = {
    {"--no-positions", NULL, NULL, "leave out line/column fields and list tags in canonical order"},
    {"--no-diagnostics", NULL, NULL, "leave out the diagnostics"},
    {"--mode", NULL, "M", "reading mode: liberal (default), standard or strict"},
    {"--encoding", NULL, "E", "auto (default), utf8, latin1, cp1251 or cp866"},
    {NULL, NULL, NULL, NULL},
};

static const cli_opt fen_opts[] = {
    {"--gametype", "-g", "T", "GameType of the FEN (default 20, or chess for a chess FEN)"},
    {"--to", NULL, "N", "write squares as numeric or alpha (default: the GameType's notation)"},
    {NULL, NULL, NULL, NULL},
};

static const cli_opt board_opts[] = {
    {"--fen", NULL, "FEN", "draw this position instead of a game of a file"},
    {"--gametype", NULL, "T", "GameType of --fen: 20 (default; 0 for a chess FEN) or a tuple"},
    {"--game", NULL, "N", "the N-th game of the file (default 1)"},
    {"--ply", NULL, "K", "the position after K plies of the main line (default 0)"},
    {"--ascii", NULL, NULL, "plain text diagram (default)"},
    {"--unicode", NULL, NULL, "text diagram with Unicode pieces"},
    {"--svg", NULL, NULL, "SVG document"},
    {"--flip", NULL, NULL, "Black at the bottom"},
    {"--numbers", NULL, NULL, "show square numbers (default for numeric GameTypes)"},
    {"--coords", NULL, NULL, "show file letters and rank numbers (default otherwise)"},
    {"--no-labels", NULL, NULL, "show neither"},
    {"--size", NULL, "PX", "SVG: pixels per square (default 50)"},
    {"--output", "-o", "OUT", "write to OUT instead of standard output"},
    {NULL, NULL, NULL, NULL},
};

static const cli_opt perft_opts[] = {
    {"--gametype", NULL, "T", "GameType: 20 (default) to 41, or a tuple such as 20,W,12,12,N2,0"},
    {"--fen", NULL, "FEN", "start from this position (default: the GameType's start)"},
    {"--depth", NULL, "D", "count paths of 1..D plies (required)"},
    {"--unique", NULL, NULL, "captures with the same start, end and pieces count once (default)"},
    {"--paths", NULL, NULL, "every capture path counts"},
    {"--divide", NULL, NULL, "depth D only, divided by the first move"},
    {NULL, NULL, NULL, NULL},
};

static const cli_opt replay_opts[] = {
    {"--game", NULL, "N", "only the N-th game (default: every game)"},
    {"--json", NULL, NULL, "one JSON object per game per line"},
    {"--variant", NULL, "T", "replay every game as GameType T (default: its tag, or inferred)"},
    {"--mode", NULL, "M", "reading mode: liberal (default), standard or strict"},
    {"--encoding", NULL, "E", "auto (default), utf8, latin1, cp1251 or cp866"},
    {NULL, NULL, NULL, NULL},
};

static const cli_opt stats_opts[] = {
    {"--json", NULL, NULL, "one JSON object: the games and the totals"},
    {"--variant", NULL, "T", "replay every game as GameType T (default: its tag, or inferred)"},
    {"--mode", NULL, "M", "reading mode: liberal (default), standard or strict"},
    {"--encoding", NULL, "E", "auto (default), utf8, latin1, cp1251 or cp866"},
    {NULL, NULL, NULL, NULL},
};

static const cli_opt html_opts[] = {
    {"--output", "-o", "OUT", "write the page to OUT instead of standard output"},
    {"--game", NULL, "N", "only the N-th game (default: every game, with a game list)"},
    {"--title", NULL, "TEXT", "the page's title (default: the file's name)"},
    {"--variant", NULL, "T", "replay every game as GameType T (default: its tag, or inferred)"},
    {"--mode", NULL, "M", "reading mode: liberal (default), standard or strict"},
    {"--encoding", NULL, "E", "auto (default), utf8, latin1, cp1251 or cp866"},
    {NULL, NULL, NULL, NULL},
};

static const cli_opt view_opts[] = {
    {"--game", NULL, "N", "open the N-th game (default: the list; a file of one game opens it)"},
    {"--variant", NULL, "T", "replay every game as GameType T (default: its tag, or inferred)"},
    {"--mode", NULL, "M", "reading mode: liberal (default), standard or strict"},
    {"--encoding", NULL, "E", "auto (default), utf8, latin1, cp1251 or cp866"},
    {NULL, NULL, NULL, NULL},
};

static const cli_cmd commands[] = {
    {"check", cmd_check, "pdn check [OPTIONS] FILE...|-",
     "read files and report every problem as file:line:col: diagnostics", check_opts},
    {"fmt", cmd_fmt, "pdn fmt [OPTIONS] FILE|-",
     "write the games as canonical PDN 3.0 (PGN for chess)", fmt_opts},
    {"json", cmd_json, "pdn json [OPTIONS] FILE|-", "write one JSON object per game per line",
     json_opts},
    {"replay", cmd_replay, "pdn replay [OPTIONS] FILE|-",
     "every move as the rules resolve it, with the position after it in FEN", replay_opts},
    {"stats", cmd_stats, "pdn stats [OPTIONS] FILE|-",
     "results, plies and the material left at the end of each game, and totals", stats_opts},
    {"fen", cmd_fen, "pdn fen [OPTIONS] FEN...",
     "check FENs against a GameType's board and write them canonically", fen_opts},
    {"board", cmd_board, "pdn board [OPTIONS] --fen FEN | FILE|-",
     "draw a position as a text, Unicode or SVG diagram", board_opts},
    {"html", cmd_html, "pdn html [OPTIONS] FILE|-",
     "write the games as one HTML page to replay them in a browser", html_opts},
    {"perft", cmd_perft, "pdn perft [OPTIONS] --depth D",
     "count the draughts move paths of each depth (rules engine check)", perft_opts},
    {"view", cmd_view, "pdn view [OPTIONS] FILE",
     "browse the games of a file in the terminal: list, board, moves, variations", view_opts},
};

const cli_cmd *cli_find(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

void cli_print_help(const cli_cmd *cmd)
{
    printf("usage: %s\n\n%s.\n\noptions:\n", cmd->usage, cmd->summary);
    for (const cli_opt *o = cmd->opts; o->name; o++) {
        char left[64];
        snprintf(left, sizeof left, "%s%s%s%s%s", o->alias ? o->alias : "", o->alias ? ", " : "",
                 o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        printf("  %-24s %s\n", left, o->help);
    }
    printf("  %-24s %s\n", "-h, --help", "show this help");
    printf("\nexit status: 0 no errors, 1 errors in the input, 2 usage, 3 I/O or memory\n");
}

static void main_help(void)
{
    printf("usage: pdn <command> [OPTIONS] FILE...\n\n"
           "Read, check and write game records of draughts (PDN 3.0, every GameType)\n"
           "and chess (PGN).\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        printf("  %-8s %s\n", commands[i].name, commands[i].summary);
    printf("\n'pdn <command> --help' describes a command's options. See also pdn(1).\n");
}

void cli_usage_error(const char *cmd, const char *fmt, ...)
{
    fprintf(stderr, "pdn%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'pdn %s%s--help'.\n", cmd ? cmd : "", cmd ? " " : "");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        main_help();
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        if (argc > 2 && cli_find(argv[2])) {
            cli_print_help(cli_find(argv[2]));
            return EXIT_OK_;
        }
        main_help();
        return EXIT_OK_;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("pdn %s\n", pdn_version());
        return EXIT_OK_;
    }
    const cli_cmd *cmd = cli_find(argv[1]);
    if (!cmd) {
        cli_usage_error(NULL, "unknown command '%s'", argv[1]);
        return EXIT_USAGE;
    }
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            break;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            cli_print_help(cmd);
            return EXIT_OK_;
        }
    }
    return cmd->run(argc - 1, argv + 1);
}
