#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tests of `pdn html`: the page on standard output and with -o, --game,
# --title, --variant, standard input, a .pgn file, a file without games,
# and the exit statuses of errors in the input (the page is written, exit
# status 1), usage errors, a missing game, a missing input and an output
# that cannot be written.  The page itself is checked by
# unit/html (its content) and browser/html (in Chromium).
#   html_test.sh PDN
set -u
pdn=$1
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # name, expected, actual
    if [ "$2" = "$3" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); printf 'FAIL: %s\n  want: %s\n  got:  %s\n' "$1" "$2" "$3"; fi
}

# The lines of the games element of a page: one per game.
games() {
    sed -n '/<script type="text\/plain" id="pdn-games">/,/<\/script>/p' "$1" |
        sed '1s/.*id="pdn-games">//; $d' | grep -c '^{"k":'
}

cat >"$tmp/two.pdn" <<'EOF'
[White "Alice"]
[Black "Bob"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 *

[White "Carl <&>"]
[Black "Dora"]
[GameType "20"]

1. 33-29 99-98 *
EOF

# --- the page ---------------------------------------------------------------------
"$pdn" html "$tmp/two.pdn" >"$tmp/out.html" 2>"$tmp/err"
check "a page on standard output, errors in the input: exit status" 1 $?
check "the errors counted on standard error" \
    "pdn html: $tmp/two.pdn: 1 error in 2 games (shown in the page; see 'pdn check')" "$(cat "$tmp/err")"
check "it starts as HTML" "<!DOCTYPE html>" "$(head -n 1 "$tmp/out.html")"
check "it ends" "</html>" "$(tail -n 1 "$tmp/out.html")"
check "both games" 2 "$(games "$tmp/out.html")"
check "the title is the file's name" 1 "$(grep -c '<title>two.pdn</title>' "$tmp/out.html")"
check "tag values escaped (game and list)" 2 "$(grep -c 'Carl \\u003c\\u0026\\u003e' "$tmp/out.html")"
check "an illegal move does not stop the page" 1 "$(grep -c '\[1,"s",3\]' "$tmp/out.html")"

rm -f "$tmp/o.html"
out=$("$pdn" html "$tmp/two.pdn" -o "$tmp/o.html" 2>/dev/null)
check "-o: exit status" 1 $?
check "-o: nothing on standard output" "" "$out"
check "-o: the same page" "" "$(cmp "$tmp/out.html" "$tmp/o.html")"
"$pdn" html --output "$tmp/o2.html" "$tmp/two.pdn" 2>/dev/null
check "--output before the file" "" "$(cmp "$tmp/out.html" "$tmp/o2.html")"

"$pdn" html "$tmp/two.pdn" --game 2 -o "$tmp/g2.html" 2>"$tmp/err"
check "--game 2 (an illegal move): exit status" 1 $?
check "--game 2: its error counted" 1 "$(grep -c ': 1 error in 1 game ' "$tmp/err")"
"$pdn" html "$tmp/two.pdn" --game 1 -o "$tmp/g1.html" 2>"$tmp/err"
check "--game 1 (no error): exit status" 0 $?
check "--game 1: nothing on standard error" "" "$(cat "$tmp/err")"
check "--game 2: one game" 1 "$(games "$tmp/g2.html")"
check "--game 2: listed as game 2" 1 "$(grep -c '"list":\[\[2,"Carl' "$tmp/g2.html")"

"$pdn" html "$tmp/two.pdn" --title "Club & <friends>" -o "$tmp/t.html" 2>/dev/null
check "--title escaped" 1 "$(grep -c '<title>Club &amp; &lt;friends&gt;</title>' "$tmp/t.html")"

"$pdn" html - <"$tmp/two.pdn" >"$tmp/stdin.html" 2>/dev/null
check "standard input" 1 $?
check "standard input: title" 1 "$(grep -c '<title>standard input</title>' "$tmp/stdin.html")"
check "standard input: both games" 2 "$(games "$tmp/stdin.html")"

printf '1. e4 e5 2. Nf3 *\n' >"$tmp/one.pgn"
"$pdn" html "$tmp/one.pgn" -o "$tmp/pgn.html"
check "a file without errors: exit status" 0 $?
printf '[GameType "20"\n1. 32-28 *\n' >"$tmp/bad-tag.pdn"
"$pdn" html "$tmp/bad-tag.pdn" -o "$tmp/bad-tag.html" 2>"$tmp/err"
check "a syntax error: exit status" 1 $?
check "a syntax error: counted" 1 "$(grep -c ': 1 error in 1 game ' "$tmp/err")"
check "a .pgn file is chess" 1 "$(grep -c '"kinds":\[{"w":8,"h":8,"chess":1' "$tmp/pgn.html")"

printf '1. 11-15 23-19 *\n' >"$tmp/plain.pdn"
"$pdn" html --variant 21 "$tmp/plain.pdn" -o "$tmp/v.html"
check "--variant: the board of that GameType" 1 "$(grep -c '"chess":0,"type":21' "$tmp/v.html")"

: >"$tmp/empty.pdn"
"$pdn" html "$tmp/empty.pdn" -o "$tmp/empty.html"
check "a file without games: exit status" 0 $?
check "a file without games: the page says so" 1 "$(grep -c 'The file holds no game.' "$tmp/empty.html")"
check "a file without games: an empty list" 1 "$(grep -c '"list":\[\]' "$tmp/empty.html")"

# --- errors ---------------------------------------------------------------------------
rm -f "$tmp/none.html"
err=$("$pdn" html "$tmp/two.pdn" --game 3 -o "$tmp/none.html" 2>&1)
check "--game beyond the file: exit status" 2 $?
check "--game beyond the file: message" "pdn html: $tmp/two.pdn: --game 3: the file has 2 games" "$err"
check "--game beyond the file: no output file" no "$([ -e "$tmp/none.html" ] && echo yes || echo no)"
"$pdn" html "$tmp/two.pdn" --game 0 >/dev/null 2>&1
check "--game 0" 2 $?
"$pdn" html "$tmp/two.pdn" --game x >/dev/null 2>&1
check "--game x" 2 $?
"$pdn" html "$tmp/two.pdn" --game >/dev/null 2>&1
check "--game without a value" 2 $?
"$pdn" html "$tmp/two.pdn" --frobnicate >/dev/null 2>&1
check "an unknown option" 2 $?
"$pdn" html >/dev/null 2>&1
check "no input file" 2 $?
"$pdn" html "$tmp/two.pdn" "$tmp/two.pdn" >/dev/null 2>&1
check "two input files" 2 $?
"$pdn" html "$tmp/no-such-file.pdn" >/dev/null 2>&1
check "a missing input" 3 $?
"$pdn" html "$tmp/two.pdn" -o "$tmp/no-such-dir/x.html" 2>"$tmp/err"
check "an output that cannot be created" 3 $?
check "... says why" 1 "$(grep -c 'no-such-dir/x.html' "$tmp/err")"
if [ -w /dev/full ]; then
    "$pdn" html "$tmp/two.pdn" -o /dev/full 2>/dev/null
    check "a full disk" 3 $?
fi
help=$("$pdn" html --help)
check "--help" 0 $?
for opt in --output --game --title --variant --mode --encoding; do
    check "--help lists $opt" 1 "$(printf '%s\n' "$help" | grep -c -- "$opt")"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
