#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# perft.sh - speed of the draughts move generator (see bench/PERFT.md):
# perft from the start position of International draughts and of two 8x8
# variants, at the same depth, best of several runs.
#
#   bench/perft.sh [--depth D] [--runs N] PDN
#
#   --depth D   plies (default 9)
#   --runs N    runs per measure, the best one counts (default 3)
#   PDN         the pdn program to measure (a release-like build)
#
# Prints, per variant: the counting convention, nodes, and for the run with
# the least processor time its wall-clock and processor seconds (of the last
# depth, as `pdn perft` reports them) and millions of nodes per processor
# second, the figure that stays put when other programs share the machine.
if [ -z "${BASH_VERSION:-}" ]; then
    exec bash "$0" "$@"
fi
set -euo pipefail
export LC_ALL=C

depth=9
runs=3
pdn=
while [ $# -gt 0 ]; do
    case "$1" in
    --depth) depth=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '4,15p' "$0"; exit 0 ;;
    *) pdn=$1; shift ;;
    esac
done
if [ -z "$pdn" ] || [ ! -x "$pdn" ]; then
    echo "usage: bench/perft.sh [--depth D] [--runs N] PATH/TO/pdn" >&2
    exit 2
fi

# name, GameType, convention
cases=(
    "International 20 --unique"
    "International 20 --paths"
    "English 21 --paths"
    "Russian 25 --paths"
)

printf '%-14s %-9s %5s %14s %9s %9s %10s\n' variant counting depth nodes wall-s cpu-s Mnodes/s
for c in "${cases[@]}"; do
    read -r name type conv <<<"$c"
    best=
    wall=
    nodes=
    for ((i = 0; i < runs; i++)); do
        # "depth D: N nodes in W s (cpu C s, R Mnodes/s)"
        line=$("$pdn" perft --gametype "$type" --depth "$depth" "$conv" | tail -n 1)
        nodes=$(awk '{print $3}' <<<"$line")
        w=$(awk '{print $6}' <<<"$line")
        cpu=$(awk '{print $9}' <<<"$line")
        if [ -z "$best" ] || awk -v a="$cpu" -v b="$best" 'BEGIN{exit !(a < b)}'; then
            best=$cpu
            wall=$w
        fi
    done
    rate=$(awk -v n="$nodes" -v s="$best" 'BEGIN{ if (s > 0) printf "%.1f", n / s / 1e6; else print "-" }')
    printf '%-14s %-9s %5s %14s %9s %9s %10s\n' "$name" "${conv#--}" "$depth" "$nodes" "$wall" "$best" "$rate"
done
