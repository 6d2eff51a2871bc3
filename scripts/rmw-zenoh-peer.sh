#!/usr/bin/env bash
# Real ROS 2 for the interop tests: rclpy (the ROS 2 Kilted wheels from PyPI) on rmw_zenoh_cpp
# 0.6.6, built from the sources no registry serves (zenoh-c 1.6.2, zenoh-cpp 1.6.2,
# rmw_zenoh_cpp 0.6.6, zenoh_cpp_vendor's find_package shim) into a versioned cache:
#
#   ${RCLTS_RMW_ZENOH_CACHE:-${XDG_CACHE_HOME:-~/.cache}/rclts/rmw_zenoh}/0.6.6/
#     V/         the Kilted venv (the ament prefix, rclpy and the message packages)
#     install/   zenoh-c, zenoh-cpp, the shim, rmw_zenoh_cpp (lib/rmw_zenoh_cpp/rmw_zenohd)
#     rpy        python3 of that venv running rclpy on rmw_zenoh_cpp
#     READY      written last: the stamp of what was built
#
# Usage: bash scripts/rmw-zenoh-peer.sh [--sources DIR] [--check]
#   --sources DIR  where the four tarballs are (default $RCLTS_THIRD_PARTY, else ../shared/third_party)
#   --check        build nothing: exit 0 when the peer is ready, 3 when it is not
# Exit 3 (with one line saying how to enable it) when the sources are not there.
#
# The steps follow shared/tools/rmw-zenoh/build.sh (the recipe that worked on this kind of machine):
# its comments say why each fix is needed. About 19 minutes cold on 2 cores, 17.5 of them zenoh-c.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

VERSION=0.6.6
W="${RCLTS_RMW_ZENOH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rclts/rmw_zenoh}/$VERSION"
SOURCES="${RCLTS_THIRD_PARTY:-../shared/third_party}"
CHECK=0
while [ $# -gt 0 ]; do
  case "$1" in
    --sources) SOURCES="$2"; shift 2 ;;
    --check) CHECK=1; shift ;;
    *) echo "rmw-zenoh-peer: unknown argument '$1' (usage: [--sources DIR] [--check])" >&2; exit 2 ;;
  esac
done
JOBS=${JOBS:-$(nproc)}
SRC=$W/src
PREFIX=$W/install
V=$W/V
LOG=$W/build.log
TARBALLS="zenoh-c-1.6.2.tar.gz zenoh-cpp-1.6.2.tar.gz rmw_zenoh_cpp-$VERSION.tar.gz zenoh_cpp_vendor-0.6.7.tar.gz"
# The wheels of the peer: rclpy and every message package rclts bundles that PyPI carries.
WHEELS="ros-rclpy ros-std-msgs ros-std-srvs ros-rmw-fastrtps-cpp ros-rmw-implementation
  ros-ament-cmake ros-ament-cmake-ros ros-ament-cmake-vendor-package ros-ament-index-cpp ros-ament-package
  ros-fastcdr ros-rcpputils ros-rcutils ros-rmw ros-rmw-test-fixture ros-tracetools
  ros-rosidl-typesupport-fastrtps-c ros-rosidl-typesupport-fastrtps-cpp
  ros-test-msgs ros-sensor-msgs ros-nav-msgs ros-geometry-msgs ros-rcl-action ros-action-msgs ros-rcl-interfaces
  ros-builtin-interfaces ros-diagnostic-msgs ros-lifecycle-msgs ros-rosgraph-msgs ros-service-msgs
  ros-shape-msgs ros-trajectory-msgs ros-type-description-interfaces ros-unique-identifier-msgs
  ros-visualization-msgs eclipse-zenoh==1.6.2 catkin_pkg"
AMENT_EXTRA="ros-ament-cmake-include-directories ros-ament-cmake-gtest ros-ament-cmake-gmock
  ros-ament-cmake-pytest ros-ament-cmake-export-definitions ros-ament-cmake-export-dependencies
  ros-ament-cmake-export-include-directories ros-ament-cmake-export-interfaces ros-ament-cmake-export-libraries
  ros-ament-cmake-export-link-flags ros-ament-cmake-export-targets ros-ament-cmake-gen-version-h
  ros-ament-cmake-libraries ros-ament-cmake-python ros-ament-cmake-target-dependencies ros-ament-cmake-test
  ros-ament-cmake-version"
# Packages that may be missing from PyPI: installed one by one, a missing one said and skipped.
OPTIONAL_WHEELS="ros-example-interfaces ros-statistics-msgs ros-tf2-msgs"

say() { echo "[rmw-zenoh $(date -u +%H:%M:%S)] $*"; }
stamp() {
  { echo "$VERSION"; sha256sum "$0" | cut -d' ' -f1; for t in $TARBALLS; do sha256sum "$SOURCES/$t" | cut -d' ' -f1; done; }
}

have_sources() { for t in $TARBALLS; do [ -f "$SOURCES/$t" ] || return 1; done; }
if ! have_sources; then
  echo "rmw-zenoh-peer: real ROS 2 sources not found in $SOURCES; the rclpy interop tests are skipped (enable: RCLTS_THIRD_PARTY=DIR holding $TARBALLS)"
  exit 3
fi
want=$(stamp)
if [ -x "$W/rpy" ] && [ -f "$W/READY" ] && [ "$(cat "$W/READY")" = "$want" ]; then
  [ "$CHECK" = 1 ] || say "ready: $W/rpy"
  exit 0
fi
[ "$CHECK" = 1 ] && exit 3

mkdir -p "$W"
exec 9>"$W/.lock"
if ! flock -n 9; then
  say "another build holds $W/.lock; waiting for it"
  flock 9
  if [ -f "$W/READY" ] && [ "$(cat "$W/READY")" = "$want" ]; then say "ready: $W/rpy"; exit 0; fi
fi
rm -f "$W/READY"
: > "$LOG"
started=$(date +%s)
say "building real ROS 2 (rclpy on rmw_zenoh_cpp $VERSION) once into $W, about 20 minutes cold on 2 cores; log: $LOG"

# Runs a step's command with its output in the log; prints a progress line every 30 s.
run() {
  local what="$1"; shift
  local t0; t0=$(date +%s)
  ("$@") >>"$LOG" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    if kill -0 "$pid" 2>/dev/null; then
      local compiled; compiled=$(grep -c '^ *Compiling ' "$LOG" || true)
      say "  $what: $(( $(date +%s) - t0 )) s so far (cargo crates compiled: $compiled)"
    fi
  done
  if ! wait "$pid"; then
    say "$what failed after $(( $(date +%s) - t0 )) s; the last lines of $LOG:"
    tail -25 "$LOG" >&2
    exit 1
  fi
  say "$what done in $(( $(date +%s) - t0 )) s"
}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
step_apt() {
  local need=""
  for p in nlohmann-json3-dev libudev-dev pkg-config cmake g++; do
    dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
  done
  [ -z "$need" ] && return 0
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends $need
}
step_venv() {
  rm -rf "$V"
  python3 -m venv "$V"
  # shellcheck disable=SC2086
  "$V/bin/pip" install -q --disable-pip-version-check $WHEELS
  # shellcheck disable=SC2086
  "$V/bin/pip" install -q --disable-pip-version-check $AMENT_EXTRA
  for p in $OPTIONAL_WHEELS; do
    "$V/bin/pip" install -q --disable-pip-version-check "$p" || echo "optional wheel $p: not installed"
  done
}
step_sources() {
  rm -rf "$SRC"; mkdir -p "$SRC"
  for t in $TARBALLS; do tar -xzf "$SOURCES/$t" -C "$SRC"; done
}
step_zenohc() {
  cd "$SRC/zenoh-c"
  sed -i 's|, git = "https://github.com/eclipse-zenoh/zenoh.git", branch = "release/1.6.2"||' \
    Cargo.toml Cargo.toml.in build-resources/opaque-types/Cargo.toml
  printf '[toolchain]\nchannel = "stable"\n' > rust-toolchain.toml
  cargo update -p static_init --precise 1.0.4 --manifest-path build-resources/opaque-types/Cargo.toml
  cargo update -p static_init --precise 1.0.4 --manifest-path Cargo.toml
  nice -n 10 cmake -S "$SRC/zenoh-c" -B "$W/build/zenoh-c" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$PREFIX" \
    "-DZENOHC_CARGO_FLAGS=--features=shared-memory zenoh/transport_serial" \
    -DZENOHC_BUILD_WITH_UNSTABLE_API=TRUE
  CARGO_BUILD_JOBS=$JOBS nice -n 10 cmake --build "$W/build/zenoh-c" -j "$JOBS"
  cmake --install "$W/build/zenoh-c"
}
step_zenohcpp() {
  cmake -S "$SRC/zenoh-cpp" -B "$W/build/zenoh-cpp" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_PREFIX_PATH="$PREFIX" \
    -DZENOHCXX_ZENOHC=OFF -DZENOHCXX_ENABLE_TESTS=OFF -DZENOHCXX_ENABLE_EXAMPLES=OFF
  cmake --install "$W/build/zenoh-cpp"
}
step_vendor() {
  cmake -S "$SRC/zenoh_cpp_vendor" -B "$W/build/zenoh_cpp_vendor" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_PREFIX_PATH="$PREFIX;$V" -DUSE_SYSTEM_ZENOH=ON \
    -DPython3_EXECUTABLE="$V/bin/python3" -DBUILD_TESTING=OFF
  cmake --build "$W/build/zenoh_cpp_vendor"
  cmake --install "$W/build/zenoh_cpp_vendor"
}
tracetools_libs() { echo "$V"/lib/python3*/site-packages/ros_tracetools.libs; }
step_rmwzenoh() {
  export AMENT_PREFIX_PATH="$PREFIX:$V"
  local TL; TL=$(tracetools_libs)
  mkdir -p "$W/build/lttng-link"
  # liblttng-ust-<hash> only: liblttng-ust-tracepoint-<hash> sits beside it.
  ln -sf "$TL"/liblttng-ust-????????.so.0.0.0 "$W/build/lttng-link/liblttng-ust.so"
  nice -n 10 cmake -S "$SRC/rmw_zenoh_cpp" -B "$W/build/rmw_zenoh_cpp" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_PREFIX_PATH="$PREFIX;$V" \
    "-DCMAKE_SHARED_LINKER_FLAGS=-L$W/build/lttng-link -Wl,-rpath,$TL" \
    "-DCMAKE_EXE_LINKER_FLAGS=-L$W/build/lttng-link -Wl,-rpath,$TL" \
    -DCMAKE_INSTALL_RPATH="$PREFIX/lib;$V/lib;$TL" \
    -DPython3_EXECUTABLE="$V/bin/python3" -DBUILD_TESTING=OFF
  nice -n 10 cmake --build "$W/build/rmw_zenoh_cpp" -j "$JOBS"
  cmake --install "$W/build/rmw_zenoh_cpp"
}
step_env() {
  local TL; TL=$(tracetools_libs)
  cat > "$W/env.sh" <<EOF
# source me: rclpy over rmw_zenoh_cpp (Kilted wheels + rmw_zenoh_cpp $VERSION / zenoh-c 1.6.2 built here)
export AMENT_PREFIX_PATH=$PREFIX:$V
export LD_LIBRARY_PATH=$PREFIX/lib:$V/lib:$TL\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}
export PATH=$V/bin:\$PATH
export RMW_IMPLEMENTATION=rmw_zenoh_cpp
EOF
  # The wheels' rcl and rclpy link rmw_fastrtps_cpp directly (no runtime rmw selection), so
  # rmw_zenoh_cpp's rmw_* symbols are interposed with LD_PRELOAD, for this python only.
  cat > "$W/rpy" <<EOF
#!/bin/sh
# python3 of the Kilted venv with rclpy on rmw_zenoh_cpp (made by rclts's scripts/rmw-zenoh-peer.sh)
. "$W/env.sh"
LD_PRELOAD=$PREFIX/lib/librmw_zenoh_cpp.so exec "$V/bin/python3" "\$@"
EOF
  chmod +x "$W/rpy"
}
step_check() {
  ZENOH_CONFIG_OVERRIDE='mode="peer";listen/endpoints=[];connect/endpoints=[];scouting/multicast/enabled=false' \
    ZENOH_ROUTER_CHECK_ATTEMPTS=1 "$W/rpy" -c '
import rclpy
rclpy.init()
n = rclpy.create_node("rclts_peer_check")
assert rclpy.get_rmw_implementation_identifier() == "rmw_zenoh_cpp", rclpy.get_rmw_implementation_identifier()
n.destroy_node(); rclpy.shutdown()
print("rclpy on", "rmw_zenoh_cpp")
'
}

step_env_and_check() { step_env; step_check; }
run "1/8 Debian build packages" step_apt
run "2/8 the Kilted venv (wheels from PyPI)" step_venv
run "3/8 sources from $SOURCES" step_sources
run "4/8 zenoh-c 1.6.2 (cargo; the long step)" step_zenohc
run "5/8 zenoh-cpp 1.6.2" step_zenohcpp
run "6/8 zenoh_cpp_vendor shim" step_vendor
run "7/8 rmw_zenoh_cpp $VERSION" step_rmwzenoh
run "8/8 env and a start check" step_env_and_check
echo "$want" > "$W/READY"
say "real ROS 2 ready in $(( $(date +%s) - started )) s: $W/rpy"
