#!/bin/sh
# SPDX-License-Identifier: MIT
# setup.sh - makes sure the tools the build needs are installed: cmake, a C
# compiler, a C++ compiler (header test), make and pkg-config (install test),
# and where it can Chromium for the browser test of the SVG diagrams.
# As root on Debian it installs what is missing; otherwise it lists it, but
# unpacks Chromium's Debian packages into .deps/chromium/ for the project alone.
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

if [ -n "$missing_packages" ]; then
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
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    # shellcheck disable=SC2086  # one word per package
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing_packages
    apt_updated=yes
fi

# Optional: the browser test of the SVG diagrams (tests/browser) needs
# Chromium, and Node to read its screenshots.  Without them that test is
# skipped, so failing to get them is a note, not an error.
top=$(cd "$(dirname "$0")/.." && pwd)
deps=$top/.deps
local_chromium=$deps/chromium/chromium

# fetch_chromium: without root, apt-get can still resolve, download and
# unpack: Chromium and the libraries this machine lacks go under
# .deps/chromium/root, and .deps/chromium/chromium runs it with those
# libraries first in the search path.  Built in a scratch directory and
# moved into place whole, so an interrupted run leaves nothing half made.
# Runs in a subshell: set -e does not hold inside `if`, hence the `|| fail`.
fetch_chromium() (
    fail() {
        echo "setup.sh: note: no local Chromium ($1): the browser test will be skipped" >&2
        exit 1
    }
    for cmd in apt-get dpkg dpkg-deb; do
        command -v "$cmd" >/dev/null 2>&1 || fail "$cmd is not available; this needs Debian"
    done
    arch=$(dpkg --print-architecture)
    case $arch in
    amd64 | arm64) ;;
    *) fail "Debian builds Chromium for amd64 and arm64, not $arch" ;;
    esac
    triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch 2>/dev/null) || triplet=
    if [ -z "$triplet" ]; then
        case $arch in
        amd64) triplet=x86_64-linux-gnu ;;
        arm64) triplet=aarch64-linux-gnu ;;
        esac
    fi

    work=$deps/chromium.tmp.$$
    trap 'rm -rf "$work"; rmdir "$deps" 2>/dev/null || :' EXIT
    trap 'exit 1' HUP INT TERM
    rm -rf "$work"
    mkdir -p "$work/debs" "$work/root" || fail "cannot write to $deps"
    log=$work/apt.log
    printf 'setup.sh: no root to install chromium: downloading it into .deps/chromium/... '

    # A simulated install names what is missing here, versions included
    # ("Inst NAME [OLD] (NEW ...)"); the system's package lists may be
    # absent or stale, so a second try uses fresh lists of our own.
    download() {
        pkgs=$(apt-get -s "$@" install --no-install-recommends chromium 2>>"$log" |
            sed -n 's/^Inst \([^ ]*\) \(\[[^]]*\] \)\{0,1\}(\([^ ]*\) .*/\1=\3/p')
        [ -n "$pkgs" ] || return 1
        rm -f "$work"/debs/*.deb
        # shellcheck disable=SC2086  # one word per package
        (cd "$work/debs" && apt-get -q "$@" download $pkgs) >>"$log" 2>&1
    }
    if ! download; then
        mkdir -p "$work/apt/lists/partial" "$work/apt/cache/archives/partial"
        set -- -o Dir::State::Lists="$work/apt/lists" -o Dir::Cache="$work/apt/cache" \
            -o Debug::NoLocking=1
        if ! apt-get -q "$@" update >>"$log" 2>&1 || ! download "$@"; then
            echo failed
            reason=$(grep '^E:' "$log" | head -n 1 | cut -c 1-160)
            fail "${reason:-apt-get could not download it}"
        fi
    fi
    for deb in "$work"/debs/*.deb; do
        dpkg-deb -x "$deb" "$work/root" || { echo failed; fail "cannot unpack $deb"; }
    done
    count=$(find "$work/debs" -name '*.deb' | wc -l)
    size=$(du -sm "$work/debs" | cut -f 1)
    rm -rf "$work/debs" "$work/apt"

    path=
    for dir in "usr/lib/$triplet/pulseaudio" "usr/lib/$triplet" "lib/$triplet" usr/lib/chromium; do
        [ -d "$work/root/$dir" ] && path="$path${path:+:}\$root/$dir"
    done
    cat >"$work/chromium" <<EOF
#!/bin/sh
# Chromium from Debian packages unpacked by scripts/setup.sh (no root to
# install it): runs it with its own libraries ahead of the system's.
root=\$(cd "\$(dirname "\$0")" && pwd)/root
LD_LIBRARY_PATH=$path\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
exec "\$root/usr/lib/chromium/chromium" "\$@"
EOF
    chmod +x "$work/chromium"
    version=$("$work/chromium" --version 2>>"$log") || {
        echo failed
        fail "the unpacked chromium does not run: $(tail -n 1 "$log" | cut -c 1-160)"
    }
    rm -f "$log"
    if ! rm -rf "$deps/chromium" || ! mv "$work" "$deps/chromium"; then
        echo failed
        fail "cannot move it into $deps/chromium"
    fi
    echo "done: $(echo "$version" | sed 's/ *$//'), $count packages, $size MB"
)

optional=
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 ||
    "$local_chromium" --version >/dev/null 2>&1 || optional="$optional chromium"
command -v node >/dev/null 2>&1 || optional="$optional nodejs"
[ -z "$optional" ] && exit 0

if [ "$(id -u)" = 0 ]; then
    as_root=
elif command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
    as_root="sudo -n"
else
    as_root=none
fi
if [ "$as_root" != none ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup.sh: installing$optional (for the browser test of the SVG diagrams)"
    # shellcheck disable=SC2086  # one word per package; as_root may be empty
    { [ -n "${apt_updated:-}" ] || $as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq; } &&
        $as_root env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -qq --no-install-recommends $optional ||
        echo "setup.sh: note: could not install$optional: the browser test will be skipped" >&2
    exit 0
fi
case "$optional " in
*" chromium "*) fetch_chromium || true ;;
esac
case "$optional " in
*" nodejs "*)
    echo "setup.sh: note: the browser test will be skipped without Node (the Debian" \
        "package nodejs; run this script as root to install it)" >&2
    ;;
esac
exit 0
