#!/bin/sh
# deb post-remove: take the Ledger udev rule away with the app.
set -e
rm -f /etc/udev/rules.d/51-ledger-vaultdesk.rules
if command -v udevadm >/dev/null 2>&1; then udevadm control --reload-rules || true; fi
