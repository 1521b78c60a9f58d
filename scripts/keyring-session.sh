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
# harmless (it keeps the default limit), and it goes to the same stderr as CMD's, so it is left visible.
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
  exec env __BLOCKGLASS_KEYRING_INNER=1 dbus-run-session -- bash "$0" "$@"
fi
unset __BLOCKGLASS_KEYRING_INNER

tmp=$(mktemp -d "${TMPDIR:-/tmp}/blockglass-keyring.XXXXXX")
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT
data_dir=${KEYRING_DIR:-$tmp/data}
mkdir -p "$data_dir" "$tmp/run"
chmod 700 "$data_dir" "$tmp/run"

# --unlock reads the password from stdin, creates the "login" keyring if it is missing (making it
# the default collection), unlocks it and daemonizes.
# XDG_DATA_HOME puts the keyring files in $data_dir/keyrings, not ~/.local/share/keyrings, where an
# old login.keyring with another password would stay locked. XDG_RUNTIME_DIR puts the control
# socket in $tmp/run, not ~/.cache or /run/user (absent for root in a container).
# setsid: the daemon runs in a session and process group of its own, so a signal meant for the group of the
# command (a test runner stopping its workers, a Ctrl+C) never reaches the keychain the command is using.
if ! daemon_env=$(printf '%s' "${KEYRING_PASSWORD:-blockglass-ci}" |
  XDG_DATA_HOME="$data_dir" XDG_RUNTIME_DIR="$tmp/run" \
    setsid gnome-keyring-daemon --unlock --components=secrets 2>"$tmp/daemon.err"); then
  say "gnome-keyring-daemon failed to start:"
  sed 's/^/  /' "$tmp/daemon.err" >&2
  exit 70
fi
while IFS= read -r line; do
  case "$line" in GNOME_KEYRING_CONTROL=*) export "${line?}" ;; esac
done <<<"$daemon_env"

# The daemonized keyring may claim org.freedesktop.secrets a few ms AFTER the command above
# returns. Wait for the name with NameHasOwner, which does not auto-activate: calling the service
# itself before then makes D-Bus activate a SECOND gnome-keyring-daemon (from
# /usr/share/dbus-1/services) that uses ~/.local/share/keyrings and a locked or missing keyring.
owned=
for _ in $(seq 1 100); do # up to ~5 s
  owned=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null |
    awk '/boolean/ {print $2}') || true
  [ "$owned" = "true" ] && break
  sleep 0.05
done
if [ "$owned" != "true" ]; then
  say "gnome-keyring-daemon started but did not claim org.freedesktop.secrets within 5 s"
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

# The keyring daemons of THIS session, found by its bus address (the daemon leaves our process tree).
session_daemons() {
  for proc in /proc/[0-9]*; do
    [ "$(cat "$proc/comm" 2>/dev/null)" = gnome-keyring-d ] || continue
    if { tr '\0' '\n' <"$proc/environ"; } 2>/dev/null | grep -qxF "DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS"; then
      echo "${proc#/proc/}"
    fi
  done
}

# A keyring daemon that ends while CMD runs takes every stored key with it, and the next keychain call makes
# D-Bus start another one, whose keyring is locked: calls then hang. Nothing in CMD should end it; if something
# does, this says so, and when, on stderr, so that the failures that follow are explained.
daemon_pids=$(session_daemons | tr '\n' ' ')
watchdog=
if [ -n "$daemon_pids" ]; then
  (
    while :; do
      sleep 1 >/dev/null 2>&1 # its own output elsewhere: a pipe reading CMD's output is not held open by it
      alive=
      for pid in $daemon_pids; do kill -0 "$pid" 2>/dev/null && alive=1; done
      [ -n "$alive" ] && continue
      say "the keyring daemon (pid ${daemon_pids% }) ended at $(date +%T) while the command still ran: keychain calls from now on fail"
      exit 0
    done
  ) >/dev/null &
  watchdog=$!
fi

export BLOCKGLASS_KEYRING_SESSION=1
# CMD runs in the background so that a signal to this shell (or to the launcher's process group) is passed
# to it and waited for: CMD stops cleanly, then this shell exits, dbus-run-session ends the bus, and the
# keyring daemon leaves with its bus. (In the foreground, a signal killed this shell at once and left CMD,
# the bus and the daemon running.) INT is passed as TERM: a background job of a non-interactive shell
# ignores SIGINT.
set +e
"$@" &
cmd=$!
trap 'kill -TERM "$cmd" 2>/dev/null' TERM INT HUP
rc=0
while kill -0 "$cmd" 2>/dev/null; do wait "$cmd"; rc=$?; done
[ -z "$watchdog" ] || kill "$watchdog" 2>/dev/null
# The keyring daemon of THIS session is stopped now rather than left to notice that its bus is gone: nothing
# of the session outlives it.
for pid in $(session_daemons); do kill -TERM "$pid" 2>/dev/null || true; done
exit "$rc"
