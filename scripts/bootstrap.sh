#!/usr/bin/env bash
# Installs the system packages Vaultdesk needs to build, run and test on Debian/Ubuntu.
# Idempotent: packages already present are skipped, so the quick-start commands can call it every time.
set -euo pipefail

packages=(
  libsecret-1-dev      # keytar compiles against libsecret (its prebuilt download is not reachable)
  gnome-keyring        # a real Secret Service for the keychain tests
  dbus-x11             # dbus-run-session for that keyring
  libudev-dev          # node-hid (Ledger over USB HID)
  libusb-1.0-0-dev
  chromium             # end-to-end tests and the browser shell
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p "${HOME}/.local/share/keyrings"
