#!/usr/bin/env bash
# scripts/package-deb, then the package on this machine: dpkg -i, habit --version, man habit, the
# completions in Debian's places, dpkg -P; nothing of it is left. Reuses 50-install's release build.
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "51-package-deb: $*" >&2; exit 1; }
if dpkg-query -W -f='${Status}' habit 2>/dev/null | grep -q "ok installed"; then
  fail "a habit package is installed already; this check installs and removes its own"
fi
output=$(mktemp -d)
trap 'dpkg -P habit >/dev/null 2>&1 || true; rm -rf "$output"' EXIT
deb=$(scripts/package-deb "$output")
depends=$(dpkg-deb -f "$deb" Depends)
[[ "$depends" == *"libgit2-1.5 "* ]] || fail "the package does not depend on libgit2-1.5: $depends"
suggests=$(dpkg-deb -f "$deb" Suggests)
# Loaded at run time, so dpkg-shlibdeps cannot see them: habit serve's QR code, Loop's .db import.
for name in libqrencode4 libsqlite3-0; do
  [[ ", $suggests," == *", $name,"* ]] || fail "the package does not suggest $name: $suggests"
done
contents=$(dpkg-deb -c "$deb")
[[ "$contents" == *"./usr/share/doc/habit/copyright"* ]] || fail "no copyright file"
[[ "$contents" == *"./usr/bin/habit-serve"* ]] || fail "no /usr/bin/habit-serve (habit serve runs it)"
[[ "$contents" == *"./usr/bin/habit-mcp"* ]] || fail "no /usr/bin/habit-mcp (habit mcp runs it)"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO dpkg -i "$deb" >/dev/null
version=$(/usr/bin/habit --version)
[ "$version" = "$(.build/release/habit --version)" ] || fail "the installed habit is $version"
[ "$(man -w habit)" = /usr/share/man/man1/habit.1.gz ] || fail "man -w habit is $(man -w habit)"
rendered=$(MANWIDTH=100 man habit 2>/dev/null)
[[ "$rendered" == *"FILE FORMAT"* ]] || fail "man habit does not render"
for file in /usr/share/bash-completion/completions/habit /usr/share/zsh/vendor-completions/_habit \
            /usr/share/fish/vendor_completions.d/habit.fish; do
  [ -s "$file" ] || fail "no $file"
done
$SUDO dpkg -P habit >/dev/null
[ ! -e /usr/bin/habit ] || fail "dpkg -P left /usr/bin/habit"
echo "51-package-deb: ok ($(basename "$deb"), $(du -h "$deb" | cut -f1))" >&2
