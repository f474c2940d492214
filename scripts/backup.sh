#!/usr/bin/env bash
# Takes a backup of the shop: the database MONGODB_URI names and the uploads folder (UPLOAD_DIR),
# as vanya-<UTC time>.tar.gz in BACKUP_DIR, keeping the newest BACKUP_KEEP (14). Run it daily.
#   From the repo:  scripts/backup.sh            (.env is read; archives in .data/backups by default)
#   In the image:   node dist/cli/backup.js dump --out /backups --keep 14   (what this runs there)
# Restore one with scripts/restore.sh <archive>.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ -f "$root/apps/api/src/cli/backup.ts" ]]; then
  cli=("$root/apps/api/node_modules/.bin/tsx" "$root/apps/api/src/cli/backup.ts")
  out="${BACKUP_DIR:-$root/.data/backups}"
else # a copy next to the image's dist/ (/app/scripts/backup.sh)
  cli=(node "$root/dist/cli/backup.js")
  out="${BACKUP_DIR:-/backups}"
fi
out="$(realpath -m "$out")"
cd "$root"
exec "${cli[@]}" dump --out "$out" --keep "${BACKUP_KEEP:-14}"
