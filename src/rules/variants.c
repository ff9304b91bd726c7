/* SPDX-License-Identifier: MIT */
/*
 * variants.c - the rules of each GameType as data (variant-rules.md 2.1 and
 * section 3): the parameters pdn_rules_init() fills in.  The engine reads
 * only these fields, so a custom tuple is a matter of changing them.
 */
#include "rules/rules.h"

#include <string.h>

/* International draughts: the base most variants differ from in a few fields. */
static void international(pdn_rules *r)
{
    memset(r, 0, sizeof *r);
    r->version = PDN_RULES_VERSION;
    r->type = 20;
    r->man_moves = PDN_DIR_DIAG_FORWARD;
    r->man_captures = PDN_DIR_DIAGONAL;
    r->king_moves = PDN_DIR_DIAGONAL;
    r->king_captures = PDN_DIR_DIAGONAL;
    r->king_flying = 1;
    r->king_capture_flying = 1;
    r->king_lands_next = 0;
    r->men_capture_kings = 1;
    r->remove_immediately = 0;
    r->reverse_allowed = 0;
    r->promotion = PDN_PROMOTE_PASS;
    r->prefer[0] = PDN_PREFER_MOST_PIECES;
    r->man_value = 1;
    r->king_value = 1;
    r->king_move_limit = 0;
}

/* Men capture forward only, short kings, crowning ends the move. */
static void english(pdn_rules *r)
{
    r->man_captures = PDN_DIR_DIAG_FORWARD;
    r->king_flying = 0;
    r->king_capture_flying = 0;
    r->king_lands_next = 1;
    r->promotion = PDN_PROMOTE_STOP;
    r->prefer[0] = PDN_PREFER_END;
}

pdn_status pdn_rules_init(pdn_rules *out, int type)
{
    if (out == NULL)
        return PDN_EINVAL;
    international(out);
    switch (type) {
    case 20: /* International */
    case 26: /* Brazilian: International on 8x8 */
    case 27: /* Canadian: International on 12x12 */
    case 96: /* lidraughts Breakthrough, Antidraughts, from position: */
    case 98: /* other goals, International moves */
    case 99:
        break;
    case 21: /* English: free choice */
        english(out);
        break;
    case 22: /* Italian: FID art. 5-6 precedence; men never take kings */
        english(out);
        out->men_capture_kings = 0;
        out->prefer[0] = PDN_PREFER_MOST_PIECES;
        out->prefer[1] = PDN_PREFER_KING_CAPTURES;
        out->prefer[2] = PDN_PREFER_MOST_KINGS;
        out->prefer[3] = PDN_PREFER_EARLIEST_KINGS;
        break;
    case 23: /* American pool and the other type-23 games: free choice */
        out->prefer[0] = PDN_PREFER_END;
        break;
    case 24: /* Spanish and Portuguese: quantity, then quality */
    case 28:
        out->man_captures = PDN_DIR_DIAG_FORWARD;
        out->promotion = PDN_PROMOTE_STOP;
        out->prefer[1] = PDN_PREFER_MOST_KINGS;
        break;
    case 25: /* Russian and Spantsiretti: free choice, crowned mid-capture */
    case 41:
        out->promotion = PDN_PROMOTE_KING;
        out->prefer[0] = PDN_PREFER_END;
        break;
    case 29: /* Czech: a king must capture when one can, else free choice */
        out->man_captures = PDN_DIR_DIAG_FORWARD;
        out->promotion = PDN_PROMOTE_STOP;
        out->prefer[0] = PDN_PREFER_KING_CAPTURES;
        break;
    case 30: /* Turkish: orthogonal, removal at once, no 180-degree turn */
        out->man_moves = PDN_DIR_FORWARD | PDN_DIR_SIDEWAYS;
        out->man_captures = PDN_DIR_FORWARD | PDN_DIR_SIDEWAYS;
        out->king_moves = PDN_DIR_ORTHOGONAL;
        out->king_captures = PDN_DIR_ORTHOGONAL;
        out->remove_immediately = 1;
        break;
    case 31: /* Thai: kings land right behind, removal at once, may turn back */
        out->man_captures = PDN_DIR_DIAG_FORWARD;
        out->king_lands_next = 1;
        out->remove_immediately = 1;
        out->reverse_allowed = 1;
        out->promotion = PDN_PROMOTE_STOP;
        out->prefer[0] = PDN_PREFER_END;
        break;
    case 40: /* Frisian (and lidraughts' Frysk!, 97) */
    case 97:
        out->man_captures = PDN_DIR_DIAGONAL | PDN_DIR_ORTHOGONAL;
        out->king_captures = PDN_DIR_DIAGONAL | PDN_DIR_ORTHOGONAL;
        /* lidraughts' values: a king is worth a little less than two men */
        out->man_value = 100;
        out->king_value = 199;
        out->prefer[0] = PDN_PREFER_MOST_VALUE;
        out->prefer[1] = PDN_PREFER_KING_CAPTURES;
        out->king_move_limit = 3;
        break;
    default:
        return PDN_EINVAL;
    }
    out->type = type;
    return PDN_OK;
}
