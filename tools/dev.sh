#!/usr/bin/env bash
# The README commands in one script:
#   tools/dev.sh run            install what is missing, build, start the app
#   tools/dev.sh test           install what is missing, then: the normal build and every test;
#                               the AddressSanitizer + UBSan build (clang, preset "asan", folder
#                               build-asan) with the core's and the model's tests, the GUI monkey
#                               and a 20-second run of each fuzzer, LeakSanitizer on. This is
#                               what .ci/run does.
#   tools/dev.sh quick          the normal build and its tests only (for the edit-test loop)
#   tools/dev.sh asan           the sanitizer build and its tests (with the short fuzz runs) only
#   tools/dev.sh fuzz [SECONDS] run each fuzzer for SECONDS (default 600) in the asan build and
#                               print its figures (executions, coverage)
#   tools/dev.sh monkey [SECONDS]
#                               the GUI monkey (tst_monkey) in the normal build for SECONDS
#                               (default 600) per window, new seeds each time (the first is the
#                               time); AC_MONKEY_WINDOWS=main,lesson,sequence,lab picks windows.
#                               It prints every seed, the figures, and a finding's seed and
#                               reduced events.
# Run as root on Debian 12. All are idempotent: with everything installed and built they only
# check and run.
set -euo pipefail

cd "$(dirname "$0")/.."
mode=${1:-}
case "$mode" in
run | test | quick | asan | fuzz | monkey) shift ;;
*)
    echo "usage: $0 run|test|quick|asan|fuzz|monkey [arguments]" >&2
    exit 2
    ;;
esac

build_dir=${AC_BUILD_DIR:-build}
asan_dir=build-asan
jobs=$(nproc)

# Debian 12 packages: compiler and build tools, Qt 6.4 with Charts, SVG and the translation
# tools, Qt's own Chinese translations, Eigen, nlohmann-json and Highway (the core's JSON reader
# and vectorised tanh/exp), giflib and libimagequant (animated GIF export: the file, and its
# palette with dithering), a CJK font, Xvfb for machines with no display, and
# what the package test uses: dpkg-shlibdeps (dpkg-dev) for cpack, and the .desktop and AppStream
# validators. The sanitizer build and the fuzzers add clang with its runtimes (ASan, UBSan, LSan,
# libFuzzer: libclang-rt-14-dev), lld, and llvm for llvm-symbolizer (readable stacks in the reports).
packages=(
    cmake g++ make pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
    libeigen3-dev nlohmann-json3-dev libhwy-dev libgif-dev libimagequant-dev
    fonts-noto-cjk xvfb xauth
    dpkg-dev desktop-file-utils appstream
)
if [[ "$mode" == test || "$mode" == asan || "$mode" == fuzz ]]; then
    packages+=(clang libclang-rt-14-dev lld llvm)
fi
# The tests of "Copy as Python" run the programs the app writes with Debian's python3 and NumPy
# and compare what they print with the app's numbers (they skip, saying so, without them).
if [[ "$mode" == test || "$mode" == quick || "$mode" == asan ]]; then
    packages+=(python3 python3-numpy)
fi
# The handout tests read the PDFs back with poppler's pdfinfo (pages) and pdftotext (each page's
# text); without them they skip, saying so.
if [[ "$mode" == test || "$mode" == quick || "$mode" == asan ]]; then
    packages+=(poppler-utils)
fi
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

build_normal() {
    if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
        local flags=()
        if [[ "$mode" == test ]]; then
            # The test run's build needs no debugger: the same -O2 code without debug
            # information compiles about a fifth faster and links faster. Nor does it run the
            # benchmarks (a developer's build and `tools/dev.sh quick` build them).
            flags+=(-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" -DAC_BUILD_BENCHMARKS=OFF)
        fi
        cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${flags[@]}"
    fi
    cmake --build "$build_dir" -j"$jobs"
}

build_asan() {
    # The test run keeps within CI's time: under the sanitizers it runs the core's and the
    # model's tests (every file reader, the command line, the report, training), the fuzzers
    # and the GUI monkey (AC_BUILD_MONKEY, on by default: half a minute per window of random events
    # on the real windows); the other widget tests run in the normal build. `tools/dev.sh asan`
    # builds and runs all of them under the sanitizers.
    local gui=ON
    if [[ "$mode" == test ]]; then
        gui=OFF
    fi
    cmake --preset asan -DAC_BUILD_GUI_TESTS="$gui" >/dev/null
    cmake --build "$asan_dir" -j"$jobs"
}

test_normal() {
    ctest --test-dir "$build_dir" --output-on-failure -j"$jobs"
}

# Every test the sanitizer build has (see build_asan) under ASan + UBSan + LSan; the fuzzers'
# short runs are tests of this build too (label "fuzz").
test_asan() {
    ctest --preset asan -j"$jobs"
}

section() {
    printf '\n=== %s (%s) ===\n' "$1" "$(date +%T)"
}

case "$mode" in
quick)
    build_normal
    test_normal
    ;;
asan)
    build_asan
    test_asan
    ;;
test)
    start=$SECONDS
    section "normal build"
    build_normal
    section "tests"
    test_normal
    section "sanitizer build (ASan + UBSan, clang)"
    build_asan
    section "tests under the sanitizers, short fuzz runs"
    test_asan
    section "done in $((SECONDS - start)) s"
    ;;
fuzz)
    seconds=${1:-600}
    build_asan
    for target in scene sequence lesson commandline; do
        section "fuzz_$target for $seconds s"
        corpus="$asan_dir/fuzz/corpus-$target"
        seeds=(fuzz/corpus/"$target")
        if [[ "$target" == scene && -d resources/scenes ]]; then
            seeds+=(resources/scenes)
        fi
        if [[ "$target" == sequence && -d resources/sequences ]]; then
            seeds+=(resources/sequences)
        fi
        if [[ "$target" == lesson && -d resources/lessons ]]; then
            seeds+=(resources/lessons)
        fi
        mkdir -p "$corpus" "$asan_dir/fuzz/artifacts-$target"
        LSAN_OPTIONS=suppressions=$PWD/tools/lsan.supp:print_suppressions=0 \
            UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
            "$asan_dir/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 \
            -rss_limit_mb=2560 -print_final_stats=1 -dict="fuzz/$target.dict" \
            -artifact_prefix="$asan_dir/fuzz/artifacts-$target/" "$corpus" "${seeds[@]}"
    done
    ;;
monkey)
    seconds=${1:-600}
    if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
        cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo
    fi
    cmake --build "$build_dir" -j"$jobs" --target tst_monkey
    section "GUI monkey, $seconds s per window"
    # Nice: a long run shares the machine. A finding fails the run with its seed. Qt Test stops
    # a test function after 5 minutes unless told otherwise (the reducer may add some).
    QT_QPA_PLATFORM=offscreen AC_MONKEY_SECONDS="$seconds" \
        QTEST_FUNCTION_TIMEOUT=$(((seconds + 900) * 1000)) \
        AC_MONKEY_FIRST_SEED="${AC_MONKEY_FIRST_SEED:-$(date +%s)}" \
        nice -n 10 "$build_dir/tests/app/tst_monkey"
    ;;
run)
    build_normal
    app="$build_dir/src/attention-canvas"
    if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
        echo "No display found: starting the app inside Xvfb (it runs, but nothing is visible)." >&2
        exec xvfb-run -a "$app" "$@"
    fi
    exec "$app" "$@"
    ;;
esac
