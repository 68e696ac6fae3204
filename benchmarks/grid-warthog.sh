#!/usr/bin/env bash
# Grids against Warthog, whole processes side by side in one run: `statespace solve grid` by A*,
# by jump point search and by JPS+ (its table in a fresh --pdb-dir folder: built by the check run,
# loaded by every timed one), Warthog's A*, its online block-based jump point search (jps2) and
# its offline one (jps2+, whose preprocessing every process does again), on a Moving AI map and
# its scenarios, each repeated ROUNDS times in turn (the machine is noisy:
# the ranges are what to read). Wall and CPU (user + system) seconds per process, min–max.
#   benchmarks/grid-warthog.sh [MAP [SCEN [ROUNDS [COPIES]]]]
# Defaults: Warthog's example arena2 (281 × 209, 910 scenarios), 10 rounds, the scenarios once
# (COPIES > 1: a scenario file of that many copies of them, for times above the clock's 10 ms).
# CONNECT=4: four-connected, A* against Warthog's astar4c only (jump point search is
# eight-connected only: the table says so), our lengths checked against Warthog's. Needs Warthog built
# (`../shared/peers/build-warthog.sh`, or PEERS=folder of its bin/) and our release binary.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
peers=${PEERS:-$root/../shared/peers}
map=${1:-$peers/warthog/example/arena2.map}
given=${2:-$map.scen}
rounds=${3:-10}
copies=${4:-1}
ours=${STATESPACE:-$root/target/release/statespace}
times=$(mktemp)
scen=$(mktemp --suffix .scen)
tables=$(mktemp -d)
trap 'rm -rf "$times" "$scen" "$tables"' EXIT
{ head -n 1 "$given"; for _ in $(seq "$copies"); do tail -n +2 "$given"; done; } >"$scen"
connect=${CONNECT:-8}
if [ "$connect" = 4 ]; then
  programs=(
    "statespace astar|$ours solve grid --map $map --scen $scen --algo astar --connect 4"
    "warthog astar4c|$peers/bin/warthog --alg astar4c --map $map --scen $scen"
  )
  # The file's lengths are eight-connected: ours are checked against Warthog's (its pcost).
  ${programs[0]#*|} | cut -d' ' -f1 >"$times"
  ${programs[1]#*|} 2>/dev/null | awk 'NR > 1 && NF > 3 { print $10 }' | paste "$times" - |
    awk '{ d = $1 - $2; if (d < 0) d = -d; if (d > 1e-4 * $1 + 1e-4) bad++ } END { exit bad > 0 }' ||
    { echo "statespace astar: four-connected lengths differ from Warthog's" >&2; exit 1; }
  : >"$times"
else
  programs=(
    "statespace astar|$ours solve grid --map $map --scen $scen --algo astar"
    "statespace jps|$ours solve grid --map $map --scen $scen --algo jps"
    "statespace jps+|$ours solve grid --map $map --scen $scen --algo jps+ --pdb-dir $tables"
    "warthog astar|$peers/bin/warthog --alg astar --map $map --scen $scen"
    "warthog jps2|$peers/bin/warthog-jps --alg jps2 --map $map --scen $scen"
    "warthog jps2+|$peers/bin/warthog-jps --alg jps2+ --map $map --scen $scen"
  )
  # Ours check every length against the file: a difference fails the run.
  for program in "${programs[@]:0:3}"; do
    ${program#*|} 2>&1 >/dev/null | grep -q ", 0 differ from the file" ||
      { echo "${program%%|*}: lengths differ from $given" >&2; exit 1; }
  done
fi
for _ in $(seq "$rounds"); do
  for program in "${programs[@]}"; do
    /usr/bin/time -f "${program%%|*}|%e|%U|%S" -a -o "$times" ${program#*|} >/dev/null 2>&1
  done
done
echo "$(basename "$map"), $(($(grep -c . "$scen") - 1)) scenarios ($copies × $(basename "$given")), $rounds rounds, $connect-connected"
[ "$connect" = 4 ] && echo "jump point search left out: eight-connected only (ours and Warthog's)"
printf '%-16s %-16s %-16s\n' program "wall s" "cpu s"
for program in "${programs[@]}"; do
  name=${program%%|*}
  grep "^$name|" "$times" | awk -F'|' -v name="$name" '
    { wall = $2; cpu = $3 + $4
      if (NR == 1 || wall < wmin) wmin = wall; if (wall > wmax) wmax = wall
      if (NR == 1 || cpu < cmin) cmin = cpu; if (cpu > cmax) cmax = cpu }
    END { printf "%-16s %-16s %-16s\n", name, wmin "-" wmax, cmin "-" cmax }'
done
