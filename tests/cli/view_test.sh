#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tests of `pdn view` in a real terminal: tmux runs it in a detached window
# of 80x24 (and 120x40), keys are sent with send-keys, and the screen is
# read back with capture-pane (-e for reverse video and colours) after each
# one: the game list and its search, a game's board against `pdn board`,
# the current move and the squares of the last move on the board,
# variations in and out, flip, resizing, the notes, an illegal move, no
# colours, ASCII, TERM=dumb.  Exit statuses first, which
# need no terminal.  Skipped (77) without tmux or when pdn has no ncurses.
#   view_test.sh PDN SOURCE_DIR
set -u
pdn=$1 src=$2
pass=0 fail=0
tmp=$(mktemp -d)
runs=0
sock=$tmp/tmux$runs.sock
tmux=
cleanup() {
    [ -n "$tmux" ] && "$tmux" -S "$sock" kill-server >/dev/null 2>&1
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' HUP INT PIPE TERM

check() { # name, expected, actual
    if [ "$2" = "$3" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); printf 'FAIL: %s\n  want: %s\n  got:  %s\n' "$1" "$2" "$3"; fi
}
finish() { # the summary, and the exit status
    echo "view_test.sh: $pass passed, $fail failed"
    [ "$fail" = 0 ] || exit 1
    exit "${1:-0}"
}

file=$tmp/games.pdn
cat >"$file" <<'EOF'
[Event "Dutch Championship"]
[Date "1975.05.01"]
[White "Sijbrands, Ton"]
[Black "Wiersma, Anton"]
[Result "2-0"]
[GameType "20"]

{A quiet opening.} 1. 32-28 19-23 2. 28x19 14x23 3. 37-32 {The main move.}
(3. 31-26 {Sharper.} 10-14 (3... 9-14 4. 34-29) 4. 34-29 23x34)
(3. 34-29 23x34 4. 40x29)
3... 10-14 $1 4. 34-29 23x34 5. 40x29 {[%clk 1:55:21] Forced.} 5... 5-10 2-0

[Event "Paris Open"]
[Date "1990.07.12"]
[White "Baba Sy"]
[Black "Roozenburg, Piet"]
[Result "1-1"]
[GameType "20"]

1. 31-26 19-23 2. 36-31 14-19 3. 41-36 10-14 1-1

[Event "Moscow Cup"]
[Date "2001.03.03"]
[White "Gantwarg, Anatoli"]
[Black "Tsjizjov, Alexei"]
[Result "0-2"]
[GameType "20"]

1. 32-28 19-23 2. 33-29 {The capture is forced.} 17-21 0-2

[Event "Casual"]
[Date "2020.01.01"]
[White "Carlsen, Magnus"]
[Black "Nakamura, Hikaru"]
[Result "1-0"]
[GameType "0"]

1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 1-0
EOF

# --- without a terminal ------------------------------------------------------------
check "view is listed" 1 "$("$pdn" --help | grep -c '^  view ')"
check "--help names --game" 1 "$("$pdn" view --help | grep -c -- '--game N')"
out=$("$pdn" view "$file" </dev/null 2>&1); rc=$?
if printf '%s\n' "$out" | grep -q 'built without ncurses'; then
    check "without ncurses the command exits 2" 2 "$rc"
    echo "view_test.sh: pdn was built without ncurses: the terminal is not tested"
    finish 77
fi
"$pdn" view >/dev/null 2>&1; check "no file exits 2" 2 $?
"$pdn" view "$tmp/missing.pdn" >/dev/null 2>&1; check "a missing file exits 3" 3 $?
"$pdn" view --bogus "$file" >/dev/null 2>&1; check "an unknown option exits 2" 2 $?
"$pdn" view - <"$file" >/dev/null 2>&1; check "standard input is refused" 2 $?
check "not a terminal" "2 pdn view: needs a terminal: standard input and output must be one" "$rc $out"
printf '\n' >"$tmp/empty.pdn"
out=$("$pdn" view "$tmp/empty.pdn" 2>&1); rc=$?
check "a file without games" "1 pdn view: $tmp/empty.pdn: no games" "$rc $out"
out=$("$pdn" view --game 9 "$file" 2>&1); rc=$?
check "--game past the end" "2 pdn view: $file: --game 9: the file has 4 games" "$rc $out"

tmux=$(command -v tmux || true)
[ -z "$tmux" ] && [ -x "$src/.deps/tmux/tmux" ] && tmux=$src/.deps/tmux/tmux
if [ -z "$tmux" ]; then
    echo "view_test.sh: no tmux (scripts/setup.sh installs it): the terminal is not tested"
    finish 77
fi

# --- tmux ------------------------------------------------------------------------------
export LC_ALL=C.UTF-8 # the script's own string lengths and patterns
esc=$(printf '\033')
T() { "$tmux" -u -S "$sock" -f /dev/null "$@"; }

# start W H ENV [ARGS]: `pdn view ARGS FILE` in a fresh W x H window with
# the environment ENV; the pane says "[exit N]" when it ends, and lingers
# only as long as the test may run.
start() {
    # A server of its own for each run: a new one on the old socket races
    # with the old one's exit.
    T kill-server >/dev/null 2>&1
    runs=$((runs + 1))
    sock=$tmp/tmux$runs.sock
    T new-session -d -x "$1" -y "$2" -s view \
        "env $3 '$pdn' view ${4:-} '$file'; echo \"[exit \$?]\"; sleep 120"
    step="start $1x$2 $3"
}
keys() {
    T send-keys -t view "$@"
    step="keys $*"
}
# The screen once it stops changing, as text ($scr) and with attributes ($scr_e).
snap() {
    local prev=
    for _ in $(seq 40); do
        scr=$(T capture-pane -p -t view)
        [ "$scr" = "$prev" ] && break
        prev=$scr
        sleep 0.05
    done
    scr_e=$(T capture-pane -p -e -t view)
}
# wait_for TEXT / wait_gone TEXT: until the screen shows it, or no longer does.
wait_for() {
    for _ in $(seq 200); do
        T capture-pane -p -t view | grep -qF -- "$1" && { snap; return 0; }
        sleep 0.05
    done
    snap
    check "after $step: the screen shows '$1'" yes no
    printf '%s\n' "$scr" | sed 's/^/  | /'
    return 1
}
wait_gone() {
    for _ in $(seq 200); do
        T capture-pane -p -t view | grep -qF -- "$1" || { snap; return 0; }
        sleep 0.05
    done
    snap
    check "after $step: '$1' is gone" yes no
    return 1
}
line() { printf '%s\n' "$scr" | sed -n "$1p"; }
has() { # name, text: the screen shows it
    check "$1" 1 "$(printf '%s\n' "$scr" | grep -cF -- "$2" | sed 's/^[1-9][0-9]*$/1/')"
}
# reversed TEXT [BEFORE]: TEXT is drawn in reverse video (SGR 7, maybe among
# others), after the regular expression BEFORE when given.
reversed() {
    local sgr="$esc\\[[0-9;]*m"
    printf '%s\n' "$scr_e" |
        grep -qE -- "${2:-}($sgr)*$esc\\[([0-9;]*;)?7(;[0-9;]*)?m($sgr)*$1"
    check "after $step: '$1' in reverse video" 0 $?
}
# marked LINE TEXT SGR: on screen line LINE, TEXT is drawn with the SGR
# code (43 a yellow background, 7 reverse video), maybe among others.
marked() {
    local sgr="$esc\\[[0-9;]*m"
    printf '%s\n' "$scr_e" | sed -n "$1p" |
        grep -qE -- "$esc\\[([0-9;]*;)?$3(;[0-9;]*)?m($sgr)*$2"
    check "after $step: '$2' on line $1 marked (SGR $3)" 0 $?
}
# board_sgr SGR: how many times the board (rows 2-13, to their right frame;
# the moves come after it) switches it on.
board_sgr() {
    printf '%s\n' "$scr_e" | sed -n '2,13s/\(.*[│┐┘]\).*/\1/p' |
        grep -oE -- "$esc\\[([0-9;]*;)?$1(;[0-9;]*)?m" | wc -l | tr -d ' '
}
# colours: 1 when some cell has a foreground or background colour.
colours() {
    printf '%s\n' "$scr_e" | grep -qE -- "$esc\\[([0-9;]*;)?(3[0-7]|4[0-7])(;[0-9;]*)?m" &&
        echo 1 || echo 0
}
starts() { # name, row, text: the row starts with the text
    case "$(line "$2")" in
    "$3"*) check "$1" 1 1 ;;
    *) check "$1" "$3" "$(line "$2")" ;;
    esac
}
# board NAME FIRST-ROW PDN-BOARD-ARGS...: the rows from FIRST-ROW start with
# the lines `pdn board` draws (then a space or nothing).
board() {
    local name=$1 row=$2 want got bad=
    shift 2
    while IFS= read -r want; do
        got=$(line "$row")
        case "$got" in
        "$want" | "$want "*) ;;
        *) bad="row $row: '$got' is not '$want'" && break ;;
        esac
        row=$((row + 1))
    done < <("$pdn" board "$@")
    check "$name" "" "$bad"
}

# The list, its search, and the first game at 80x24 in colour.
start 80 24 "TERM=screen LANG=C.UTF-8"
wait_for "4 games"
check "list: title" 1 "$(line 1 | grep -c "^ pdn view: .*games.pdn  *4 games$")"
check "list: column names" " #  White            Black            Event                  Date        Result" "$(line 2)"
check "list: a game" " 1  Sijbrands, Ton   Wiersma, Anton   Dutch Championship     1975.05.01  2-0" "$(line 3)"
check "list: the last game" " 4  Carlsen, Magnus  Nakamura, Hikar  Casual                 2020.01.01  1-0" "$(line 6)"
reversed " 1  Sijbrands"
check "colours on TERM=screen" 1 "$(colours)"
keys / c a r
wait_for " /car"
reversed " 4  Carlsen"
keys Escape
wait_gone " /car"
reversed " 1  Sijbrands"
keys / R o o z e n Enter
wait_for "Enter open"
reversed " 2  Baba Sy"
keys / z z z
wait_for "(no match)"
keys Escape Down
wait_gone "(no match)"
reversed " 3  Gantwarg"

keys Home Enter
wait_for "start of the game"
check "game: title" 1 "$(line 1 | grep -c '^ Sijbrands, Ton - Wiersma, Anton  2-0  Dutch Championship, 1975.05.01')"
board "game: the start position as pdn board draws it" 2 --unicode --coords --game 1 "$file"
has "game: the opening comment" " A quiet opening."
has "game: the moves beside the board" "┐  1. 32-28 19-23 2. 28x19 14x23 3. 37-32 {…}"
has "game: a variation on its own row" "    (3. 31-26 {…} 10-14"
has "game: the keys" "←→ move  ↑↓ variation"
check "no move marked at the start" 0 "$(board_sgr 43)"
keys Right
wait_for "ply 1, main line"
board "after 1. 32-28" 2 --unicode --coords --game 1 --ply 1 "$file"
starts "the man on 28 (e5)" 8 " 5 │ ·   ·   ⛀   ·   ·   │"
reversed "32-28"
marked 8 "⛀" 43
marked 9 "·" 43
check "the two squares of 32-28 marked, no other" 2 "$(board_sgr 43)"
has "Black to move" "Black to move"
keys Right Right Right Right
wait_for "ply 5, main line"
reversed "37-32"
has "the comment of the move" " The main move."
keys Down
wait_for "ply 5, variation 1"
reversed "31-26"
has "the comment in the variation" " Sharper."
board "the board in the variation" 2 --unicode --coords --fen "B:W26,33-50:B1-13,15-18,20,23"
keys Right
wait_for "ply 6, variation 1"
keys Down
wait_for "ply 6, variation 2"
reversed "9-14"
keys Up
wait_for "ply 6, variation 1"
reversed "10-14"
keys Up
wait_for "ply 5, main line"
reversed "37-32"
keys Down
wait_for "Sharper."
keys Down
wait_gone "Sharper."
reversed "34-29" "\\(3\\. "
has "the second alternative is a variation" "ply 5, variation 1"
keys Up
wait_for "ply 5, main line"
keys f
wait_for "board flipped"
board "flipped" 2 --unicode --coords --flip --game 1 --ply 5 "$file"
marked 6 "⛀" 43
check "flipped: the two squares of 37-32 marked" 2 "$(board_sgr 43)"
keys f
wait_gone "board flipped"
board "flipped back" 2 --unicode --coords --game 1 --ply 5 "$file"
keys End
wait_for "ply 10, main line"
reversed "5-10"
keys Left
wait_for "ply 9, main line"
has "the comment without its command" " Forced."
has "the command" " clk 1:55:21"
keys Home
wait_for "start of the game"
keys '?'
wait_for "flip the board"
keys x
wait_gone "flip the board"
has "back from the keys" "start of the game"

# The illegal move of game 3.
keys q
wait_for "4 games"
keys Down Down Enter
wait_for "Gantwarg, Anatoli - Tsjizjov, Alexei"
keys Right Right Right
wait_for "before this move"
has "the error at the move" "error: no legal move fits the move as written [illegal-move]"
reversed "33-29"
printf '%s\n' "$scr_e" | grep -qE -- "$esc\\[([0-9;]*;)?31(;[0-9;]*)?m($esc\\[[0-9;]*m)*33-29"
check "the illegal move in red" 0 $?
board "the position before the illegal move" 2 --unicode --coords --game 3 --ply 2 "$file"
keys q q
wait_for "[exit 0]"

# 120x40: the numbers key beside the board; resizing; the chess game.
start 120 40 "TERM=screen LANG=C.UTF-8"
wait_for "4 games"
keys Enter
wait_for "start of the game"
board "120x40: the numbers key" 2 --unicode --numbers --game 1 "$file"
has "120x40: the moves beside the key" "┐  1. 32-28 19-23 2. 28x19 14x23 3. 37-32 {…}"
T resize-window -t view -x 80 -y 24
wait_for "a b c d e f g h i j"
board "resized to 80x24: coordinates" 2 --unicode --coords --game 1 "$file"
T resize-window -t view -x 120 -y 40
wait_gone "a b c d e f g h i j"
board "and back to 120x40" 2 --unicode --numbers --game 1 "$file"
keys n
wait_for "a b c d e f g h i j"
keys n
wait_gone "a b c d e f g h i j"
keys q End Enter End
wait_for "ply 5, main line"
board "the chess game" 2 --unicode --game 4 --ply 5 "$file"
reversed "Bb5"
keys q q
wait_for "[exit 0]"

# --game opens a game at once; q goes to the list.
start 80 24 "TERM=screen LANG=C.UTF-8" "--game 2"
wait_for "Baba Sy - Roozenburg, Piet"
keys q
wait_for "4 games"
reversed " 2  Baba Sy"
keys q
wait_for "[exit 0]"

# Without colours: a terminal that has none, and NO_COLOR.
for env in "TERM=vt100 LANG=C.UTF-8" "TERM=screen NO_COLOR=1 LANG=C.UTF-8"; do
    start 80 24 "$env"
    wait_for "4 games"
    reversed " 1  Sijbrands"
    check "$env: no colours in the list" 0 "$(colours)"
    keys Enter Right
    wait_for "ply 1, main line"
    reversed "32-28"
    marked 8 "⛀" 7
    check "$env: the two squares of 32-28 reversed" 2 "$(board_sgr 7)"
    check "$env: no colours in a game" 0 "$(colours)"
    board "$env: the board" 2 --unicode --coords --game 1 --ply 1 "$file"
    keys q q
    wait_for "[exit 0]"
done

# A locale without UTF-8: the ASCII diagram and keys.
start 80 24 "TERM=screen LANG=C LC_ALL=C"
wait_for "4 games"
keys Enter Right
wait_for "ply 1, main line"
board "ASCII: the board" 2 --ascii --coords --game 1 --ply 1 "$file"
marked 8 "w" 43
has "ASCII: the keys" "Left Right move  Up Down variation"
keys q q
wait_for "[exit 0]"

# A terminal that cannot place the cursor.
start 80 24 "TERM=dumb LANG=C.UTF-8"
wait_for "[exit 2]"
has "TERM=dumb is refused" "pdn view: the terminal 'dumb' cannot place the cursor"

finish
