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

usage() {
    echo "usage: bench/run.sh [--quick] [--size MB] [--runs N] [--baseline OLD] [PDN]" >&2
    exit "${1:-2}"
}
die() {
    echo "run.sh: $*" >&2
    exit 1
}
positive() {
    case $2 in
    '' | *[!0-9]* | 0) die "$1 needs a positive whole number, not '$2'" ;;
    esac
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

# ---------------------------------------------------------------------------
# /usr/bin/time, for the peak memory
# ---------------------------------------------------------------------------

if [ ! -x /usr/bin/time ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "run.sh: installing the Debian package 'time'" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq time >&2 ||
            { apt-get update -qq >&2 && apt-get install -y -qq time >&2; } ||
            die "could not install the package 'time'"
    fi
    [ -x /usr/bin/time ] || die "/usr/bin/time is missing: install the Debian package 'time'"
fi

# ---------------------------------------------------------------------------
# The input
# ---------------------------------------------------------------------------

input=$here/data/corpus-${size}MB.pdn
if [ ! -f "$input" ]; then
    bash "$here/make_input.sh" "$input" "$size" >&2 || die "could not make the input"
fi
bytes=$(wc -c <"$input")

# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------

now_us() { # now_us VAR: sets VAR to the wall clock in microseconds
    local t
    if [ -n "${EPOCHREALTIME:-}" ]; then
        t=${EPOCHREALTIME/[.,]/} # no subshell: keeps the timer cheap
        printf -v "$1" '%d' "$((10#$t))"
    else
        t=$(date +%s%N)
        printf -v "$1" '%d' "$((10#$t / 1000))"
    fi
}

# measure OUT CMD...: runs CMD $runs times with its output in OUT; sets best_us
# to the shortest wall time and best_cpu_ms to the least CPU time (user +
# system, from bash's `time`), which other processes on the machine disturb
# much less than the wall time.  Exit status 1 (errors found in the input) is
# accepted; anything higher stops the benchmark.
best_us=
best_cpu_ms=
measure() {
    local out=$1 t0 t1 rc i user sys cpu TIMEFORMAT='%3U %3S'
    shift
    best_us=
    best_cpu_ms=
    for ((i = 0; i < runs; i++)); do
        rc=0
        now_us t0
        { time "$@" >"$out" 2>"$tmpdir/stderr"; } 2>"$tmpdir/cpu" || rc=$?
        now_us t1
        if [ "$rc" -gt 1 ]; then
            head -n 20 "$tmpdir/stderr" >&2
            die "'$*' failed with exit status $rc"
        fi
        if [ -z "$best_us" ] || [ $((t1 - t0)) -lt "$best_us" ]; then
            best_us=$((t1 - t0))
        fi
        read -r user sys <"$tmpdir/cpu"
        user=${user/[.,]/}
        sys=${sys/[.,]/}
        cpu=$((10#$user + 10#$sys))
        if [ -z "$best_cpu_ms" ] || [ "$cpu" -lt "$best_cpu_ms" ]; then
            best_cpu_ms=$cpu
        fi
    done
    [ "$best_us" -gt 0 ] || best_us=1
}

# Decimal formatting with integer arithmetic.
fixed() { # fixed VALUE SCALE DIGITS: VALUE/SCALE with DIGITS decimals, rounded
    local value=$1 scale=$2 digits=$3 unit=1 i
    for ((i = 0; i < digits; i++)); do unit=$((unit * 10)); done
    local n=$(((value * unit + scale / 2) / scale))
    if [ "$digits" -eq 0 ]; then
        echo "$n"
    else
        printf '%d.%0*d\n' $((n / unit)) "$digits" $((n % unit))
    fi
}
mb_per_s() { fixed "$1" "$2" 1; }   # mb_per_s BYTES MICROSECONDS
seconds() { fixed "$1" 1000000 3; } # seconds MICROSECONDS
megabytes() { fixed "$1" 1000000 1; }

# peak_rss FILE: sets rss_kb to the maximum resident set size of `pdn check`
# on FILE in KiB, and rss_us to its wall time.
rss_kb=
rss_us=
peak_rss() {
    local t0 t1 rc=0
    now_us t0
    /usr/bin/time -v -o "$tmpdir/time" "$pdn" check --syntax -q "$1" \
        >/dev/null 2>"$tmpdir/stderr" || rc=$?
    now_us t1
    rss_us=$((t1 - t0))
    if [ "$rc" -gt 1 ]; then
        head -n 20 "$tmpdir/stderr" >&2
        die "'pdn check --syntax -q $1' failed with exit status $rc"
    fi
    rss_kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): *//p' "$tmpdir/time")
    [ -n "$rss_kb" ] || die "no maximum resident set size in the output of /usr/bin/time"
}

cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -n 1)
[ -n "$cpu" ] || cpu=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -n 1)
source_line="(not a git checkout)"
if commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null); then
    source_line=$commit
    if [ -n "$(git -C "$root" status --porcelain -- . ':!bench' 2>/dev/null)" ]; then
        source_line="$commit with uncommitted changes"
    fi
fi

load=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo unknown)
echo "run.sh: warming up and measuring ($runs run(s) per measure)..." >&2
cat "$input" >/dev/null

measure /dev/null cat "$input"
cat_us=$best_us
cat_cpu=$best_cpu_ms

if [ -n "$baseline" ]; then
    # The two programs take turns, so that a change in the machine's load
    # between runs touches both alike.
    runs_wanted=$runs
    runs=1
    check_us= check_cpu= base_us= base_cpu=
    for ((turn = 0; turn < runs_wanted; turn++)); do
        measure "$tmpdir/base_summary" "$baseline" check --syntax -q "$input"
        if [ -z "$base_us" ] || [ "$best_us" -lt "$base_us" ]; then base_us=$best_us; fi
        if [ -z "$base_cpu" ] || [ "$best_cpu_ms" -lt "$base_cpu" ]; then base_cpu=$best_cpu_ms; fi
        measure "$tmpdir/summary" "$pdn" check --syntax -q "$input"
        if [ -z "$check_us" ] || [ "$best_us" -lt "$check_us" ]; then check_us=$best_us; fi
        if [ -z "$check_cpu" ] || [ "$best_cpu_ms" -lt "$check_cpu" ]; then check_cpu=$best_cpu_ms; fi
    done
    runs=$runs_wanted
    if ! cmp -s "$tmpdir/summary" "$tmpdir/base_summary"; then
        echo "run.sh: warning: the two programs summarise the input differently:" >&2
        echo "  $(tail -n 1 "$tmpdir/base_summary") (baseline)" >&2
        echo "  $(tail -n 1 "$tmpdir/summary")" >&2
    fi
else
    measure "$tmpdir/summary" "$pdn" check --syntax -q "$input"
    check_us=$best_us
    check_cpu=$best_cpu_ms
fi
summary=$(tail -n 1 "$tmpdir/summary")
if [[ $summary =~ ([0-9]+)\ games?, ]]; then
    games=${BASH_REMATCH[1]}
else
    die "no game count in the summary of pdn check: '$summary'"
fi

measure /dev/null "$pdn" fmt "$input"
fmt_us=$best_us
fmt_cpu=$best_cpu_ms

measure /dev/null "$pdn" json "$input"
json_us=$best_us
json_cpu=$best_cpu_ms

peak_rss "$input"
rss_small=$rss_kb
small_us=$rss_us
big=$here/data/corpus-$((4 * size))MB-x4.$$.pdn
cat "$input" "$input" "$input" "$input" >"$big"
big_bytes=$(wc -c <"$big")
cat "$big" >/dev/null
peak_rss "$big"
rss_big=$rss_kb
big_us=$rss_us
rm -f "$big"
big=

# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------

row() { # row LABEL MICROSECONDS CPU_MILLISECONDS [GAMES]
    local games_s=- cpu_rate=-
    [ $# -lt 4 ] || games_s=$(fixed $(($4 * 1000000)) "$2" 0)
    [ "$3" -eq 0 ] || cpu_rate=$(mb_per_s "$bytes" $(($3 * 1000)))
    printf '%-28s %8s %9s %9s %8s %9s\n' "$1" "$(seconds "$2")" "$(mb_per_s "$bytes" "$2")" \
        "$games_s" "$(fixed "$3" 1000 3)" "$cpu_rate"
}
rss_mb() { megabytes $(($1 * 1024)); } # KiB to MB

echo "pdn reader benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "  cpu     ${cpu:-unknown} ($(nproc) cpus; pdn uses one)"
echo "  pdn     $version ($pdn, ${build_type:-unknown build type})"
[ -z "$baseline" ] || echo "  base    $baseline_version ($baseline)"
echo "  source  $source_line"
echo "  load    $load (1, 5 and 15 minute load averages before the run)"
echo "  input   ${input#"$root"/}: $(megabytes "$bytes") MB, $games games"
echo "  check   $summary"
echo "  method  best of $runs run(s), input in the page cache; MB = 10^6 bytes"
echo
printf '%-28s %8s %9s %9s %8s %9s\n' "" "wall" "" "" "cpu" "MB per"
printf '%-28s %8s %9s %9s %8s %9s\n' "measure" "best (s)" "MB/s" "games/s" "best (s)" "cpu s"
row "cat FILE > /dev/null" "$cat_us" "$cat_cpu"
[ -z "$baseline" ] || row "baseline check --syntax -q" "$base_us" "$base_cpu" "$games"
row "pdn check --syntax -q FILE" "$check_us" "$check_cpu" "$games"
row "pdn fmt FILE > /dev/null" "$fmt_us" "$fmt_cpu" "$games"
row "pdn json FILE > /dev/null" "$json_us" "$json_cpu" "$games"
echo
printf '%-28s %8s %9s %10s\n' "peak memory of pdn check" "wall (s)" "input MB" "max RSS MB"
printf '%-28s %8s %9s %10s\n' "  input" "$(seconds "$small_us")" "$(megabytes "$bytes")" "$(rss_mb "$rss_small")"
printf '%-28s %8s %9s %10s\n' "  4 copies of the input" "$(seconds "$big_us")" "$(megabytes "$big_bytes")" "$(rss_mb "$rss_big")"
echo

if [ -n "$baseline" ]; then
    cpu_ratio=-
    [ "$check_cpu" -eq 0 ] || cpu_ratio=$(fixed "$base_cpu" "$check_cpu" 2)
    echo "speed-up over the baseline: $(fixed "$base_us" "$check_us" 2)x wall clock," \
        "${cpu_ratio}x CPU time"
fi
check_rate10=$((bytes * 10 / check_us))
verdict="not met"
[ "$check_rate10" -lt 5000 ] || verdict="met"
cpu_note=
[ "$check_cpu" -eq 0 ] || cpu_note=" ($(mb_per_s "$bytes" $((check_cpu * 1000))) MB per CPU second)"
echo "goal: pdn check --syntax >= 500 MB/s on one core: $(mb_per_s "$bytes" "$check_us") MB/s wall clock$cpu_note, $verdict"
max_rss=$rss_small
[ "$rss_big" -le "$max_rss" ] || max_rss=$rss_big
verdict="not met"
[ $((max_rss * 1024)) -ge 32000000 ] || verdict="met at both sizes"
echo "goal: peak memory < 32 MB at any input size: $(rss_mb "$rss_small") MB at $(megabytes "$bytes") MB," \
    "$(rss_mb "$rss_big") MB at $(megabytes "$big_bytes") MB, $verdict"
