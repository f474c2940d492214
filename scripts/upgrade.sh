#!/usr/bin/env bash
# Upgrades the running shop (docker compose) to the code in this folder without downtime:
#   scripts/upgrade.sh
# Builds the new image, builds any new index (the shop refuses to start while one is missing),
# then replaces shop-1, waits until it is ready, and only then replaces shop-2; Caddy sends
# requests to whichever replica is ready meanwhile. Stops at the first replica that does not
# become ready, leaving the other one serving the old version.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export SHOP_VERSION="${SHOP_VERSION:-$(git describe --always --dirty 2>/dev/null || date -u +%Y%m%d%H%M%S)}"
timeout_s="${UPGRADE_READY_TIMEOUT:-180}"

echo "Building vanya-shop:$SHOP_VERSION..."
docker compose build shop-1
echo "Building the indexes the new version declares..."
docker compose run --rm --no-deps indexes

wait_ready() {
  local service="$1" id status waited=0
  id="$(docker compose ps -q "$service")"
  while :; do
    status="$(docker inspect --format '{{.State.Health.Status}}' "$id")"
    [[ "$status" == healthy ]] && return 0
    if ((waited >= timeout_s)); then
      echo "$service is '$status' after ${timeout_s} s: stopping here." >&2
      docker compose logs --tail 40 "$service" >&2
      return 1
    fi
    sleep 2
    waited=$((waited + 2))
  done
}

for service in shop-1 shop-2; do
  echo "Replacing $service..."
  docker compose up -d --no-deps "$service"
  wait_ready "$service"
  echo "$service is ready."
done
docker compose up -d --no-deps backup
echo "Upgraded to $SHOP_VERSION."
