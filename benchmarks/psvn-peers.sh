#!/usr/bin/env bash
# PSVN domains against psvn2c's compiled C, whole processes side by side in one run, each
# repeated ROUNDS times in turn (the machine is noisy: the ranges are what to read):
# - whole spaces by breadth-first search from the goal: psvn2c's hash-set BFS (`OUT.drive bfs`)
#   against `statespace explore psvn --domain D` and the native `explore eight` / `explore
#   pancake --size N`, on the 8-puzzle and 10 (and, with PANCAKES11=1, 11) pancakes;
# - nodes generated per CPU-second depth-first on the 15-puzzle: every 24-move path from the goal
#   (`OUT.drive dfs 24`, psvn2c's pruning of a move's inverse) against our IDA* on the same file
#   from a far state, stopped after NODES expansions (`solve psvn --algo idastar --max-nodes`).
# Wall and CPU (user + system) seconds per process, min–max, and the layer counts checked equal.
#   benchmarks/psvn-peers.sh [ROUNDS [NODES]]
# Needs gcc (`../shared/peers/build-psvn.sh` installs it; PEERS=folder of build-psvn.sh) and our
# release binary (STATESPACE=path, default target/release/statespace).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
peers=${PEERS:-$root/../shared/peers}
rounds=${1:-3}
nodes=${2:-50000000}
ours=${STATESPACE:-$root/target/release/statespace}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
times=$work/times
"$peers/build-psvn.sh" >/dev/null
domains=(eight pancake10 fifteen)
cp "$root"/examples/psvn/{eight,pancake10,fifteen}.psvn "$work/"
if [ "${PANCAKES11:-0}" = 1 ]; then
  # 11 pancakes, written as the shipped file writes 10.
  python3 - "$work/pancake11.psvn" <<'PY'
import sys
n = 11
lines = [f"# {n} pancakes", str(n), " ".join([str(n)] * n)]
for k in range(2, n + 1):
    tests = [f"X{i}" for i in range(k)] + ["-"] * (n - k)
    actions = [f"X{k - 1 - i}" for i in range(k)] + ["-"] * (n - k)
    lines.append(" ".join(tests) + " => " + " ".join(actions) + f" LABEL FLIP{k}")
lines.append("GOAL " + " ".join(str(i) for i in range(n)))
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
  domains+=(pancake11)
fi
for domain in "${domains[@]}"; do
  "$peers/build-psvn.sh" compile "$work/$domain.psvn" "$work/$domain" >/dev/null
done

# The layers of both explorers, compared before anything is timed.
layers_of_drive() { "$work/$1.drive" bfs | awk 'NF == 2 && $1 ~ /^[0-9]+$/ { print $2 }'; }
layers_of_ours() { "$ours" explore psvn --domain "$work/$1.psvn" --json 2>/dev/null | python3 -c \
  'import json, sys; print("\n".join(str(n) for n in json.load(sys.stdin)["layers"]))'; }
for domain in eight pancake10 ${PANCAKES11:+pancake11}; do
  [ -f "$work/$domain.psvn" ] || continue
  diff <(layers_of_drive "$domain") <(layers_of_ours "$domain") >/dev/null ||
    { echo "$domain: our layers differ from psvn2c's" >&2; exit 1; }
done

programs=(
  "eight psvn2c bfs|$work/eight.drive bfs"
  "eight explore psvn|$ours explore psvn --domain $work/eight.psvn"
  "eight explore eight|$ours explore eight"
  "pancake10 psvn2c bfs|$work/pancake10.drive bfs"
  "pancake10 explore psvn|$ours explore psvn --domain $work/pancake10.psvn"
  "pancake10 explore pancake|$ours explore pancake --size 10"
)
if [ -f "$work/pancake11.psvn" ]; then
  programs+=(
    "pancake11 psvn2c bfs|$work/pancake11.drive bfs"
    "pancake11 explore psvn|$ours explore psvn --domain $work/pancake11.psvn"
    "pancake11 explore pancake|$ours explore pancake --size 11"
  )
fi
# A 15-puzzle state far from the goal (Korf's first), so that IDA* runs through its node limit.
far="14 13 15 7 11 12 9 5 6 B 2 1 4 8 10 3"
programs+=(
  "fifteen psvn2c dfs 24|$work/fifteen.drive dfs 24"
  "fifteen idastar psvn|$ours solve psvn --domain $work/fifteen.psvn --algo idastar --max-nodes $nodes --stats"
)
for _ in $(seq "$rounds"); do
  for program in "${programs[@]}"; do
    /usr/bin/time -f "${program%%|*}|%e|%U|%S" -a -o "$times" bash -c "${program#*|} >$work/out 2>&1 <<< '$far'" ||
      true
  done
done
generated_drive=$("$work/fifteen.drive" dfs 24 | awk '$1 == "generated" { print $2 }')
# Stopped by its node limit, ours exits 3.
generated_ours=$( (echo "$far" | "$ours" solve psvn --domain "$work/fifteen.psvn" --algo idastar \
  --max-nodes "$nodes" --stats 2>&1 >/dev/null || true) | grep -o '[0-9]* generated' | awk '{ print $1 }')
echo "psvn domains, $rounds rounds; depth-first: psvn2c $generated_drive nodes generated, ours $generated_ours"
printf '%-28s %-16s %-16s\n' program "wall s" "cpu s"
for program in "${programs[@]}"; do
  name=${program%%|*}
  grep "^$name|" "$times" | awk -F'|' -v name="$name" '
    { wall = $2; cpu = $3 + $4
      if (NR == 1 || wall < wmin) wmin = wall; if (wall > wmax) wmax = wall
      if (NR == 1 || cpu < cmin) cmin = cpu; if (cpu > cmax) cmax = cpu }
    END { printf "%-28s %-16s %-16s\n", name, wmin "-" wmax, cmin "-" cmax }'
done
