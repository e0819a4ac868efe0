#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked GNOME Keyring, so the OS keychain
# tests use a real Secret Service. Already inside such a session (VAULTDESK_KEYRING=1): runs as is.
set -euo pipefail
if [ "${VAULTDESK_KEYRING:-}" = "1" ]; then exec "$@"; fi
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "with-keyring: dbus-run-session and gnome-keyring-daemon are needed (run scripts/bootstrap.sh)" >&2
  exit 2
fi
# A throwaway keyring folder, so tests never touch the user's own keychain.
keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
mkdir -p "$keyring_home/.local/share/keyrings"
export VAULTDESK_KEYRING=1
exec dbus-run-session -- env XDG_DATA_HOME="$keyring_home/.local/share" bash -c '
  printf "vaultdesk-test" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  exec "$@"
' with-keyring "$@"
