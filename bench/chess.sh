#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# chess.sh - pdn against pgn-extract on a large chess file, in one run (see
# bench/README.md): full legal replay (`pdn check`) against `pgn-extract -r`,
# the canonical writer (`pdn fmt`) against `pgn-extract -s -o /dev/null`
# (pdn as it runs by default, on every processor, and on one with -j 1),
# and the problems each tool finds in the corpus's chess files.
#
#   bench/chess.sh [--quick] [--size MB] [--runs N] PDN
#
#   --quick     smoke check: 5 MB input, 1 run per measure
#   --size MB   size of the input in megabytes (10^6 bytes), default 20
#   --runs N    runs per measure, the best one counts; default 3
#   PDN         the pdn program to measure (a release-like build)
#
# pgn-extract comes from Debian: installed with apt-get when running as root,
# else its package is downloaded and unpacked into .deps/pgn-extract/ for the
# project alone.  The input is bench/data/corpus-<MB>MB.pgn, made by
# bench/make_input.sh --pgn when missing.
if [ -z "${BASH_VERSION:-}" ]; then
    exec bash "$0" "$@"
fi
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
corpus=${PDN_CORPUS_DIR:-$root/../shared/corpus}
deps=$root/.deps

size=
runs=
quick=0
pdn=

prog=chess.sh
. "$here/lib.sh"

usage() {
    echo "usage: bench/chess.sh [--quick] [--size MB] [--runs N] PDN" >&2
    exit "${1:-2}"
}

while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1; shift ;;
    --size | --runs)
        [ $# -ge 2 ] || usage
        positive "$1" "$2"
        if [ "$1" = --size ]; then size=$2; else runs=$2; fi
        shift 2
        ;;
    -h | --help) usage 0 2>&1 ;;
    -*) echo "chess.sh: unknown option '$1'" >&2; usage ;;
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
    size=${size:-5}
    runs=${runs:-1}
fi
size=${size:-20}
runs=${runs:-3}
version=$("$pdn" --version) || die "'$pdn --version' failed"
build_type=$(build_type_of "$pdn") || build_type=
need_time

tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/pdn-chess-bench.XXXXXX")
trap 'rm -rf "$tmpdir"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------------------
# pgn-extract: on the PATH, unpacked before, installed as root, or unpacked now
# ---------------------------------------------------------------------------

local_pgx=$deps/pgn-extract/root/usr/games/pgn-extract

# fetch_local: downloads Debian's package with apt-get (no root needed for
# that) and unpacks it into .deps/pgn-extract/root.  pgn-extract needs only
# the C library.  The system's package lists may be missing or stale, so a
# second try uses fresh lists of our own, as scripts/setup.sh does.
fetch_local() (
    set +e
    work=$deps/pgn-extract.tmp.$$
    trap 'rm -rf "$work"' EXIT
    rm -rf "$work"
    mkdir -p "$work/debs" "$work/root" || exit 1
    log=$work/apt.log
    download() {
        (cd "$work/debs" && apt-get -q "$@" download pgn-extract) >>"$log" 2>&1
    }
    if ! download; then
        mkdir -p "$work/apt/lists/partial" "$work/apt/cache/archives/partial"
        set -- -o Dir::State::Lists="$work/apt/lists" -o Dir::Cache="$work/apt/cache" \
            -o Debug::NoLocking=1
        if ! apt-get -q "$@" update >>"$log" 2>&1 || ! download "$@"; then
            grep '^E:' "$log" | head -n 3 >&2
            exit 1
        fi
    fi
    for deb in "$work"/debs/*.deb; do
        dpkg-deb -x "$deb" "$work/root" || exit 1
        dpkg-deb -f "$deb" Version >"$work/version"
    done
    [ -x "$work/root/usr/games/pgn-extract" ] || exit 1
    rm -rf "$deps/pgn-extract" && mkdir -p "$deps/pgn-extract" &&
        mv "$work/version" "$deps/pgn-extract/version" &&
        mv "$work/root" "$deps/pgn-extract/root"
)

pgx=
if command -v pgn-extract >/dev/null 2>&1; then
    pgx=$(command -v pgn-extract)
elif [ -x /usr/games/pgn-extract ]; then
    pgx=/usr/games/pgn-extract
elif [ -x "$local_pgx" ]; then
    pgx=$local_pgx
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "chess.sh: installing the Debian package 'pgn-extract'" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq pgn-extract >&2 ||
        { apt-get update -qq >&2 && apt-get install -y -qq pgn-extract >&2; } ||
        die "could not install the package 'pgn-extract'"
    pgx=/usr/games/pgn-extract
else
    for cmd in apt-get dpkg-deb; do
        command -v "$cmd" >/dev/null 2>&1 || die "no pgn-extract and no $cmd to fetch it"
    done
    echo "chess.sh: no root to install pgn-extract: unpacking it into .deps/pgn-extract/" >&2
    fetch_local || die "could not download the Debian package 'pgn-extract'"
    pgx=$local_pgx
fi
[ -x "$pgx" ] || die "pgn-extract is not at '$pgx'"
if [ "$pgx" = "$local_pgx" ]; then
    pgx_version="$(cat "$deps/pgn-extract/version" 2>/dev/null || echo '?'), unpacked in .deps/"
else
    pgx_version=$(dpkg-query -W -f '${Version}' pgn-extract 2>/dev/null || echo '?')
fi

# ---------------------------------------------------------------------------
# The input
# ---------------------------------------------------------------------------

input=$here/data/corpus-${size}MB.pgn
if [ ! -f "$input" ]; then
    bash "$here/make_input.sh" --pgn --corpus "$corpus" "$input" "$size" >&2 ||
        die "could not make the input"
fi
bytes=$(wc -c <"$input")

# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------

describe_machine "$root"
echo "chess.sh: warming up and measuring ($runs run(s) per measure, in turns)..." >&2
cat "$input" >/dev/null
for ((turn = 0; turn < runs; turn++)); do
    measure "$tmpdir/check.out" "$tmpdir/check.err" "$pdn" check -q "$input"
    keep check
    measure "$tmpdir/check1.out" "$tmpdir/check1.err" "$pdn" check -q -j 1 "$input"
    keep check1
    measure /dev/null "$tmpdir/pgx-r.err" "$pgx" -r "$input"
    keep pgxr
    measure /dev/null "$tmpdir/fmt.err" "$pdn" fmt "$input"
    keep fmt
    measure /dev/null "$tmpdir/fmt1.err" "$pdn" fmt -j 1 "$input"
    keep fmt1
    measure /dev/null "$tmpdir/pgx-s.err" "$pgx" -s -o /dev/null "$input"
    keep pgxs
done
summary=$(tail -n 1 "$tmpdir/check.out")
[ "$summary" = "$(tail -n 1 "$tmpdir/check1.out")" ] || die "check -j 1 and check differ"
games=$(sed -n 's/^\([0-9]*\) games*,.*/\1/p' <<<"$summary")
plies=$("$pdn" stats --json "$input" 2>/dev/null | grep -o '"totals":{.*' |
    grep -o '"plies":[0-9]*' | head -n 1 | cut -d : -f 2) || plies=
pgx_games=$(grep -o '[0-9]* games* matched out of [0-9]*' "$tmpdir/pgx-r.err" | tail -n 1 || true)

# ---------------------------------------------------------------------------
# The problems each tool finds, game by game, in the corpus's chess files
# ---------------------------------------------------------------------------

# starts FILE: the line where each game's tag section begins, one a line, in
# game order (a '[' line after movetext, or the file's first one).
starts() {
    awk '/^\[/ { if (!head) print NR; head = 1; next } /[^[:space:]]/ { head = 0 }' "$1"
}
# game_of STARTS: reads "LINE TEXT" lines, writes "GAME TEXT" (the game
# whose tag section begins last at or before LINE; 1 before the first).
game_of() {
    awk 'NR == FNR { s[++n] = $1; next }
         { g = 1; for (i = 1; i <= n && s[i] <= $1; i++) g = i
           $1 = ""; sub(/^ /, ""); print g "\t" $0 }' "$1" -
}

compare_file() { # compare_file FILE: one line per flagged game, "GAME<tab>who<tab>what"
    local f=$1
    starts "$f" >"$tmpdir/starts"
    # pdn: its errors, warnings and notes, "file:line:col: severity: message
    # [code]" (the notes under a diagnostic about a move have no code).
    "$pdn" check "$f" 2>&1 | awk -v f="$f" '
        index($0, f ":") == 1 {
            rest = substr($0, length(f) + 2); split(rest, p, ":")
            sev = p[3]; sub(/^ /, "", sev)
            if ((sev != "error" && sev != "warning" && sev != "note") || rest !~ /\[[a-z0-9-]+\]$/)
                next
            code = rest; sub(/.*\[/, "", code); sub(/\].*/, "", code)
            print p[1], sev ":" code
        }' | game_of "$tmpdir/starts" | sort -u >"$tmpdir/pdn.flags" || true
    # pgn-extract: "File F: Line number: N" followed by the message.
    "$pgx" -r "$f" 2>&1 >/dev/null | awk '
        /^File .*: Line number: [0-9]+$/ { n = $NF; want = 1; next }
        want { want = 0; if ($0 !~ /games? matched out of/) print n, $0 }' |
        game_of "$tmpdir/starts" | sort -u >"$tmpdir/pgx.flags" || true
    cut -f 1 "$tmpdir/pdn.flags" | sort -u >"$tmpdir/pdn.games"
    awk -F '\t' '$2 ~ /^error:/ { print $1 }' "$tmpdir/pdn.flags" | sort -u >"$tmpdir/pdn.err.games"
    cut -f 1 "$tmpdir/pgx.flags" | sort -u >"$tmpdir/pgx.games"
    local g
    for g in $(sort -u -n "$tmpdir/pdn.games" "$tmpdir/pgx.games"); do
        local a b
        a=$(awk -F '\t' -v g="$g" '$1 == g { print $2 }' "$tmpdir/pdn.flags" | sort | uniq -c |
            awk '{ c = $1; $1 = ""; sub(/^ /, ""); printf "%s%s x%d", sep, $0, c; sep = ", " }')
        b=$(awk -F '\t' -v g="$g" '$1 == g { print $2 }' "$tmpdir/pgx.flags" | sort | uniq -c |
            awk '{ c = $1; $1 = ""; sub(/^ /, ""); printf "%s%s x%d", sep, $0, c; sep = ", " }')
        printf '%s\t%s\t%s\n' "$g" "${a:--}" "${b:--}"
    done
}

echo "chess.sh: comparing the problems found in the corpus's files..." >&2
: >"$tmpdir/compare"
while IFS= read -r -d '' f; do
    rel=${f#"$corpus"/}
    compare_file "$f" >"$tmpdir/one"
    pdn_err=$(wc -l <"$tmpdir/pdn.err.games")
    pdn_any=$(wc -l <"$tmpdir/pdn.games")
    pgx_any=$(wc -l <"$tmpdir/pgx.games")
    both=$(comm -12 "$tmpdir/pdn.games" "$tmpdir/pgx.games" | wc -l)
    both_err=$(comm -12 "$tmpdir/pdn.err.games" "$tmpdir/pgx.games" | wc -l)
    ngames=$("$pdn" check -q --syntax "$f" | sed -n 's/^\([0-9]*\) games*,.*/\1/p')
    {
        echo "$rel: $ngames games; flagged by pdn: $pdn_any ($pdn_err with errors), by" \
            "pgn-extract -r: $pgx_any; by both: $both ($both_err with pdn errors)"
        if [ -s "$tmpdir/one" ]; then
            printf '  %5s  %-52s  %s\n' game "pdn check (severity:code x count)" "pgn-extract -r (message x count)"
            awk -F '\t' '{ printf "  %5s  %-52s  %s\n", $1, $2, $3 }' "$tmpdir/one"
        fi
    } >>"$tmpdir/compare"
done < <(find "$corpus/pgn" -type f -name '*.pgn' -print0 | sort -z)

# A control: the corpus has no illegal move, so the first game of its first
# file with a standard start gets one, "1. Ke5" in place of White's first
# move; both tools must flag that game, pdn with an error.
control=$tmpdir/control.pgn
while IFS= read -r -d '' f; do
    starts "$f" >"$tmpdir/starts"
    second=$(sed -n 2p "$tmpdir/starts")
    awk -v end="${second:-0}" 'end > 0 && NR >= end { exit }
        /^\[FEN / { fen = 1 }
        !done && !/^\[/ && /(^| )1\. *[^ .]/ { sub(/1\. *[^ ]+/, "1. Ke5"); done = 1 }
        { print } END { exit fen || !done }' "$f" >"$control" && break
    rm -f "$control"
done < <(find "$corpus/pgn" -type f -name '*.pgn' -print0 | sort -z)
if [ -f "$control" ]; then
    compare_file "$control" >"$tmpdir/one"
    {
        echo "control (the first game of ${f#"$corpus"/} with '1. Ke5' for White's first move):" \
            "flagged by pdn: $(wc -l <"$tmpdir/pdn.games") ($(wc -l <"$tmpdir/pdn.err.games") with" \
            "errors), by pgn-extract -r: $(wc -l <"$tmpdir/pgx.games")"
        awk -F '\t' '{ printf "  %5s  %-52s  %s\n", $1, $2, $3 }' "$tmpdir/one"
    } >>"$tmpdir/compare"
fi

# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------

echo "pdn against pgn-extract, $(date -u '+%Y-%m-%d %H:%M UTC')"
jobs=$("$pdn" check --help | grep -q -- '--jobs' && nproc || echo 1)
echo "  cpu     $cpu_name ($(nproc) cpus; pgn-extract uses one, pdn $jobs by default and one with -j 1)"
echo "  pdn     $version ($pdn, ${build_type:-unknown build type})"
echo "  source  $source_line"
echo "  pgn-ex  pgn-extract ${pgx_version:-?} ($pgx)"
echo "  load    $load (1, 5 and 15 minute load averages before the run)"
echo "  input   ${input#"$root"/}: $(mb "$bytes") MB," \
    "$games games (pdn), ${plies:-?} plies in the main lines; pgn-extract: ${pgx_games:-?}"
echo "  check   $summary"
echo "  method  the six commands in turns, best of $runs run(s) each, input in the page cache;"
echo "          MB = 10^6 bytes"
echo
printf '%-34s %8s %8s %8s %8s\n' "" wall "" cpu "MB per"
printf '%-34s %8s %8s %8s %8s\n' measure "best (s)" MB/s "best (s)" "cpu s"
row() {
    printf '%-34s %8s %8s %8s %8s\n' "$1" "$(secs "$2")" "$(mbps "$bytes" "$2")" \
        "$(secs $(($3 * 1000)))" "$(mbps "$bytes" $(($3 * 1000)))"
}
row "pdn check -q (full legal replay)" "$check_us" "$check_cpu"
row "pdn check -q -j 1" "$check1_us" "$check1_cpu"
row "pgn-extract -r" "$pgxr_us" "$pgxr_cpu"
row "pdn fmt > /dev/null" "$fmt_us" "$fmt_cpu"
row "pdn fmt -j 1 > /dev/null" "$fmt1_us" "$fmt1_cpu"
row "pgn-extract -s -o /dev/null" "$pgxs_us" "$pgxs_cpu"
echo
echo "ratio check:  pgn-extract -r / pdn check = $(ratio "$pgxr_us" "$check_us")x wall" \
    "($jobs threads), $(ratio "$pgxr_us" "$check1_us")x wall on one thread (-j 1)," \
    "$(ratio "$pgxr_cpu" "$check1_cpu")x cpu"
echo "ratio writer: pgn-extract -s / pdn fmt   = $(ratio "$pgxs_us" "$fmt_us")x wall" \
    "($jobs threads), $(ratio "$pgxs_us" "$fmt1_us")x wall on one thread (-j 1)," \
    "$(ratio "$pgxs_cpu" "$fmt1_cpu")x cpu"
verdict() { awk -v x="$1" -v goal="$2" 'BEGIN { print (x >= goal ? "met" : "not met") }'; }
r1=$(ratio "$pgxr_us" "$check_us") r2=$(ratio "$pgxs_us" "$fmt_us")
s1=$(ratio "$pgxr_us" "$check1_us") s2=$(ratio "$pgxs_us" "$fmt1_us")
rate=$(mbps "$bytes" "$check1_us")
echo "goal: >= 20x pgn-extract on both: ${r1}x and ${r2}x (wall, as run by default)," \
    "$(verdict "$r1" 20) and $(verdict "$r2" 20); on one thread ${s1}x and ${s2}x," \
    "$(verdict "$s1" 20) and $(verdict "$s2" 20)"
echo "goal: full legal replay >= 100 MB/s on one core: $rate MB/s wall with -j 1" \
    "($(mbps "$bytes" $((check1_cpu * 1000))) MB per cpu second), $(verdict "$rate" 100)"
echo
echo "problems found, by game (game = its number in its file; pdn: the errors, warnings and"
echo "notes of 'pdn check'; pgn-extract: the messages of 'pgn-extract -r', by the line they name):"
cat "$tmpdir/compare"
