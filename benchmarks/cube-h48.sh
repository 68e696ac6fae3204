#!/usr/bin/env bash
# The optimal 3x3x3 against h48 (Tronto's optimal solver in ../shared/peers, GPLv3: run as its
# own process, no code of it in ours) at small tables, whole processes side by side in one run,
# each repeated ROUNDS times in turn (the machine is noisy: read the ranges, CPU time first):
# - Korf's first cube: `solve cube --algo optimal` with the default tables (84 MiB) against h48
#   with `h48h0k4` (61 MB);
# - Korf's first three cubes: ours with tables of at most 178 MB (`--tables 178M`, which picks
#   `medium`: the default ones and h48's h0 table, 146 MiB) against h48 with `h48h2k2` (178 MB).
# h48's `solve_file` reads at most 249 characters a scramble and Korf's are longer, so it gets
# the inverse of our answer: the same cube, as a short scramble. The optimal lengths are checked
# equal cube by cube before anything is timed; both load their tables from their folders, built
# or loaded once first, untimed.
#   benchmarks/cube-h48.sh [ROUNDS]
# STATESPACE=binary (default target/release/statespace); PEERS=folder of build-h48.sh;
# PDB_DIR=our tables' folder (default a folder under /tmp kept between runs).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
peers=${PEERS:-$root/../shared/peers}
rounds=${1:-3}
ours=${STATESPACE:-$root/target/release/statespace}
pdb=${PDB_DIR:-/tmp/statespace-cube-h48-tables}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

grep -v '^#' "$root/../shared/benchmarks/korf10-cube.txt" | grep -v '^$' | head -3 > "$work/korf3.txt"
head -1 "$work/korf3.txt" > "$work/korf1.txt"
h48=$("$peers/build-h48.sh" h48h0k4 | tail -1)
"$peers/build-h48.sh" h48h2k2 > /dev/null

# The inverse of each answer line: the moves reversed, quarter turns turned back.
invert() {
  awk '{ line = ""; for (i = NF; i >= 1; i--) { m = $i;
           if (m ~ /2$/) t = m; else if (m ~ /'"'"'$/) t = substr(m, 1, 1); else t = m "'"'"'";
           line = line (line == "" ? "" : " ") t }
         print line }'
}
# The length of each of h48's solutions, in order.
h48_lengths() { awk '/^Solutions:/ { getline; print NF }'; }

echo "ours: $ours; h48: $h48; our tables: $pdb"
"$ours" solve cube --algo optimal --tables 178M --pdb-dir "$pdb" "$work/korf3.txt" > "$work/ours3.txt"
invert < "$work/ours3.txt" > "$work/short3.txt"
head -1 "$work/short3.txt" > "$work/short1.txt"
(cd "$h48" && ./solve_file h48h2k2 "$work/short3.txt" 2> /dev/null) | h48_lengths > "$work/h48-3.txt"
awk '{ print NF }' "$work/ours3.txt" > "$work/ours3-lengths.txt"
if ! cmp -s "$work/ours3-lengths.txt" "$work/h48-3.txt"; then
  echo "cube-h48.sh: lengths differ: ours $(tr '\n' ' ' < "$work/ours3-lengths.txt"), h48 $(tr '\n' ' ' < "$work/h48-3.txt")" >&2
  exit 1
fi
echo "optimal lengths, both: $(tr '\n' ' ' < "$work/h48-3.txt")"

# Runs a command ROUNDS-times-in-turn slot: appends "wall cpu" to the file named by the label.
timed() {
  local label=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$work/t" "$@" > /dev/null 2>&1
  awk -v label="$label" '{ printf "%s %.2f %.2f\n", label, $1, $2 + $3 }' "$work/t" >> "$work/times"
}
for round in $(seq "$rounds"); do
  echo "round $round of $rounds"
  timed "first:ours-default" "$ours" solve cube --algo optimal --pdb-dir "$pdb" "$work/korf1.txt"
  timed "first:h48-h0k4" bash -c "cd '$h48' && ./solve_file h48h0k4 '$work/short1.txt'"
  timed "three:ours-178M" "$ours" solve cube --algo optimal --tables 178M --pdb-dir "$pdb" "$work/korf3.txt"
  timed "three:h48-h2k2" bash -c "cd '$h48' && ./solve_file h48h2k2 '$work/short3.txt'"
done
echo "program wall-s(min-max) cpu-s(min-max)"
awk '{ w[$1] = w[$1] " " $2; c[$1] = c[$1] " " $3; order[$1] = NR }
     END { for (k in w) print order[k], k, w[k], "|", c[k] }' "$work/times" | sort -n |
  awk '{ $1 = ""; wmin = 1e9; wmax = 0; cmin = 1e9; cmax = 0; side = 0
         for (i = 3; i <= NF; i++) { if ($i == "|") { side = 1; continue }
           if (side == 0) { if ($i < wmin) wmin = $i; if ($i > wmax) wmax = $i }
           else { if ($i < cmin) cmin = $i; if ($i > cmax) cmax = $i } }
         printf "%-20s %.2f-%.2f %.2f-%.2f\n", $2, wmin, wmax, cmin, cmax }'
