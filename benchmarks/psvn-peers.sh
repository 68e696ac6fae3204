#!/usr/bin/env bash
# PSVN domains against psvn2c's compiled C, whole processes side by side in one run, each
# repeated ROUNDS times in turn (the machine is noisy: the ranges are what to read):
# - whole spaces by breadth-first search from the goal: psvn2c's hash-set BFS (`OUT.drive bfs`)
#   against `statespace explore psvn --domain D` and the native `explore eight` / `explore
#   pancake --size N`, on the 8-puzzle and 10 (and, with PANCAKES11=1, 11) pancakes;
# - nodes generated per CPU-second depth-first on the 15-puzzle: every 24-move path from the goal
#   (`OUT.drive dfs 24`, psvn2c's pruning of a move's inverse) against our IDA* on the same file
#   from a far state, stopped after NODES expansions (`solve psvn --algo idastar --max-nodes`);
#   and the same tree both ways: blind IDA*'s iterations of bounds 0..DEPTH-1 from the far state
#   (stopped as the next one starts) against psvn2c's walks of 1..DEPTH moves from it, which
#   generate the same nodes (checked: each iteration expands 1 + the nodes of the walk of its
#   bound), so that both count nodes as psvn2c does (the engine's count also lists the pruned
#   inverse of the last move);
# - A* with one pattern database on STATES 15-puzzle states WALK random moves from the goal
#   (`gen psvn --walk`): the blank and tiles 1-5 kept, 6-15 merged, the abstraction made by
#   psvn-suite's `abstractor` and read by both. psvn-suite's `search` (one process per state: it
#   takes one start with a table) against `solve psvn --algo astar --pdb A.abst` one process per
#   state too, and all states in one; the table built by `pdbgen` against `pdb build psvn`; and
#   `solve psvn` against the native `solve sliding --pdb 555` (additive, 3 tables) on the same
#   states. The optimal lengths of all three are checked equal before anything is timed.
# Wall and CPU (user + system) seconds per process, min–max, and the layer counts checked equal.
#   benchmarks/psvn-peers.sh [ROUNDS [NODES]]
# PARTS="spaces dfs astar" chooses the parts (default all); STATES=10 WALK=34 SEED=1 the A* states;
# DEPTH=22 the same-tree walks.
# Needs gcc (`../shared/peers/build-psvn.sh` installs it; PEERS=folder of build-psvn.sh) and our
# release binary (STATESPACE=path, default target/release/statespace).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
peers=${PEERS:-$root/../shared/peers}
rounds=${1:-3}
nodes=${2:-50000000}
parts=" ${PARTS:-spaces dfs astar} "
states=${STATES:-10}
walk=${WALK:-34}
seed=${SEED:-1}
ours=${STATESPACE:-$root/target/release/statespace}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
times=$work/times
suite_bin=$("$peers/build-psvn.sh" | sed -n 's|^built: \([^ ]*\)/psvn2c .*|\1|p')
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

programs=()
if [[ $parts == *" spaces "* ]]; then
  # The layers of both explorers, compared before anything is timed.
  layers_of_drive() { "$work/$1.drive" bfs | awk 'NF == 2 && $1 ~ /^[0-9]+$/ { print $2 }'; }
  layers_of_ours() { "$ours" explore psvn --domain "$work/$1.psvn" --json 2>/dev/null | python3 -c \
    'import json, sys; print("\n".join(str(n) for n in json.load(sys.stdin)["layers"]))'; }
  for domain in eight pancake10 ${PANCAKES11:+pancake11}; do
    [ -f "$work/$domain.psvn" ] || continue
    diff <(layers_of_drive "$domain") <(layers_of_ours "$domain") >/dev/null ||
      { echo "$domain: our layers differ from psvn2c's" >&2; exit 1; }
  done

  programs+=(
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
fi
# A 15-puzzle state far from the goal (Korf's first), so that IDA* runs through its node limit.
far="14 13 15 7 11 12 9 5 6 B 2 1 4 8 10 3"
echo "$far" >"$work/far"
depth=${DEPTH:-22}
if [[ $parts == *" dfs "* ]]; then
  # The walks of 0..DEPTH moves from the far state: N(d) nodes each. Iteration b of blind IDA*
  # expands 1 + N(b) and generates N(b + 1) nodes as psvn2c counts them.
  walked=(0)
  for d in $(seq 1 "$depth"); do
    walked+=("$("$work/fifteen.drive" dfs "$d" "$far" | awk '$1 == "generated" { print $2 }')")
  done
  same_tree_expansions=0
  same_tree_nodes=0
  for b in $(seq 0 $((depth - 1))); do
    same_tree_expansions=$((same_tree_expansions + 1 + walked[b]))
    same_tree_nodes=$((same_tree_nodes + walked[b + 1]))
  done
  layers=$( (echo "$far" | "$ours" solve psvn --domain "$work/fifteen.psvn" --algo idastar \
    --max-nodes "$same_tree_expansions" --stats --json 2>/dev/null || true) | python3 -c \
    'import json, sys; print(" ".join(str(l[1]) for l in json.load(sys.stdin)["stats"]["layers"]))')
  expected=$(for b in $(seq 0 $((depth - 1))); do echo -n "$((1 + walked[b])) "; done)
  [ "$layers" = "$expected" ] || [ "$layers" = "${expected}0" ] ||
    { echo "same tree: our iterations expand $layers, psvn2c's walks say $expected" >&2; exit 1; }
  programs+=(
    "fifteen psvn2c dfs 24|$work/fifteen.drive dfs 24"
    "fifteen idastar psvn|$ours solve psvn --domain $work/fifteen.psvn --algo idastar --max-nodes $nodes --stats"
    "same tree psvn2c dfs 1..$depth|for d in \$(seq 1 $depth); do $work/fifteen.drive dfs \$d \"$far\"; done"
    "same tree idastar bounds 0..$((depth - 1))|$ours solve psvn --domain $work/fifteen.psvn --algo idastar --max-nodes $same_tree_expansions"
  )
fi
if [[ $parts == *" astar "* ]]; then
  # The abstraction by psvn-suite's abstractor: its abstract domain for pdbgen, its A.abst for both.
  (for tile in $(seq 7 15); do echo "map TILE $tile 6"; done; echo quit) |
    (cd "$work" && "$suite_bin/abstractor" fifteen.psvn A >/dev/null)
  "$peers/build-psvn.sh" compile "$work/A.psvn" "$work/A" >/dev/null
  "$suite_bin/pdbgen" "$work/A.so" "$work/A.pdb" >/dev/null
  "$ours" pdb build psvn --domain "$work/fifteen.psvn" --abst "$work/A.abst" --pdb-dir "$work/tables" >/dev/null 2>&1
  "$ours" pdb build --size 4x4 --pdb 555 --goal blank-first --pdb-dir "$work/tables" >/dev/null 2>&1
  "$ours" gen psvn --domain "$work/fifteen.psvn" --walk "$walk" --count "$states" --seed "$seed" >"$work/states"
  sed 's/B/0/' "$work/states" >"$work/sliding"
  split -l 1 -d -a 3 "$work/states" "$work/start."
  solve_astar="$ours solve psvn --domain $work/fifteen.psvn --algo astar --pdb $work/A.abst --pdb-dir $work/tables"
  search="$suite_bin/search --domain $work/fifteen.so --pdb $work/A.pdb --abstraction $work/A.abst --start"
  # The optimal lengths: psvn-suite's f_max (it aborts on leaving, after its line), ours, native.
  lengths_suite=$(for start in "$work"/start.*; do
    bash -c "$search $start || true" 2>/dev/null | awk -F, 'NR == 2 && $9 == 1 { print $8 }'; done)
  lengths_ours=$($solve_astar --stats "$work/states" 2>&1 >/dev/null | sed -n 's/^case [0-9]*: \([0-9]*\) moves.*/\1/p')
  lengths_sliding=$("$ours" solve sliding --pdb 555 --goal blank-first --pdb-dir "$work/tables" --stats "$work/sliding" 2>&1 >/dev/null |
    sed -n 's/^case [0-9]*: \([0-9]*\) moves.*/\1/p')
  [ "$lengths_suite" = "$lengths_ours" ] && [ "$lengths_ours" = "$lengths_sliding" ] ||
    { echo "A*: lengths differ: psvn-suite $lengths_suite; ours $lengths_ours; sliding $lengths_sliding" | tr '\n' ' ' >&2; exit 1; }
  echo "A* states (walk $walk, seed $seed): optimal lengths $(echo $lengths_ours)"
  programs+=(
    "table psvn-suite pdbgen|$suite_bin/pdbgen $work/A.so $work/A2.pdb"
    "table pdb build psvn|$ours pdb build psvn --domain $work/fifteen.psvn --abst $work/A.abst --pdb-dir $work/fresh-\$\$"
    "A* psvn-suite search x$states|for start in $work/start.*; do $search \$start || true; done"
    "A* psvn-suite goal only x$states|for start in $work/start.*; do $search $work/goal || true; done"
    "A* solve psvn x$states|for start in $work/start.*; do $solve_astar \$start; done"
    "A* solve psvn, 1 process|$solve_astar $work/states"
    "idastar solve psvn, 1 process|${solve_astar/--algo astar/--algo idastar} $work/states"
    "solve sliding 555, 1 process|$ours solve sliding --pdb 555 --goal blank-first --pdb-dir $work/tables $work/sliding"
  )
  sed -n 's/^GOAL //p' "$work/fifteen.psvn" >"$work/goal"
fi
for _ in $(seq "$rounds"); do
  for program in "${programs[@]}"; do
    /usr/bin/time -f "${program%%|*}|%e|%U|%S" -a -o "$times" bash -c "${program#*|} >$work/out 2>&1 <$work/far" ||
      true
  done
done
echo "psvn domains, $rounds rounds"
if [[ $parts == *" dfs "* ]]; then
  generated_drive=$("$work/fifteen.drive" dfs 24 | awk '$1 == "generated" { print $2 }')
  # Stopped by its node limit, ours exits 3.
  generated_ours=$( (echo "$far" | "$ours" solve psvn --domain "$work/fifteen.psvn" --algo idastar \
    --max-nodes "$nodes" --stats 2>&1 >/dev/null || true) | grep -o '[0-9]* generated' | awk '{ print $1 }')
  echo "depth-first: psvn2c $generated_drive nodes generated, ours $generated_ours"
  echo "same tree: $same_tree_nodes nodes generated as psvn2c counts them ($same_tree_expansions expansions)"
fi
printf '%-36s %-16s %-16s\n' program "wall s" "cpu s"
for program in "${programs[@]}"; do
  name=${program%%|*}
  awk -F'|' -v name="$name" '$1 == name {
      wall = $2; cpu = $3 + $4
      if (n++ == 0 || wall < wmin) wmin = wall; if (wall > wmax) wmax = wall
      if (n == 1 || cpu < cmin) cmin = cpu; if (cpu > cmax) cmax = cpu }
    END { printf "%-36s %-16s %-16s\n", name, wmin "-" wmax, cmin "-" cmax }' "$times"
done
