#!/usr/bin/env bash
# The venv of the interop tests (test/interop): independent zenoh peers, eclipse-zenoh's
# zenoh-ext for Python from PyPI, pinned in test/interop/requirements.txt. Made in
# .venv-interop at the repository root; rebuilt only when the requirements changed since.
# Debian's python3 needs python3-venv for `-m venv`: installed with apt when missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

venv=.venv-interop
requirements=test/interop/requirements.txt
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  echo "== installing python3 and python3-venv for the interop venv"
  sudo_cmd=""
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null
fi
if [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/requirements.txt"; then
  echo "== interop venv up to date ($venv)"
  exit 0
fi
started=$(date +%s)
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements"
cp "$requirements" "$venv/requirements.txt"
echo "== interop venv made in $(($(date +%s) - started)) s: $("$venv/bin/python" -m pip list --disable-pip-version-check 2>/dev/null | grep -Ei '^(eclipse-zenoh|xxhash) ' | tr -s ' ' | paste -sd ',')"
