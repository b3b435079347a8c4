#!/bin/sh
# The tests of deploy/ run Debian's promtool (package prometheus) on the alerting rules and Debian's
# nginx in front of real instances. Install them when missing and we may, without starting either
# package's own service; otherwise say exactly what is needed.
set -e
if [ -x /usr/bin/promtool ] && [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's prometheus (for promtool) and nginx for the deploy/ tests…"
  # Packages start their services on install unless policy-rc.d says no: the tests start their own.
  held=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    held=yes
  fi
  status=0
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus nginx >/dev/null || status=$?
  if [ -n "$held" ]; then rm -f /usr/sbin/policy-rc.d; fi
  exit $status
fi
echo "The deploy/ tests need /usr/bin/promtool and /usr/sbin/nginx: run 'sudo apt-get install prometheus nginx' once." >&2
exit 1
