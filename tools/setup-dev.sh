#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian machine (run as root):
# Debian's Chromium for Playwright (Playwright cannot download its own browser here),
# node and npm for the Pyodide build and tests, and the Python test tools.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v node >/dev/null || need_apt+=(nodejs)
command -v npm >/dev/null || need_apt+=(npm)
fc-list 2>/dev/null | grep -qi dejavu || need_apt+=(fonts-dejavu-core)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: apt-get install ${need_apt[*]}"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need_apt[@]}"
fi
python3 -m pip install -q --disable-pip-version-check -r requirements-dev.txt
echo "setup: $(/usr/bin/chromium --version 2>/dev/null | head -1); node $(node --version); $(python3 -m pytest --version 2>&1 | head -1)"
