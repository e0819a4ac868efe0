#!/usr/bin/env bash
# The README's quick start: `bash scripts/quick.sh start` or `bash scripts/quick.sh test`.
# Installs system packages (idempotent), installs npm dependencies when the lockfile changed, then
# starts the console or runs everything CI checks.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/bootstrap.sh

stamp=node_modules/.vaultdesk-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "quick: installing npm dependencies"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi

case "${1:-}" in
  start) shift; exec npm start -- "$@" ;;
  test) exec npm test ;;
  *) echo "usage: bash scripts/quick.sh start|test" >&2; exit 2 ;;
esac
