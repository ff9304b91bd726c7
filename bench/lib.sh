# SPDX-License-Identifier: MIT
#
# lib.sh - what the benchmark scripts share, sourced by them after they set
# `prog` (their name in messages) and `tmpdir` (a scratch directory): option
# checks, the clock, one timed run of a command, best-of bookkeeping, number
# formatting and the description of the machine.
#
# Every script runs its commands in turns (A B C, A B C, ...) rather than
# each N times in a row: the machine's speed changes from minute to minute,
# and turns spread a slow minute over all the commands alike.

die() {
    echo "$prog: $*" >&2
    exit 1
}

positive() { # positive OPTION VALUE
    case $2 in
    '' | *[!0-9]* | 0) die "$1 needs a positive whole number, not '$2'" ;;
    esac
}

# need_time: /usr/bin/time (for the peak memory), installed as root when
# missing.
need_time() {
    [ -x /usr/bin/time ] && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "$prog: installing the Debian package 'time'" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq time >&2 ||
            { apt-get update -qq >&2 && apt-get install -y -qq time >&2; } ||
            die "could not install the package 'time'"
    fi
    [ -x /usr/bin/time ] || die "/usr/bin/time is missing: install the Debian package 'time'"
}

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

# one_thread PDN: the option that keeps PDN's reading on one thread ("-j 1"),
# or nothing for a build from before --jobs, which always used one.
one_thread() {
    if "$1" check --help 2>/dev/null | grep -q -- '--jobs'; then echo "-j 1"; fi
}

# measure OUT ERR CMD...: runs CMD once, standard output in OUT and error
# output in ERR; sets run_us (wall time), run_cpu_ms (user + system time, to
# the millisecond, from bash's `time`) and run_rss_kb (peak resident set,
# from /usr/bin/time).  Exit status 1 (problems found in the input) is
# accepted; anything higher stops the benchmark.
measure() {
    local out=$1 err=$2 t0 t1 rc=0 user sys TIMEFORMAT='%3U %3S'
    shift 2
    now_us t0
    { time /usr/bin/time -f '%M' -o "$tmpdir/rss" "$@" >"$out" 2>"$err"; } 2>"$tmpdir/cpu" || rc=$?
    now_us t1
    if [ "$rc" -gt 1 ]; then
        head -n 20 "$err" >&2
        die "'$*' failed with exit status $rc"
    fi
    read -r user sys <"$tmpdir/cpu"
    user=${user/[.,]/}
    sys=${sys/[.,]/}
    run_us=$((t1 - t0 > 0 ? t1 - t0 : 1))
    run_cpu_ms=$((10#$user + 10#$sys))
    run_rss_kb=$(tail -n 1 "$tmpdir/rss")
}

# keep NAME: folds the last run into NAME_us and NAME_cpu (the least so
# far) and NAME_rss (the largest so far); unset names start afresh.
keep() {
    local us=${1}_us cpu=${1}_cpu rss=${1}_rss
    if [ -z "${!us:-}" ] || [ "$run_us" -lt "${!us}" ]; then printf -v "$us" '%d' "$run_us"; fi
    if [ -z "${!cpu:-}" ] || [ "$run_cpu_ms" -lt "${!cpu}" ]; then printf -v "$cpu" '%d' "$run_cpu_ms"; fi
    if [ -z "${!rss:-}" ] || [ "$run_rss_kb" -gt "${!rss}" ]; then printf -v "$rss" '%d' "$run_rss_kb"; fi
}

# Formatting: mbps BYTES US (MB/s, MB = 10^6 bytes), secs US, per_s N US
# [DIGITS] (N per second), ratio A B [DIGITS], mb BYTES.  A CPU time in
# milliseconds goes in as MS * 1000; a zero one (a run under a millisecond)
# prints as "-".
mbps() { [ "$2" -gt 0 ] && awk -v n="$1" -v us="$2" 'BEGIN { printf "%.1f", n / us }' || echo -; }
secs() { awk -v us="$1" 'BEGIN { printf "%.3f", us / 1e6 }'; }
per_s() { [ "$2" -gt 0 ] && awk -v n="$1" -v us="$2" -v d="${3:-0}" 'BEGIN { printf "%.*f", d, n / (us / 1e6) }' || echo -; }
ratio() { [ "$2" -gt 0 ] && awk -v a="$1" -v b="$2" -v d="${3:-1}" 'BEGIN { printf "%.*f", d, a / b }' || echo -; }
mb() { awk -v n="$1" 'BEGIN { printf "%.1f", n / 1e6 }'; }

# describe_machine ROOT: sets cpu_name, source_line (the commit measured,
# and whether it has changes outside bench/) and load (the load averages
# now).
describe_machine() {
    cpu_name=$(lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -n 1)
    [ -n "$cpu_name" ] || cpu_name=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -n 1)
    [ -n "$cpu_name" ] || cpu_name=unknown
    source_line="(not a git checkout)"
    local commit
    if commit=$(git -C "$1" rev-parse --short HEAD 2>/dev/null); then
        source_line=$commit
        if [ -n "$(git -C "$1" status --porcelain -- . ':!bench' 2>/dev/null)" ]; then
            source_line="$commit with uncommitted changes"
        fi
    fi
    load=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo unknown)
}

# build_type_of PDN: the CMake build type of the build directory PDN is in.
build_type_of() {
    sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$(dirname "$1")/CMakeCache.txt" 2>/dev/null | head -n 1
}
