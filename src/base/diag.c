/* SPDX-License-Identifier: MIT */
/*
 * diag.c - the table of diagnostic codes: name, message and the severity each
 * has in the three reading modes.  The modes differ only here: the parser
 * reports every deviation it sees, and this table decides what it means.
 *
 * Columns: liberal, standard, strict.  N = not reported, I = note,
 * W = warning, E = error.  "Standard" is grammar 4.4 (results as
 * terminators, ':' captures, "...", zero-padded squares and spaces around
 * separators are part of it); "strict" is grammar 4.1 with restrictions 1-7.
 */
#include "base/base.h"

#define N PDN_SEV_NONE
#define I PDN_SEV_NOTE
#define W PDN_SEV_WARNING
#define E PDN_SEV_ERROR

const pdn_diag__info pdn_diag__table[] = {
    [PDN_D_NONE] = {"none", "no problem", {N, N, N}},
    [PDN_D_JUNK] = {"junk", "unreadable text; kept as a comment", {W, E, E}},
    [PDN_D_JUNK_BEFORE_GAME] = {"junk-before-game",
                                "text before the game's first tag; kept as a comment",
                                {W, E, E}},
    [PDN_D_GLUED_TEXT] = {"glued-text", "text glued to a move; kept as a comment", {W, E, E}},
    [PDN_D_NUL_BYTE] = {"nul-byte", "NUL byte in the input", {W, E, E}},
    [PDN_D_UNCLOSED_COMMENT] = {"unclosed-comment", "'{' is never closed by '}'", {E, E, E}},
    [PDN_D_UNCLOSED_VARIATION] = {"unclosed-variation", "'(' is never closed by ')'", {E, E, E}},
    [PDN_D_UNCLOSED_STRING] = {"unclosed-string", "tag value has no closing '\"'", {E, E, E}},
    [PDN_D_UNCLOSED_TAG] = {"unclosed-tag", "tag has no closing ']'", {E, E, E}},
    [PDN_D_UNCLOSED_SETUP] = {"unclosed-setup", "setup '/' is never closed by '/'", {E, E, E}},
    [PDN_D_STRAY_RPAREN] = {"stray-rparen", "')' without a matching '('", {W, E, E}},
    [PDN_D_STRAY_RBRACE] = {"stray-rbrace", "'}' without a matching '{'", {W, E, E}},
    [PDN_D_BAD_TAG] = {"bad-tag", "malformed tag: expected [Name \"value\"]", {E, E, E}},
    [PDN_D_TAG_NAME_CASE] = {"tag-name-case",
                             "tag name does not start with a capital letter",
                             {W, E, E}},
    [PDN_D_TAG_SPACING] = {"tag-spacing",
                           "tags not separated by white space, or a blank line inside the header",
                           {W, N, N}},
    [PDN_D_TAG_ESCAPE] = {"tag-escape",
                          "'\\\\' escape in a tag value (read as one backslash)",
                          {W, N, N}},
    [PDN_D_DUPLICATE_TAG] = {"duplicate-tag", "tag given twice in one header", {W, W, W}},
    [PDN_D_EMPTY_GAME] = {"empty-game", "game has neither tags nor moves", {W, E, E}},
    [PDN_D_EMPTY_VARIATION] = {"empty-variation", "variation has no moves", {W, E, E}},
    [PDN_D_NO_TERMINATOR] = {"no-terminator",
                             "game has no terminator before the next game's tags",
                             {W, E, E}},
    [PDN_D_RESULT_TERMINATOR] = {"result-terminator",
                                 "result used as game terminator; PDN 3.0 writes '*'",
                                 {W, N, E}},
    [PDN_D_ODD_RESULT_TERMINATOR] = {"odd-result-terminator",
                                     "non-standard result used as game terminator",
                                     {W, E, E}},
    [PDN_D_RESULT_IN_VARIATION] = {"result-in-variation",
                                   "result inside a variation; kept as a comment",
                                   {W, E, E}},
    [PDN_D_TERMINATOR_MISMATCH] = {"terminator-mismatch",
                                   "result at the end of the moves differs from the Result tag",
                                   {W, W, W}},
    [PDN_D_LINE_COMMENT] = {"line-comment", "';' line comment", {W, E, E}},
    [PDN_D_MOVE_SPACE] = {"move-space", "spaces inside a move", {W, N, E}},
    [PDN_D_STRENGTH_SPACE] = {"strength-space", "space between a move and its strength", {W, N, E}},
    [PDN_D_STRENGTH_STAR] = {"strength-star",
                             "'*' as move strength (forced move); PDN 3.0 writes $7",
                             {W, E, E}},
    [PDN_D_LEADING_ZERO] = {"leading-zero", "square with a leading zero", {W, N, E}},
    [PDN_D_SQUARE_CASE] = {"square-case", "square in capitals", {W, E, E}},
    [PDN_D_NO_SEPARATOR] = {"no-separator", "numeric move without separator", {W, E, E}},
    [PDN_D_DASH_PATH] = {"dash-path", "'-' between more than two squares", {W, E, E}},
    [PDN_D_NOTATION_MISMATCH] = {"notation-mismatch",
                                 "move not in the notation of the GameType",
                                 {W, N, E}},
    [PDN_D_CAPTURE_SEPARATOR] = {"capture-separator",
                                 "capture separator is not the GameType's",
                                 {W, N, E}},
    [PDN_D_ELLIPSIS] = {"ellipsis", "'...' standing for a move", {W, N, E}},
    [PDN_D_NUMBER_WITHOUT_MOVE] = {"number-without-move", "move number without a move", {W, E, E}},
    [PDN_D_UNKNOWN_MOVE] = {"unknown-move", "unknown move '- -'", {W, E, E}},
    [PDN_D_CAPTURED_LIST] = {"captured-list",
                             "captured-square list (a PDN 3.1 proposal)",
                             {W, E, E}},
    [PDN_D_BAD_NAG] = {"bad-nag", "'$' without a number", {W, E, E}},
    [PDN_D_CHESS_INFERRED] = {"chess-inferred",
                              "no GameType tag: chess (GameType 0) inferred from the moves",
                              {I, I, I}},
    [PDN_D_ENCODING] =
        {"encoding",
         "text is not valid UTF-8: decoded with the fallback encoding, or bad bytes replaced",
         {W, W, E}},
    [PDN_D_BAD_GAMETYPE] = {"bad-gametype", "malformed GameType value", {W, W, E}},
    [PDN_D_ODD_GAMETYPE] = {"odd-gametype",
                            "GameType value outside the standard's table",
                            {W, W, E}},
    [PDN_D_BAD_DATE] = {"bad-date", "Date is not YYYY.MM.DD", {W, W, E}},
    [PDN_D_ODD_DATE] = {"odd-date", "Date in a non-standard form", {W, W, E}},
    [PDN_D_BAD_RESULT] = {"bad-result", "Result value not allowed for this game", {W, W, E}},
    [PDN_D_BAD_TIMECONTROL] = {"bad-timecontrol",
                               "TimeControl does not follow the standard's grammar",
                               {W, W, E}},
    [PDN_D_BAD_TIME] = {"bad-time", "time is not [H]H:MM[:SS]", {W, W, E}},
    [PDN_D_BAD_FEN] = {"bad-fen", "malformed FEN", {W, E, E}},
    [PDN_D_BAD_SETUP] = {"bad-setup", "setup is not /FEN \"...\"/", {W, E, E}},
    [PDN_D_BAD_COMMAND] = {"bad-command", "malformed embedded command in a comment", {W, W, E}},
    [PDN_D_TAG_QUOTE] = {"tag-quote", "unescaped '\"' inside a tag value", {W, E, E}},
    [PDN_D_FEN_FORM] =
        {"fen-form",
         "FEN not as PDN 3.0 writes it (trailing dot, spaces, uppercase or mixed squares)",
         {N, N, E}},
    [PDN_D_FEN_SQUARE] = {"fen-square",
                          "FEN names a square the GameType's board does not have",
                          {W, E, E}},
    [PDN_D_FEN_TWICE] = {"fen-twice", "FEN gives the same square twice", {W, E, E}},
    [PDN_D_FEN_POSITION] = {"fen-position",
                            "chess FEN describes an impossible position",
                            {W, E, E}},
    [PDN_D_ILLEGAL_MOVE] = {"illegal-move", "no legal move fits the move as written", {E, E, E}},
    [PDN_D_AMBIGUOUS_MOVE] = {"ambiguous-move",
                              "several legal moves fit the move as written (restriction 8)",
                              {W, W, E}},
    [PDN_D_PATH_SQUARES] = {"path-squares",
                            "the full path does not give the intermediate squares PDN 3.0 asks "
                            "for (restriction 9)",
                            {N, N, E}},
    [PDN_D_WRONG_SIDE] = {"wrong-side", "the move number marks the other side's move", {W, W, E}},
    [PDN_D_MOVE_AFTER_END] = {"move-after-end",
                              "move after the end of the game: the side to move has no move",
                              {E, E, E}},
    [PDN_D_RESULT_CONTRADICTS] = {"result-contradicts",
                                  "the Result tag contradicts the final position",
                                  {W, W, E}},
    [PDN_D_GAMETYPE_INFERRED] = {"gametype-inferred",
                                 "no GameType tag: the variant was inferred from the moves",
                                 {I, I, I}},
    [PDN_D_REPLAY_STOPPED] = {"replay-stopped",
                              "the position is unknown from here: the line's later moves are "
                              "not checked",
                              {I, I, I}},
    [PDN_D_BAD_SAN] = {"bad-san", "chess move is not SAN", {E, E, E}},
    [PDN_D_SAN_FORM] = {"san-form",
                        "chess move not spelled as SAN (long algebraic, 0-0, e8Q, ...)",
                        {W, W, E}},
    [PDN_D_SAN_OVERSPECIFIED] = {"san-overspecified",
                                 "more disambiguation than SAN needs",
                                 {W, W, E}},
    [PDN_D_CHECK_MARK] = {"check-mark", "check or mate mark missing or wrong", {W, W, E}},
    [PDN_D_CAPTURE_MARK] = {"capture-mark", "capture mark 'x' missing or wrong", {W, W, E}},
    [PDN_D_BAD_PROMOTION] = {"bad-promotion", "promotion that no rule allows", {E, E, E}},
    [PDN_D_NULL_MOVE] = {"null-move", "null move, which the rules of chess do not know", {W, W, E}},
    [PDN_D_GAMETYPE_MISMATCH] = {"gametype-mismatch",
                                 "the GameType tag's board or numbering does not fit the moves: "
                                 "replayed with the standard's tuple for its number",
                                 {W, W, E}},
    [PDN_D_VARIANT_SKIPPED] = {"variant-skipped",
                               "a chess variant the rules do not cover: the moves are not checked",
                               {I, I, I}},
    [PDN_D_VARIATION_PLACE] = {"variation-place",
                               "the variation is an alternative to the next move, not the one "
                               "before it: replayed from here",
                               {W, W, E}},
    [PDN_D_LONG_CAPTURE] = {"long-capture",
                            "full capture path where the short form is unambiguous "
                            "(restriction 8)",
                            {N, N, E}},
    [PDN_D_TAG_NAME_CHARS] = {"tag-name-chars",
                              "tag name has characters other than letters, digits and '_'",
                              {W, E, E}},
};

_Static_assert(sizeof pdn_diag__table / sizeof pdn_diag__table[0] == PDN_D_COUNT,
               "every pdn_diag_code needs a row in the table");

#undef N
#undef I
#undef W
#undef E

const char *pdn_diag_name(pdn_diag_code code)
{
    return (unsigned)code < PDN_D_COUNT ? pdn_diag__table[code].name : "unknown";
}

const char *pdn_diag_message(pdn_diag_code code)
{
    return (unsigned)code < PDN_D_COUNT ? pdn_diag__table[code].message : "unknown diagnostic";
}

pdn_severity pdn_diag_severity(pdn_diag_code code, pdn_mode mode)
{
    if ((unsigned)code >= PDN_D_COUNT || (unsigned)mode > PDN_MODE_STRICT)
        return PDN_SEV_NONE;
    return (pdn_severity)pdn_diag__table[code].sev[mode];
}

const char *pdn_status_str(pdn_status status)
{
    switch (status) {
    case PDN_OK:
        return "success";
    case PDN_DONE:
        return "no more games";
    case PDN_ENOMEM:
        return "out of memory";
    case PDN_EINVAL:
        return "invalid argument";
    case PDN_EIO:
        return "input/output error";
    case PDN_ELIMIT:
        return "input exceeds a limit of the library";
    }
    return "unknown status";
}

const char *pdn_version(void)
{
    return PDN_VERSION_STRING;
}
