#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tests of the `pdn` command as a user meets it: exit statuses, the form of
# diagnostics, standard input, -o, usage errors, and that --help, the man
# page and the README name the same commands and options.
#   cli_test.sh PDN SOURCE_DIR
set -u
pdn=$1 src=$2
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # name, expected, actual
    if [ "$2" = "$3" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); printf 'FAIL: %s\n  want: %s\n  got:  %s\n' "$1" "$2" "$3"; fi
}

# --- exit statuses ---------------------------------------------------------
printf '[Event "a"]\n1. 32-28 19-23 *\n' >"$tmp/ok.pdn"
printf '[Event "a"]\n1. 32-28 (19-23 *\n' >"$tmp/err.pdn"
printf '[Event "a"]\n1. 32-28 19-23 2-0\n' >"$tmp/warn.pdn"
"$pdn" check "$tmp/ok.pdn" >/dev/null; check "clean file exits 0" 0 $?
"$pdn" check "$tmp/err.pdn" >/dev/null; check "file with errors exits 1" 1 $?
"$pdn" check "$tmp/warn.pdn" >/dev/null; check "warnings only exit 0" 0 $?
"$pdn" check --strict "$tmp/warn.pdn" >/dev/null; check "strict makes the result terminator an error" 1 $?
"$pdn" check "$tmp/missing.pdn" >/dev/null 2>&1; check "missing file exits 3" 3 $?
"$pdn" check --mode lax "$tmp/ok.pdn" >/dev/null 2>&1; check "bad mode exits 2" 2 $?
"$pdn" check >/dev/null 2>&1; check "no file exits 2" 2 $?
"$pdn" frobnicate >/dev/null 2>&1; check "unknown command exits 2" 2 $?
"$pdn" check --bogus "$tmp/ok.pdn" >/dev/null 2>&1; check "unknown option exits 2" 2 $?
"$pdn" fmt "$tmp/err.pdn" >/dev/null 2>&1; check "fmt of a file with errors exits 1" 1 $?

# --- the form of a diagnostic ------------------------------------------------
out=$("$pdn" check --syntax "$tmp/err.pdn")
check "diagnostic line" "$tmp/err.pdn:2:17: error: '(' is never closed by ')' [unclosed-variation]" \
    "$(printf '%s\n' "$out" | sed -n 1p)"
check "source line" "  1. 32-28 (19-23 *" "$(printf '%s\n' "$out" | sed -n 2p)"
check "caret under the terminator" "                  ^" "$(printf '%s\n' "$out" | sed -n 3p)"
check "note where it was opened" "$tmp/err.pdn:2:10: note: '(' opened here" "$(printf '%s\n' "$out" | sed -n 4p)"
check "summary" "1 game, 1 error, 0 warnings" "$(printf '%s\n' "$out" | tail -n 1)"
check "quiet prints only the summary" "1 game, 1 error, 0 warnings" "$("$pdn" check --syntax -q "$tmp/err.pdn")"
out=$("$pdn" check --syntax "$tmp/ok.pdn" "$tmp/warn.pdn" | tail -n 1)
check "summary of several files" "2 files, 2 games, 0 errors, 1 warning" "$out"
# Tabs in the source line keep the caret aligned.
printf '[Event "a"]\n1.\t32-28\t}\n' >"$tmp/tab.pdn"
check "caret after tabs" "    	     	^" "$("$pdn" check --syntax "$tmp/tab.pdn" | sed -n 3p)"
# A related location is printed as a note.
printf '[Event "a"]\n[Event "b"]\n*\n' >"$tmp/dup.pdn"
check "note for the first tag" "$tmp/dup.pdn:1:1: note: first given here" \
    "$("$pdn" check "$tmp/dup.pdn" | grep note: | head -n 1)"

# --- replay: check replays the moves unless --syntax ---------------------------------
printf '[GameType "20"]\n1. 32-28 19-23 2. 33-29 *\n' >"$tmp/illegal.pdn"
out=$("$pdn" check "$tmp/illegal.pdn")
check "an illegal move is an error" 1 "$("$pdn" check -q "$tmp/illegal.pdn" >/dev/null; echo $?)"
check "illegal move line" "$tmp/illegal.pdn:2:19: error: no legal move fits the move as written [illegal-move]" \
    "$(printf '%s\n' "$out" | sed -n 1p)"
check "the position and the move" \
    "$tmp/illegal.pdn:2:19: note: game 1, ply 3, White to move: '33-29' in FEN \"W:W28,31,33-50:B1-18,20,23\"" \
    "$(printf '%s\n' "$out" | sed -n 4p)"
check "the legal moves" "$tmp/illegal.pdn:2:19: note: legal moves: 28x19" "$(printf '%s\n' "$out" | sed -n 5p)"
check "--syntax does not replay" "1 game, 0 errors, 0 warnings" "$("$pdn" check --syntax "$tmp/illegal.pdn")"
printf '1. 11-15 23-19 *\n' >"$tmp/english.pdn"
check "the inferred variant is named" 1 "$("$pdn" check "$tmp/english.pdn" | grep -c '(GameType 21) \[gametype-inferred\]')"
printf '[GameType "50,W,8,8,N2,0"]\n[FEN "W:W10:B14"]\n1. 10x17 *\n' >"$tmp/custom.pdn"
check "a custom 8x8 board gets English rules: no backward capture" 1 \
    "$("$pdn" check -q "$tmp/custom.pdn" >/dev/null; echo $?)"
check "--rules 20 gives it International rules" 0 "$("$pdn" check -q --rules 20 "$tmp/custom.pdn" >/dev/null; echo $?)"
"$pdn" check --rules 19 "$tmp/custom.pdn" >/dev/null 2>&1; check "--rules needs a draughts type" 2 $?
check "--variant overrides" 1 "$("$pdn" check -q --variant 20 "$tmp/english.pdn" >/dev/null; echo $?)"

# --- fmt --captures and --notation -------------------------------------------------
printf '[GameType "20"]\n[FEN "W:WK47:B14,19,29,31,42"]\n1. 47x36 14-20 *\n' >"$tmp/amb.pdn"
check "fmt keeps moves as written" "1. 47x36 14-20 *" "$("$pdn" fmt "$tmp/amb.pdn" 2>/dev/null | sed -n 4p)"
check "minimal gives the path the game shows (restriction 8)" "1. 47x38x24x13x36 14-20 *" \
    "$("$pdn" fmt --captures minimal "$tmp/amb.pdn" | sed -n 4p)"
printf '[GameType "20"]\n[FEN "W:W28:B13,22,23"]\n1. 28x19x8 *\n' >"$tmp/long.pdn"
check "minimal writes from-to where it is enough" "1. 28x8 *" \
    "$("$pdn" fmt --captures minimal "$tmp/long.pdn" | sed -n 4p)"
check "full writes every capture's path" "1. 28x19x8 *" \
    "$("$pdn" fmt --captures full "$tmp/long.pdn" | sed -n 4p)"
check "alpha notation" "1. e5xg7xe9 *" "$("$pdn" fmt --captures full --notation alpha "$tmp/long.pdn" | sed -n 4p)"
printf '1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n' >"$tmp/russian.pdn"
out=$("$pdn" fmt --captures minimal "$tmp/russian.pdn")
check "an inferred GameType is written" '[GameType "25"]' "$(printf '%s\n' "$out" | sed -n 1p)"
check "with its capture separator" "1. c3-d4 f6-e5 2. d4:f6 g7:e5 *" "$(printf '%s\n' "$out" | sed -n 3p)"
check "and numeric squares on request" "1. 22-18 11-15 2. 18:11 8:15 *" \
    "$("$pdn" fmt --captures minimal --notation numeric "$tmp/russian.pdn" | sed -n 3p)"
printf '[Event "x"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. 0-0 Nf6 5. Bxc6 dxc6 6. Nf3e5 *\n' >"$tmp/san.pgn"
check "chess moves in canonical SAN" "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. Bxc6 dxc6 6. Nxe5 *" \
    "$("$pdn" fmt --captures minimal "$tmp/san.pgn" 2>/dev/null | grep '^1\.')"
"$pdn" fmt --captures best "$tmp/amb.pdn" >/dev/null 2>&1; check "bad --captures exits 2" 2 $?

# --- standard input, -o ----------------------------------------------------------
check "stdin" "1 game, 0 errors, 0 warnings" "$("$pdn" check --syntax - <"$tmp/ok.pdn")"
"$pdn" fmt -o "$tmp/out.pdn" "$tmp/warn.pdn"
check "fmt -o writes the file" "1. 32-28 19-23 *" "$(sed -n 4p "$tmp/out.pdn")"
check "fmt -o adds the Result tag" '[Result "2-0"]' "$(sed -n 2p "$tmp/out.pdn")"
check "fmt from stdin" "$(cat "$tmp/out.pdn")" "$("$pdn" fmt - <"$tmp/warn.pdn")"
check "json line count" 1 "$("$pdn" json "$tmp/ok.pdn" | wc -l)"
"$pdn" fmt -o /nonexistent/dir/x.pdn "$tmp/ok.pdn" 2>/dev/null; check "unwritable output exits 3" 3 $?
"$pdn" fmt "$tmp/ok.pdn" >/dev/full 2>/dev/null; check "full disk exits 3" 3 $?
"$pdn" check "$tmp/err.pdn" >/dev/full 2>/dev/null; check "check to a full disk exits 3" 3 $?
# --jobs: the parts of a file read on threads print as one reader does; a
# write error met while printing a part is an error.
for i in 1 2 3 4 5 6; do cat "$tmp/err.pdn" "$tmp/warn.pdn" "$tmp/ok.pdn"; done >"$tmp/many.pdn"
check "check -j 3 prints as -j 1" "$("$pdn" check -j 1 "$tmp/many.pdn" 2>&1; echo $?)" \
    "$(PDN_PART_BYTES=1 "$pdn" check -j 3 "$tmp/many.pdn" 2>&1; echo $?)"
check "fmt -j 3 writes as -j 1" "$("$pdn" fmt -j 1 "$tmp/many.pdn" 2>&1; echo $?)" \
    "$(PDN_PART_BYTES=1 "$pdn" fmt -j 3 "$tmp/many.pdn" 2>&1; echo $?)"
PDN_PART_BYTES=1 "$pdn" fmt -j 3 "$tmp/many.pdn" >/dev/full 2>/dev/null
check "fmt -j 3 to a full disk exits 3" 3 $?
PDN_PART_BYTES=1 "$pdn" check -j 3 "$tmp/many.pdn" >/dev/full 2>/dev/null
check "check -j 3 to a full disk exits 3" 3 $?
"$pdn" check -j 0 "$tmp/ok.pdn" >/dev/null 2>&1; check "-j 0 exits 2" 2 $?
"$pdn" check -j "$tmp/ok.pdn" >/dev/null 2>&1; check "-j without a number exits 2" 2 $?
"$pdn" json -j 2 "$tmp/ok.pdn" >/dev/null 2>&1; check "json takes no -j" 2 $?

# --- pdn fen -------------------------------------------------------------------
check "fen canonical" "W:W31-50:B1-20" "$("$pdn" fen 'W:W50,49,48,47,46,31-45:B20,19,1-18')"
check "fen sorts and makes ranges" "B:W18,24,27,28,K10,K15:B1-4" "$("$pdn" fen 'B:W18,24,27,28,K10,K15:B4,3,2,1')"
check "fen to alpha" "W:Wa1,j10:B" "$("$pdn" fen --to alpha 'W:W46,5:B')"
check "fen from alpha on a Russian board" "W:W4,29:B" "$("$pdn" fen -g 25 --to numeric 'W:Wa1,h8:B')"
check "fen of chess" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" \
    "$("$pdn" fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -')"
out=$("$pdn" fen 'W:W31-50:B1-20,51' 2>&1 >/dev/null)
check "fen error exits 1" 1 "$("$pdn" fen 'W:W31-50:B1-20,51' >/dev/null 2>&1; echo $?)"
check "fen error located" "fen:1:16: error: FEN names a square the GameType's board does not have [fen-square]" \
    "$(printf '%s\n' "$out" | sed -n 1p)"
check "fen error caret" "                ^" "$(printf '%s\n' "$out" | sed -n 3p)"
check "fen with a form issue still writes" "W:W31-50:B1-20" "$("$pdn" fen 'W:W31-50:B1-20.' 2>/dev/null)"
"$pdn" fen -g 77 'W:W1:B2' >/dev/null 2>&1; check "fen with an unknown GameType exits 2" 2 $?
"$pdn" fen >/dev/null 2>&1; check "fen without a FEN exits 2" 2 $?

# --- help, version, man page, README agree ------------------------------------
"$pdn" --help >"$tmp/help"; check "--help exits 0" 0 $?
"$pdn" --version | grep -qE '^pdn [0-9]+\.[0-9]+\.[0-9]+$'; check "--version" 0 $?
# Every command --help lists, not a fixed list: a new command must be documented.
cmds=$(sed -n 's/^  \([a-z][a-z]*\)  *.*/\1/p' "$tmp/help")
check "--help lists the commands" "check fmt json" "$(echo $cmds | cut -d' ' -f1-3)"
for cmd in $cmds; do
    grep -q "^  $cmd " "$tmp/help"; check "--help lists $cmd" 0 $?
    grep -q "^\.SS $cmd\|^\.B pdn $cmd\|pdn $cmd" "$src/man/pdn.1"; check "man page has $cmd" 0 $?
    grep -q "pdn $cmd" "$src/README.md"; check "README has $cmd" 0 $?
    "$pdn" "$cmd" --help >"$tmp/h.$cmd"; check "$cmd --help exits 0" 0 $?
    # Every option of the command is in the man page.
    for opt in $(grep -oE -- '--[a-z-]+' "$tmp/h.$cmd" | sort -u); do
        grep -q -- "${opt//-/\\\\-}\|$opt" "$src/man/pdn.1"; check "man page documents $cmd $opt" 0 $?
    done
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
