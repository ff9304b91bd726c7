/* SPDX-License-Identifier: MIT */
/*
 * game_board.c - the board a game is played on: the geometry from its
 * GameType tag and the position from its FEN tag.
 */
#include "board/board.h"

pdn_status pdn_game_geometry(const pdn_game *game, pdn_geometry *out)
{
    if (game == NULL || out == NULL)
        return PDN_EINVAL;
    const pdn_tag *tag = pdn_game_tag(game, "GameType");
    pdn_gametype gt;
    if (tag != NULL) {
        size_t at;
        pdn_diag_code c = pdn_parse_gametype(&gt, tag->value.ptr, tag->value.len, &at);
        if ((c == PDN_D_NONE || c == PDN_D_ODD_GAMETYPE) && pdn_geometry_init(out, &gt) == PDN_OK)
            return PDN_OK;
    }
    int type = pdn_game_type(game);
    if (pdn_gametype_default(&gt, type) != PDN_OK && pdn_gametype_default(&gt, 20) != PDN_OK)
        return PDN_EINVAL;
    return pdn_geometry_init(out, &gt);
}

pdn_diag_code pdn_game_start_position(const pdn_game *game, const pdn_geometry *g,
                                      pdn_position *out)
{
    const pdn_tag *fen = game != NULL ? pdn_game_tag(game, "FEN") : NULL;
    pdn_diag_code c = PDN_D_NONE;
    if (fen != NULL && fen->value.len > 0) {
        size_t at;
        c = pdn_fen_read(out, g, fen->value.ptr, fen->value.len, &at);
        if (c == PDN_D_NONE || c == PDN_D_FEN_FORM)
            return c;
    }
    pdn_position_start(out, g);
    return c;
}
