#!/usr/bin/env bash
# Builds FerretDB v1.24.2 (MongoDB-compatible server, SQLite backend) from the Go module proxy into
# .tools/bin/ferretdb. A plain `go install ...@v1.24.2` does not work: the proxy refuses the module's
# version list and a module build panics without build/version/version.txt, so we vendor the module
# in a throw-away folder and write the version file ourselves.
set -euo pipefail
VERSION=v1.24.2
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin_dir="${FERRETDB_TOOLS_DIR:-$root/.tools/bin}"
target="$bin_dir/ferretdb"

if [ -x "$target" ] && "$target" --version 2>/dev/null | grep -q "$VERSION"; then
  echo "FerretDB $VERSION already built at $target"
  exit 0
fi
command -v go >/dev/null 2>&1 || { echo "Go is not installed: install Go (https://go.dev/dl) or set MONGODB_URI." >&2; exit 1; }

echo "Building FerretDB $VERSION into $target (about a minute, once)..."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
cat > go.mod <<GOMOD
module ferretdb-build

go 1.24

require github.com/FerretDB/FerretDB $VERSION
GOMOD
cat > tools.go <<'GOTOOLS'
//go:build tools

package tools

import _ "github.com/FerretDB/FerretDB/cmd/ferretdb"
GOTOOLS
export GOFLAGS=-mod=mod GOTOOLCHAIN=local
go mod tidy >/dev/null
go mod vendor
echo "$VERSION" > vendor/github.com/FerretDB/FerretDB/build/version/version.txt
mkdir -p "$bin_dir"
GOFLAGS= go build -mod=vendor -trimpath -o "$target" github.com/FerretDB/FerretDB/cmd/ferretdb
echo "FerretDB $VERSION built at $target"
