#!/usr/bin/env bash
# The two README commands in one script:
#   tools/dev.sh run   install what is missing, build, start the app
#   tools/dev.sh test  install what is missing, build, run every test with ctest
# Run as root on Debian 12. Both are idempotent: with everything installed and built they only
# check and start.
set -euo pipefail

cd "$(dirname "$0")/.."
mode=${1:-}
case "$mode" in
run | test) shift ;;
*)
    echo "usage: $0 run|test [arguments for the app]" >&2
    exit 2
    ;;
esac

build_dir=${AC_BUILD_DIR:-build}

# Debian 12 packages: compiler and build tools, Qt 6.4 with Charts, SVG and the translation
# tools, Qt's own Chinese translations, Eigen, a CJK font, Xvfb for machines with no display, and
# what the package test uses: dpkg-shlibdeps (dpkg-dev) for cpack, and the .desktop and AppStream
# validators.
packages=(
    cmake g++ make pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
    libeigen3-dev fonts-noto-cjk xvfb xauth
    dpkg-dev desktop-file-utils appstream
)
missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
if ((${#missing[@]})); then
    echo "Installing: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
    cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$build_dir" -j"$(nproc)"

if [[ "$mode" == test ]]; then
    exec ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)"
fi

app="$build_dir/src/attention-canvas"
if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
    echo "No display found: starting the app inside Xvfb (it runs, but nothing is visible)." >&2
    exec xvfb-run -a "$app" "$@"
fi
exec "$app" "$@"
