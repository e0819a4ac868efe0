#!/bin/sh
# deb post-install: put the Ledger udev rule in place and reload udev so a plugged device is usable.
set -e
rules_src="/opt/Vaultdesk/resources/udev/51-ledger-vaultdesk.rules"
if [ -f "$rules_src" ] && [ -d /etc/udev/rules.d ]; then
  install -m 0644 "$rules_src" /etc/udev/rules.d/51-ledger-vaultdesk.rules
  if command -v udevadm >/dev/null 2>&1; then
    udevadm control --reload-rules || true
    udevadm trigger --subsystem-match=hidraw || true
  fi
fi
