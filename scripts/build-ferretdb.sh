#!/usr/bin/env bash
# Builds FerretDB v1.24.2 (MongoDB-compatible server, SQLite backend) from the Go module proxy into
# .tools/bin/ferretdb. A plain `go install ...@v1.24.2` does not work: the proxy refuses the module's
# version list and a module build panics without build/version/version.txt, so we vendor the module
# in a throw-away folder and write the version file ourselves.
#
# FerretDB is changed in three places before the build (see "the _id index", "equalities handed to
# SQLite" and "one write at a time" below), so the binary is stamped: `.tools/bin/ferretdb.build`
# names the build, and a binary without the current stamp is rebuilt (`--print-build` prints the
# stamp this script builds).
set -euo pipefail
VERSION=v1.24.2
BUILD="$VERSION with the _id index used, equalities handed to SQLite, and updates serialised"
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

# Equalities handed to SQLite. The backend hands SQLite only a filter of `{_id: value}` alone; any
# other filter makes FerretDB decode every document of the collection in Go to test it, so a guarded
# move (`{_id, status}`) or a checkout's look-up by (userId, idempotencyKey) cost time in proportion
# to the number of orders (17 ms and 29 ms at 90 orders, seconds at thousands). Here each top-level
# equality on a string or an ObjectID becomes a condition SQLite tests on the stored JSON, spelled
# as FerretDB's own indexes on the field are, so SQLite searches an index where there is one: the
# field equal to the value, or holding an array (MongoDB's equality also matches an array that
# contains the value). The rows SQLite returns are thus a superset of the matches, and FerretDB's
# handlers still apply the whole filter to each row, as they always do. Measured beside 5,000
# orders: the look-up by (userId, idempotencyKey) 154 ms on the JSON, 1.7 ms by the index.
sqlite=vendor/github.com/FerretDB/FerretDB/internal/backends/sqlite
cat > "$sqlite/filter_pushdown.go" <<'GOWHERE'
package sqlite

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// plainField is a top-level field name that needs no quoting in an SQLite JSON path.
var plainField = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// whereEqual (added by build-ferretdb.sh) turns the filter's top-level equalities on a string or an
// ObjectID into a WHERE clause that keeps every row they could match; "" when there are none.
func whereEqual(filter *types.Document) (string, []any) {
	keys, values := filter.Keys(), filter.Values()
	seen := map[string]int{}
	for _, key := range keys {
		seen[key]++
	}

	var conditions []string
	var args []any

	for i, key := range keys {
		if seen[key] != 1 || !plainField.MatchString(key) {
			continue
		}

		switch values[i].(type) {
		case string, types.ObjectID:
		default:
			continue
		}

		args = append(args, string(must.NotFail(sjson.MarshalSingleValue(values[i]))))

		if key == "_id" {
			conditions = append(conditions, fmt.Sprintf(`%s = ?`, metadata.IDColumn))
			continue
		}

		// Spelled as FerretDB spells its indexes on the field, so SQLite can search one; the JSON
		// text of an array is the one that starts with '['.
		field := fmt.Sprintf(`%s->%q`, metadata.DefaultColumn, key)
		conditions = append(conditions, fmt.Sprintf(`(%[1]s = ? OR (%[1]s >= '[' AND %[1]s < '\'))`, field))
	}

	if len(conditions) == 0 {
		return "", nil
	}

	return " WHERE " + strings.Join(conditions, " AND "), args
}
GOWHERE
perl -0pi -e 's/\tif params\.Filter\.Len\(\) == 1 \{\n\t\tv, _ := params\.Filter\.Get\("_id"\)\n\t\tswitch v\.\(type\) \{\n\t\tcase string, types\.ObjectID:\n(\t\t\tfilterPushdown = true\n)?\t\t\twhereClause = [^\n]*\n\t\t\targs = [^\n]*\n\t\t\}\n\t\}\n/"\twhereClause, args = whereEqual(params.Filter)\n" . ($1 ? "\tfilterPushdown = whereClause != \"\"\n" : "")/ge' "$sqlite/collection.go"
[ "$(grep -c '^	whereClause, args = whereEqual(params.Filter)$' "$sqlite/collection.go")" = 2 ] || {
  echo "Could not hand FerretDB's equalities to SQLite (in $sqlite/collection.go)." >&2
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
