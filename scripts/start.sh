#!/usr/bin/env bash
# `npm start`: the Electron console. With no API key configured it opens on the embedded simulation.
# Where the Electron binary cannot run (no display, or its one-time download is not possible), it
# says so and starts the browser shell instead, which serves the same console on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

electron_dir=node_modules/electron
have_binary() { [ -f "$electron_dir/path.txt" ] && [ -e "$electron_dir/dist/$(cat "$electron_dir/path.txt")" ]; }

if ! have_binary; then
  echo "start: fetching the Electron binary (one time)…"
  timeout 300 node "$electron_dir/install.js" >/dev/null 2>&1 || true
fi

if have_binary && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ] || [ "$(uname)" != "Linux" ]; }; then
  npx electron-vite build
  exec npx electron . "$@"
fi

if ! have_binary; then
  echo "start: the Electron binary is not available on this machine; starting the browser shell instead." >&2
else
  echo "start: no display; starting the browser shell instead." >&2
fi
exec npm run -s start:browser -- "$@"
