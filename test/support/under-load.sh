#!/usr/bin/env bash
# Runs a command while this machine is as busy as a shared CI machine: an unrelated
# childproof run in a loop (another working directory, TMPDIR and cache, without this
# suite's mark, as another checkout's run would be) and a CPU hog on every core. A test
# that passes alone and fails here is a test that a neighbour or a timer decides.
#
#   bash test/support/under-load.sh [COMMAND...]      default: make test
#   bash test/support/under-load.sh node --import tsx node_modules/uvu/bin.js test '^trials/servers\.process\.test\.ts$'
#
# It waits for the neighbour's first run to be under way (its run directory to appear)
# before it starts the command, and ends what it started when the command ends, or when it
# is interrupted: the hogs, and the neighbour by SIGTERM (a run ends its own trials), then
# `childproof clean` on the neighbour's TMPDIR. Its exit status is the command's.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
[ $# -gt 0 ] || set -- make test
work=$(mktemp -d "${TMPDIR:-/tmp}/childproof-load-XXXXXX")
mkdir -p "$work/tmp" "$work/cwd"
hogs=()
neighbour=

# A whole number of tenths of a second at most, polling for what the caller waits on.
within() {
  local tenths=$1; shift
  while ! "$@"; do
    tenths=$((tenths - 1))
    [ "$tenths" -gt 0 ] || return 1
    sleep 0.1
  done
}
live_run() { compgen -G "$work/tmp/childproof-run-*" >/dev/null; }
group_gone() { ! kill -0 -- "-$neighbour" 2>/dev/null; }

finish() {
  for p in "${hogs[@]}"; do kill "$p" 2>/dev/null; done
  if [ -n "$neighbour" ]; then
    # Its loop, and the run under way, which ends its trials on SIGTERM; SIGKILL only if
    # the group is still there after a bound only a hang reaches.
    kill -TERM -- "-$neighbour" 2>/dev/null
    within 1200 group_gone || kill -KILL -- "-$neighbour" 2>/dev/null
    wait 2>/dev/null
    TMPDIR="$work/tmp" CHILDPROOF_CACHE="$work/cache" node bin/childproof.mjs clean >/dev/null 2>&1
  fi
  rm -rf "$work"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The neighbour leads a process group of its own (setsid), so that it and the run it has
# under way are ended together, and by that group only.
# It names itself in a file: setsid may fork, and then $! is not the group's leader.
env -u CHILDPROOF_TEST_SUITE TMPDIR="$work/tmp" CHILDPROOF_CACHE="$work/cache" \
  setsid bash -c 'echo $$ >"$1/leader"; cd "$1" && while :; do node "$0/bin/childproof.mjs" run --probe node-spawn --case "core/*" --repeat 3 --quiet --out "$1/other.json" >/dev/null 2>&1; done' "$root" "$work/cwd" &
named() { [ -s "$work/cwd/leader" ]; }
if ! within 600 named; then
  echo "under-load: the neighbouring run never started" >&2
  exit 2
fi
neighbour=$(cat "$work/cwd/leader")
for _ in $(seq "$(nproc)"); do
  bash -c 'while :; do :; done' &
  hogs+=($!)
done
# A cold cache builds the neighbour's workers first: a bound against a hang, not a measure.
if ! within 1800 live_run; then
  echo "under-load: the neighbouring run never started a run in $work/tmp" >&2
  exit 2
fi
echo "under-load: a neighbouring childproof run is under way (TMPDIR $work/tmp) and $(nproc) CPU hog(s) run beside: $*"
"$@"
status=$?
exit "$status"
