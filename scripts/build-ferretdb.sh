#!/usr/bin/env bash
# Builds FerretDB v1.24.2 (MongoDB-compatible server, SQLite backend) from the Go module proxy into
# .tools/bin/ferretdb. A plain `go install ...@v1.24.2` does not work: the proxy refuses the module's
# version list and a module build panics without build/version/version.txt, so we vendor the module
# in a throw-away folder and write the version file ourselves.
#
# FerretDB is changed in three places before the build (see "the _id index" and "one write at a time"
# below), so the binary is stamped: `.tools/bin/ferretdb.build` names the build, and a binary
# without the current stamp is rebuilt (`--print-build` prints the stamp this script builds).
set -euo pipefail
VERSION=v1.24.2
BUILD="$VERSION with the _id index used for any filter naming one _id, and updates serialised"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin_dir="${FERRETDB_TOOLS_DIR:-$root/.tools/bin}"
target="$bin_dir/ferretdb"
stamp="$target.build"

if [ "${1:-}" = "--print-build" ]; then
  echo "$BUILD"
  exit 0
fi

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

# The _id index for filters that name more than the _id. The backend reads by the index only when the
# filter is `{_id: value}` alone, so a guarded move such as `{_id, status: 'pending_payment'}` scans
# every order (17 ms at 65 orders, growing with each). MongoDB finds such a document by its _id and
# then checks the rest; so does this: any filter with exactly one top-level `_id` that is a string or
# an ObjectID (an equality) reads that row by the index, and FerretDB's handlers still apply the
# whole filter to it, as they do to every document the backend returns.
sqlite=vendor/github.com/FerretDB/FerretDB/internal/backends/sqlite
cat > "$sqlite/filter_id.go" <<'GOID'
package sqlite

import "github.com/FerretDB/FerretDB/internal/types"

// namesOneID reports whether a filter has exactly one top-level _id key (added by build-ferretdb.sh):
// its value then decides which row can match, whatever else the filter says.
func namesOneID(filter *types.Document) bool {
	n := 0
	for _, key := range filter.Keys() {
		if key == "_id" {
			n++
		}
	}
	return n == 1
}
GOID
sed -i 's/^\tif params\.Filter\.Len() == 1 {$/\tif namesOneID(params.Filter) {/' "$sqlite/collection.go"
[ "$(grep -c '^	if namesOneID(params.Filter) {$' "$sqlite/collection.go")" = 2 ] || {
  echo "Could not let FerretDB's _id index serve filters with more than the _id (in $sqlite/collection.go)." >&2
  exit 1
}

# One write at a time. FerretDB runs an update, a findAndModify and a delete as a read of the
# matching documents followed by a write, with nothing held between the two, so two commands can both
# read the document before either writes it: measured on the release, 8 concurrent status-guarded
# updateOnes had several winners, concurrent $incs were lost and guarded stock decrements oversold.
# MongoDB applies each of these to a document atomically, and the shop relies on that (guarded
# state changes, $inc counters and stock levels), so one process-wide lock is held around each of
# the three command handlers: writes queue behind each other, reads do not wait.
handler=vendor/github.com/FerretDB/FerretDB/internal/handler
cat > "$handler/serialised_writes.go" <<'GOLOCK'
package handler

import "sync"

// serialisedWrites is held by update, findAndModify and delete for the whole command, so a
// read-then-write by one of them is never interleaved with another (added by build-ferretdb.sh).
var serialisedWrites sync.Mutex
GOLOCK
for cmd in update:MsgUpdate findandmodify:MsgFindAndModify delete:MsgDelete; do
  file="$handler/msg_${cmd%%:*}.go"
  func="${cmd#*:}"
  sed -i "s/^func (h \\*Handler) $func(connCtx context.Context, msg \\*wire.OpMsg) (\\*wire.OpMsg, error) {\$/&\\n\\tserialisedWrites.Lock()\\n\\tdefer serialisedWrites.Unlock()\\n/" "$file"
  grep -A1 "^func (h \\*Handler) $func(" "$file" | grep -qxF "$(printf '\tserialisedWrites.Lock()')" || {
    echo "Could not serialise FerretDB's $func (in $file)." >&2
    exit 1
  }
done

mkdir -p "$bin_dir"
# Built beside the old binary and renamed over it, so a server still running the old one is not hit.
GOFLAGS= go build -mod=vendor -trimpath -o "$target.new" github.com/FerretDB/FerretDB/cmd/ferretdb
mv -f "$target.new" "$target"
echo "$BUILD" > "$stamp"
echo "FerretDB $BUILD built at $target"
