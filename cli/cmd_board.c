/* SPDX-License-Identifier: MIT */
/*
 * cmd_board.c - `pdn board`: draws a position as text, Unicode or SVG.  The
 * position is a FEN from the command line, or a game of a file at a ply of
 * its main line, with the [%csl]/[%cal] marks of the comments at that ply.
 */
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Marks drawn from the comments at one ply; more would hide the board. */
#define MARKS_MAX 256

typedef struct board_args {
    const char *fen, *gametype, *file, *output;
    unsigned long game, ply;
    pdn_diagram_options diagram;
} board_args;

typedef struct board_state {
    pdn_geometry geometry;
    pdn_position position;
    pdn_mark marks[MARKS_MAX];
    size_t mark_count;
    pdn_replay *replay; /* of the game drawn from a file */
    const pdn_game *game;
} board_state;

static bool number_arg(const char *opt, const char *text, unsigned long lo, unsigned long hi,
                       unsigned long *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 || v < lo || v > hi) {
        cli_usage_error("board", "option '%s' needs a number from %lu to %lu, got '%s'", opt, lo,
                        hi, text);
        return false;
    }
    *out = v;
    return true;
}

/* Returns EXIT_OK_, or EXIT_USAGE after reporting the problem. */
static int parse_args(board_args *a, int argc, char **argv)
{
    bool labels_given = false;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (o[0] != '-' || strcmp(o, "-") == 0) {
            if (a->file) {
                cli_usage_error("board", "only one input file, got also '%s'", o);
                return EXIT_USAGE;
            }
            a->file = o;
            continue;
        }
        if (strcmp(o, "--ascii") == 0) {
            a->diagram.format = PDN_DIAGRAM_ASCII;
        } else if (strcmp(o, "--unicode") == 0) {
            a->diagram.format = PDN_DIAGRAM_UNICODE;
        } else if (strcmp(o, "--svg") == 0) {
            a->diagram.format = PDN_DIAGRAM_SVG;
        } else if (strcmp(o, "--flip") == 0) {
            a->diagram.flip = 1;
        } else if (strcmp(o, "--numbers") == 0 || strcmp(o, "--coords") == 0) {
            if (!labels_given)
                a->diagram.labels = 0;
            labels_given = true;
            a->diagram.labels |= o[2] == 'n' ? PDN_LABEL_NUMBERS : PDN_LABEL_COORDS;
        } else if (strcmp(o, "--no-labels") == 0) {
            a->diagram.labels = 0;
            labels_given = true;
        } else {
            /* The options with a value. */
            static const char *const valued[] = {"--fen",  "--gametype", "--game", "--ply",
                                                 "--size", "--output",   "-o"};
            size_t k = 0;
            while (k < sizeof valued / sizeof valued[0] && strcmp(o, valued[k]) != 0)
                k++;
            if (k == sizeof valued / sizeof valued[0]) {
                cli_usage_error("board", "unknown option '%s'", o);
                return EXIT_USAGE;
            }
            if (i + 1 >= argc) {
                cli_usage_error("board", "option '%s' needs a value", o);
                return EXIT_USAGE;
            }
            const char *v = argv[++i];
            unsigned long size;
            switch (k) {
            case 0:
                a->fen = v;
                break;
            case 1:
                a->gametype = v;
                break;
            case 2:
                if (!number_arg(o, v, 1, ULONG_MAX, &a->game))
                    return EXIT_USAGE;
                break;
            case 3:
                if (!number_arg(o, v, 0, ULONG_MAX, &a->ply))
                    return EXIT_USAGE;
                break;
            case 4:
                /* The library's limit: larger squares make no useful picture. */
                if (!number_arg(o, v, 1, 1000, &size))
                    return EXIT_USAGE;
                a->diagram.square_size = (unsigned)size;
                break;
            default:
                a->output = v;
                break;
            }
        }
    }
    if ((a->fen != NULL) == (a->file != NULL)) {
        cli_usage_error("board", "%s",
                        a->fen ? "give either --fen or a file, not both"
                               : "no position: give --fen FEN or a file");
        return EXIT_USAGE;
    }
    if (a->gametype && !a->fen) {
        cli_usage_error("board", "%s", "--gametype goes with --fen (a file has its GameType tag)");
        return EXIT_USAGE;
    }
    if (a->fen && (a->game || a->ply)) {
        cli_usage_error("board", "%s", "--game and --ply go with a file, not with --fen");
        return EXIT_USAGE;
    }
    return EXIT_OK_;
}

/* Prints a FEN problem with a caret under the place it was found. */
static void report_fen(const char *where, const char *fen, size_t len, pdn_diag_code c, size_t at)
{
    fprintf(stderr, "pdn board: %s: %s [%s]\n  %.*s\n  %*s^\n", where, pdn_diag_message(c),
            pdn_diag_name(c), (int)len, fen, (int)(at < len ? at : len), "");
}

static bool fen_ok(pdn_diag_code c)
{
    return c == PDN_D_NONE || c == PDN_D_FEN_FORM;
}

/* A chess FEN has ranks separated by '/'; a draughts FEN never has one. */
static bool looks_like_chess(const char *fen)
{
    return strchr(fen, '/') != NULL;
}

static int position_from_fen(const board_args *a, board_state *s)
{
    const char *type = a->gametype ? a->gametype : looks_like_chess(a->fen) ? "0" : "20";
    if (!cli_gametype("board", type, &s->geometry))
        return EXIT_USAGE;
    size_t at;
    size_t len = strlen(a->fen);
    pdn_diag_code c = pdn_fen_read(&s->position, &s->geometry, a->fen, len, &at);
    if (!fen_ok(c)) {
        report_fen("--fen", a->fen, len, c, at);
        return EXIT_INPUT;
    }
    return EXIT_OK_;
}

/* The position after the move of `node`, as the replay of the game found it. */
static int apply_move(board_state *s, const pdn_node *node, unsigned long ply)
{
    pdn_position after;
    if (pdn_replay_position(&after, s->replay, node, 1) != PDN_OK) {
        pdn_str text = pdn_game_text(s->game);
        fprintf(stderr,
                "pdn board: --ply %lu: the position after '%.*s' is unknown: the move, or one "
                "before it, is not legal ('pdn check' tells more)\n",
                ply, (int)pdn_node_length(node), text.ptr + pdn_node_offset(node));
        return EXIT_INPUT;
    }
    s->position = after;
    s->position.geometry = &s->geometry;
    return EXIT_OK_;
}

/* Adds the marks of the [%csl] and [%cal] commands of a comment. */
static void collect_marks(board_state *s, pdn_str text)
{
    size_t pos = 0;
    pdn_command cmd;
    while (pdn_command_next(&cmd, text, &pos)) {
        int arrows = cmd.name.len == 3 && memcmp(cmd.name.ptr, "cal", 3) == 0;
        if (!arrows && !(cmd.name.len == 3 && memcmp(cmd.name.ptr, "csl", 3) == 0))
            continue;
        size_t n, at;
        pdn_diag_code c = pdn_parse_marks(s->marks + s->mark_count, MARKS_MAX - s->mark_count, &n,
                                          cmd.value.ptr, cmd.value.len, arrows, &at);
        if (c != PDN_D_NONE) {
            fprintf(stderr, "pdn board: warning: [%%%.*s %.*s] is not a list of marks; skipped\n",
                    (int)cmd.name.len, cmd.name.ptr, (int)cmd.value.len, cmd.value.ptr);
            continue;
        }
        s->mark_count += n < MARKS_MAX - s->mark_count ? n : MARKS_MAX - s->mark_count;
    }
}

/*
 * Walks the main line to the position after `ply` plies: setups on the way
 * set the position, and the comments after the ply's move (or the start
 * comments, for ply 0) give the marks.  Variations are not entered.
 */
static int walk_main_line(const board_args *a, const pdn_game *game, board_state *s)
{
    const pdn_node *first = pdn_node_first_child(pdn_game_root(game));
    unsigned long plies = 0, done = 0;
    for (const pdn_node *n = first; n; n = pdn_node_next(n))
        plies += pdn_node_kind_of(n) == PDN_NODE_MOVE;
    if (plies < a->ply) {
        fprintf(stderr, "pdn board: --ply %lu: the main line has %lu pl%s\n", a->ply, plies,
                plies == 1 ? "y" : "ies");
        return EXIT_USAGE;
    }
    for (const pdn_node *n = first; n; n = pdn_node_next(n)) {
        pdn_node_kind kind = pdn_node_kind_of(n);
        if (kind == PDN_NODE_MOVE) {
            if (done == a->ply)
                break;
            int rc = apply_move(s, n, a->ply);
            if (rc != EXIT_OK_)
                return rc;
            done++;
        } else if (kind == PDN_NODE_SETUP && pdn_node_setup_is_fen(n)) {
            pdn_str fen = pdn_node_text(n);
            size_t at;
            pdn_diag_code c = pdn_fen_read(&s->position, &s->geometry, fen.ptr, fen.len, &at);
            if (!fen_ok(c)) {
                report_fen("setup", fen.ptr, fen.len, c, at);
                return EXIT_INPUT;
            }
        } else if (kind == PDN_NODE_COMMENT && done == a->ply &&
                   pdn_node_attach(n) != PDN_ATTACH_BEFORE) {
            collect_marks(s, pdn_node_text(n));
        }
    }
    return EXIT_OK_;
}

static int position_from_file(const board_args *a, board_state *s)
{
    cli_read r = CLI_READ_INIT;
    cli_input in;
    if (!cli_input_open(&in, a->file))
        return EXIT_SYSTEM;
    pdn_reader *reader;
    pdn_status st = cli_reader_open(&reader, &in, &r);
    if (st != PDN_OK) {
        cli_input_close(&in);
        return cli_fatal(in.name, st);
    }
    const pdn_game *game = NULL;
    unsigned long index = 0;
    int rc = EXIT_OK_;
    while (index < a->game && (st = pdn_reader_next(reader, &game)) == PDN_OK)
        index++;
    if (st == PDN_DONE) {
        fprintf(stderr, "pdn board: %s: --game %lu: the file has %lu game%s\n", in.name, a->game,
                index, index == 1 ? "" : "s");
        rc = EXIT_USAGE;
    } else if (st != PDN_OK) {
        rc = cli_fatal(in.name, st);
    } else if ((st = pdn_replay_new(&s->replay, NULL)) != PDN_OK ||
               (st = pdn_replay_run(s->replay, game, NULL)) != PDN_OK) {
        rc = cli_fatal(in.name, st);
    } else {
        /* The replay's board: a game without GameType tag gets the inferred one. */
        s->geometry = *pdn_replay_geometry(s->replay);
        s->game = game;
        pdn_diag_code c = pdn_game_start_position(game, &s->geometry, &s->position);
        const pdn_tag *fen = pdn_game_tag(game, "FEN");
        if (!fen_ok(c) && fen != NULL) {
            size_t at = 0;
            pdn_fen_read(&s->position, &s->geometry, fen->value.ptr, fen->value.len, &at);
            report_fen("FEN tag", fen->value.ptr, fen->value.len, c, at);
            rc = EXIT_INPUT;
        } else {
            rc = walk_main_line(a, game, s);
        }
    }
    pdn_replay_free(s->replay);
    s->replay = NULL;
    pdn_reader_free(reader);
    cli_input_close(&in);
    return rc;
}

int cmd_board(int argc, char **argv)
{
    board_args a = {NULL, NULL, NULL, NULL, 0, 0, PDN_DIAGRAM_OPTIONS_INIT};
    int rc = parse_args(&a, argc, argv);
    if (rc != EXIT_OK_)
        return rc;
    board_state s;
    s.mark_count = 0;
    s.replay = NULL;
    s.game = NULL;
    if (a.fen) {
        rc = position_from_fen(&a, &s);
    } else {
        if (a.game == 0)
            a.game = 1;
        rc = position_from_file(&a, &s);
    }
    if (rc != EXIT_OK_)
        return rc;

    FILE *out = stdout;
    if (a.output && !(out = fopen(a.output, "wb"))) {
        fprintf(stderr, "pdn: %s: %s\n", a.output, strerror(errno));
        return EXIT_SYSTEM;
    }
    a.diagram.marks = s.marks;
    a.diagram.mark_count = s.mark_count;
    pdn_sink sink = {cli_file_sink, out};
    pdn_status st = pdn_write_diagram(&s.position, &a.diagram, sink);
    const char *name = a.output ? a.output : "<stdout>";
    if (st != PDN_OK)
        rc = cli_fatal(name, st);
    bool closed = fflush(out) == 0;
    if (out != stdout && fclose(out) != 0)
        closed = false;
    if (!closed && rc == EXIT_OK_)
        rc = cli_fatal(name, PDN_EIO);
    return rc;
}
