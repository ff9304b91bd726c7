/* SPDX-License-Identifier: MIT */
/*
 * cmd_replay.c - `pdn replay`: every move of a game as the rules resolved
 * it (full path, captured squares, or the chess move in SAN) and the
 * position after it in FEN; as text or one JSON object per game.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

typedef struct replay_args {
    const char *file;
    unsigned long game; /* 0: every game */
    bool json;
    cli_read read;
} replay_args;

/* A growing text buffer for one line of output. */
typedef struct text {
    char *s;
    size_t len, cap;
    bool failed;
} text;

static void add(text *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *p = realloc(t->s, cap);
        if (p == NULL) {
            t->failed = true;
            return;
        }
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void adds(text *t, const char *s)
{
    add(t, s, strlen(s));
}

/* Text as a JSON string: quotes, backslashes and control characters escaped. */
static void add_json_string(text *t, const char *s, size_t n)
{
    adds(t, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[8];
        if (c == '"' || c == '\\') {
            esc[0] = '\\';
            esc[1] = (char)c;
            add(t, esc, 2);
        } else if (c < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", c);
            adds(t, esc);
        } else {
            add(t, (const char *)&s[i], 1);
        }
    }
    adds(t, "\"");
}

static const char *status_name(pdn_play_status s)
{
    switch (s) {
    case PDN_PLAY_OK:
        return "ok";
    case PDN_PLAY_AMBIGUOUS:
        return "ambiguous";
    case PDN_PLAY_ILLEGAL:
        return "illegal";
    case PDN_PLAY_UNKNOWN:
        return "unknown";
    case PDN_PLAY_SKIPPED:
        return "skipped";
    default:
        return "none";
    }
}

/* A list of cells as squares of the game's notation, joined by `sep`. */
static void add_cells(text *t, const pdn_geometry *g, const int16_t *cells, size_t n,
                      const char *sep, bool json)
{
    for (size_t i = 0; i < n; i++) {
        char sq[8];
        pdn_square s = pdn_geometry_square(g, cells[i], 0);
        pdn_square_format(s, sq);
        if (i)
            adds(t, sep);
        if (json && !PDN_SQUARE_IS_ALPHA(s)) {
            adds(t, sq);
        } else if (json) {
            add_json_string(t, sq, strlen(sq));
        } else {
            adds(t, sq);
        }
    }
}

/* The FEN of the position after `node`, or NULL (caller frees). */
static char *fen_after(const pdn_replay *r, const pdn_node *node)
{
    pdn_position pos;
    if (pdn_replay_position(&pos, r, node, 1) != PDN_OK)
        return NULL;
    size_t need = pdn_fen_write(&pos, 0, NULL, 0);
    char *fen = malloc(need + 1);
    if (fen != NULL)
        pdn_fen_write(&pos, 0, fen, need + 1);
    return fen;
}

/* The resolved move: a draughts path "32x23x14" with its captured squares,
 * or a chess move in canonical SAN. */
static void add_resolved(text *t, const pdn_replay *r, const pdn_node *node, const pdn_played *p,
                         bool json)
{
    const pdn_geometry *g = pdn_replay_geometry(r);
    if (g->chess) {
        pdn_position before;
        char san[PDN_SAN_MAX] = "";
        if (pdn_replay_position(&before, r, node, 0) == PDN_OK)
            pdn_chess_format_san(san, &before, p->chess);
        if (json) {
            adds(t, ",\"san\":");
            add_json_string(t, san, strlen(san));
        } else {
            adds(t, san);
        }
        return;
    }
    char sep[2] = {
        p->draughts.capture_count ? pdn_gametype_capture_separator(g->gametype.type) : '-', '\0'};
    if (json) {
        adds(t, ",\"path\":[");
        add_cells(t, g, p->draughts.path, p->draughts.path_count, ",", true);
        adds(t, "],\"captured\":[");
        add_cells(t, g, p->draughts.captured, p->draughts.capture_count, ",", true);
        adds(t, "]");
        if (p->draughts.promotes)
            adds(t, ",\"promotes\":true");
        return;
    }
    add_cells(t, g, p->draughts.path, p->draughts.path_count, sep, false);
    if (p->draughts.capture_count) {
        adds(t, " takes ");
        add_cells(t, g, p->draughts.captured, p->draughts.capture_count, ",", false);
    }
    if (p->draughts.promotes)
        adds(t, " crowned");
}

/* One move: text line or JSON object (without the separating comma). */
static bool one_move(text *t, const pdn_replay *r, const pdn_game *game, const pdn_node *node,
                     unsigned depth, unsigned variation, bool json)
{
    pdn_played p;
    if (pdn_replay_move(&p, r, node) != PDN_OK)
        return true;
    pdn_str src = pdn_game_text(game);
    const char *written = src.ptr + pdn_node_offset(node);
    size_t wlen = pdn_node_length(node);
    bool played = p.status == PDN_PLAY_OK || p.status == PDN_PLAY_AMBIGUOUS;
    char *fen = played ? fen_after(r, node) : NULL;
    char num[64];
    if (json) {
        snprintf(num, sizeof num, "{\"ply\":%u,\"depth\":%u,\"variation\":%u,\"side\":\"%c\",",
                 p.ply, depth, variation, p.side ? p.side : '?');
        adds(t, num);
        adds(t, "\"move\":");
        add_json_string(t, written, wlen);
        adds(t, ",\"status\":\"");
        adds(t, status_name(p.status));
        adds(t, "\"");
        if (played)
            add_resolved(t, r, node, &p, true);
        if (fen != NULL) {
            adds(t, ",\"fen\":");
            add_json_string(t, fen, strlen(fen));
        }
        adds(t, "}");
    } else {
        for (unsigned i = 0; i < depth; i++)
            adds(t, "  ");
        snprintf(num, sizeof num, "%u%s ", (p.ply + 1) / 2, p.side == 'B' ? "..." : ".");
        adds(t, num);
        add(t, written, wlen);
        adds(t, "  ");
        if (played) {
            add_resolved(t, r, node, &p, false);
            adds(t, "  ");
            adds(t, fen != NULL ? fen : "");
        } else {
            adds(t, status_name(p.status));
        }
        adds(t, "\n");
    }
    free(fen);
    return !t->failed;
}

/* Every move of the game in text order, variations indented. */
static int print_game(const pdn_game *game, const pdn_replay *r, bool json, FILE *out)
{
    text t = {NULL, 0, 0, false};
    char head[128];
    if (json) {
        snprintf(head, sizeof head, "{\"game\":%llu,\"gametype\":%d,\"moves\":[",
                 (unsigned long long)pdn_game_index(game), pdn_replay_gametype(r));
    } else {
        snprintf(head, sizeof head, "game %llu (GameType %d)\n",
                 (unsigned long long)pdn_game_index(game), pdn_replay_gametype(r));
    }
    adds(&t, head);
    pdn_iter it;
    pdn_iter_init(&it, pdn_game_root(game));
    unsigned depth = 0, variations = 0, current[1] = {0};
    bool first = true;
    /* Variation numbers of the enclosing lines, for JSON "variation". */
    unsigned *stack = NULL;
    size_t stack_cap = 0;
    while (pdn_iter_next(&it) != PDN_EVENT_DONE && !t.failed) {
        pdn_node_kind kind = pdn_node_kind_of(it.node);
        if (kind == PDN_NODE_VARIATION) {
            if (it.event == PDN_EVENT_ENTER) {
                if (depth >= stack_cap) {
                    size_t cap = stack_cap ? stack_cap * 2 : 16;
                    unsigned *p = realloc(stack, cap * sizeof *p);
                    if (p == NULL) {
                        t.failed = true;
                        break;
                    }
                    stack = p;
                    stack_cap = cap;
                }
                stack[depth++] = current[0];
                current[0] = ++variations;
            } else {
                current[0] = stack[--depth];
            }
            continue;
        }
        if (kind != PDN_NODE_MOVE || it.event != PDN_EVENT_ENTER)
            continue;
        if (json && !first)
            adds(&t, ",");
        first = false;
        if (!one_move(&t, r, game, it.node, depth, current[0], json))
            break;
    }
    free(stack);
    adds(&t, json ? "]}\n" : "\n");
    int rc = EXIT_OK_;
    if (t.failed)
        rc = cli_fatal("pdn replay", PDN_ENOMEM);
    else if (fwrite(t.s, 1, t.len, out) != t.len)
        rc = cli_fatal("<stdout>", PDN_EIO);
    free(t.s);
    return rc;
}

static int parse_args(replay_args *a, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int took = cli_input_option(&a->read, "replay", &a->file, argc, argv, &i);
        if (took < 0)
            return EXIT_USAGE;
        if (took)
            continue;
        if (strcmp(s, "--json") == 0) {
            a->json = true;
        } else if (strcmp(s, "--game") == 0) {
            char *end = NULL;
            unsigned long v = i + 1 < argc ? strtoul(argv[i + 1], &end, 10) : 0;
            if (i + 1 >= argc || end == argv[i + 1] || *end != '\0' || v == 0) {
                cli_usage_error("replay", "%s", "--game needs a game number from 1");
                return EXIT_USAGE;
            }
            a->game = v;
            i++;
        } else {
            cli_usage_error("replay", "unknown option '%s'", s);
            return EXIT_USAGE;
        }
    }
    if (!a->file) {
        cli_usage_error("replay", "%s", "no input file (use - for standard input)");
        return EXIT_USAGE;
    }
    return EXIT_OK_;
}

int cmd_replay(int argc, char **argv)
{
    replay_args a = {NULL, 0, false, CLI_READ_INIT};
    int rc = parse_args(&a, argc, argv);
    if (rc != EXIT_OK_)
        return rc;
    cli_input in;
    if (!cli_input_open(&in, a.file))
        return EXIT_SYSTEM;
    pdn_reader *reader = NULL;
    pdn_replay *r = NULL;
    pdn_status st = cli_reader_open(&reader, &in, &a.read);
    if (st == PDN_OK)
        st = pdn_replay_new(&r, NULL);
    pdn_replay_options ro = cli_replay_options(&a.read);
    const pdn_game *g;
    unsigned long index = 0, errors = 0;
    while (st == PDN_OK && (st = pdn_reader_next(reader, &g)) == PDN_OK) {
        index++;
        if (a.game && index != a.game)
            continue;
        if ((st = pdn_replay_run(r, g, &ro)) != PDN_OK)
            break;
        cli_part counted = {0};
        cli_print_diags(&counted, in.name, g, r);
        errors += (unsigned long)counted.counts[PDN_SEV_ERROR];
        if ((rc = print_game(g, r, a.json, stdout)) != EXIT_OK_)
            break;
        if (a.game)
            break;
    }
    pdn_replay_free(r);
    pdn_reader_free(reader);
    cli_input_close(&in);
    if (rc != EXIT_OK_)
        return rc;
    if (st < 0)
        return cli_fatal(a.file, st);
    if (a.game && index < a.game) {
        fprintf(stderr, "pdn replay: %s: --game %lu: the file has %lu game%s\n", a.file, a.game,
                index, index == 1 ? "" : "s");
        return EXIT_USAGE;
    }
    if (errors)
        fprintf(stderr, "pdn replay: %lu error%s in the moves; 'pdn check' shows them\n", errors,
                errors == 1 ? "" : "s");
    return errors ? EXIT_INPUT : EXIT_OK_;
}
