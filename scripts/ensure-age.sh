#!/bin/sh
# The backup tests decrypt with Debian's age, the format's reference tool, as an outside reader.
# Install it when missing and we may; otherwise say exactly what is needed.
set -e
if command -v age >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's age for the backup tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq age >/dev/null
  exit 0
fi
echo "The backup tests need the age command: run 'sudo apt-get install age' once." >&2
exit 1
