# Sourced by the venv scripts (interop-venv.sh, rclpy-venv.sh): the one way they get a python3
# that can make a venv. Debian's python3 needs python3-venv for `-m venv`: installed with apt
# when missing. $1 names the venv in the progress line. dpkg's lock may be held by another
# provisioning step (the test setup runs several at once): apt waits for it.
ensure_python_venv() {
  if command -v python3 >/dev/null 2>&1 && python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then return 0; fi
  echo "== installing python3 and python3-venv for the $1 venv"
  local sudo_cmd=""
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
  local lock="-o DPkg::Lock::Timeout=600"
  # shellcheck disable=SC2086
  $sudo_cmd apt-get $lock update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get $lock install -y -qq --no-install-recommends python3 python3-venv >/dev/null
  echo "== python3-venv installed"
}
