// The playground: choose a puzzle, set up a board (typed in the judge's format, clicked, or at
// random), solve it and watch the answer play, or play by hand with hints. Every puzzle comes
// from /api/puzzles; a puzzle without a drawing of its own is drawn as a grid of characters.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 48;
const byId = (id) => document.getElementById(id);

const state = {
  puzzles: [],
  about: null,
  example: 0,      // the example case the Example button shows next
  position: null,  // {case, board, moves}: the board set up or played to by hand
  steps: [],       // the boards along the answer shown, from its start
  at: 0,           // the step shown
  timer: null,     // the animation, while it plays
  polling: null,   // the next look at a table build, while one runs
};

// ---- the server ----

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || response.statusText);
  return answer;
}

function puzzleOptions() {
  const text = byId("options").value.trim() || "{}";
  const options = JSON.parse(text);
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new Error("the options are a JSON object, such as {\"size\": \"3x4\"}");
  }
  return options;
}

function say(text, isError = false) {
  byId("status").textContent = text;
  byId("status").className = isError ? "error" : "";
}

// Runs an action of a button, its failure shown on the status line.
function guarded(action) {
  return async () => {
    try {
      await action();
    } catch (error) {
      say(error.message, true);
    }
  };
}

// ---- choosing a puzzle and a board ----

async function start() {
  state.puzzles = await api("/api/puzzles");
  const select = byId("puzzle");
  for (const about of state.puzzles) {
    select.append(new Option(`${about.title} (${about.name})`, about.name));
  }
  select.addEventListener("change", guarded(() => choosePuzzle(select.value)));
  byId("algo").addEventListener("change", showAlgorithmHelp);
  byId("pdb").addEventListener("change", guarded(chooseLayout));
  byId("build").addEventListener("click", guarded(buildTables));
  byId("load").addEventListener("click", guarded(() => setUp(byId("input").value)));
  byId("example").addEventListener("click", guarded(nextExample));
  byId("random").addEventListener("click", guarded(randomBoard));
  byId("solve").addEventListener("click", guarded(solve));
  byId("hint").addEventListener("click", guarded(hint));
  byId("first").addEventListener("click", () => show(0));
  byId("back").addEventListener("click", () => show(state.at - 1));
  byId("forward").addEventListener("click", () => show(state.at + 1));
  byId("last").addEventListener("click", () => show(state.steps.length - 1));
  byId("toggle").addEventListener("click", toggle);
  byId("speed").addEventListener("input", () => { if (state.timer) { pause(); play(); } });
  await choosePuzzle(select.value);
}

async function choosePuzzle(name) {
  state.about = state.puzzles.find((about) => about.name === name);
  byId("about").textContent = state.about.judges;
  byId("format").textContent = state.about.input;
  const algo = byId("algo");
  algo.replaceChildren(...state.about.algorithms.map(([name]) => new Option(name, name)));
  showAlgorithmHelp();
  const layouts = state.about.layouts;
  byId("tables-box").hidden = layouts.length === 0;
  byId("pdb").replaceChildren(new Option("none", ""), ...layouts.map(([name]) => new Option(name, name)));
  byId("options").value = "{}";
  state.example = 0;
  await nextExample();
  await chooseLayout();
}

function showAlgorithmHelp() {
  const chosen = state.about.algorithms.find(([name]) => name === byId("algo").value);
  byId("algo-help").textContent = chosen ? chosen[1] : "";
}

async function nextExample() {
  const cases = state.about.cases;
  await setUp(cases[state.example % cases.length]);
  state.example += 1;
}

async function randomBoard() {
  const query = new URLSearchParams(puzzleOptions());
  const name = state.about.name;
  // Puzzles that can be unsolvable draw only solvable boards; the others refuse the option.
  let drawn;
  try {
    drawn = await api(`/api/${name}/random?${query}&solvable=true`);
  } catch {
    drawn = await api(`/api/${name}/random?${query}`);
  }
  await setUp(drawn.board);
}

// Sets up the board `text` (one case in the judge's format), forgetting any answer shown.
async function setUp(text) {
  const position = await api(`/api/${state.about.name}/moves`, { board: text, ...puzzleOptions() });
  forgetAnswer();
  state.position = position;
  byId("input").value = position.case;
  say("");
  draw();
  if (chosenLayout()) await refreshTables();
}

// ---- pattern databases: a layout, its tables, and their build ----

function chosenLayout() {
  return state.about.layouts.length > 0 ? byId("pdb").value : "";
}

// The options of a search: the algorithm chosen, or the layout chosen with the board's size.
function searchOptions() {
  const options = puzzleOptions();
  const layout = chosenLayout();
  if (!layout) return { algo: byId("algo").value, ...options };
  return { pdb: layout, size: options.size || squareSize(), ...options };
}

// The size of the square board set up ("4x4" for 16 tiles).
function squareSize() {
  const tiles = state.position ? state.position.case.trim().split(/\s+/).length : 0;
  const side = Math.round(Math.sqrt(tiles));
  return side * side === tiles ? `${side}x${side}` : undefined;
}

async function chooseLayout() {
  const layout = chosenLayout();
  const help = state.about.layouts.find(([name]) => name === layout);
  byId("pdb-help").textContent = help ? help[1] : "";
  byId("algo").disabled = Boolean(layout);
  await refreshTables();
}

// Asks the server which tables the layout needs and whether a build runs; while one does, asks
// again every half second.
async function refreshTables() {
  clearTimeout(state.polling);
  state.polling = null;
  if (!chosenLayout()) {
    byId("table-list").replaceChildren();
    byId("build").hidden = true;
    byId("build-progress").hidden = true;
    byId("build-status").textContent = "";
    return;
  }
  const options = encodeURIComponent(JSON.stringify(searchOptions()));
  showTables(await api(`/api/${state.about.name}/tables?options=${options}`));
}

async function buildTables() {
  showTables(await api(`/api/${state.about.name}/tables`, searchOptions()));
}

function showTables({ tables, build }) {
  byId("table-list").replaceChildren(...tables.map((table) => {
    const item = document.createElement("li");
    item.textContent = `${table.name} (${formatBytes(table.bytes)})`;
    item.className = table.cached ? "cached" : "";
    return item;
  }));
  const missing = tables.filter((table) => !table.cached).length;
  const progress = byId("build-progress");
  progress.hidden = !build.running;
  byId("build").hidden = missing === 0 || build.running;
  let status;
  if (build.running) {
    progress.max = Math.max(build.states, 1);
    progress.value = build.settled;
    status = `building ${build.table || "the tables"}: distance ${build.depth}, ` +
      `${Math.floor(100 * build.settled / Math.max(build.states, 1))}%`;
    state.polling = setTimeout(guarded(refreshTables), 500);
  } else if (missing > 0) {
    status = build.error || `${missing} of ${tables.length} tables to build before solving`;
  } else {
    status = "tables ready";
  }
  byId("build-status").textContent = status;
}

function formatBytes(bytes) {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1e3)} kB`;
}

// ---- solving, playing the answer ----

async function solve() {
  const request = { board: state.position.case, steps: true, ...searchOptions() };
  say("solving...");
  const report = await api(`/api/${state.about.name}/solve`, request);
  forgetAnswer();
  state.steps = report.steps;
  showFigures(report);
  showMoveList();
  say(report.summary);
  show(0);
}

// Forgets the answer shown and the figures of its search, which belong to another board.
function forgetAnswer() {
  pause();
  state.steps = [];
  state.at = 0;
  byId("moves").replaceChildren();
  byId("step-title").textContent = "";
  for (const id of ["summary", "move-count", "expanded", "generated", "stored", "time"]) {
    byId(id).textContent = "-";
  }
  byId("output").textContent = "";
  byId("chart").replaceChildren();
}

function showMoveList() {
  const items = state.steps.slice(1).map((step, index) => {
    const item = document.createElement("li");
    item.textContent = step.move;
    item.title = step.title;
    item.addEventListener("click", () => show(index + 1));
    return item;
  });
  byId("moves").replaceChildren(...items);
}

// Shows step `at` of the answer (within its bounds).
function show(at) {
  if (state.steps.length === 0) return;
  state.at = Math.max(0, Math.min(at, state.steps.length - 1));
  byId("step-title").textContent = state.steps[state.at].title;
  byId("moves").querySelectorAll("li").forEach((item, index) => {
    item.className = index + 1 < state.at ? "done" : index + 1 === state.at ? "current" : "";
  });
  draw();
  if (state.at === state.steps.length - 1) pause();
}

function play() {
  if (state.steps.length === 0) return;
  if (state.at === state.steps.length - 1) show(0);
  const delay = 1000 / Number(byId("speed").value);
  state.timer = setInterval(() => show(state.at + 1), delay);
  byId("toggle").textContent = "pause";
}

function pause() {
  clearInterval(state.timer);
  state.timer = null;
  byId("toggle").textContent = "play";
}

function toggle() {
  if (state.timer) pause(); else play();
}

// ---- playing by hand ----

// Whether the board drawn is the one set up or played to by hand (no later step of an answer).
function atPosition() {
  return state.at === 0;
}

// Makes the board of the step shown the position to play from, replaying the answer's moves.
async function playFromHere() {
  const moves = state.steps.slice(1, state.at + 1).map((step) => step.move);
  let position = state.position;
  for (const move of moves) {
    const played = position.moves.find((candidate) => candidate.move === move);
    position = await api(`/api/${state.about.name}/moves`, { board: played.case, ...puzzleOptions() });
  }
  forgetAnswer();
  state.position = position;
  byId("input").value = position.case;
}

async function playMove(move) {
  if (!atPosition()) await playFromHere();
  const played = state.position.moves.find((candidate) => candidate.move === move);
  await setUp(played.case);
  say(`played ${move}`);
}

async function hint() {
  if (!atPosition()) await playFromHere();
  const request = { board: state.position.case, steps: true, ...searchOptions() };
  const report = await api(`/api/${state.about.name}/solve`, request);
  showFigures(report);
  draw();
  if (report.steps.length < 2) {
    say(`no move to suggest: ${report.summary}`);
    return;
  }
  const move = report.steps[1].move;
  for (const button of byId("hand").querySelectorAll("button")) {
    button.classList.toggle("suggested", button.dataset.move === move);
  }
  say(`hint: ${move} (${report.summary} from here)`);
}

function drawHandMoves() {
  const buttons = state.position.moves.map(({ move }) => {
    const button = document.createElement("button");
    button.textContent = move;
    button.dataset.move = move;
    button.addEventListener("click", guarded(() => playMove(move)));
    return button;
  });
  byId("hand").replaceChildren(...buttons);
}

// ---- the search's figures ----

function showFigures(report) {
  const stats = report.stats;
  byId("summary").textContent = report.summary;
  byId("output").textContent = report.output;
  byId("move-count").textContent = report.steps ? String(report.steps.length - 1) : "-";
  byId("expanded").textContent = stats.expanded.toLocaleString("en");
  byId("generated").textContent = stats.generated.toLocaleString("en");
  byId("stored").textContent = stats.stored.toLocaleString("en");
  byId("time").textContent = formatSeconds(stats.seconds);
  byId("chart").replaceChildren(layerChart(stats.layers));
}

function formatSeconds(seconds) {
  if (seconds < 1e-3) return `${(seconds * 1e6).toFixed(1)} us`;
  if (seconds < 1) return `${(seconds * 1e3).toFixed(3)} ms`;
  return `${seconds.toFixed(3)} s`;
}

// Nodes expanded per depth (BFS) or bound (IDA*), on a logarithmic scale.
function layerChart(layers) {
  if (layers.length === 0) {
    const none = document.createElement("p");
    none.textContent = "no layers to chart for this search";
    return none;
  }
  const width = 260, height = 120, bar = width / layers.length;
  const top = Math.log10(1 + Math.max(...layers.map(([, expanded]) => expanded)));
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height + 16}`, width, class: "chart" });
  chart.append(svg("title", {}, "nodes expanded per depth or bound (log scale)"));
  layers.forEach(([depth, expanded, generated], index) => {
    const tall = top === 0 ? 0 : (height * Math.log10(1 + expanded)) / top;
    const rect = svg("rect", { x: index * bar + 1, y: height - tall, width: Math.max(bar - 2, 1), height: tall, fill: "#4a7" });
    rect.append(svg("title", {}, `depth ${depth}: ${expanded} expanded, ${generated} generated`));
    chart.append(rect, svg("text", { x: index * bar + bar / 2, y: height + 12, "font-size": 10, "text-anchor": "middle" }, String(depth)));
  });
  return chart;
}

// ---- drawing ----

function svg(tag, attributes = {}, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

function canvas(rows, cols, text) {
  return svg("svg", {
    viewBox: `0 0 ${cols * CELL} ${rows * CELL}`,
    width: cols * CELL,
    height: rows * CELL,
    "data-board": text,
  });
}

function lines(text) {
  return text.split("\n").filter((line) => line.trim() !== "");
}

// The drawings of the puzzles that have one; any other puzzle is drawn by `drawCharacters`.
const DRAWINGS = {
  eight: drawTiles,
  sliding: drawTiles,
  rotation: drawRotation,
  four: drawFour,
  solitaire: drawSolitaire,
  grid: drawGrid,
};

function draw() {
  const text = state.steps.length > 0 ? state.steps[state.at].board : state.position.board;
  const drawing = DRAWINGS[state.about.name] || drawCharacters;
  byId("board").replaceChildren(drawing(text));
  if (atPosition()) {
    drawHandMoves();
  } else {
    const button = document.createElement("button");
    button.textContent = "play from this board";
    button.addEventListener("click", guarded(async () => { await playFromHere(); draw(); }));
    byId("hand").replaceChildren(button);
  }
}

// Sliding tiles: numbers on tiles, the blank empty; a tile next to the blank slides when clicked.
function drawTiles(text) {
  const rows = lines(text).map((line) => line.trim().split(/\s+/));
  const picture = canvas(rows.length, rows[0].length, text);
  const slides = atPosition() ? tileSlides() : new Map();
  rows.forEach((row, r) => row.forEach((tile, c) => {
    if (tile === "x" || tile === "0") return;
    const move = slides.get(`${r},${c}`);
    const group = svg("g", { class: move ? "tile movable" : "tile", "data-row": r, "data-col": c });
    group.append(
      svg("rect", { x: c * CELL + 2, y: r * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 6 }),
      svg("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2 }, tile),
    );
    if (move) group.addEventListener("click", guarded(() => playMove(move)));
    picture.append(group);
  }));
  return picture;
}

// Which move slides the tile at "row,col": the one whose board has the blank there.
function tileSlides() {
  const slides = new Map();
  for (const { move, board } of state.position.moves) {
    lines(board).forEach((line, r) => line.trim().split(/\s+/).forEach((tile, c) => {
      if (tile === "x" || tile === "0") slides.set(`${r},${c}`, move);
    }));
  }
  return slides;
}

const ROTATION_COLOURS = { 1: "#d33", 2: "#3a3", 3: "#36d" };

// The Rotation Game's '#': its lines drawn with one character a column and a space between.
function drawRotation(text) {
  const rows = lines(text);
  const picture = canvas(7, 7, text);
  picture.append(svg("rect", { x: 2 * CELL, y: 2 * CELL, width: 3 * CELL, height: 3 * CELL, fill: "#eee" }));
  rows.forEach((line, r) => [...line].forEach((digit, at) => {
    if (digit === " ") return;
    const c = at / 2;
    const group = svg("g", { class: "cell", "data-row": r, "data-col": c });
    group.append(
      svg("circle", { cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 4, fill: ROTATION_COLOURS[digit] || "#999" }),
      svg("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2, fill: "#fff" }, digit),
    );
    picture.append(group);
  }));
  return picture;
}

// Four in a row: black and white pieces on a 4x4 board, O empty.
function drawFour(text) {
  const rows = lines(text);
  const picture = canvas(rows.length, rows[0].length, text);
  rows.forEach((line, r) => [...line].forEach((cell, c) => {
    picture.append(svg("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: (r + c) % 2 ? "#c9a46b" : "#e3c48f" }));
    if (cell === "B" || cell === "W") {
      picture.append(svg("circle", {
        class: "piece", "data-row": r, "data-col": c, "data-colour": cell,
        cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 6,
        fill: cell === "B" ? "#222" : "#fff", stroke: "#222",
      }));
    }
  }));
  return picture;
}

// Solitaire: the pieces on the 8x8 board, and the target's cells ringed.
function drawSolitaire(text) {
  const rows = lines(text);
  const picture = canvas(rows.length, rows[0].length, text);
  rows.forEach((line, r) => [...line].forEach((cell, c) => {
    picture.append(svg("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: "#f3efe6", stroke: "#ccc" }));
    if (cell === "o") {
      picture.append(svg("circle", { class: "piece", "data-row": r, "data-col": c, cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 8, fill: "#b5542c" }));
    }
  }));
  for (const [r, c] of solitaireTarget()) {
    picture.append(svg("circle", { class: "target", cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 3, fill: "none", stroke: "#2a7", "stroke-width": 3, "stroke-dasharray": "4 3" }));
  }
  return picture;
}

// The target's cells, 0-based, from the second line of the case: row and column pairs from 1.
function solitaireTarget() {
  const numbers = (lines(state.position.case)[1] || "").trim().split(/\s+/).map(Number);
  const cells = [];
  for (let at = 0; at + 1 < numbers.length; at += 2) cells.push([numbers[at] - 1, numbers[at + 1] - 1]);
  return cells;
}

// Grid maps: blocked cells dark, the walker a disc, the goal ringed.
function drawGrid(text) {
  const rows = lines(text);
  const picture = canvas(rows.length, rows[0].length, text);
  rows.forEach((line, r) => [...line].forEach((cell, c) => {
    picture.append(svg("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: cell === "@" ? "#444" : "#f3efe6", stroke: "#ccc" }));
    if (cell === "*") {
      picture.append(svg("circle", { class: "walker", "data-row": r, "data-col": c, cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 8, fill: "#b5542c" }));
    } else if (cell === "G") {
      picture.append(svg("circle", { class: "goal", cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL / 2 - 6, fill: "none", stroke: "#2a7", "stroke-width": 3 }));
    }
  }));
  return picture;
}

// Any other puzzle: its drawing's characters on a grid.
function drawCharacters(text) {
  const rows = lines(text);
  const cols = Math.max(...rows.map((line) => line.length));
  const picture = canvas(rows.length, cols, text);
  rows.forEach((line, r) => [...line].forEach((character, c) => {
    picture.append(svg("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2, "text-anchor": "middle" }, character));
  }));
  return picture;
}

start().catch((error) => say(error.message, true));
