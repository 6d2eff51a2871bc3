#!/usr/bin/env bash
# The venv of the interop tests (test/interop): independent zenoh peers, eclipse-zenoh's
# zenoh-ext for Python from PyPI, pinned in test/interop/requirements.txt. Made in
# .venv-interop at the repository root; rebuilt only when the requirements changed since.
# python3 with venv: scripts/python-venv-lib.sh. The vitest global setup runs this.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

venv=.venv-interop
requirements=test/interop/requirements.txt
# shellcheck source=python-venv-lib.sh
. scripts/python-venv-lib.sh
ensure_python_venv interop
if [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/requirements.txt"; then
  echo "== interop venv up to date ($venv)"
  exit 0
fi
started=$(date +%s)
echo "== making the interop venv ($venv) from $requirements: $(grep -Ev '^[[:space:]]*(#|$)' "$requirements" | paste -sd ' ')"
rm -rf "$venv"
python3 -m venv "$venv"
echo "== venv made, installing the requirements with pip"
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements"
cp "$requirements" "$venv/requirements.txt"
echo "== interop venv made in $(($(date +%s) - started)) s: $("$venv/bin/python" -m pip list --disable-pip-version-check 2>/dev/null | grep -Ei '^(eclipse-zenoh|xxhash) ' | tr -s ' ' | paste -sd ',')"
