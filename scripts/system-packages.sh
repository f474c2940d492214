#!/usr/bin/env bash
# What the tests need from the system (Debian/Ubuntu names): Chromium for the browser suite,
# poppler for the invoice layout tests, DejaVu fonts for the PDFs, Go to build the embedded
# database, and python3-venv for the fuzz tests. Installs what is missing with apt-get (through
# sudo when not root), or stops at once saying exactly what to install.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
command -v go >/dev/null 2>&1 || need+=(golang-go)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
command -v python3 >/dev/null 2>&1 || need+=(python3)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
[ "${#need[@]}" -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo"
  else
    echo "The tests need these system packages: ${need[*]}" >&2
    echo "Install them (Debian/Ubuntu): sudo apt-get install ${need[*]}" >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need: ${need[*]} (Debian/Ubuntu package names). Install them with your system's package manager." >&2
  exit 1
fi
echo "Installing system packages: ${need[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
