#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# make_input.sh - builds a large input for the benchmark out of the shared
# corpus.
#
#   bench/make_input.sh [--corpus DIR] [OUT [MB]]          draughts, default 100 MB
#   bench/make_input.sh --pgn [--corpus DIR] [OUT [MB]]    chess, default 20 MB
#
# Every *.pdn file under the corpus's conformance/, real/ and encodings/
# folders (or every *.pgn file under pgn/ with --pgn) is appended to OUT, in
# sorted path order, over and over until OUT holds at least MB megabytes
# (1 MB = 10^6 bytes).  A file that does not end in a newline gets one, so that
# its last line is never glued to the first tag of the next file.
#
# The corpus is ${PDN_CORPUS_DIR:-<this directory>/../../shared/corpus} unless
# --corpus is given.  OUT defaults to bench/data/corpus-<MB>MB.pdn (or .pgn);
# an empty OUT ("") also selects the default.  OUT is written under a
# temporary name and renamed at the end, so it is never left half written.

# `sh make_input.sh` still works: the script needs bash.
if [ -z "${BASH_VERSION:-}" ]; then
    exec bash "$0" "$@"
fi
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
corpus=${PDN_CORPUS_DIR:-$here/../../shared/corpus}
kind=pdn

usage() {
    echo "usage: make_input.sh [--pgn] [--corpus DIR] [OUT [MB]]" >&2
    echo "  (draughts *.pdn, default 100 MB; --pgn: chess *.pgn, default 20 MB)" >&2
    exit "${1:-2}"
}

while [ $# -gt 0 ]; do
    case $1 in
    --pgn) kind=pgn; shift ;;
    --pdn) kind=pdn; shift ;;
    --corpus)
        [ $# -ge 2 ] || usage
        corpus=$2
        shift 2
        ;;
    -h | --help) usage 0 2>&1 ;;
    --) shift; break ;;
    -*) echo "make_input.sh: unknown option '$1'" >&2; usage ;;
    *) break ;;
    esac
done
[ $# -le 2 ] || usage

if [ "$kind" = pgn ]; then
    default_mb=20
else
    default_mb=100
fi
mb=${2:-$default_mb}
case $mb in
'' | *[!0-9]* | 0)
    echo "make_input.sh: MB must be a positive whole number, not '$mb'" >&2
    exit 2
    ;;
esac
out=${1:-}
[ -n "$out" ] || out=$here/data/corpus-${mb}MB.$kind
target=$((mb * 1000000))

if [ ! -d "$corpus" ]; then
    echo "make_input.sh: no corpus at '$corpus' (set PDN_CORPUS_DIR or use --corpus)" >&2
    exit 1
fi

# The input files, sorted by path; names may hold spaces.
files=()
if [ "$kind" = pgn ]; then
    dirs=("$corpus/pgn")
else
    dirs=()
    for d in conformance real encodings; do
        [ -d "$corpus/$d" ] && dirs+=("$corpus/$d")
    done
fi
if [ ${#dirs[@]} -gt 0 ]; then
    while IFS= read -r -d '' f; do
        files+=("$f")
    done < <(find "${dirs[@]}" -type f -name "*.$kind" -print0 | sort -z)
fi
if [ ${#files[@]} -eq 0 ]; then
    echo "make_input.sh: no *.$kind files under '$corpus'" >&2
    exit 1
fi

mkdir -p "$(dirname "$out")"
tmp=$out.tmp.$$
round=$out.round.$$
trap 'rm -f "$tmp" "$round"' EXIT

# append FILE: copies FILE to standard output, with a newline after it when
# its last byte is not one.  (The command substitution drops a final newline,
# so it is empty exactly when the file ends in one or is empty.)
append() {
    cat -- "$1"
    if [ -n "$(tail -c 1 -- "$1")" ]; then
        printf '\n'
    fi
}

# One pass over the corpus, built once.
for f in "${files[@]}"; do
    append "$f"
done >"$round"
round_size=$(wc -c <"$round")
if [ "$round_size" -eq 0 ]; then
    echo "make_input.sh: the *.$kind files under '$corpus' are all empty" >&2
    exit 1
fi

# Whole passes while they fit, then file by file until the target is reached,
# so OUT overshoots the target by less than one corpus file.
: >"$tmp"
size=0
rounds=0
while [ $((size + round_size)) -le "$target" ]; do
    cat "$round" >>"$tmp"
    size=$((size + round_size))
    rounds=$((rounds + 1))
done
extra=0
for f in "${files[@]}"; do
    [ "$size" -lt "$target" ] || break
    append "$f" >>"$tmp"
    size=$(wc -c <"$tmp")
    extra=$((extra + 1))
done

mv -f "$tmp" "$out"
echo "make_input.sh: wrote $out: $size bytes, $rounds passes over ${#files[@]} files + $extra files"
