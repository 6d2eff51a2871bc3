#!/usr/bin/env bash
# The venv of the bench's real-ROS 2 baseline (bench/rclpy.ts): rclpy over Fast DDS
# (rmw_fastrtps_cpp, ROS 2's default rmw) from PyPI's ROS wheels, pinned in
# bench/python/requirements.txt. About 250 MB, so it lives in the user's cache
# (${XDG_CACHE_HOME:-~/.cache}/rclts/rclpy-venv), not in the repository, and neither `npm test`
# nor CI needs it. Rebuilt only when the requirements changed since.
#
# The wheels put the ament prefix at the venv root (share/ament_index) and their libraries in
# <venv>/lib and site-packages/ros_*.libs; a .pth hook re-executes python with LD_LIBRARY_PATH
# set. The bench still sets AMENT_PREFIX_PATH=<venv>, LD_LIBRARY_PATH=<venv>/lib and
# RMW_IMPLEMENTATION=rmw_fastrtps_cpp itself, so the rmw is named, not left to a default.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

venv="${XDG_CACHE_HOME:-$HOME/.cache}/rclts/rclpy-venv"
requirements=bench/python/requirements.txt
# shellcheck source=python-venv-lib.sh
. scripts/python-venv-lib.sh
ensure_python_venv rclpy
if [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/requirements.txt"; then
  echo "== rclpy venv up to date ($venv)"
  exit 0
fi
started=$(date +%s)
echo "== making the rclpy venv in $venv ($(python3 --version), $(grep -c '^ros-' "$requirements") ROS wheels)"
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements"
echo "== checking that rclpy starts over rmw_fastrtps_cpp"
AMENT_PREFIX_PATH="$venv" LD_LIBRARY_PATH="$venv/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" RMW_IMPLEMENTATION=rmw_fastrtps_cpp \
  "$venv/bin/python" -c '
import rclpy, std_msgs.msg, std_srvs.srv
rclpy.init()
node = rclpy.create_node("rclts_venv_check")
print("== rclpy", rclpy.get_rmw_implementation_identifier())
node.destroy_node()
rclpy.shutdown()
'
# Written last: a half-made venv is made again on the next run.
cp "$requirements" "$venv/requirements.txt"
echo "== rclpy venv made in $(($(date +%s) - started)) s ($(du -sh "$venv" | cut -f1))"
