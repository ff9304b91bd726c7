#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Corpus tests of the `pdn` command over the shared corpus of real files.
#
#   corpus_test.sh PDN CORPUS DATA conformance   the standard's contract
#   corpus_test.sh PDN CORPUS DATA counts        game counts, liberal = no syntax errors
#   corpus_test.sh PDN CORPUS DATA replay        replay finds exactly the listed problems
#   corpus_test.sh PDN CORPUS DATA encodings     Latin-1 originals == UTF-8 copies
#   corpus_test.sh PDN CORPUS DATA parts         check, fmt on threads == on one
#   corpus_test.sh PDN CORPUS DATA roundtrip F   fmt idempotent, JSON equal, strict
#   corpus_test.sh PDN CORPUS DATA counts-table  prints the table (to regenerate)
#
# Prints "N passed, M failed" and exits 1 when anything failed.
set -u
pdn=$1 corpus=$2 data=$3 what=$4
shift 4
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$*"; }

# Every draughts and chess file of the corpus, sorted, relative to it.
corpus_files() {
    (cd "$corpus" && find . -type f \( -name '*.pdn' -o -name '*.pgn' \) | sed 's|^\./||' | LC_ALL=C sort)
}

summary_of() { tail -n 1 "$1"; }

case $what in
conformance)
    # succeed/: read in standard mode without an error.
    for f in "$corpus"/conformance/succeed/*.pdn; do
        if "$pdn" check --syntax --mode standard -q "$f" >"$tmp/out" 2>&1; then ok
        else bad "standard mode rejects $(basename "$f"): $(summary_of "$tmp/out")"; fi
    done
    # fail/: rejected in standard mode, with the first error where the table says.
    while IFS='|' read -r name where code; do
        [ -z "$name" ] || [ "${name#\#}" != "$name" ] && continue
        f="$corpus/conformance/fail/$name"
        "$pdn" check --syntax --mode standard "$f" >"$tmp/out" 2>&1
        rc=$?
        first=$(grep -m1 ': error: ' "$tmp/out" | sed "s|^$f:||")
        got_where=${first%%: error:*}
        got_code=$(printf '%s' "$first" | sed -n 's/.*\[\([a-z-]*\)\]$/\1/p')
        if [ $rc -ne 1 ]; then bad "$name: exit status $rc, want 1"
        elif [ "$got_where" != "$where" ] || [ "$got_code" != "$code" ]; then
            bad "$name: first error at $got_where [$got_code], want $where [$code]"
        else ok; fi
    done <"$data/conformance-fail.txt"
    # The table names every fail/ file.
    for f in "$corpus"/conformance/fail/*.pdn; do
        grep -q "^$(basename "$f")|" "$data/conformance-fail.txt" || bad "no expected error for fail/$(basename "$f")"
    done
    ;;
counts | counts-table)
    corpus_files | while IFS= read -r rel; do
        "$pdn" check --syntax -q "$corpus/$rel" >"$tmp/out" 2>&1
        rc=$?
        s=$(summary_of "$tmp/out")
        games=${s%% game*}
        if [ "$what" = counts-table ]; then printf '%s|%s\n' "$games" "$rel"; continue; fi
        want=$(grep -F "|$rel" "$data/corpus-games.txt" | awk -F'|' -v r="$rel" '$2 == r {print $1}')
        if [ -z "$want" ]; then echo "FAIL: $rel is not in corpus-games.txt"
        elif [ "$games" != "$want" ]; then echo "FAIL: $rel: $games games, want $want"
        elif [ $rc -ne 0 ]; then echo "FAIL: $rel: liberal mode reports errors: $s"
        else echo "OK"; fi
    done >"$tmp/results"
    [ "$what" = counts-table ] && { cat "$tmp/results"; exit 0; }
    pass=$(grep -c '^OK$' "$tmp/results")
    fail=$(grep -c '^FAIL' "$tmp/results")
    grep '^FAIL' "$tmp/results"
    # Entries for files that are no longer there are stale.
    while IFS='|' read -r n rel; do
        [ -f "$corpus/$rel" ] || { echo "FAIL: corpus-games.txt names missing file $rel"; fail=$((fail + 1)); }
    done <"$data/corpus-games.txt"
    ;;
replay | replay-table)
    # What replay finds in each file, by code: exactly what replay-problems.txt
    # lists (each entry says why), and nothing anywhere else.
    codes='illegal-move|ambiguous-move|move-after-end|result-contradicts|bad-san|bad-promotion'
    codes="$codes|gametype-mismatch|variation-place|variant-skipped|path-squares|long-capture"
    codes="$codes|wrong-side|null-move|san-form|san-overspecified|check-mark|capture-mark"
    corpus_files | while IFS= read -r rel; do
        "$pdn" check "$corpus/$rel" 2>&1 | grep -oE "\[($codes)\]$" | tr -d '[]' | sort | uniq -c |
            while read -r n code; do printf '%s|%s|%s\n' "$rel" "$code" "$n"; done
    done >"$tmp/found"
    [ "$what" = replay-table ] && { cat "$tmp/found"; exit 0; }
    grep -v '^#' "$data/replay-problems.txt" | grep . | cut -d'|' -f1-3 | LC_ALL=C sort >"$tmp/want"
    LC_ALL=C sort "$tmp/found" >"$tmp/got"
    while IFS= read -r line; do bad "replay finds $line, which replay-problems.txt does not list"; done \
        < <(LC_ALL=C comm -13 "$tmp/want" "$tmp/got")
    while IFS= read -r line; do bad "replay-problems.txt lists $line, which replay does not find"; done \
        < <(LC_ALL=C comm -23 "$tmp/want" "$tmp/got")
    pass=$(LC_ALL=C comm -12 "$tmp/want" "$tmp/got" | wc -l)
    ;;
encodings)
    # The Latin-1 originals read to the same games as their UTF-8 copies.
    for f in "$corpus"/encodings/latin1/*.pdn; do
        name=$(basename "$f")
        copy=$(find "$corpus/conformance" -name "$name" | head -n 1)
        [ -n "$copy" ] || { bad "no UTF-8 copy of $name"; continue; }
        "$pdn" fmt "$f" >"$tmp/a" 2>/dev/null
        "$pdn" fmt "$copy" >"$tmp/b" 2>/dev/null
        if cmp -s "$tmp/a" "$tmp/b"; then ok; else bad "$name: Latin-1 and UTF-8 versions differ"; diff "$tmp/a" "$tmp/b" | head -n 6; fi
        # ... and the Latin-1 one says how it was decoded.
        if "$pdn" check "$f" | grep -q '\[encoding\]'; then ok; else bad "$name: no encoding diagnostic"; fi
    done
    ;;
roundtrip)
    rel=$1
    f="$corpus/$rel"
    ext=${rel##*.}
    # Keep the extension: ".pgn" tells the reader that a file is chess.
    "$pdn" fmt "$f" >"$tmp/f1.$ext" 2>/dev/null
    "$pdn" fmt "$tmp/f1.$ext" >"$tmp/f2.$ext" 2>/dev/null
    if cmp -s "$tmp/f1.$ext" "$tmp/f2.$ext"; then ok; else bad "$rel: fmt is not idempotent"; diff "$tmp/f1.$ext" "$tmp/f2.$ext" | head -n 8; fi
    "$pdn" json --no-positions --no-diagnostics "$f" >"$tmp/j1" 2>/dev/null
    "$pdn" json --no-positions --no-diagnostics "$tmp/f1.$ext" >"$tmp/j2" 2>/dev/null
    if cmp -s "$tmp/j1" "$tmp/j2"; then ok
    else
        bad "$rel: json(read(fmt(x))) != json(read(x))"
        diff <(tr ',' '\n' <"$tmp/j1") <(tr ',' '\n' <"$tmp/j2") | head -n 10
    fi
    if [ "$(wc -l <"$tmp/j1")" -gt 0 ]; then ok; else bad "$rel: no games"; fi
    # fmt output passes --strict, except for what PDN 3.0 cannot express: the
    # codes listed in strict-inexpressible.txt (each with its reason).
    # Syntax only: restrictions 8 and 9 on captures wait for fmt --captures.
    "$pdn" check --syntax --strict "$tmp/f1.$ext" >"$tmp/strict" 2>&1
    allowed=$(grep -v '^#' "$data/strict-inexpressible.txt" | cut -d'|' -f1 | tr '\n' '|')
    others=$(grep -oE ': error: .*\[[a-z-]+\]$' "$tmp/strict" | sed 's/.*\[\([a-z-]*\)\]$/\1/' |
        grep -vxE "${allowed%|}" | sort | uniq -c)
    if [ -z "$others" ]; then ok; else bad "$rel: fmt output fails --strict with: $others"; fi
    # fmt --captures minimal writes every move the rules resolve as PDN 3.0
    # wants it (restrictions 8 and 9, canonical SAN, the GameType it was
    # replayed with): the output passes --strict with replay too, except for
    # the same inexpressible codes and the file's real problems (an illegal
    # move stays, a variation written before its move stays where it is).
    "$pdn" fmt --captures minimal "$f" >"$tmp/m.$ext" 2>/dev/null
    "$pdn" check --strict "$tmp/m.$ext" >"$tmp/mstrict" 2>&1
    real=$(grep -v '^#' "$data/replay-problems.txt" | awk -F'|' -v r="$rel" \
        '$1 == r && ($2 == "illegal-move" || $2 == "variation-place") {print $2}' | tr '\n' '|')
    allowed_m="${allowed%|}${real:+|${real%|}}"
    others=$(grep -oE ': error: .*\[[a-z-]+\]$' "$tmp/mstrict" | sed 's/.*\[\([a-z-]*\)\]$/\1/' |
        grep -vxE "$allowed_m" | sort | uniq -c)
    if [ -z "$others" ]; then ok; else bad "$rel: fmt --captures minimal fails --strict with: $others"; fi
    # ... and it is stable: formatting it again changes nothing.
    "$pdn" fmt --captures minimal "$tmp/m.$ext" >"$tmp/m2.$ext" 2>/dev/null
    if cmp -s "$tmp/m.$ext" "$tmp/m2.$ext"; then ok; else bad "$rel: fmt --captures minimal is not idempotent"; diff "$tmp/m.$ext" "$tmp/m2.$ext" | head -n 8; fi
    ;;
parts)
    # check and fmt --jobs: files cut into parts where games seem to end,
    # read on several threads, print what one reader prints.  Small parts make every
    # kind of game end in the corpus a cut; all the files in one (mixed
    # encodings, line ends, games ended inside comments) add the cuts where a
    # reader must go on into the next part.
    corpus_files | while IFS= read -r rel; do printf '%s\0' "$corpus/$rel"; done >"$tmp/list"
    xargs -0 cat <"$tmp/list" >"$tmp/all.pdn"
    printf '%s\0' "$tmp/all.pdn" >>"$tmp/list"
    while IFS= read -r -d '' f; do
        # Quiet, the parts join on the place and encoding alone.
        for cmd in "check" "check --syntax" "check --strict" "check -q" "check --syntax -q" \
            "fmt" "fmt --captures minimal"; do
            # shellcheck disable=SC2086
            "$pdn" $cmd -j 1 "$f" >"$tmp/one" 2>&1
            echo "exit $?" >>"$tmp/one"
            for bytes in 1 700; do
                # shellcheck disable=SC2086
                PDN_PART_BYTES=$bytes "$pdn" $cmd -j 3 "$f" >"$tmp/many" 2>&1
                echo "exit $?" >>"$tmp/many"
                if cmp -s "$tmp/one" "$tmp/many"; then ok
                else bad "$cmd -j 3 with parts of $bytes bytes differs on ${f#"$corpus"/}"; diff "$tmp/one" "$tmp/many" | head -n 6; fi
            done
        done
    done <"$tmp/list"
    ;;
*)
    echo "usage: corpus_test.sh PDN CORPUS DATA conformance|counts|replay|encodings|parts|roundtrip FILE" >&2
    exit 2
    ;;
esac
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
