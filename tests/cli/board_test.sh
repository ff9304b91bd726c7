#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tests of `pdn board`: diagrams from --fen and from a game of a file, the
# formats and labels, marks from the comments, -o, and the exit statuses of
# bad FENs, missing games and plies, and usage errors.
#   board_test.sh PDN
set -u
pdn=$1
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # name, expected, actual
    if [ "$2" = "$3" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); printf 'FAIL: %s\n  want: %s\n  got:  %s\n' "$1" "$2" "$3"; fi
}

# --- a FEN ----------------------------------------------------------------------
want='  +-----------------+
8 |   .   .   .   . |
7 | .   .   .   .   |
6 |   .   .   .   . |
5 | .   .   B   .   |
4 |   .   .   .   . |
3 | .   .   w   .   |
2 |   .   .   .   . |
1 | .   .   .   .   |
  +-----------------+
    a b c d e f g h'
check "algebraic FEN, coordinates by default" "$want" \
    "$("$pdn" board --fen "W:We3:BKe5" --gametype 25)"
check "the same, flipped, without labels" "$(printf '%s\n' \
    '+-----------------+' '|   .   .   .   . |' '| .   .   .   .   |' '|   .   w   .   . |' \
    '| .   .   .   .   |' '|   .   B   .   . |' '| .   .   .   .   |' '|   .   .   .   . |' \
    '| .   .   .   .   |' '+-----------------+')" \
    "$("$pdn" board --fen "W:We3:BKe5" --gametype 25 --flip --no-labels)"
check "numeric FEN: numbers key by default" \
    "|   .   .   .   .   . |   |     1     2     3     4     5 |" \
    "$("$pdn" board --fen "W:W31:B1" | sed -n 2p | sed 's/b/./')"
check "--coords replaces the numbers" "     a b c d e f g h i j" \
    "$("$pdn" board --fen "W:W31:B1" --coords | tail -n 1)"
check "--numbers and --coords together" 13 "$("$pdn" board --fen "W:W31:B1" --coords --numbers | wc -l)"
check "a chess FEN is chess without --gametype" "8 | r n b q k b n r |" \
    "$("$pdn" board --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" | sed -n 2p)"
check "unicode pieces" "1 │ ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ │" \
    "$("$pdn" board --unicode --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" | sed -n 9p)"
check "draughts unicode pieces" "⛀ ⛁ ⛂ ⛃" \
    "$("$pdn" board --unicode --no-labels --fen "W:W46,K47:B48,K49" | sed -n 11p | grep -o '[⛀⛁⛂⛃]' | tr '\n' ' ' | sed 's/ $//')"
svg=$("$pdn" board --svg --size 30 --fen "W:W31-50:B1-20")
check "svg: one <use> per piece" 40 "$(printf '%s\n' "$svg" | grep -c '<use ')"
check "svg: size" 1 "$(printf '%s\n' "$svg" | grep -c 'width="300" height="300" viewBox="0 0 1000 1000"')"
check "svg: the document ends" "</svg>" "$(printf '%s\n' "$svg" | tail -n 1)"
if command -v xmllint >/dev/null 2>&1; then # well-formed XML, where a parser is at hand
    printf '%s\n' "$svg" | xmllint --noout -; check "svg: well-formed" 0 $?
    "$pdn" board --svg --coords --numbers --flip --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" |
        xmllint --noout -; check "chess svg: well-formed" 0 $?
fi

# --- a game of a file -------------------------------------------------------------
cat >"$tmp/games.pdn" <<'EOF'
[Event "one"]
[GameType "20"]
{[%csl R28,G23] [%cal B32-28]}
1. 32-28 {[%csl Y19]} 19-23 *

[Event "two"]
[GameType "0"]
[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]
{[%csl Re1,Ri9][%cal Ge1e2]} *

[Event "three"]
/FEN "W:WK46:B5"/ {[%csl G46]} 1. 46-41 *

[Event "four"]
[FEN "W:W33:B2"]
{[%csl X1-]} *
EOF
out=$("$pdn" board --svg "$tmp/games.pdn")
check "start comment: two highlights" 2 "$(printf '%s\n' "$out" | grep -c 'class="highlight"')"
check "start comment: one arrow" 1 "$(printf '%s\n' "$out" | grep -c 'class="arrow"')"
check "start position of the GameType" 40 "$(printf '%s\n' "$out" | grep -c '<use ')"
out=$("$pdn" board --svg --game 2 "$tmp/games.pdn")
check "FEN tag of a chess game" 2 "$(printf '%s\n' "$out" | grep -c '<use ')"
check "marks off the board are skipped" 1 "$(printf '%s\n' "$out" | grep -c 'class="highlight"')"
check "chess arrow" 1 "$(printf '%s\n' "$out" | grep -c 'class="arrow"')"
check "setup in the movetext" "| W   .   .   .   .   |   | 46    47    48    49    50    |" \
    "$("$pdn" board --game 3 "$tmp/games.pdn" | sed -n 11p)"
check "setup's marks" 1 "$("$pdn" board --svg --game 3 "$tmp/games.pdn" | grep -c 'class="highlight"')"
"$pdn" board --game 4 "$tmp/games.pdn" >"$tmp/out" 2>"$tmp/err"
check "a bad mark list is a warning" 0 $?
check "the warning" 1 "$(grep -c 'not a list of marks' "$tmp/err")"
check "standard input" "$("$pdn" board "$tmp/games.pdn")" "$("$pdn" board - <"$tmp/games.pdn")"
"$pdn" board --svg -o "$tmp/d.svg" --game 2 "$tmp/games.pdn"
check "-o writes the file" "</svg>" "$(tail -n 1 "$tmp/d.svg")"

# --- exit statuses ------------------------------------------------------------------
"$pdn" board --fen "W:W51" >/dev/null 2>"$tmp/err"; check "square off the board exits 1" 1 $?
check "the FEN problem is named" 1 "$(grep -c 'fen-square' "$tmp/err")"
printf '[FEN "W:W99"]\n*\n' >"$tmp/badfen.pdn"
"$pdn" board "$tmp/badfen.pdn" >/dev/null 2>&1; check "bad FEN tag exits 1" 1 $?
"$pdn" board --game 5 "$tmp/games.pdn" >/dev/null 2>&1; check "missing game exits 2" 2 $?
"$pdn" board --ply 3 "$tmp/games.pdn" >/dev/null 2>&1; check "ply beyond the main line exits 2" 2 $?
# A position after moves: the replay of the game gives it.
printf '[GameType "20"]\n1. 32-28 19-23 2. 28x19 *\n' >"$tmp/play.pdn"
"$pdn" board --no-labels --ply 3 "$tmp/play.pdn" >"$tmp/out" 2>"$tmp/err"
check "ply 3 exits 0" 0 $?
check "after 28x19 a white man stands on 19 (the fourth row)" \
    "| b   b   b   w   b   |" "$(sed -n 5p "$tmp/out")"
check "23 is empty again" "|   .   .   .   .   . |" "$(sed -n 6p "$tmp/out")"
check "32 is empty" "|   w   .   w   w   w |" "$(sed -n 8p "$tmp/out")"
printf '[GameType "20"]\n1. 32-28 19-23 2. 33-29 *\n' >"$tmp/illegal.pdn"
"$pdn" board --ply 3 "$tmp/illegal.pdn" >/dev/null 2>"$tmp/err"
check "a position after an illegal move exits 1" 1 $?
check "and it says so" 1 "$(grep -c 'is unknown' "$tmp/err")"
"$pdn" board >/dev/null 2>&1; check "no position exits 2" 2 $?
"$pdn" board --fen "W:W1" "$tmp/games.pdn" >/dev/null 2>&1; check "FEN and file exits 2" 2 $?
"$pdn" board --fen "W:W1" --gametype 19 >/dev/null 2>&1; check "unknown GameType exits 2" 2 $?
"$pdn" board --fen "W:W1" --size 0 >/dev/null 2>&1; check "size 0 exits 2" 2 $?
"$pdn" board --fen "W:W1" --size 12x >/dev/null 2>&1; check "size not a number exits 2" 2 $?
"$pdn" board --fen "W:W1" --ply 2 >/dev/null 2>&1; check "--ply with --fen exits 2" 2 $?
"$pdn" board --bogus >/dev/null 2>&1; check "unknown option exits 2" 2 $?
"$pdn" board "$tmp/missing.pdn" >/dev/null 2>&1; check "missing file exits 3" 3 $?
"$pdn" board --fen "W:W1" >/dev/full 2>/dev/null; check "full disk exits 3" 3 $?
"$pdn" --help | grep -q '^  board '; check "--help lists board" 0 $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
