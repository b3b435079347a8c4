#!/bin/sh
# The browser tests drive Debian's Chromium headless shell (a test tool's own browser download cannot
# work here); scripts/lighthouse.ts drives Debian's Chromium. Install them when missing and we may;
# otherwise say exactly what is needed.
set -e
if [ -x /usr/bin/chromium-headless-shell ] && [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium and chromium-headless-shell for the browser tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-noto-color-emoji >/dev/null
  exit 0
fi
echo "The browser tests need /usr/bin/chromium-headless-shell and /usr/bin/chromium: run 'sudo apt-get install chromium chromium-headless-shell' once." >&2
exit 1
