#!/usr/bin/env bash
# The venv of the bag interop tests (test/interop/bags): rosbags and Foxglove's mcap +
# mcap-ros2-support from PyPI, pinned in test/interop/bags/requirements.txt. Made in .venv-bags
# at the repository root; rebuilt only when the requirements changed since. Kept apart from
# .venv-interop so that changing one never rebuilds the other under a running test.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

venv=.venv-bags
requirements=test/interop/bags/requirements.txt
# shellcheck source=python-venv-lib.sh
. scripts/python-venv-lib.sh
ensure_python_venv bags
# One maker at a time: the test setup makes it, and each bag test file checks it again.
exec 9>".venv-bags.lock"
flock -w 600 9
if [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/requirements.txt"; then
  echo "== bags venv up to date ($venv)"
  exit 0
fi
started=$(date +%s)
echo "== making the bags venv ($venv) from $requirements"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements"
cp "$requirements" "$venv/requirements.txt"
echo "== bags venv made in $(($(date +%s) - started)) s"
