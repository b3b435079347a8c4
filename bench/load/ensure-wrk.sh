#!/bin/sh
# The benchmark drives load with wrk (C, far less CPU per request than a Node load generator, which
# matters when it gets one core). Install Debian's package when missing and we may; else say what is needed.
set -e
if command -v wrk >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's wrk for the benchmark…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  exit 0
fi
echo "The benchmark needs wrk: run 'sudo apt-get install wrk' once." >&2
exit 1
