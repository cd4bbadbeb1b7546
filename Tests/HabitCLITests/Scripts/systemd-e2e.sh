#!/bin/bash
# habit's timer under a real systemd user manager, on a machine whose PID 1 need not be systemd:
# in a private mount namespace, /run/systemd is a tmpfs holding the "booted with systemd" marker
# `systemd --user` insists on, and the manager runs with the caller's scratch HOME and
# XDG_RUNTIME_DIR. Prints what the manager reports after each step; stops the manager.
# Usage (as root): HOME=… XDG_RUNTIME_DIR=… systemd-e2e.sh HABIT DATA_DIR
set -euo pipefail
if [ "${HABIT_SYSTEMD_E2E_IN_NS:-}" != 1 ]; then
  exec unshare --mount --propagation private env HABIT_SYSTEMD_E2E_IN_NS=1 bash "$0" "$@"
fi
habit=$1 data=$2
mount -t tmpfs tmpfs /run/systemd
mkdir -p /run/systemd/system
unset DBUS_SESSION_BUS_ADDRESS
manager=''
trap '[ -n "$manager" ] && { kill "$manager" 2>/dev/null; wait "$manager" 2>/dev/null; }; true' EXIT
trap 'exit 1' INT TERM PIPE
/lib/systemd/systemd --user --log-target=console --log-level=warning >"$XDG_RUNTIME_DIR/manager.log" 2>&1 &
manager=$!
for _ in $(seq 200); do [ -S "$XDG_RUNTIME_DIR/systemd/private" ] && break; sleep 0.05; done
timeout 20 systemctl --user is-system-running --wait >/dev/null || true

timers() {
  echo "== $1"
  local enabled
  enabled=$(systemctl --user is-enabled habit-remind.timer 2>/dev/null || true)
  echo "enabled: ${enabled:-not-found}, active: $(systemctl --user is-active habit-remind.timer 2>&1 || true)"
  # `{ OnCalendar=*-*-* 08:00:00 ; next_elapse=… }`, one a line, in no particular order.
  systemctl --user show habit-remind.timer -p TimersCalendar --value 2>&1 | sed -e 's/^{ //' -e 's/ ; next_elapse=.*//' -e '/^$/d' | sort
}
run() { echo "\$ habit $*"; "$habit" --dir "$data" "$@"; }

run remind install
timers "installed with a user manager running"
run edit run --remind 07:15
timers "a change of times through habit"
echo "\$ systemctl --user start habit-remind.service"
systemctl --user start habit-remind.service
systemctl --user show habit-remind.service -p Result -p ExecMainStatus
run remind uninstall
timers "uninstalled"
ls "${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
