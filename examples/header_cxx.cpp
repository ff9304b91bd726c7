// SPDX-License-Identifier: MIT
//
// header_cxx.cpp - pdn.h used from C++: the header must compile cleanly with
// -Wall -Wextra -pedantic, and its initialisers and types must work there.
#include <pdn.h>

#include <cstdio>
#include <cstring>

int main()
{
    pdn_read_options ropts = PDN_READ_OPTIONS_INIT;
    pdn_write_options wopts = PDN_WRITE_OPTIONS_INIT;
    ropts.mode = PDN_MODE_STRICT;
    (void)wopts;

    if (std::strcmp(pdn_version(), PDN_VERSION_STRING) != 0) {
        std::fprintf(stderr, "header says %s, library says %s\n", PDN_VERSION_STRING,
                     pdn_version());
        return 1;
    }

    static const char text[] = "[GameType \"20\"]\n1. 32-28 19-23 *\n";
    pdn_game *game = nullptr;
    pdn_status st = pdn_game_parse(&game, text, sizeof text - 1, &ropts);
    if (st != PDN_OK) {
        std::fprintf(stderr, "pdn_game_parse: %s\n", pdn_status_str(st));
        return 1;
    }
    pdn_square sq = PDN_SQUARE_MAKE_ALPHA(2, 3);
    std::printf("libpdn %s from C++: GameType %d, c3 is file %u rank %u\n", pdn_version(),
                pdn_game_type(game), PDN_SQUARE_FILE(sq), PDN_SQUARE_RANK(sq));
    pdn_game_free(game);
    return 0;
}
