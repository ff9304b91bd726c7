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

# Optional: `pdn view` is built with ncurses when CMake finds it (else the
# command says it was built without), and its test drives it in tmux (else
# that test is skipped).  Root installs the Debian packages libncurses-dev
# and tmux; otherwise they are unpacked for the project alone, as Chromium
# is below: .deps/ncurses/root, where CMake looks (PDN_NCURSES_ROOT), and
# .deps/tmux/tmux.  PDN_SETUP_LOCAL=1 takes that way even as root.
view_deps=$(cd "$(dirname "$0")/.." && pwd)/.deps
view_cc=$(command -v cc || command -v gcc || true)

# Root for real: in some sandboxes `id` names a user while the shell is root.
really_root() {
    [ "$(id -u)" = 0 ] || awk '/^Uid:/ { exit !($3 == 0) }' /proc/self/status 2>/dev/null
}

# Whether a program using curses links against the system's ncursesw.
system_ncurses() {
    [ -n "$view_cc" ] || return 1
    probe=${TMPDIR:-/tmp}/pdn-setup-curses-$$
    printf '#include <curses.h>\nint main(void) { return initscr() == 0; }\n' >"$probe.c"
    found=1
    for inc in "" /usr/include/ncursesw; do
        "$view_cc" ${inc:+-I"$inc"} "$probe.c" -lncursesw -o "$probe" >/dev/null 2>&1 &&
            found=0 && break
    done
    rm -f "$probe.c" "$probe"
    return $found
}

# fetch_debs NAME HOW PACKAGE...: downloads Debian packages without root
# and unpacks them into .deps/NAME/root, then finish_NAME completes the
# copy.  HOW "named" takes exactly the packages named; "missing" also the
# dependencies this machine lacks, as a simulated install lists them.
# Built aside and moved into place whole; a subshell, hence `|| fail`.
fetch_debs() (
    name=$1 how=$2
    shift 2
    fail() {
        echo "setup.sh: note: no local $name ($1)" >&2
        exit 1
    }
    for cmd in apt-get dpkg-deb; do
        command -v "$cmd" >/dev/null 2>&1 || fail "$cmd is not available; this needs Debian"
    done
    work=$view_deps/$name.tmp.$$
    trap 'rm -rf "$work"' EXIT
    trap 'exit 1' HUP INT TERM
    rm -rf "$work"
    mkdir -p "$work/debs" "$work/root" || fail "cannot write to $view_deps"
    log=$work/apt.log
    wanted="$*"
    printf 'setup.sh: no root to install %s: unpacking it into .deps/%s/... ' "$wanted" "$name"
    download() {
        if [ "$how" = named ]; then
            pkgs=$wanted
        else
            # shellcheck disable=SC2086  # one word per package
            sim=$(apt-get -s "$@" install --no-install-recommends $wanted 2>>"$log")
            pkgs=$(printf '%s\n' "$sim" |
                sed -n 's/^Inst \([^ ]*\) \(\[[^]]*\] \)\{0,1\}(\([^ ]*\) .*/\1=\3/p')
            # Installed already (PDN_SETUP_LOCAL): the packages alone.
            [ -n "$pkgs" ] || ! printf '%s\n' "$sim" | grep -q 'is already the newest' ||
                pkgs=$wanted
        fi
        [ -n "$pkgs" ] || return 1
        rm -f "$work"/debs/*.deb
        # shellcheck disable=SC2086  # one word per package
        (cd "$work/debs" && apt-get -q "$@" download $pkgs) >>"$log" 2>&1
    }
    # The system's package lists may be absent or stale: then fresh ones of our own.
    if ! download; then
        mkdir -p "$work/apt/lists/partial" "$work/apt/cache/archives/partial"
        set -- -o Dir::State::Lists="$work/apt/lists" -o Dir::Cache="$work/apt/cache" \
            -o Debug::NoLocking=1
        if ! apt-get -q "$@" update >>"$log" 2>&1 || ! download "$@"; then
            echo failed
            fail "$(grep '^E:' "$log" | head -n 1 | cut -c 1-160)"
        fi
    fi
    for deb in "$work"/debs/*.deb; do
        dpkg-deb -x "$deb" "$work/root" || { echo failed; fail "cannot unpack $deb"; }
    done
    rm -rf "$work/debs" "$work/apt"
    "finish_$name" || { echo failed; fail "$(tail -n 1 "$log" | cut -c 1-160)"; }
    rm -f "$log"
    if ! rm -rf "${view_deps:?}/$name" || ! mv "$work" "$view_deps/$name"; then
        echo failed
        fail "cannot move it into $view_deps/$name"
    fi
    echo done
)

# The development links must point at the libraries beside them (Debian's
# libncursesw.so is a linker script naming the system's copy, libtinfo.so
# an absolute link), and a program must link against the copy.
finish_ncurses() {
    lib=$(find "$work/root" -name libncursesw.so.6 | head -n 1)
    if [ -z "$lib" ] || [ ! -e "$(dirname "$lib")/libtinfo.so.6" ]; then
        echo "the packages hold no libncursesw.so.6 and libtinfo.so.6 side by side" >>"$log"
        return 1
    fi
    libdir=$(dirname "$lib")
    rm -f "$work"/root/usr/lib/*/libncursesw.so "$work"/root/usr/lib/*/libtinfo.so
    ln -s libncursesw.so.6 "$libdir/libncursesw.so" && ln -s libtinfo.so.6 "$libdir/libtinfo.so" &&
        printf '#include <curses.h>\nint main(void) { return initscr() == 0; }\n' >"$work/probe.c" &&
        "$view_cc" -I"$work/root/usr/include/ncursesw" "$work/probe.c" -L"$libdir" -lncursesw \
            -ltinfo -o "$work/probe" >>"$log" 2>&1
    linked=$?
    rm -f "$work/probe.c" "$work/probe"
    return $linked
}

# A script runs tmux with its own libraries (libevent) ahead of the system's.
finish_tmux() {
    path=
    for libdir in "$work"/root/usr/lib/*-linux-* "$work"/root/lib/*-linux-*; do
        [ -d "$libdir" ] && path="$path${path:+:}\$root/${libdir#"$work/root/"}"
    done
    {
        echo '#!/bin/sh'
        echo '# tmux from Debian packages unpacked by scripts/setup.sh (no root to'
        echo "# install it): runs it with its own libraries ahead of the system's."
        echo 'root=$(cd "$(dirname "$0")" && pwd)/root'
        if [ -n "$path" ]; then
            echo "LD_LIBRARY_PATH=$path\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
            echo 'export LD_LIBRARY_PATH'
        fi
        echo 'exec "$root/usr/bin/tmux" "$@"'
    } >"$work/tmux"
    chmod +x "$work/tmux" && "$work/tmux" -V >>"$log" 2>&1
}

view_local=${PDN_SETUP_LOCAL:-}
view_missing=
{ [ -z "$view_local" ] && system_ncurses; } || [ -d "$view_deps/ncurses/root" ] ||
    view_missing=libncurses-dev
{ [ -z "$view_local" ] && command -v tmux >/dev/null 2>&1; } ||
    "$view_deps/tmux/tmux" -V >/dev/null 2>&1 || view_missing="$view_missing tmux"
if [ -n "$view_missing" ] && [ -z "$view_local" ] && really_root &&
    command -v apt-get >/dev/null 2>&1; then
    echo "setup.sh: installing $view_missing (for pdn view and its test)"
    # shellcheck disable=SC2086  # one word per package
    if { [ -n "${apt_updated:-}" ] || DEBIAN_FRONTEND=noninteractive apt-get update -qq; } &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            $view_missing; then
        apt_updated=yes
    else
        echo "setup.sh: note: could not install $view_missing: pdn view or its test will" \
            "be left out" >&2
    fi
elif [ -n "$view_missing" ]; then
    case "$view_missing" in
    *libncurses-dev*) fetch_debs ncurses named libncurses-dev libncursesw6 libtinfo6 || true ;;
    esac
    case "$view_missing" in
    *tmux*) fetch_debs tmux missing tmux || true ;;
    esac
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
command -v npm >/dev/null 2>&1 || optional="$optional npm"

# install_optional: Chromium, Node and npm from Debian as root; without root,
# Chromium unpacked locally (fetch_chromium) and a note for the others.
install_optional() {
    [ -z "$optional" ] && return 0
    if [ "$(id -u)" = 0 ]; then
        as_root=
    elif command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
        as_root="sudo -n"
    else
        as_root=none
    fi
    if [ "$as_root" != none ] && command -v apt-get >/dev/null 2>&1; then
        echo "setup.sh: installing$optional (for the browser tests)"
        # shellcheck disable=SC2086  # one word per package; as_root may be empty
        { [ -n "${apt_updated:-}" ] || $as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq; } &&
            $as_root env DEBIAN_FRONTEND=noninteractive \
                apt-get install -y -qq --no-install-recommends $optional ||
            echo "setup.sh: note: could not install$optional: the browser tests will be skipped" >&2
        return 0
    fi
    case "$optional " in
    *" chromium "*) fetch_chromium || true ;;
    esac
    case "$optional " in
    *" nodejs "* | *" npm "*)
        echo "setup.sh: note: the browser tests will be skipped without Node and npm (the" \
            "Debian packages nodejs and npm; run this script as root to install them)" >&2
        ;;
    esac
}

# npm_browser_deps: playwright-core, which drives Chromium in the browser test
# of the HTML viewer, as tests/browser/package-lock.json pins it, into
# tests/browser/node_modules.  Nothing to do when npm ci ran since the lock
# last changed; a note, not an error, without npm or the registry.
npm_browser_deps() {
    dir=$top/tests/browser
    [ -f "$dir/package-lock.json" ] || return 0
    stamp=$dir/node_modules/.package-lock.json
    if [ -f "$stamp" ] && [ "$stamp" -nt "$dir/package-lock.json" ]; then
        return 0
    fi
    if ! command -v npm >/dev/null 2>&1; then
        echo "setup.sh: note: no npm: the browser test of the HTML viewer will be skipped" >&2
        return 0
    fi
    printf 'setup.sh: npm ci --prefix tests/browser (playwright-core)... '
    log=${TMPDIR:-/tmp}/pdn-setup-npm-$$.log
    if npm ci --prefix "$dir" --no-audit --no-fund >"$log" 2>&1; then
        echo done
    else
        echo failed
        reason=$(grep -i 'err' "$log" | head -n 1 | cut -c 1-160)
        echo "setup.sh: note: npm ci failed (${reason:-is the npm registry reachable?}):" \
            "the browser test of the HTML viewer will be skipped" >&2
    fi
    rm -f "$log"
}

install_optional
npm_browser_deps
exit 0
