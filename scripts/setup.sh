#!/bin/sh
# SPDX-License-Identifier: MIT
# setup.sh - makes sure the tools the build needs are installed: cmake, a C
# compiler, a C++ compiler (header test), make and pkg-config (install test).
# As root on Debian it installs what is missing; otherwise it lists it.
# Silent when everything is present; safe to run any number of times.
set -eu

# command:Debian packages ('+' between packages).  gcc only recommends the C
# library headers, and recommendations are not installed.
tools="cmake:cmake cc:gcc+libc6-dev g++:g++ make:make pkg-config:pkg-config"

missing_packages=
missing_commands=
for entry in $tools; do
    cmd=${entry%%:*}
    pkg=$(echo "${entry#*:}" | tr + ' ')
    if [ "$cmd" = cc ]; then
        # Any C compiler will do: cc, or gcc where cc is not set up.
        if command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; then
            continue
        fi
    elif command -v "$cmd" >/dev/null 2>&1; then
        continue
    fi
    missing_commands="$missing_commands $cmd"
    missing_packages="$missing_packages $pkg"
done

# A compiler without the C library's headers cannot build anything.
case "$missing_commands " in
*" cc "*) ;; # gcc comes with them
*)
    cc=$(command -v cc || command -v gcc)
    probe=${TMPDIR:-/tmp}/pdn-setup-$$
    printf '#include <stdio.h>\nint main(void) { return puts("") < 0; }\n' >"$probe.c"
    if ! "$cc" "$probe.c" -o "$probe" >/dev/null 2>&1; then
        missing_commands="$missing_commands libc-headers"
        missing_packages="$missing_packages libc6-dev"
    fi
    rm -f "$probe.c" "$probe"
    ;;
esac

[ -z "$missing_packages" ] && exit 0

if [ "$(id -u)" != 0 ]; then
    echo "setup.sh: missing:$missing_commands" >&2
    echo "setup.sh: install the Debian packages:$missing_packages (or run this script as root)" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup.sh: missing:$missing_commands, and apt-get is not available to install them" >&2
    exit 1
fi

echo "setup.sh: installing$missing_packages"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086  # one word per package
apt-get install -y -qq --no-install-recommends $missing_packages
