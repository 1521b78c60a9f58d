#!/usr/bin/env bash
# keyring-session.sh CMD [ARGS...]
#
# Runs CMD inside a private D-Bus session bus with a real Secret Service (gnome-keyring-daemon,
# secrets component) whose "login" keyring is UNLOCKED and is the default collection. This is
# how Blockglass's keychain tests reach a real OS keychain on a headless machine: as root, in CI,
# with no desktop and no prompt. The exit status is CMD's (2 for usage, 127 for a missing tool,
# 70 when the keyring could not be brought up).
#
# Inside, CMD sees BLOCKGLASS_KEYRING_SESSION=1; the keychain tests skip (with a message saying
# to use this script) when it is absent, so they never touch a person's own keychain.
#
# Needs (Debian 12): apt-get install -y dbus dbus-x11 gnome-keyring libsecret-1-0
# Env:
#   KEYRING_PASSWORD  password of the throw-away keyring (default: blockglass-ci)
#   KEYRING_DIR       where the keyring files live (default: a fresh temp dir, removed on exit);
#                     point it at a persistent folder to keep secrets between runs
#
# Example: SKIP_SANDBOX_SETUP=1 bash scripts/keyring-session.sh npx vitest run src-main/services/secrets
#
# As root in a container, dbus-daemon prints "Failed to set fd limit to 65536: Operation not permitted":
# harmless (it keeps the default limit), and it goes to the same stderr as CMD's, so it is left visible. It also
# says when it starts the keyring daemon ("Activating service name='org.freedesktop.secrets'"): once as the
# session starts, and again only after a daemon ended, which the session says too ("the keyring daemon was …").
set -euo pipefail

me=keyring-session
say() { echo "$me: $*" >&2; }

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/keyring-session.sh CMD [ARGS...]   (runs CMD with an unlocked throw-away keychain)" >&2
  exit 2
fi

if [ -z "${__BLOCKGLASS_KEYRING_INNER:-}" ]; then
  missing=()
  for bin in dbus-run-session dbus-send gnome-keyring-daemon; do
    command -v "$bin" >/dev/null 2>&1 || missing+=("$bin")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    say "not found: ${missing[*]}"
    say "install them with: apt-get install -y dbus dbus-x11 gnome-keyring libsecret-1-0"
    exit 127
  fi
  # A new private session bus; the bus, and the keyring daemon on it (which exits when its bus
  # goes), end with CMD. The person's own session bus and keychain are never touched.
  # The bus starts the keyring daemon itself, by D-Bus activation, from this project's service file
  # (keyring/bus.conf): once now, and again at the next keychain call if one ends while CMD runs, unlocked, on
  # the same keyring files. keyring/daemon.sh takes its folders from the bus's environment, set here.
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/blockglass-keyring.XXXXXX")
  data_dir=${KEYRING_DIR:-$tmp/data}
  mkdir -p "$data_dir" "$tmp/run"
  chmod 700 "$data_dir" "$tmp/run"
  here=$(cd "$(dirname "$0")" && pwd)
  exec env __BLOCKGLASS_KEYRING_INNER="$tmp" BLOCKGLASS_KEYRING_DAEMON="$here/keyring/daemon.sh" \
    BLOCKGLASS_KEYRING_DATA="$data_dir" BLOCKGLASS_KEYRING_RUNTIME="$tmp/run" \
    dbus-run-session --config-file="$here/keyring/bus.conf" -- bash "$0" "$@"
fi
tmp=$__BLOCKGLASS_KEYRING_INNER
unset __BLOCKGLASS_KEYRING_INNER BLOCKGLASS_KEYRING_DAEMON BLOCKGLASS_KEYRING_DATA BLOCKGLASS_KEYRING_RUNTIME
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT

# The first daemon, started now (the call returns once it owns org.freedesktop.secrets), so that CMD's first
# keychain call does not wait for it. What the daemon says, if anything, is on stderr already.
if ! started=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
  org.freedesktop.DBus.StartServiceByName string:org.freedesktop.secrets uint32:0 2>&1); then
  say "gnome-keyring-daemon failed to start: $started"
  exit 70
fi

# The default collection must exist and be unlocked, or every keychain call would wait on a
# prompt nobody can answer.
unlocked=
for _ in $(seq 1 50); do # up to ~5 s
  alias=$(dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets \
    org.freedesktop.Secret.Service.ReadAlias string:default 2>/dev/null |
    awk '/object path/ {print $3}' | tr -d '"') || true
  if [ -n "$alias" ] && [ "$alias" != "/" ]; then
    locked=$(dbus-send --session --print-reply --dest=org.freedesktop.secrets "$alias" \
      org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Collection string:Locked 2>/dev/null |
      awk '/boolean/ {print $3}') || true
    if [ "$locked" = "false" ]; then
      unlocked=1
      break
    fi
  fi
  sleep 0.1
done
if [ -z "$unlocked" ]; then
  say "the Secret Service is up but its default keyring is missing or locked"
  if [ -n "${KEYRING_DIR:-}" ]; then
    say "KEYRING_DIR=$KEYRING_DIR holds a keyring with another password: set KEYRING_PASSWORD or use an empty folder"
  fi
  exit 70
fi

# The keyring daemons of THIS session, found by its bus address (D-Bus started them, in sessions of their own).
session_daemons() {
  for proc in /proc/[0-9]*; do
    [ "$(cat "$proc/comm" 2>/dev/null)" = gnome-keyring-d ] || continue
    if { tr '\0' '\n' <"$proc/environ"; } 2>/dev/null | grep -qxF "DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS"; then
      echo "${proc#/proc/}"
    fi
  done
}

export BLOCKGLASS_KEYRING_SESSION=1
# CMD runs in the background so that a signal to this shell (or to the launcher's process group) is passed
# to it and waited for: CMD stops cleanly, then this shell exits, dbus-run-session ends the bus, and the
# keyring daemon leaves with its bus. (In the foreground, a signal killed this shell at once and left CMD,
# the bus and the daemon running.) INT is passed as TERM: a background job of a non-interactive shell
# ignores SIGINT.
set +e
: >"$tmp/run/running" # while it is there, a keyring daemon that ends says so (keyring/daemon.sh)
"$@" &
cmd=$!
trap 'kill -TERM "$cmd" 2>/dev/null' TERM INT HUP
rc=0
while kill -0 "$cmd" 2>/dev/null; do wait "$cmd"; rc=$?; done
# The keyring daemon of THIS session is stopped now rather than left to notice that its bus is gone: nothing
# of the session outlives it.
rm -f "$tmp/run/running"
for pid in $(session_daemons); do kill -TERM "$pid" 2>/dev/null || true; done
exit "$rc"
