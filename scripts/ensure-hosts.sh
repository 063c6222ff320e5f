#!/usr/bin/env bash
# tests/site/test_hosts.py serves the site with the snippets of hosting/ on
# nginx, Caddy and Apache where they are installed (each is skipped where it
# is not). Install them when we can (root with apt), without starting them
# as services; otherwise say which are missing. Never fails the tests' setup.
set -euo pipefail
missing=()
for program in nginx caddy apache2; do
  command -v "$program" >/dev/null 2>&1 || [ -x "/usr/sbin/$program" ] || missing+=("$program")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "tests/site/test_hosts.py skips serving hosting/ with: ${missing[*]} (not installed)." >&2
  exit 0
fi
echo "Installing ${missing[*]} for tests/site/test_hosts.py (not started as services)..."
# Debian starts a server it installs unless policy-rc.d says no: a policy of
# our own for the install, removed after it.
policy=/usr/sbin/policy-rc.d
ours=""
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod +x "$policy"
  ours=1
fi
trap '[ -z "$ours" ] || rm -f "$policy"' EXIT
install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1; }
if ! install && ! { apt-get update -qq && install; }; then
  echo "Could not install ${missing[*]}: tests/site/test_hosts.py skips serving hosting/ with them." >&2
fi
