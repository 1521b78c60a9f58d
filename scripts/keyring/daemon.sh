#!/bin/sh
# The keyring daemon of a scripts/keyring-session.sh session, as its private bus starts it (D-Bus activation:
# services/org.freedesktop.secrets.service): at the session's start, and again at the next keychain call if one
# ends while the command runs, on the same keyring files, unlocked. Everything it needs comes through the bus's
# environment, set by keyring-session.sh; the password never goes through a file.
#
# --unlock reads the password from stdin, creates the "login" keyring if it is missing (making it the default
# collection) and unlocks it; --foreground keeps it this shell's child. XDG_DATA_HOME puts the keyring files in
# $BLOCKGLASS_KEYRING_DATA/keyrings, not ~/.local/share/keyrings, where an old login.keyring with another
# password would stay locked. XDG_RUNTIME_DIR puts the control socket in the session's folder, not ~/.cache or
# /run/user (absent for root in a container). setsid: the daemon runs in a session and process group of its
# own, so a signal meant for the group of the command (a test runner stopping its workers, a Ctrl+C) never
# reaches it.
printf '%s' "${KEYRING_PASSWORD:-blockglass-ci}" |
  setsid env XDG_DATA_HOME="$BLOCKGLASS_KEYRING_DATA" XDG_RUNTIME_DIR="$BLOCKGLASS_KEYRING_RUNTIME" \
    gnome-keyring-daemon --foreground --unlock --components=secrets
code=$?
# Ended while the command still runs (the session removes its marker before it stops the daemon): say how, and
# when, so that the failures that follow are explained.
if [ -e "$BLOCKGLASS_KEYRING_RUNTIME/running" ]; then
  if [ "$code" -gt 128 ]; then how="was killed by signal $((code - 128))"; else how="exited with status $code"; fi
  echo "keyring-session: the keyring daemon $how at $(date +%T) while the command still ran; D-Bus starts another, on the same keyring, at the next keychain call" >&2
fi
