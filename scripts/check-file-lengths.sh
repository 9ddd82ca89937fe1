#!/usr/bin/env bash
# Files small enough to read in one sitting: no Rust file of the harness (profiles/src),
# the explorer (explorer/src) or the tools (tools/*/src) over 600 lines. (The library
# crates hold generated tables and are not checked here.)
set -euo pipefail
cd "$(dirname "$0")/.."
limit=600
over=$(find profiles/src explorer/src tools/*/src -name '*.rs' -print0 |
  xargs -0 wc -l | awk -v n="$limit" '$2 != "total" && $1 > n {print "  " $2 ": " $1 " lines"}')
if [ -n "$over" ]; then
  echo "files over $limit lines:"
  echo "$over"
  exit 1
fi
echo "no file of profiles/src, explorer/src or tools/*/src over $limit lines"
