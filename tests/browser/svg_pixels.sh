#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# svg_pixels.sh - the SVG diagrams as a browser shows them: `pdn board --svg`
# draws boards of every size (8x8 and 10x10 draughts, Canadian 12x12,
# Spantsiretti 10x8, chess), headless Chromium takes a screenshot of each, and
# png_check.js checks the colour at the centre of known squares: men, kings'
# crowns, empty light and dark squares, [%csl] highlights, a [%cal] arrow.
#   svg_pixels.sh PDN
# The browser is $CHROMIUM, else chromium (or chromium-browser, google-chrome)
# on the PATH, else the copy scripts/setup.sh unpacks into .deps/chromium/ of
# the source tree when it cannot install Chromium as root.  Exits 77 (skipped)
# when there is no browser or no Node.
set -u
pdn=$1
here=$(cd "$(dirname "$0")" && pwd)
local_chromium=$here/../../.deps/chromium/chromium

browser=${CHROMIUM:-}
if [ -z "$browser" ]; then
    for b in chromium chromium-browser google-chrome; do
        if command -v "$b" >/dev/null 2>&1; then
            browser=$(command -v "$b")
            break
        fi
    done
fi
if [ -z "$browser" ] && [ -x "$local_chromium" ]; then
    browser=$(cd "$(dirname "$local_chromium")" && pwd)/chromium
fi
if [ -z "$browser" ]; then
    echo "SKIP: the browser test needs Chromium: run scripts/setup.sh (it installs" \
        "the Debian package as root, else unpacks it into .deps/chromium/), or set CHROMIUM"
    exit 77
fi
if ! command -v node >/dev/null 2>&1; then
    echo "SKIP: the browser test needs Node to read the screenshots (Debian package nodejs)"
    exit 77
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# shot NAME PDN-BOARD-ARGS... -- CHECKS...: draws, screenshots and checks one diagram.
shot() {
    local name=$1 args=() checks=()
    shift
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
    shift
    checks=("$@")
    if ! "$pdn" board --svg "${args[@]}" -o "$tmp/$name.svg"; then
        echo "FAIL: $name: pdn board ${args[*]} failed"
        fail=$((fail + 1))
        return
    fi
    local w h
    w=$(grep -o '<svg [^>]*' "$tmp/$name.svg" | grep -o ' width="[0-9.]*"' | tr -dc '0-9.')
    h=$(grep -o '<svg [^>]*' "$tmp/$name.svg" | grep -o ' height="[0-9.]*"' | tr -dc '0-9.')
    # The window is the SVG's size rounded up: the document sits at the top left.
    w=${w%%.*} h=${h%%.*}
    timeout 60 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --force-device-scale-factor=1 --no-first-run --disable-dev-shm-usage --user-data-dir="$tmp/profile" \
        --window-size=$((w + 1)),$((h + 1)) --screenshot="$tmp/$name.png" \
        "file://$tmp/$name.svg" >"$tmp/$name.log" 2>&1
    if [ ! -s "$tmp/$name.png" ]; then
        echo "FAIL: $name: no screenshot from $browser"
        tail -n 5 "$tmp/$name.log"
        fail=$((fail + 1))
        return
    fi
    local out
    out=$(node "$here/png_check.js" "$tmp/$name.svg" "$tmp/$name.png" "${checks[@]}")
    printf '%s\n' "$out" | grep -v ' passed, '
    pass=$((pass + $(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) passed, .*/\1/p')))
    fail=$((fail + $(printf '%s\n' "$out" | sed -n 's/.* passed, \([0-9]*\) failed$/\1/p')))
    if [ -n "${PDN_KEEP_SHOTS:-}" ]; then
        mkdir -p "$PDN_KEEP_SHOTS" && cp "$tmp/$name.svg" "$tmp/$name.png" "$PDN_KEEP_SHOTS/"
    fi
}

# International 10x10 from a file: a FEN tag, and marks in the start comment.
# Square 31 is column 1 of row 6; 46 column 0 of row 9; 19 column 6 of row 3;
# 5 column 9 of row 0; 28 column 4 of row 5; 33 column 5 of row 6; the arrow
# from 36 to 26 (column 0, rows 7 and 5) crosses the light square at 0,6.
cat >"$tmp/intl.pdn" <<'EOF'
[Event "diagram"]
[GameType "20"]
[FEN "W:W31,K46:B19,K5"]
{[%csl R28,G33][%cal Y36-26]} *
EOF
shot intl "$tmp/intl.pdn" --size 40 -- \
    1,6,white 0,9,gold 6,3,black 9,0,gold 4,5,hl:R:dark 5,6,hl:G:dark 0,0,light 1,0,dark 2,7,dark 0,6,arrow:Y:light
# Flipped: everything turns half a circle.
shot intl-flip "$tmp/intl.pdn" --size 40 --flip -- \
    8,3,white 9,0,gold 3,6,black 0,9,gold 5,4,hl:R:dark 9,9,light 8,9,dark

# English 8x8 (GameType 21, numbered from Black's side): 5 is column 0 of row 1,
# 12 column 7 of row 2, 18 column 3 of row 4, 24 column 6 of row 5.
shot english --fen "B:W18,K24:BK5,12" --gametype 21 --size 50 -- \
    0,1,gold 7,2,black 3,4,white 6,5,gold 0,0,light 1,0,dark 6,7,dark

# Canadian 12x12: 1 is column 1 of row 0, 12 column 10 of row 1, 67 and 72
# columns 0 and 10 of row 11.
shot canadian --fen "W:W67,K72:B1,K12" --gametype 27 --size 30 -- \
    1,0,black 10,1,gold 0,11,white 10,11,gold 0,0,light 3,0,dark

# Spantsiretti 10x8 (files a-j) with coordinates: the board moves right.
shot spantsiretti --fen "W:Wa1,Ke3:Bj8,Kc7" --gametype 41 --size 40 -- \
    0,7,white 4,5,gold 9,0,black 2,1,gold 1,7,light 2,7,dark

# Chess from a file: a FEN after 1. e4, d4 highlighted, an arrow e2-e4.
cat >"$tmp/chess.pgn" <<'EOF'
[Event "diagram"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]
{[%csl Rd4][%cal Ge2e4]} *
EOF
shot chess "$tmp/chess.pgn" -- \
    4,7,white 3,0,black 0,6,white 7,1,black 3,4,hl:R:dark 0,5,dark 7,5,light \
    4,5,arrow:G:dark
shot chess-flip "$tmp/chess.pgn" --flip --size 30 -- \
    3,0,white 4,7,black 4,3,hl:R:dark 3,2,arrow:G:dark

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
