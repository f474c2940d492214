#!/usr/bin/env bash
# Restores a backup taken by scripts/backup.sh into the database MONGODB_URI names and UPLOAD_DIR:
#   scripts/restore.sh <vanya-YYYYMMDDTHHMMSSZ.tar.gz> [--drop]
# Stop the API first. Both must be empty: --drop drops the database and empties the folder first.
# In the image: node dist/cli/backup.js restore --from <archive> [--drop]
set -euo pipefail
if [[ $# -lt 1 || "$1" == -* ]]; then
  echo "Usage: scripts/restore.sh <vanya-YYYYMMDDTHHMMSSZ.tar.gz> [--drop]" >&2
  exit 2
fi
archive="$(realpath -m "$1")"
shift
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ -f "$root/apps/api/src/cli/backup.ts" ]]; then
  cli=("$root/apps/api/node_modules/.bin/tsx" "$root/apps/api/src/cli/backup.ts")
else # a copy next to the image's dist/ (/app/scripts/restore.sh)
  cli=(node "$root/dist/cli/backup.js")
fi
cd "$root"
"${cli[@]}" restore --from "$archive" "$@"
cat <<'NEXT'

Next: start the API again (docker compose start shop, or scripts/shop.sh) and check that
/api/health answers 200. Sessions and invoice links made before the backup work again only if
JWT_SECRET (and any *_SECRET set) is the one the shop had then.
NEXT
