#!/usr/bin/env bash
# Schemathesis (PyPI, version 4) in a virtualenv under .tools/venv, for the API's fuzz tests
# (pnpm --filter @vanya/api fuzz:short / fuzz). Idempotent: does nothing when it is there already.
# Needs python3 with the venv module (Debian: apt-get install python3-venv).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.tools/venv"
spec='schemathesis>=4,<5'

if [ -x "$venv/bin/st" ] && "$venv/bin/python" -c "import schemathesis, sys; sys.exit(0 if schemathesis.__version__.startswith('4.') else 1)" 2>/dev/null; then
  exit 0
fi
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  echo "Python 3 with venv is needed for the fuzz tests (Debian: apt-get install python3-venv)." >&2
  exit 1
fi
echo "Installing schemathesis into .tools/venv..."
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "$spec"
"$venv/bin/st" --version
