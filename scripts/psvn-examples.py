#!/usr/bin/env python3
"""Writes the generated PSVN example domains of examples/psvn/ (sliding tiles, pancakes,
TopSpin, Towers of Hanoi with four pegs, the 2x2x2 cube by stickers). Run from the repository
root: python3 scripts/psvn-examples.py"""

import itertools

OUT = "examples/psvn/"


def tiles(width, height, header, weighted=False):
    """Sliding tiles: one variable per cell, B the blank; a rule per blank cell and direction
    the blank moves (per tile too when moving tile t costs t)."""
    cells = width * height
    names = ["B"] + [str(t) for t in range(1, cells)]
    lines = header + [f"DOMAIN tile {cells}  " + " ".join(names), str(cells), " ".join(["tile"] * cells)]
    for blank in range(cells):
        row, col = divmod(blank, width)
        for name, dr, dc in (("UP", -1, 0), ("LEFT", 0, -1), ("RIGHT", 0, 1), ("DOWN", 1, 0)):
            r, c = row + dr, col + dc
            if not (0 <= r < height and 0 <= c < width):
                continue
            other = r * width + c
            for tile in (range(1, cells) if weighted else ["X"]):
                tests = ["-"] * cells
                actions = ["-"] * cells
                tests[blank], tests[other] = "B", str(tile)
                actions[blank], actions[other] = str(tile), "B"
                label = f"{name}_{blank}" + (f"_{tile}" if weighted else "")
                cost = f" COST {tile}" if weighted else ""
                lines.append(" ".join(tests) + " => " + " ".join(actions) + f" LABEL {label}{cost}")
    lines.append("GOAL " + " ".join(names))
    return lines


def pancakes(n):
    lines = [f"# {n} pancakes: a flip reverses the top k of the stack (k = 2..{n}).",
             "# Goal: sorted, the smallest (0) on top.", str(n), " ".join([str(n)] * n)]
    for k in range(2, n + 1):
        tests = [f"X{i}" for i in range(k)] + ["-"] * (n - k)
        actions = [f"X{i}" for i in reversed(range(k))] + ["-"] * (n - k)
        lines.append(" ".join(tests) + " => " + " ".join(actions) + f" LABEL FLIP{k}")
    lines.append("GOAL " + " ".join(str(i) for i in range(n)))
    return lines


def topspin(n, k):
    lines = [f"# TopSpin ({n}, {k}): {n} tokens on a ring, a turnstile reverses {k} consecutive",
             f"# tokens; one rule per place of the turnstile on the ring (rotations folded in).",
             str(n), " ".join([str(n)] * n)]
    for start in range(n):
        window = [(start + i) % n for i in range(k)]
        tests = ["-"] * n
        actions = ["-"] * n
        for i, p in enumerate(window):
            tests[p] = f"X{i}"
            actions[p] = f"X{k - 1 - i}"
        lines.append(" ".join(tests) + " => " + " ".join(actions) + f" LABEL TURN{start}")
    lines.append("GOAL " + " ".join(str(i) for i in range(n)))
    return lines


def hanoi(discs):
    pegs = "ABCD"
    lines = [f"# Towers of Hanoi, 4 pegs (A B C D), {discs} discs: variable d holds the peg of",
             "# disc d (1 the smallest). Moving disc d from peg p to peg q needs no smaller disc",
             "# on p or q: one rule per placement of the smaller discs on the two other pegs.",
             "# Goal: every disc on D (from all on A: 17 moves for 6 discs).",
             "DOMAIN peg 4  A B C D", str(discs), " ".join(["peg"] * discs)]
    for d in range(discs):
        for p, q in itertools.permutations(pegs, 2):
            others = [x for x in pegs if x not in (p, q)]
            for smaller in itertools.product(others, repeat=d):
                tests = list(smaller) + [p] + ["-"] * (discs - d - 1)
                actions = ["-"] * d + [q] + ["-"] * (discs - d - 1)
                label = f"D{d + 1}_{p}{q}_" + "".join(smaller)
                lines.append(" ".join(tests) + " => " + " ".join(actions) + f" LABEL {label.rstrip('_')}")
    lines.append("GOAL " + " ".join(["D"] * discs))
    return lines


def cube2():
    """Stickers of the 2x2x2 as (corner, normal); turns of the U, R and F faces (the corner at
    x = y = z = -1 stays put)."""
    stickers = []
    faces = [("U", 1, 1), ("L", 0, -1), ("F", 2, 1), ("R", 0, 1), ("B", 2, -1), ("D", 1, -1)]
    for _, axis, sign in faces:
        for corner in itertools.product((-1, 1), repeat=3):
            if corner[axis] == sign:
                normal = [0, 0, 0]
                normal[axis] = sign
                stickers.append((corner, tuple(normal)))
    index = {s: i for i, s in enumerate(stickers)}
    colour = [faces[i // 4][0] for i in range(24)]
    turns = {
        "U": (1, 1, lambda v: (-v[2], v[1], v[0])),
        "R": (0, 1, lambda v: (v[0], v[2], -v[1])),
        "F": (2, 1, lambda v: (v[1], -v[0], v[2])),
    }
    lines = ["# The 2x2x2 cube by its 24 stickers (colours U L F R B D, named after the faces",
             "# they belong to when solved; faces in that order, 4 stickers each). Rules: quarter",
             "# turns, inverse quarter turns and half turns of U, R and F: the corner opposite",
             "# them stays put, so each state is one position of the cube (3,674,160 in all).",
             "DOMAIN colour 6  U L F R B D", "24", " ".join(["colour"] * 24)]
    for face, (axis, sign, rotate) in turns.items():
        for times, suffix in ((1, ""), (3, "'"), (2, "2")):
            tests = ["-"] * 24
            actions = ["-"] * 24
            for s, (corner, normal) in enumerate(stickers):
                if corner[axis] != sign:
                    continue
                c, n = corner, normal
                for _ in range(times):
                    c, n = rotate(c), rotate(n)
                tests[s] = f"S{s}"
                actions[index[(c, n)]] = f"S{s}"
            lines.append(" ".join(tests) + " => " + " ".join(actions) + f" LABEL {face}{suffix}")
    lines.append("GOAL " + " ".join(colour))
    return lines


def write(name, lines):
    with open(OUT + name, "w") as f:
        f.write("\n".join(lines) + "\n")


write("eight.psvn", tiles(3, 3, ["# The 8-puzzle: 3x3 sliding tiles, cells 0..8 row by row, B the blank.",
                                 "# A rule per blank cell and direction the blank moves (UP_4: from cell 4 up).",
                                 "# Goal: the blank in the top left corner, tiles 1..8 in order."]))
write("fifteen.psvn", tiles(4, 4, ["# The 15-puzzle: 4x4 sliding tiles, cells 0..15 row by row, B the blank.",
                                   "# A rule per blank cell and direction the blank moves.",
                                   "# Goal: the blank in the top left corner, tiles 1..15 in order."]))
write("eight-weighted.psvn", tiles(3, 3, ["# The 8-puzzle where moving tile t costs t (a non-unit-cost domain): a rule per",
                                          "# blank cell, direction the blank moves and tile moved.",
                                          "# Goal: the blank in the top left corner, tiles 1..8 in order."], weighted=True))
write("pancake10.psvn", pancakes(10))
write("topspin.psvn", topspin(12, 4))
write("hanoi4.psvn", hanoi(6))
write("cube2.psvn", cube2())
