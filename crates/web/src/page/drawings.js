// The playground's pictures of the boards, one drawing per puzzle that has one (any other is
// drawn as a grid of characters), each labelled so that it explains itself: the Rotation Game's
// lines A-H, row and column numbers where the moves are written with them, the grid's path.
// The page's script is split into files by concern (drawings, chart, options, tables, the
// page itself) to keep each short; the server serves them concatenated as one script.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 48;
// The margin around boards whose edges carry labels (line letters, row and column numbers).
const MARGIN = 28;

function svg(tag, attributes = {}, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

// A picture of rows x cols cells drawn from `text`, with `margin` pixels around them for labels;
// the cells are drawn into `picture.board`, whose origin is the top-left cell's corner.
function canvas(rows, cols, text, margin = 0) {
  const width = cols * CELL + 2 * margin;
  const height = rows * CELL + 2 * margin;
  const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, "data-board": text });
  picture.board = svg("g", { transform: `translate(${margin} ${margin})` });
  picture.append(picture.board);
  return picture;
}

function lines(text) {
  return text.split("\n").filter((line) => line.trim() !== "");
}

// A label at (x, y) of the board's coordinates, in the margin.
function label(x, y, text, className = "edge-label") {
  return svg("text", { x, y, class: className }, text);
}

// Row numbers left of the board and column numbers above it, from 1, as the moves name them.
function numberEdges(picture, rows, cols) {
  for (let r = 0; r < rows; r += 1) {
    picture.board.append(label(-MARGIN / 2, r * CELL + CELL / 2, String(r + 1), "edge-label row-number"));
  }
  for (let c = 0; c < cols; c += 1) {
    picture.board.append(label(c * CELL + CELL / 2, -MARGIN / 2, String(c + 1), "edge-label col-number"));
  }
}

// What each puzzle asks, and how its moves are written: shown above the board.
const GOALS = {
  eight: "Goal: the tiles in order, 1 at the top left, the blank last. " +
    "A move names where the blank goes: u(p), d(own), l(eft), r(ight).",
  sliding: "Goal: the tiles in order, 1 at the top left, the blank last. " +
    "A move names where the blank goes: u(p), d(own), l(eft), r(ight).",
  rotation: "Goal: the eight shaded centre cells all hold one digit. " +
    "Move A shifts line A one cell in the direction of its arrow, and so on for B-H.",
  four: "Goal: four pieces of one colour in a row, a column or a diagonal. The two colours take " +
    "turns, either first, sliding a piece into the empty cell beside it; " +
    "a move \"r,c-r,c\" names the row and column from and to.",
  solitaire: "Goal: the pieces stand on the dashed rings within the moves allowed. A piece steps " +
    "to a free cell beside it or jumps one piece; a move \"r,c-r,c\" names the row and column " +
    "from and to.",
  grid: "Goal: a shortest path from the disc to the ring, around the dark walls; " +
    "a straight step costs 1, a diagonal one √2.",
  pancake: "Goal: the stack sorted, smallest on top (burnt: every burnt side down, no dark " +
    "edge). A move \"k\" flips the top k pancakes, numbered down the left.",
  cube: "Goal: every face of the cube one colour, drawn as its net (U above F, then L F R B, " +
    "then D). A move turns one face, U(p), R(ight), F(ront), D(own), L(eft) or B(ack), a quarter " +
    "clockwise (R), a half (R2) or a quarter back (R'); the 2×2×2 turns U, R and F only, its " +
    "down-back-left corner staying put.",
  hanoi: "Goal: every disc on the peg the case names after \"/\" (by default all on peg 4), " +
    "never a disc on a smaller one. A move \"1-3\" takes the top disc of peg 1 onto peg 3.",
  topspin: "Goal: token i at position i around the loop (position 1 at the top, clockwise). " +
    "A move \"p\" turns the turnstile at position p: the tokens at p to p+3 in reverse order.",
  psvn: "Goal: a state that one of the domain's GOAL lines matches. A state is a row of values, " +
    "one per variable, numbered from 0 as the rules' positions; a move is a rule's LABEL. " +
    "Choose a shipped domain, or paste your own under \"your domain\".",
};

function goalOf(name) {
  return GOALS[name] || "";
}

// The drawings of the puzzles that have one; any other puzzle is drawn by `drawCharacters`.
const DRAWINGS = {
  eight: drawTiles,
  sliding: drawTiles,
  rotation: drawRotation,
  four: drawFour,
  solitaire: drawSolitaire,
  grid: drawGrid,
  pancake: drawPancakes,
  cube: drawCube,
  hanoi: drawHanoi,
  topspin: drawLoop,
  psvn: drawValues,
};

// The board `text` of puzzle `name` drawn; `view` says what else to draw: `slides`, giving a map
// from "row,col" of a tile to the move that slides it (and `playMove` to play it), `target`, the
// solitaire target's cells, and `path`, the boards of the answer with the one shown (`at`).
function drawBoard(name, text, view) {
  const picture = (DRAWINGS[name] || drawCharacters)(text, view);
  picture.dataset.puzzle = name;
  return picture;
}

// Sliding tiles: numbers on tiles, the blank empty; a tile next to the blank slides when clicked.
function drawTiles(text, { slides, playMove }) {
  const rows = lines(text).map((line) => line.trim().split(/\s+/));
  const picture = canvas(rows.length, rows[0].length, text);
  const movable = slides();
  rows.forEach((row, r) => row.forEach((tile, c) => {
    if (tile === "x" || tile === "0") return;
    const move = movable.get(`${r},${c}`);
    const group = svg("g", { class: move ? "tile movable" : "tile", "data-row": r, "data-col": c });
    group.append(
      svg("rect", { x: c * CELL + 2, y: r * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 6 }),
      svg("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2 }, tile),
    );
    if (move) group.addEventListener("click", () => playMove(move));
    picture.board.append(group);
  }));
  return picture;
}

const ROTATION_COLOURS = { 1: "#d33", 2: "#3a3", 3: "#36d" };

// Where each line's letter stands on the 7x7 '#' (column, row, just off the board) and the way
// its move shifts the line: A and B up the columns, C and D right along the rows, E and F down,
// G and H left.
const ROTATION_LINES = [
  ["A", 2, -1, "↑"], ["B", 4, -1, "↑"], ["C", 7, 2, "→"], ["D", 7, 4, "→"],
  ["E", 4, 7, "↓"], ["F", 2, 7, "↓"], ["G", -1, 4, "←"], ["H", -1, 2, "←"],
];

// The Rotation Game's '#': its lines drawn with one character a column and a space between,
// each line's letter and arrow at its end.
function drawRotation(text) {
  const picture = canvas(7, 7, text, CELL);
  picture.board.append(svg("rect", { class: "centre", x: 2 * CELL, y: 2 * CELL, width: 3 * CELL, height: 3 * CELL }));
  lines(text).forEach((line, r) => [...line].forEach((digit, at) => {
    if (digit === " ") return;
    const c = at / 2;
    const group = svg("g", { class: "cell", "data-row": r, "data-col": c });
    group.append(
      svg("circle", { cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 4, fill: ROTATION_COLOURS[digit] || "#999" }),
      svg("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2, fill: "#fff" }, digit),
    );
    picture.board.append(group);
  }));
  for (const [letter, c, r, arrow] of ROTATION_LINES) {
    const text = c < 0 ? `${arrow}${letter}` : `${letter}${arrow}`;
    picture.board.append(label(c * CELL + CELL / 2, r * CELL + CELL / 2, text, "edge-label line-letter"));
  }
  return picture;
}

// Four in a row: black and white pieces on a 4x4 board, O empty; rows and columns numbered.
function drawFour(text) {
  const rows = lines(text);
  const picture = canvas(rows.length, rows[0].length, text, MARGIN);
  rows.forEach((line, r) => [...line].forEach((cell, c) => {
    picture.board.append(svg("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: (r + c) % 2 ? "#c9a46b" : "#e3c48f" }));
    if (cell === "B" || cell === "W") {
      picture.board.append(svg("circle", {
        class: "piece", "data-row": r, "data-col": c, "data-colour": cell,
        cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 6,
        fill: cell === "B" ? "#222" : "#fff", stroke: "#222",
      }));
    }
  }));
  numberEdges(picture, rows.length, rows[0].length);
  return picture;
}

// Solitaire: the pieces on the board, the target's cells ringed; rows and columns numbered.
function drawSolitaire(text, { target }) {
  const rows = lines(text);
  const picture = canvas(rows.length, rows[0].length, text, MARGIN);
  rows.forEach((line, r) => [...line].forEach((cell, c) => {
    picture.board.append(svg("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: "#f3efe6", stroke: "#ccc" }));
    if (cell === "o") {
      picture.board.append(svg("circle", { class: "piece", "data-row": r, "data-col": c, cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 8, fill: "#b5542c" }));
    }
  }));
  for (const [r, c] of target) {
    picture.board.append(svg("circle", { class: "target", cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 3, fill: "none", stroke: "#2a7", "stroke-width": 3, "stroke-dasharray": "4 3" }));
  }
  numberEdges(picture, rows.length, rows[0].length);
  return picture;
}

// Grid maps: blocked cells dark, the walker a disc, the goal ringed, and the answer's path: the
// part walked solid, the rest dashed.
function drawGrid(text, { path, at }) {
  const rows = lines(text);
  const picture = canvas(rows.length, rows[0].length, text);
  rows.forEach((line, r) => [...line].forEach((cell, c) => {
    picture.board.append(svg("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: cell === "@" ? "#444" : "#f3efe6", stroke: "#ccc" }));
    if (cell === "G") {
      picture.board.append(svg("circle", { class: "goal", cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 6, fill: "none", stroke: "#2a7", "stroke-width": 3 }));
    }
  }));
  // The server draws at most 64 x 32 cells around the walker (grid/print.rs's WINDOW): on a
  // larger map the window follows the walker, so cells of different steps are not one frame and
  // a line through them would be a false path. The canvas below the board draws the whole path.
  const whole = rows.length < 32 && rows[0].length < 64;
  const cells = whole ? path.map(walkerCell).filter(Boolean) : [];
  if (cells.length > 1) {
    const points = (part) => part.map(([r, c]) => `${c * CELL + CELL / 2},${r * CELL + CELL / 2}`).join(" ");
    picture.board.append(
      svg("polyline", { class: "path ahead", points: points(cells.slice(at)) }),
      svg("polyline", { class: "path walked", points: points(cells.slice(0, at + 1)) }),
    );
  }
  rows.forEach((line, r) => [...line].forEach((cell, c) => {
    if (cell === "*") {
      picture.board.append(svg("circle", { class: "walker", "data-row": r, "data-col": c, cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 8, fill: "#b5542c" }));
    }
  }));
  return picture;
}

// The walker's cell [row, col] on a grid drawing, if it is there.
function walkerCell(text) {
  const rows = lines(text);
  const r = rows.findIndex((line) => line.includes("*"));
  return r < 0 ? null : [r, rows[r].indexOf("*")];
}

// The pancake stack, top first: a bar per pancake as wide as its size, burnt side up ones
// (negative) edged dark on top; the flip that takes the stack down to each is numbered left.
const PANCAKE_ROW = 20;

function drawPancakes(text) {
  const cakes = text.trim().split(/\s+/).map(Number);
  const widest = CELL * 6;
  const width = widest + MARGIN;
  const height = cakes.length * PANCAKE_ROW;
  const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, "data-board": text });
  picture.board = svg("g", {});
  picture.append(picture.board);
  cakes.forEach((cake, index) => {
    const size = Math.abs(cake);
    const bar = (widest * size) / cakes.length;
    const y = index * PANCAKE_ROW;
    const group = svg("g", { class: cake < 0 ? "pancake burnt" : "pancake", "data-size": size });
    group.append(
      svg("rect", {
        x: MARGIN + (widest - bar) / 2, y: y + 2, width: bar, height: PANCAKE_ROW - 4, rx: 6,
        fill: "#e8b86d", stroke: cake < 0 ? "#5a3210" : "#b07a30", "stroke-width": cake < 0 ? 4 : 1,
      }),
      svg("text", { x: MARGIN + widest / 2, y: y + PANCAKE_ROW / 2, "text-anchor": "middle", "dominant-baseline": "central" }, String(cake)),
      label(MARGIN / 2, y + PANCAKE_ROW / 2, String(index + 1), "edge-label"),
    );
    picture.board.append(group);
  });
  return picture;
}

// The four pegs, numbered below, each with its discs from the bottom up ("peg 1: 3 2 1"), a
// bar per disc as wide as its size.
const DISC_ROW = 16;

function drawHanoi(text) {
  const pegs = lines(text).map((line) => line.replace(/^peg \d+:/, "").trim().split(/\s+/).filter(Boolean).map(Number));
  const discs = Math.max(1, ...pegs.flat());
  const column = CELL * 3;
  const width = column * pegs.length;
  const height = (discs + 1) * DISC_ROW + MARGIN;
  const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, "data-board": text });
  picture.board = svg("g", {});
  picture.append(picture.board);
  const base = (discs + 1) * DISC_ROW;
  pegs.forEach((stack, peg) => {
    const middle = peg * column + column / 2;
    picture.board.append(
      svg("rect", { x: middle - 2, y: DISC_ROW / 2, width: 4, height: base - DISC_ROW / 2, fill: "#777" }),
      label(middle, base + MARGIN / 2, String(peg + 1), "edge-label"),
    );
    stack.forEach((disc, level) => {
      const bar = 12 + ((column - 16) * disc) / discs;
      const y = base - (level + 1) * DISC_ROW;
      const group = svg("g", { class: "disc", "data-disc": disc, "data-peg": peg + 1 });
      group.append(
        svg("rect", { x: middle - bar / 2, y: y + 1, width: bar, height: DISC_ROW - 2, rx: 5, fill: "#6d9ee8", stroke: "#30507a" }),
        svg("text", { x: middle, y: y + DISC_ROW / 2, "text-anchor": "middle", "dominant-baseline": "central" }, String(disc)),
      );
      picture.board.append(group);
    });
  });
  return picture;
}

// TopSpin's loop: the tokens on a circle from position 1 at the top, clockwise, each position
// numbered outside it.
function drawLoop(text) {
  const tokens = text.trim().split(/\s+/);
  const radius = Math.max(2 * CELL, (tokens.length * CELL) / (2 * Math.PI));
  const size = 2 * (radius + CELL);
  const picture = svg("svg", { viewBox: `0 0 ${size} ${size}`, width: size, height: size, "data-board": text });
  picture.board = svg("g", { transform: `translate(${size / 2} ${size / 2})` });
  picture.append(picture.board);
  tokens.forEach((token, index) => {
    const angle = (2 * Math.PI * index) / tokens.length - Math.PI / 2;
    const [x, y] = [radius * Math.cos(angle), radius * Math.sin(angle)];
    const group = svg("g", { class: "token", "data-position": index + 1, "data-token": token });
    group.append(
      svg("circle", { cx: x, cy: y, r: CELL / 2 - 4, fill: token === String(index + 1) ? "#9fd89f" : "#e8d06d", stroke: "#555" }),
      svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central" }, token),
      label(x * (1 + CELL / 1.6 / radius), y * (1 + CELL / 1.6 / radius), String(index + 1), "edge-label"),
    );
    picture.board.append(group);
  });
  return picture;
}

// The cube's stickers in their colours, laid out as its net; each names its colour's face.
const CUBE_COLOURS = { U: "#f4f4f4", R: "#c41e3a", F: "#009e60", D: "#ffd500", L: "#ff5800", B: "#0051ba" };

function drawCube(text) {
  const rows = lines(text);
  const cols = Math.max(...rows.map((line) => line.length));
  const picture = canvas(rows.length, cols, text);
  rows.forEach((line, r) => [...line].forEach((sticker, c) => {
    if (sticker === " ") return;
    const group = svg("g", { class: "cell sticker", "data-row": r, "data-col": c, "data-colour": sticker });
    group.append(
      svg("rect", {
        x: c * CELL + 2, y: r * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 6,
        fill: CUBE_COLOURS[sticker] || "#999", stroke: "#222",
      }),
      svg("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2, fill: "U D".includes(sticker) ? "#222" : "#fff" }, sticker),
    );
    picture.board.append(group);
  }));
  return picture;
}

// The most variables of a PSVN state drawn in one row; more wrap to the next.
const VALUES_ROW = 12;

// A PSVN state: its values (space-separated) in a row of cells as wide as the longest value,
// each numbered by its variable.
function drawValues(text) {
  const values = text.trim().split(/\s+/).filter((value) => value !== "");
  // A domain with a grid (a comment `# grid R x C`) is drawn in rows: its first row's width.
  const rowsDrawn = text.trim().split("\n");
  const firstRow = rowsDrawn[0].trim().split(/\s+/).length;
  const cols = rowsDrawn.length > 1 ? firstRow : Math.max(1, Math.min(values.length, VALUES_ROW));
  const rows = Math.max(1, Math.ceil(values.length / cols));
  const wide = Math.max(CELL, 11 * Math.max(0, ...values.map((value) => value.length)) + 14);
  const picture = svg("svg", { viewBox: `0 0 ${cols * wide} ${rows * CELL}`, width: cols * wide, height: rows * CELL, "data-board": text });
  values.forEach((value, at) => {
    const x = (at % cols) * wide;
    const y = Math.floor(at / cols) * CELL;
    const cell = svg("g", { class: "variable", "data-variable": at, transform: `translate(${x} ${y})` });
    cell.append(
      svg("rect", { x: 2, y: 2, width: wide - 4, height: CELL - 4, rx: 4 }),
      svg("text", { x: 7, y: 10, class: "index", "text-anchor": "start" }, String(at)),
      svg("text", { x: wide / 2, y: CELL / 2 + 5 }, value),
    );
    picture.append(cell);
  });
  return picture;
}

// Any other puzzle: its drawing's characters on a grid.
function drawCharacters(text) {
  const rows = lines(text);
  const cols = Math.max(...rows.map((line) => line.length));
  const picture = canvas(rows.length, cols, text);
  rows.forEach((line, r) => [...line].forEach((character, c) => {
    picture.board.append(svg("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2, "text-anchor": "middle" }, character));
  }));
  return picture;
}
