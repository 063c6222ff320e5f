#!/usr/bin/env bash
# The browser tests drive the system Chromium. Install it when we can
# (root with apt), otherwise say exactly what is missing.
set -euo pipefail
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing the Debian package 'chromium'..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM." >&2
echo "Install the Debian package 'chromium' (sudo apt-get install chromium)," >&2
echo "or set CHROMIUM=/path/to/chromium, then run 'make test' again." >&2
exit 1
