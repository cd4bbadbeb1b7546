#!/bin/bash
# habit's crontab block through the real `crontab` command (Debian cron), in a private mount
# namespace whose crontab spool is an empty tmpfs: the machine's own crontabs are never seen or
# touched. Prints the crontab after each step.
# Usage (as root): crontab-e2e.sh HABIT DATA_DIR        (HOME is the caller's scratch home)
set -euo pipefail
if [ "${HABIT_CRONTAB_E2E_IN_NS:-}" != 1 ]; then
  exec unshare --mount --propagation private env HABIT_CRONTAB_E2E_IN_NS=1 bash "$0" "$@"
fi
habit=$1 data=$2
spool=/var/spool/cron/crontabs
mount -t tmpfs -o mode=1730 tmpfs "$spool"
chgrp crontab "$spool" 2>/dev/null || true
show() { echo "== $1"; LC_ALL=C crontab -l 2>&1 || echo "[crontab -l: exit $?]"; }
run() { echo "\$ habit $*"; "$habit" --dir "$data" "$@"; }

show "no crontab yet"
run remind install --using cron
show "installed into no crontab"
run remind uninstall
show "uninstalled: the crontab was only habit's block"

# The user's own lines, a variable among them, before and after the block.
printf 'MAILTO=""\n# my jobs\n15 3 * * 0 /usr/bin/backup --weekly\n' | crontab -
run remind install --using cron
printf '%s\n' "$(crontab -l)" '*/5 * * * * /usr/bin/true # added after habit' | crontab -
show "installed between the user's lines"
run edit run --remind 07:15 --remind 21:00
show "a change of times through habit rewrote the block in place"
run remind install --using cron
show "install again: the same"
run remind install --using systemd
show "switched to a systemd timer: the block went"
run remind install --using cron
show "and back: at the end this time"
run remind uninstall
show "uninstalled: only habit's lines went"
run remind uninstall
