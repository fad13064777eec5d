#!/usr/bin/env bash
# What childproof's own tests need beyond npm: xmllint (Debian's libxml2-utils) to
# validate JUnit against a published schema, and Chromium to open the HTML page. Each is
# installed with apt-get when missing; where that cannot be done, one line says what to
# install, and the test that needs it fails naming it.
set -uo pipefail

need() {
  local command=$1 package=$2
  command -v "$command" >/dev/null 2>&1 && return 0
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    { apt-get update -qq && apt-get install -y -qq "$package"; } >/dev/null 2>&1 && return 0
  fi
  echo "childproof tests: $command is missing; install Debian's $package (or your system's equivalent)" >&2
}

# The tools asked for by name (make test asks for xmllint only; make test-all for both).
[ $# -gt 0 ] || set -- xmllint chromium
for tool in "$@"; do
  case $tool in
    xmllint) need xmllint libxml2-utils ;;
    chromium) need chromium chromium ;;
  esac
done
