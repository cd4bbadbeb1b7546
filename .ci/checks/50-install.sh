#!/usr/bin/env bash
# scripts/install into a throwaway prefix: the binary carries its Swift runtime (ldd names no Swift
# library; libgit2 stays Debian's), habit(1) renders, each shell finds its completions where the
# install put them, and the installed habit passes the README session on a fresh account (whose
# git commands load libgit2).
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "50-install: $*" >&2; exit 1; }

scripts/install --prefix "$prefix" 2>&1 | sed 's/^/  /'
habit="$prefix/bin/habit"
[ -x "$habit" ] || fail "no $habit"
[ -x "$prefix/bin/habit-serve" ] || fail "no $prefix/bin/habit-serve beside habit (habit serve runs it)"
if ldd "$prefix/bin/habit-serve" | grep -Ei 'swift|Foundation|dispatch|BlocksRuntime|icu'; then
  fail "the installed habit-serve links the Swift runtime dynamically"
fi
[ -x "$prefix/bin/habit-mcp" ] || fail "no $prefix/bin/habit-mcp beside habit (habit mcp runs it)"
if ldd "$prefix/bin/habit-mcp" | grep -Ei 'swift|Foundation|dispatch|BlocksRuntime|icu'; then
  fail "the installed habit-mcp links the Swift runtime dynamically"
fi

libraries=$(ldd "$habit")
if echo "$libraries" | grep -Ei 'swift|Foundation|dispatch|BlocksRuntime|icu'; then
  fail "the installed habit links the Swift runtime dynamically"
fi
# libgit2 is Debian's, loaded on first use (Sources/CLibgit2): not linked, and present to load.
if readelf -d "$habit" | grep -q 'NEEDED.*libgit2'; then fail "the installed habit links libgit2 instead of loading it on first use"; fi
# libgit2's start finds this one in the executable and skips the certificates only https needs.
for program in "$habit" "$prefix/bin/habit-serve" "$prefix/bin/habit-mcp"; do
  exported=$(nm -D --defined-only "$program")
  for hook in mbedtls_x509_crt_parse_file; do
    [[ $'\n'"$exported"$'\n' == *" T $hook"$'\n'* ]] || fail "$program does not export $hook (Package.swift, exportsStartHooks)"
  done
done
[ -e /usr/lib/x86_64-linux-gnu/libgit2.so.1.5 ] || [ -n "$(ldconfig -p | grep 'libgit2\.so\.1\.5 ')" ] || fail "libgit2.so.1.5 is not installed"
"$habit" --version | grep -Eq '^[0-9]+\.[0-9]+' || fail "habit --version: $("$habit" --version)"

# man finds the page through PATH (man-db looks in ../share/man beside each PATH directory).
page=$(env -i HOME="$prefix" LANG=C.UTF-8 PATH="$prefix/bin:/usr/bin:/bin" man -w habit) || fail "man -w habit finds nothing"
[ "$page" = "$prefix/share/man/man1/habit.1" ] || fail "man -w habit is $page"
rendered=$(env -i HOME="$prefix" LANG=C.UTF-8 PATH="$prefix/bin:/usr/bin:/bin" MANWIDTH=100 man habit)
[[ "$rendered" == *"HISTORY AND SYNC"* ]] || fail "man habit does not render the page"

# Each shell, as the install's hint tells a user of this prefix to set it up.
share="$prefix/share"
shells() { env -i HOME="$prefix" PATH="$prefix/bin:/usr/bin:/bin" XDG_DATA_DIRS="$share:/usr/local/share:/usr/share" "$@"; }
if [ -f /usr/share/bash-completion/bash_completion ]; then
  shells bash --norc -ic 'source /usr/share/bash-completion/bash_completion; _completion_loader habit; complete -p habit' 2>/dev/null \
    | grep -q -- '-F _habit habit' || fail "bash does not load $share/bash-completion/completions/habit"
fi
shells zsh -fc "fpath=($share/zsh/site-functions \$fpath); autoload -Uz compinit; compinit -u -d $prefix/.zcompdump; print \${_comps[habit]}" \
  | grep -q '_habit' || fail "zsh does not find $share/zsh/site-functions/_habit"
[[ $'\n'"$(shells fish -c 'complete -C "habit "')" == *$'\nlist'* ]] || fail "fish does not find $share/fish/vendor_completions.d/habit.fish"

# The README session, replayed by the test that replays it for the build, on the installed binary.
result=$(HABIT_TEST_BINARY="$habit" swift test --skip-build --filter 'FreshAccountTests|VersionTests' 2>&1 | tail -1 || true)
echo "  $result" >&2
case "$result" in *" passed "*) ;; *) fail "the installed habit does not pass the README session" ;; esac
echo "50-install: ok ($("$habit" --version), $(du -h "$habit" | cut -f1))" >&2
