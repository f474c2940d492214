#!/usr/bin/env bash
# Brings a fresh checkout to a runnable state: Node 24 (scripts/node.sh), pnpm (the version package.json pins), the
# dependencies, and (when no MONGODB_URI is set) a local MongoDB-compatible server.
export TURBO_TELEMETRY_DISABLED=1
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/node.sh

pnpm_version="$(node -p "require('./package.json').packageManager.split('@')[1]")"
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$pnpm_version" ]; then
  echo "Installing pnpm $pnpm_version..."
  if ! npm install -g "pnpm@$pnpm_version" >/dev/null 2>&1; then
    mkdir -p "$HOME/.local"
    npm install -g --prefix "$HOME/.local" "pnpm@$pnpm_version" >/dev/null
    export PATH="$HOME/.local/bin:$PATH"
    echo "pnpm installed into ~/.local/bin; add it to your PATH."
  fi
fi

echo "Installing dependencies..."
CI=true pnpm install --frozen-lockfile --reporter=silent

if [ -z "${MONGODB_URI:-}" ] && ! command -v mongod >/dev/null 2>&1 && ! command -v ferretdb >/dev/null 2>&1; then
  # The build script returns at once when the current build is there (and rebuilds an older one).
  if command -v go >/dev/null 2>&1; then
    bash scripts/build-ferretdb.sh
  elif [ ! -x .tools/bin/ferretdb ]; then
    echo "Note: no mongod, no ferretdb and no Go. Set MONGODB_URI, or install Go so the embedded database can be built." >&2
  fi
fi
