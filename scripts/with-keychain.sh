#!/bin/sh
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so keytar talks
# to a real Secret Service. Without them the keychain tests skip (and CI, which installs them, fails).
if command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
  exec dbus-run-session -- sh -c 'printf test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' sh "$@"
fi
echo "dbus-run-session or gnome-keyring-daemon missing: the real-keychain tests will be skipped" >&2
exec "$@"
