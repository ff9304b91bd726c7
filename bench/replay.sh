#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# replay.sh - speed of full validation (the replay of every game and
# variation) on a large International draughts file, against the syntax
# check of the same file in the same run (see bench/README.md).
#
#   bench/replay.sh [--quick] [--size MB] [--runs N] [--baseline OLD]
#                   [--instructions] PDN
#
#   --quick     smoke check: 20 MB input, 1 run per measure
#   --size MB   size of the input in megabytes (10^6 bytes), default 100
#   --runs N    runs per measure, the best one counts; default 3
#   --baseline OLD
#               also measure `OLD check -q` (a build from before a change),
#               its runs taking turns with those of PDN, and the speed-up
#   --instructions
#               also count, with valgrind's callgrind, the instructions of
#               `check -q` less those of `check --syntax -q` per ply played,
#               on the first 2 MB of the input: a figure that other programs
#               sharing the machine do not disturb
#   PDN         the pdn program to measure (a release-like build)
#
# The input is bench/data/international-<MB>MB.pdn, made when missing out of
# the corpus files every game of which `pdn stats` replays as GameType 20
# (by its tag or inferred), by bench/make_input.sh.  Times are wall clock
# with the input in the page cache, next to the processor time.
if [ -z "${BASH_VERSION:-}" ]; then
    exec bash "$0" "$@"
fi
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
corpus=${PDN_CORPUS_DIR:-$root/../shared/corpus}

size=
runs=
quick=0
pdn=
baseline=
instructions=0

prog=replay.sh
. "$here/lib.sh"

usage() {
    echo "usage: bench/replay.sh [--quick] [--size MB] [--runs N] [--baseline OLD]" \
        "[--instructions] PDN" >&2
    exit "${1:-2}"
}

while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1; shift ;;
    --instructions) instructions=1; shift ;;
    --size | --runs)
        [ $# -ge 2 ] || usage
        positive "$1" "$2"
        if [ "$1" = --size ]; then size=$2; else runs=$2; fi
        shift 2
        ;;
    --baseline)
        [ $# -ge 2 ] || usage
        baseline=$2
        shift 2
        ;;
    -h | --help) usage 0 2>&1 ;;
    -*) echo "replay.sh: unknown option '$1'" >&2; usage ;;
    *)
        [ -z "$pdn" ] || usage
        pdn=$1
        shift
        ;;
    esac
done
[ -n "$pdn" ] || usage
[ -x "$pdn" ] || die "'$pdn' is not an executable program"
if [ "$quick" = 1 ]; then
    size=${size:-20}
    runs=${runs:-1}
fi
size=${size:-100}
runs=${runs:-3}
version=$("$pdn" --version) || die "'$pdn --version' failed"
build_type=$(build_type_of "$pdn") || build_type=
need_time
if [ "$instructions" = 1 ]; then
    command -v valgrind >/dev/null || die "--instructions needs valgrind: install the Debian package 'valgrind'"
fi
if [ -n "$baseline" ]; then
    [ -x "$baseline" ] || die "baseline '$baseline' is not an executable program"
    baseline_version=$("$baseline" --version) || die "'$baseline --version' failed"
fi

tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/pdn-replay-bench.XXXXXX")
trap 'rm -rf "$tmpdir"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------------------
# The input: the International files of the corpus, over and over
# ---------------------------------------------------------------------------

input=$here/data/international-${size}MB.pdn
if [ ! -f "$input" ]; then
    [ -d "$corpus" ] || die "no corpus at '$corpus' (set PDN_CORPUS_DIR)"
    # A file is taken when every game of it replays as GameType 20: its
    # "gametype" in `pdn stats --json`, which counts inferred types too.
    picked=0
    while IFS= read -r -d '' f; do
        rel=${f#"$corpus"/}
        types=$("$pdn" stats --json "$f" 2>/dev/null | grep -o '"gametype":-\{0,1\}[0-9]*' |
            sort -u | tr '\n' ' ') || true
        if [ "$types" = '"gametype":20 ' ]; then
            mkdir -p "$tmpdir/corpus/$(dirname "$rel")"
            cp -- "$f" "$tmpdir/corpus/$rel"
            picked=$((picked + 1))
        fi
    done < <(for d in conformance real encodings; do
        [ ! -d "$corpus/$d" ] || find "$corpus/$d" -type f -name '*.pdn' -print0
    done | sort -z)
    [ "$picked" -gt 0 ] || die "no International draughts file in '$corpus'"
    echo "replay.sh: $picked International files of the corpus:" >&2
    (cd "$tmpdir/corpus" && find . -type f | sort | sed 's|^\./|    |') >&2
    bash "$here/make_input.sh" --corpus "$tmpdir/corpus" "$input" "$size" >&2 ||
        die "could not make the input"
fi
bytes=$(wc -c <"$input")

# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------

describe_machine "$root"

# Plies: those of the main lines from `pdn stats --json` (replayed up to the
# first move that fails), and every move node the replay played, variations
# included, from `pdn replay --json` (one "status" per move node).
echo "replay.sh: counting games and plies..." >&2
"$pdn" stats --json "$input" >"$tmpdir/stats.json" || [ $? -eq 1 ] || die "pdn stats failed"
main_plies=$(grep -o '"totals":{.*' "$tmpdir/stats.json" | grep -o '"plies":[0-9]*' | head -n 1 | cut -d : -f 2)
[ -n "$main_plies" ] || die "no plies in the totals of pdn stats --json"
rc=0
"$pdn" replay --json "$input" 2>/dev/null | grep -o '"status":"[a-z]*"' | sort | uniq -c >"$tmpdir/status" || rc=$?
all_plies=$(awk '$2 == "\"status\":\"ok\"" || $2 == "\"status\":\"ambiguous\"" { n += $1 } END { print n + 0 }' "$tmpdir/status")
move_nodes=$(awk '{ n += $1 } END { print n + 0 }' "$tmpdir/status")

echo "replay.sh: warming up and measuring ($runs run(s) per measure, in turns)..." >&2
cat "$input" >/dev/null
# The goal is about one core: pdn reads on one thread (-j 1).
one=$(one_thread "$pdn")
base_one=
[ -z "$baseline" ] || base_one=$(one_thread "$baseline")
for ((turn = 0; turn < runs; turn++)); do
    measure /dev/null "$tmpdir/stderr" cat "$input"
    keep cat
    # shellcheck disable=SC2086
    measure "$tmpdir/syntax" "$tmpdir/stderr" "$pdn" check --syntax -q $one "$input"
    keep syn
    if [ -n "$baseline" ]; then
        # shellcheck disable=SC2086
        measure "$tmpdir/base" "$tmpdir/stderr" "$baseline" check -q $base_one "$input"
        keep base
    fi
    # shellcheck disable=SC2086
    measure "$tmpdir/full" "$tmpdir/stderr" "$pdn" check -q $one "$input"
    keep full
done
if [ -n "$baseline" ] && [ "$(tail -n 1 "$tmpdir/base")" != "$(tail -n 1 "$tmpdir/full")" ]; then
    echo "replay.sh: warning: the baseline's summary differs: $(tail -n 1 "$tmpdir/base")" >&2
fi
summary=$(tail -n 1 "$tmpdir/full")
[[ $summary =~ ([0-9]+)\ games?, ]] || die "no game count in the summary of pdn check: '$summary'"
games=${BASH_REMATCH[1]}

# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------

echo "pdn replay benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "  cpu     $cpu_name ($(nproc) cpus; pdn uses one)"
echo "  pdn     $version ($pdn, ${build_type:-unknown build type})"
[ -z "$baseline" ] || echo "  base    $baseline_version ($baseline)"
echo "  source  $source_line"
echo "  load    $load (1, 5 and 15 minute load averages before the run)"
echo "  input   ${input#"$root"/}: $(mb "$bytes") MB, $games games"
echo "  plies   $main_plies in the main lines (pdn stats), $all_plies played in all lines" \
    "of $move_nodes move nodes (pdn replay)"
echo "  check   $summary"
echo "  syntax  $(tail -n 1 "$tmpdir/syntax")"
echo "  method  the commands in turns, best of $runs run(s) each, input in the page cache;"
echo "          MB = 10^6 bytes"
echo
printf '%-24s %8s %8s %9s %10s %8s %8s %7s\n' "" wall "" "" "plies/s" cpu "MB per" "max RSS"
printf '%-24s %8s %8s %9s %10s %8s %8s %7s\n' measure "best (s)" MB/s games/s "(all)" "best (s)" "cpu s" MB
row() { # row LABEL NAME [GAMES PLIES]: the figures kept under NAME
    local us=${2}_us cpu=${2}_cpu rss=${2}_rss g=- p=-
    if [ $# -ge 4 ]; then g=$(per_s "$3" "${!us}"); p=$(per_s "$4" "${!us}"); fi
    printf '%-24s %8s %8s %9s %10s %8s %8s %7s\n' "$1" "$(secs "${!us}")" \
        "$(mbps "$bytes" "${!us}")" "$g" "$p" "$(secs $((${!cpu} * 1000)))" \
        "$(mbps "$bytes" $((${!cpu} * 1000)))" "$(mb $((${!rss} * 1024)))"
}
row "cat FILE > /dev/null" cat
row "pdn check --syntax -q" syn "$games" "$all_plies"
[ -z "$baseline" ] || row "baseline check -q" base "$games" "$all_plies"
row "pdn check -q (replay)" full "$games" "$all_plies"
echo
echo "replay costs $(ratio "$full_us" "$syn_us" 2)x the syntax check (wall);" \
    "$(per_s "$all_plies" $((full_us - syn_us > 0 ? full_us - syn_us : 1))) plies/s for the replay alone"
[ -z "$baseline" ] ||
    echo "speed-up over the baseline: $(ratio "$base_us" "$full_us" 2)x wall, $(ratio "$base_cpu" "$full_cpu" 2)x cpu"
verdict="not met"
awk -v b="$bytes" -v us="$full_us" 'BEGIN { exit !(b / us >= 150) }' && verdict=met
echo "goal: pdn check (full validation) >= 150 MB/s on one core: $(mbps "$bytes" "$full_us") MB/s" \
    "wall clock ($(mbps "$bytes" $((full_cpu * 1000))) MB per cpu second), $verdict"

# ---------------------------------------------------------------------------
# Instructions per ply (--instructions)
# ---------------------------------------------------------------------------

# instr PROGRAM ARGS...: the instructions callgrind counts for one run.
instr() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*refs: *//p' | tr -d ',' | tail -n 1
}
# per_ply PROGRAM: instructions of the replay (check less the syntax check)
# per ply played, on the sample.
per_ply() {
    local full syn
    full=$(instr "$1" check -q "$sample")
    syn=$(instr "$1" check --syntax -q "$sample")
    [ -n "$full" ] && [ -n "$syn" ] || die "callgrind gave no count for '$1'"
    awk -v f="$full" -v s="$syn" -v p="$sample_plies" \
        'BEGIN { printf "%d (check %.1fM, syntax %.1fM instructions)", (f - s) / p, f / 1e6, s / 1e6 }'
}
if [ "$instructions" = 1 ]; then
    sample=$tmpdir/sample.pdn
    head -c 2000000 "$input" >"$sample"
    sample_plies=$("$pdn" replay --json "$sample" 2>/dev/null | grep -o '"status":"[a-z]*"' |
        grep -c '"status":"\(ok\|ambiguous\)"') || true
    [ "${sample_plies:-0}" -gt 0 ] || die "no ply played in the sample"
    echo
    echo "instructions per ply (callgrind, first 2 MB of the input, $sample_plies plies):"
    echo "  pdn       $(per_ply "$pdn")"
    [ -z "$baseline" ] || echo "  baseline  $(per_ply "$baseline")"
fi
