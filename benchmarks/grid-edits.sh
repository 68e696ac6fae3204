#!/usr/bin/env bash
# Maps that change (issue 49, part 1): JPS+'s table repaired after each edit against the table
# built afresh, on a Moving AI map and its scenarios. COUNT random edits (a cell, or a rectangle
# of up to 4 x 4; opened or closed, drawn by awk from SEED) spread over the scenarios; `solve grid
# --algo jps+ --edits --stats` says how long each repair took and how many distances it
# recomputed, and how long building the table took (built, then saved, in a fresh --pdb-dir:
# ROUNDS runs, the least kept). The lengths after the edits are checked against A*'s on the same
# edits (exit code 1 when they differ).
#   benchmarks/grid-edits.sh [MAP [SCEN [COUNT [SEED [ROUNDS]]]]]
# Defaults: Warthog's example arena2 (Dragon Age: Origins, 281 × 209, 910 scenarios), 200 edits,
# seed 1, 5 rounds.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
peers=${PEERS:-$root/../shared/peers}
map=${1:-$peers/warthog/example/arena2.map}
scen=${2:-$map.scen}
count=${3:-200}
seed=${4:-1}
rounds=${5:-5}
ours=${STATESPACE:-$root/target/release/statespace}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
width=$(awk '$1 == "width" { print $2; exit }' "$map")
height=$(awk '$1 == "height" { print $2; exit }' "$map")
scenarios=$(($(wc -l <"$scen") - 1))
awk -v n="$count" -v s="$seed" -v w="$width" -v h="$height" -v cases="$scenarios" 'BEGIN {
  srand(s)
  for (i = 1; i <= n; i++) {
    x = int(rand() * w); y = int(rand() * h)
    verb = rand() < 0.5 ? "open" : "close"
    before = 1 + int(i * cases / (n + 1))
    if (rand() < 0.5) { print before, verb, x, y }
    else {
      sw = 1 + int(rand() * 4); sh = 1 + int(rand() * 4)
      if (x + sw > w) sw = w - x
      if (y + sh > h) sh = h - y
      print before, verb, x, y, sw, sh
    }
  }
}' >"$work/edits"
for round in $(seq "$rounds"); do
  rm -rf "$work/tables"
  "$ours" solve grid --map "$map" --scen "$scen" --algo jps+ --edits "$work/edits" --stats \
    --pdb-dir "$work/tables" >"$work/jps+.out" 2>"$work/jps+.err" || true
  grep -o 'jps+: built .* in [0-9.]* ms' "$work/jps+.err" | awk '{ print $(NF-1) }' >>"$work/built"
  grep -o 'repaired the table after .* in [0-9.]* us ([0-9]* distances)' "$work/jps+.err" |
    awk '{ print $(NF-3), substr($(NF-1), 2) }' >>"$work/repaired"
done
"$ours" solve grid --map "$map" --scen "$scen" --algo astar --edits "$work/edits" \
  >"$work/astar.out" 2>/dev/null || true
if ! cmp -s <(cut -d' ' -f1 "$work/astar.out") <(cut -d' ' -f1 "$work/jps+.out"); then
  echo "jps+ after edits: lengths differ from A*'s" >&2
  exit 1
fi
echo "$(basename "$map") ($width x $height), $scenarios scenarios, $count edits (seed $seed), $rounds rounds; lengths after edits equal A*'s"
sort -n "$work/built" | awk '{ t[NR] = $1 } END { printf "table built (and saved): %.2f ms least, %.2f ms most\n", t[1], t[NR] }'
sort -n "$work/repaired" | awk '{ t[NR] = $1; d += $2 } END {
  printf "repair per edit: median %.1f us, mean %.1f us, 90th %.1f us, most %.1f us; %.0f distances recomputed on average (of %s)\n",
    t[int((NR + 1) / 2)], sum(t) / NR, t[int(NR * 0.9)], t[NR], d / NR, "8 per cell"
}
function sum(a,   i, s) { for (i in a) s += a[i]; return s }'
