#!/usr/bin/env bash
# Copies the shop's backups off this host: the archives in the compose `backup` service's volume
# go to any rsync destination (another machine over ssh, or a mounted network or cloud drive):
#   scripts/backup-offsite.sh user@backup-host:/srv/vanya-backups
#   scripts/backup-offsite.sh /mnt/nas/vanya-backups
# Archives already there are left alone (an archive never changes once written); none are
# deleted at the destination, so its own retention is the operator's choice. Run it daily from
# the host's cron, an hour after the backup service's dump, e.g.
#   30 3 * * * cd /srv/vanya && scripts/backup-offsite.sh user@backup-host:/srv/vanya-backups
set -euo pipefail
if [[ $# -ne 1 ]]; then
  echo "Usage: scripts/backup-offsite.sh <rsync destination>" >&2
  exit 2
fi
cd "$(dirname "${BASH_SOURCE[0]}")/.."
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
docker compose cp backup:/backups/. "$stage/"
shopt -s nullglob
archives=("$stage"/vanya-*.tar.gz)
if ((${#archives[@]} == 0)); then
  echo "The backups volume holds no archive yet." >&2
  exit 1
fi
rsync -a --ignore-existing "${archives[@]}" "$1/"
echo "Copied ${#archives[@]} archive(s) to $1 (those already there were kept)."
