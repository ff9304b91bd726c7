/* SPDX-License-Identifier: MIT */
/*
 * cmd_fen.c - `pdn fen`: read FENs given on the command line, report what is
 * wrong with each (with a caret under the place), and write them canonically,
 * converting between numeric and algebraic squares on request.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* A GameType from the command line: "20" or a full tuple "23,W,8,8,A0,0". */
bool cli_gametype(const char *cmd, const char *text, pdn_geometry *out)
{
    pdn_gametype gt;
    size_t at;
    pdn_diag_code c = pdn_parse_gametype(&gt, text, strlen(text), &at);
    if ((c != PDN_D_NONE && c != PDN_D_ODD_GAMETYPE) || pdn_geometry_init(out, &gt) != PDN_OK) {
        cli_usage_error(cmd, "'%s' is not a GameType this program knows (e.g. 20 or 23,W,8,8,A0,0)",
                        text);
        return false;
    }
    return true;
}

/* A chess FEN has ranks separated by '/'; a draughts FEN never has one. */
static bool looks_like_chess(const char *fen)
{
    return strchr(fen, '/') != NULL;
}

static void report(const char *fen, size_t at, pdn_diag_code code)
{
    pdn_severity sev = code == PDN_D_FEN_FORM ? PDN_SEV_WARNING : PDN_SEV_ERROR;
    fprintf(stderr, "fen:1:%zu: %s: %s [%s]\n", at + 1, sev == PDN_SEV_ERROR ? "error" : "warning",
            pdn_diag_message(code), pdn_diag_name(code));
    fprintf(stderr, " %s\n %*s^\n", fen, (int)at, "");
}

int cmd_fen(int argc, char **argv)
{
    pdn_geometry geometry;
    bool have_type = false;
    char notation = 0;
    int given = 0, rc = EXIT_OK_;
    const char **fens = calloc((size_t)argc, sizeof *fens);
    if (fens == NULL)
        return EXIT_SYSTEM;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--gametype") == 0 || strcmp(a, "-g") == 0) {
            if (i + 1 >= argc || !cli_gametype("fen", argv[++i], &geometry)) {
                if (i + 1 >= argc && i < argc)
                    cli_usage_error("fen", "option '%s' needs a GameType", a);
                free(fens);
                return EXIT_USAGE;
            }
            have_type = true;
        } else if (strcmp(a, "--to") == 0) {
            const char *v = i + 1 < argc ? argv[++i] : "";
            if (strcmp(v, "numeric") == 0) {
                notation = 'N';
            } else if (strcmp(v, "alpha") == 0 || strcmp(v, "algebraic") == 0) {
                notation = 'A';
            } else {
                cli_usage_error("fen", "--to takes numeric or alpha, not '%s'", v);
                free(fens);
                return EXIT_USAGE;
            }
        } else if (strcmp(a, "--") == 0) {
            while (++i < argc)
                fens[given++] = argv[i];
        } else if (a[0] == '-' && a[1] != '\0') {
            cli_usage_error("fen", "unknown option '%s'", a);
            free(fens);
            return EXIT_USAGE;
        } else {
            fens[given++] = a;
        }
    }
    if (given == 0) {
        cli_usage_error("fen", "%s", "no FEN given");
        free(fens);
        return EXIT_USAGE;
    }
    for (int k = 0; k < given; k++) {
        const char *fen = fens[k];
        pdn_geometry chess;
        const pdn_geometry *g = &geometry;
        if (!have_type) {
            if (!cli_gametype("fen", looks_like_chess(fen) ? "0" : "20", &chess)) {
                free(fens);
                return EXIT_SYSTEM;
            }
            g = &chess;
        }
        pdn_position pos;
        size_t at = 0;
        pdn_diag_code c = pdn_fen_read(&pos, g, fen, strlen(fen), &at);
        if (c != PDN_D_NONE)
            report(fen, at, c);
        if (c != PDN_D_NONE && c != PDN_D_FEN_FORM) {
            rc = EXIT_INPUT;
            continue;
        }
        size_t need = pdn_fen_write(&pos, notation, NULL, 0);
        char *buf = malloc(need + 1);
        if (buf == NULL) {
            free(fens);
            return EXIT_SYSTEM;
        }
        pdn_fen_write(&pos, notation, buf, need + 1);
        printf("%s\n", buf);
        free(buf);
    }
    free(fens);
    return rc;
}
