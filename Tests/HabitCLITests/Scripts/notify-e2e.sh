#!/bin/bash
# End-to-end delivery of reminders to a real notification server, on a machine with no desktop:
# a private session bus (dbus-run-session), a virtual X server (Xvfb) and dunst. Runs each
# command given (with the bus in its environment), then prints what dunst received, one
# notification a line: "appname<TAB>summary<TAB>body". Stops everything it started.
# Usage: [NOTIFY_MARKUP=full] notify-e2e.sh 'COMMAND' ...
# Needs dbus-run-session (dbus), Xvfb (xvfb), dunst and dunstctl (dunst), busctl (systemd), python3.
set -euo pipefail
if [ -z "${HABIT_NOTIFY_E2E_IN_BUS:-}" ]; then
  exec env HABIT_NOTIFY_E2E_IN_BUS=1 dbus-run-session -- bash "$0" "$@"
fi
work=$(mktemp -d)
xvfb='' dunst=''
cleanup() {
  if [ -n "$dunst" ]; then kill "$dunst" 2>/dev/null || true; wait "$dunst" 2>/dev/null || true; fi
  if [ -n "$xvfb" ]; then kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM PIPE

# Xvfb writes its display number on fd 3 once it accepts clients: no guessing a free display.
exec 3> "$work/display"
Xvfb -displayfd 3 -screen 0 640x480x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
exec 3>&-
for _ in $(seq 200); do [ -s "$work/display" ] && break; sleep 0.05; done
[ -s "$work/display" ] || { echo "Xvfb did not start" >&2; cat "$work/xvfb.log" >&2; exit 1; }
export DISPLAY=":$(cat "$work/display")"

# `dunstctl context` opens dunst's menu of actions through "dmenu": this one picks the first line
# holding the word in the file $NOTIFY_PICK_FILE (default "Done"), as a person would, and appends
# the menu to $NOTIFY_MENU_LOG.
cat > "$work/pick" <<'PICK'
#!/bin/sh
menu=$(cat)
[ -n "${NOTIFY_MENU_LOG:-}" ] && printf '%s\n' "$menu" >> "$NOTIFY_MENU_LOG"
pick=$(cat "${NOTIFY_PICK_FILE:-/nonexistent}" 2>/dev/null || echo Done)
printf '%s\n' "$menu" | grep -m1 -F -- "$pick"
PICK
chmod +x "$work/pick"

# NOTIFY_MARKUP=full makes dunst read bodies as markup (and say so in its capabilities).
cat > "$work/dunstrc" <<RC
[global]
    dmenu = $work/pick
    history_length = 50
    idle_threshold = 0
    markup = ${NOTIFY_MARKUP:-no}
    sticky_history = yes
[urgency_low]
    timeout = 600
[urgency_normal]
    timeout = 600
[urgency_critical]
    timeout = 0
RC
dunst -config "$work/dunstrc" >"$work/dunst.log" 2>&1 &
dunst=$!
owned() {
  busctl --user call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus NameHasOwner s \
    org.freedesktop.Notifications 2>/dev/null | grep -q true
}
for _ in $(seq 250); do owned && break; sleep 0.02; done
owned || { echo "dunst did not take org.freedesktop.Notifications" >&2; cat "$work/dunst.log" >&2; exit 1; }

for command in "$@"; do
  echo "\$ $command"
  bash -c "$command"
  echo "[exit $?]"
done

# A reminder with actions is shown by a waiter habit left running: let each show its notification.
for _ in $(seq 200); do
  waiters=$(pgrep -fc -- ' remind act ' || true)
  if [ "$waiters" -eq 0 ] || [ "$(dunstctl count displayed)" -ge "$waiters" ]; then break; fi
  sleep 0.05
done
# Shown notifications enter the history when closed (a waiter ends with its notification).
sleep 0.2
dunstctl close-all
sleep 0.2
echo "== received"
dunstctl history | python3 -c '
import json, sys
for n in sorted(json.load(sys.stdin)["data"][0], key=lambda n: n["id"]["data"]):
    print("\t".join([n["appname"]["data"], n["summary"]["data"], n["body"]["data"]]))
'
