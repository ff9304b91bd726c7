#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# run.sh - speed and memory benchmark of the reader (see bench/README.md).
#
#   bench/run.sh [--quick] [--size MB] [--runs N] [--baseline OLD] [PDN]
#
#   --quick     smoke check: 20 MB input, 1 run per measure
#   --size MB   size of the input in megabytes (10^6 bytes), default 100
#   --runs N    runs per measure, the best one counts; default 3
#   --baseline OLD
#               another pdn program (an older build) whose `check --syntax`
#               is measured in the same run, its runs alternating with those
#               of PDN, and compared
#   PDN         the pdn program to measure; without it build/ is built (or
#               brought up to date) in a release-like configuration and
#               build/pdn is measured
#
# The input is bench/data/corpus-<MB>MB.pdn, made by bench/make_input.sh
# when it does not exist yet.  Times are wall clock, with the input in the
# page cache.  Peak memory is measured on the input and on a file of four
# copies of it, which is deleted afterwards.

# `make bench` runs this with sh; it needs bash.
if [ -z "${BASH_VERSION:-}" ]; then
    exec bash "$0" "$@"
fi
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)

size=
runs=
quick=0
pdn=
baseline=

prog=run.sh
. "$here/lib.sh"

usage() {
    echo "usage: bench/run.sh [--quick] [--size MB] [--runs N] [--baseline OLD] [PDN]" >&2
    exit "${1:-2}"
}

while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1; shift ;;
    --baseline)
        [ $# -ge 2 ] || usage
        baseline=$2
        shift 2
        ;;
    --size | --runs)
        [ $# -ge 2 ] || usage
        positive "$1" "$2"
        if [ "$1" = --size ]; then size=$2; else runs=$2; fi
        shift 2
        ;;
    -h | --help) usage 0 2>&1 ;;
    -*) echo "run.sh: unknown option '$1'" >&2; usage ;;
    *)
        [ -z "$pdn" ] || usage
        pdn=$1
        shift
        ;;
    esac
done
if [ "$quick" = 1 ]; then
    size=${size:-20}
    runs=${runs:-1}
fi
size=${size:-100}
runs=${runs:-3}

tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/pdn-bench.XXXXXX")
big=
cleanup() {
    rm -rf "$tmpdir"
    if [ -n "$big" ]; then rm -f "$big"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------------------
# The program: build/ in a release-like configuration unless PDN is given
# ---------------------------------------------------------------------------

cache_value() { # cache_value BUILD_DIR NAME: a setting of a CMake cache
    sed -n "s/^$2:[A-Z]*=//p" "$1/CMakeCache.txt" 2>/dev/null | head -n 1
}

if [ -n "$pdn" ]; then
    [ -x "$pdn" ] || die "'$pdn' is not an executable program"
    build_dir=${PDN_BUILD_DIR:-$(dirname "$pdn")}
else
    build_dir=$root/build
    build_type=$(cache_value "$build_dir" CMAKE_BUILD_TYPE)
    case $build_type in
    Release | RelWithDebInfo | MinSizeRel) ;;
    *)
        [ -z "$build_type" ] || echo "run.sh: build/ is a $build_type build; switching it to RelWithDebInfo" >&2
        build_type=RelWithDebInfo
        ;;
    esac
    flags=
    for opt in PDN_SANITIZE PDN_ASSERT PDN_LIBFUZZER; do
        case $(cache_value "$build_dir" "$opt") in
        ON | on | TRUE | true | 1 | YES | yes)
            echo "run.sh: build/ has $opt=ON; turning it off" >&2
            flags="$flags -D$opt=OFF"
            ;;
        esac
    done
    echo "run.sh: building build/ ($build_type)" >&2
    make --no-print-directory -C "$root" build BUILD_DIR="$build_dir" BUILD_TYPE="$build_type" \
        CMAKE_FLAGS="${flags# }" >&2 || die "the build failed"
    pdn=$build_dir/pdn
fi
build_type=$(cache_value "$build_dir" CMAKE_BUILD_TYPE)
version=$("$pdn" --version) || die "'$pdn --version' failed"
if [ -n "$baseline" ]; then
    [ -x "$baseline" ] || die "baseline '$baseline' is not an executable program"
    baseline_version=$("$baseline" --version) || die "'$baseline --version' failed"
fi

need_time

# ---------------------------------------------------------------------------
# The input
# ---------------------------------------------------------------------------

input=$here/data/corpus-${size}MB.pdn
if [ ! -f "$input" ]; then
    bash "$here/make_input.sh" "$input" "$size" >&2 || die "could not make the input"
fi
bytes=$(wc -c <"$input")

# ---------------------------------------------------------------------------
# Measuring: every command in turns, best of $runs
# ---------------------------------------------------------------------------

describe_machine "$root"
echo "run.sh: warming up and measuring ($runs run(s) per measure)..." >&2
cat "$input" >/dev/null
# The goals are about one core: pdn reads on one thread (-j 1) but in the
# row of its default, which uses every processor.
one=$(one_thread "$pdn")
base_one=
[ -z "$baseline" ] || base_one=$(one_thread "$baseline")
for ((turn = 0; turn < runs; turn++)); do
    measure /dev/null "$tmpdir/stderr" cat "$input"
    keep cat
    if [ -n "$baseline" ]; then
        # shellcheck disable=SC2086
        measure "$tmpdir/base_summary" "$tmpdir/stderr" "$baseline" check --syntax -q $base_one "$input"
        keep base
    fi
    # shellcheck disable=SC2086
    measure "$tmpdir/summary" "$tmpdir/stderr" "$pdn" check --syntax -q $one "$input"
    keep check
    if [ -n "$one" ]; then
        measure "$tmpdir/all_summary" "$tmpdir/stderr" "$pdn" check --syntax -q "$input"
        keep all
    fi
    # shellcheck disable=SC2086
    measure /dev/null "$tmpdir/stderr" "$pdn" fmt $one "$input"
    keep fmt
    measure /dev/null "$tmpdir/stderr" "$pdn" json "$input"
    keep json
done
if [ -n "$baseline" ] && ! cmp -s "$tmpdir/summary" "$tmpdir/base_summary"; then
    echo "run.sh: warning: the two programs summarise the input differently:" >&2
    echo "  $(tail -n 1 "$tmpdir/base_summary") (baseline)" >&2
    echo "  $(tail -n 1 "$tmpdir/summary")" >&2
fi
summary=$(tail -n 1 "$tmpdir/summary")
if [[ $summary =~ ([0-9]+)\ games?, ]]; then
    games=${BASH_REMATCH[1]}
else
    die "no game count in the summary of pdn check: '$summary'"
fi

# Peak memory: the input, and a file of four copies of it.
big=$here/data/corpus-$((4 * size))MB-x4.$$.pdn
cat "$input" "$input" "$input" "$input" >"$big"
big_bytes=$(wc -c <"$big")
cat "$big" >/dev/null
# shellcheck disable=SC2086
measure /dev/null "$tmpdir/stderr" "$pdn" check --syntax -q $one "$big"
keep big
if [ -n "$one" ]; then
    measure /dev/null "$tmpdir/stderr" "$pdn" check --syntax -q "$big"
    keep bigall
fi
rm -f "$big"
big=

# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------

row() { # row LABEL NAME [GAMES]: the figures kept under NAME
    local us=${2}_us cpu=${2}_cpu games_s=-
    [ $# -lt 3 ] || games_s=$(per_s "$3" "${!us}")
    printf '%-28s %8s %9s %9s %8s %9s\n' "$1" "$(secs "${!us}")" "$(mbps "$bytes" "${!us}")" \
        "$games_s" "$(secs $((${!cpu} * 1000)))" "$(mbps "$bytes" $((${!cpu} * 1000)))"
}
rss_mb() { mb $(($1 * 1024)); } # KiB to MB

echo "pdn reader benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "  cpu     $cpu_name ($(nproc) cpus; pdn uses one${one:+ (-j 1), but in the rows marked all cpus})"
echo "  pdn     $version ($pdn, ${build_type:-unknown build type})"
[ -z "$baseline" ] || echo "  base    $baseline_version ($baseline)"
echo "  source  $source_line"
echo "  load    $load (1, 5 and 15 minute load averages before the run)"
echo "  input   ${input#"$root"/}: $(mb "$bytes") MB, $games games"
echo "  check   $summary"
echo "  method  the commands in turns, best of $runs run(s) each, input in the page cache; MB = 10^6 bytes"
echo
printf '%-28s %8s %9s %9s %8s %9s\n' "" "wall" "" "" "cpu" "MB per"
printf '%-28s %8s %9s %9s %8s %9s\n' "measure" "best (s)" "MB/s" "games/s" "best (s)" "cpu s"
row "cat FILE > /dev/null" cat
[ -z "$baseline" ] || row "baseline check --syntax -q" base "$games"
row "pdn check --syntax -q FILE" check "$games"
[ -z "$one" ] || row "  the same on all cpus" all "$games"
row "pdn fmt FILE > /dev/null" fmt "$games"
row "pdn json FILE > /dev/null" json "$games"
echo
printf '%-28s %8s %9s %10s\n' "peak memory of pdn check" "wall (s)" "input MB" "max RSS MB"
printf '%-28s %8s %9s %10s\n' "  input" "$(secs "$check_us")" "$(mb "$bytes")" "$(rss_mb "$check_rss")"
printf '%-28s %8s %9s %10s\n' "  4 copies of the input" "$(secs "$big_us")" "$(mb "$big_bytes")" "$(rss_mb "$big_rss")"
[ -z "$one" ] || printf '%-28s %8s %9s %10s\n' "  4 copies, on all cpus" "$(secs "$bigall_us")" \
    "$(mb "$big_bytes")" "$(rss_mb "$bigall_rss")"
echo

if [ -n "$baseline" ]; then
    echo "speed-up over the baseline: $(ratio "$base_us" "$check_us" 2)x wall clock," \
        "$(ratio "$base_cpu" "$check_cpu" 2)x CPU time"
fi
verdict="not met"
[ $((bytes * 10 / check_us)) -lt 5000 ] || verdict="met"
echo "goal: pdn check --syntax >= 500 MB/s on one core: $(mbps "$bytes" "$check_us") MB/s wall clock" \
    "($(mbps "$bytes" $((check_cpu * 1000))) MB per CPU second), $verdict"
max_rss=$check_rss
[ "$big_rss" -le "$max_rss" ] || max_rss=$big_rss
verdict="not met"
[ $((max_rss * 1024)) -ge 32000000 ] || verdict="met at both sizes"
echo "goal: peak memory < 32 MB at any input size: $(rss_mb "$check_rss") MB at $(mb "$bytes") MB," \
    "$(rss_mb "$big_rss") MB at $(mb "$big_bytes") MB, $verdict"
