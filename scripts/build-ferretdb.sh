#!/usr/bin/env bash
# Builds FerretDB v1.24.2 (MongoDB-compatible server, SQLite backend) from the Go module proxy into
# .tools/bin/ferretdb. A plain `go install ...@v1.24.2` does not work: the proxy refuses the module's
# version list and a module build panics without build/version/version.txt, so we vendor the module
# in a throw-away folder and write the version file ourselves.
#
# One line of FerretDB is changed before the build (see "the _id index" below), so the binary is
# stamped: `.tools/bin/ferretdb.build` names the build, and a binary without the stamp is rebuilt.
set -euo pipefail
VERSION=v1.24.2
BUILD="$VERSION with the _id index used"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin_dir="${FERRETDB_TOOLS_DIR:-$root/.tools/bin}"
target="$bin_dir/ferretdb"
stamp="$target.build"

if [ -x "$target" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$BUILD" ]; then
  echo "FerretDB $BUILD already built at $target"
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

# The _id index. FerretDB's SQLite backend creates each collection's unique `_id` index on the
# expression `_ferretdb_sjson->"_id"` but filters on `_ferretdb_sjson->'$._id'`: the same value
# spelled another way, so SQLite never uses the index, and every read, update and delete by `_id`
# scans the table until it finds the row (measured at 30,000 documents: 2 ms for a row near the
# start, 360 ms for one near the end or a missing one; FerretDB issue #4646 reports the same on its
# PostgreSQL backend). Spelling the filter as the index makes SQLite search the index instead.
meta=vendor/github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata/metadata.go
sed -i 's|IDColumn = DefaultColumn + "->'"'"'\$\._id'"'"'"|IDColumn = DefaultColumn + "->\\"_id\\""|' "$meta"
grep -qF 'IDColumn = DefaultColumn + "->\"_id\""' "$meta" || {
  echo "Could not point FerretDB's _id filter at its index (in $meta)." >&2
  exit 1
}

mkdir -p "$bin_dir"
GOFLAGS= go build -mod=vendor -trimpath -o "$target" github.com/FerretDB/FerretDB/cmd/ferretdb
echo "$BUILD" > "$stamp"
echo "FerretDB $BUILD built at $target"
