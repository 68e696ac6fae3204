// The playground: choose a puzzle, set up a board (typed in the judge's format, clicked, or at
// random), choose its options, solve it and watch the answer play, or play by hand with hints.
// Every puzzle comes from /api/puzzles. This file is the page's; the drawings, the chart, the
// option controls and the tables have files of their own, served before it as one script.
"use strict";

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
  missingTables: 0,        // the tables of the layout chosen that the server lacks
  blockedByTables: false,  // whether the status says to build them
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
  if (!response.ok) {
    throw Object.assign(new Error(answer.error || response.statusText), { status: response.status });
  }
  return answer;
}

function say(text, isError = false) {
  byId("status").textContent = text;
  byId("status").className = isError ? "error" : "";
}

// Runs an action of a button or control, its failure shown on the status line.
function guarded(action) {
  return async (...args) => {
    try {
      await action(...args);
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
  byId("pdb").addEventListener("change", guarded(chooseLayout));
  byId("pdb-groups").addEventListener("change", guarded(chooseLayout));
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
  byId("goal").textContent = goalOf(name);
  buildOptionControls(byId("option-controls"), state.about.options, guarded(optionChanged));
  setUpLayouts(state.about.layouts);
  byId("options").value = "{}";
  state.example = 0;
  await nextExample();
  await chooseLayout();
}

// An option changed: the board is read again when it shapes it (a random board of the new
// shape when the old one does not fit it, as a state of another domain), and the tables asked
// for again.
async function optionChanged(name) {
  const spec = state.about.options.find((option) => option.name === name);
  if (spec && spec.shapes_board && state.position) {
    try {
      await setUp(byId("input").value);
    } catch {
      await randomBoard();
    }
  } else if (asksTables()) await refreshTables();
}

async function nextExample() {
  const cases = state.about.cases;
  await setUp(cases[state.example % cases.length]);
  state.example += 1;
}

async function randomBoard() {
  const query = new URLSearchParams(chosenOptions(true));
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
  const position = await api(`/api/${state.about.name}/moves`, { board: text, ...chosenOptions() });
  forgetAnswer();
  state.position = position;
  byId("input").value = position.case;
  say("");
  draw();
  if (asksTables()) await refreshTables();
}

// ---- the options of the moves and of the search ----

// The options of a search: those chosen, and the layout chosen with the board's size.
function searchOptions() {
  const options = chosenOptions();
  const layout = chosenLayout();
  return layout ? { pdb: layout, size: options.size || squareSize(), ...options } : options;
}

// The size of the square board set up ("4x4" for 16 tiles).
function squareSize() {
  const tiles = state.position ? state.position.case.trim().split(/\s+/).length : 0;
  const side = Math.round(Math.sqrt(tiles));
  return side * side === tiles ? `${side}x${side}` : undefined;
}

// ---- solving, playing the answer ----

async function solve() {
  const report = await search();
  if (!report) return;
  forgetAnswer();
  state.steps = report.steps;
  showFigures(report);
  showMoveList();
  byId("verdict").textContent = report.steps.length > 1 ? "" : verdict(report);
  say(report.summary);
  show(0);
}

// The server's answer for the board set up, with its steps; none when the tables the search
// needs are not built yet, which the status then says.
async function search() {
  if (tablesBlock()) return null;
  const request = { board: state.position.case, steps: true, ...searchOptions() };
  if (state.about.name === "grid") request.search = true;  // the cells for the map's picture
  say("solving...");
  try {
    return await api(`/api/${state.about.name}/solve`, request);
  } catch (error) {
    if (error.status !== 409 || !asksTables()) throw error;
    await refreshTables();
    blockedByTables();
    return null;
  }
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
  byId("verdict").textContent = "";
  byId("output").textContent = "";
  byId("chart").replaceChildren();
  drawSearch(byId("search-map"), byId("search-legend"), "", null);
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
    position = await api(`/api/${state.about.name}/moves`, { board: played.case, ...chosenOptions() });
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
  const report = await search();
  if (!report) return;
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
  byId("move-count").textContent = moveCount(report);
  byId("expanded").textContent = stats.expanded.toLocaleString("en");
  byId("generated").textContent = stats.generated.toLocaleString("en");
  byId("stored").textContent = stats.stored.toLocaleString("en");
  byId("time").textContent = formatSeconds(stats.seconds);
  byId("chart").replaceChildren(layerChart(stats.layers, layerKind()));
  drawSearch(byId("search-map"), byId("search-legend"), state.position.case, report);
}

// The moves of the answer, or in words why there are none ("unsolvable", "NO ...", "stopped:
// ..."): a board already solved is the only answer of no moves.
function moveCount(report) {
  const moves = report.steps.length - 1;
  return moves > 0 || /^0 moves\b/.test(report.summary) ? String(moves) : report.summary;
}

// Why there is no move to play, in words ("unsolvable: no solution to play").
function verdict(report) {
  return moveCount(report) === "0" ? "solved already: no move to make" :
    `${report.summary}: no solution to play`;
}

// What the layers of each algorithm's search are counted by (breadth-first searches: depth).
const LAYER_KINDS = {
  idastar: "IDA* cost bound",
  astar: "A* f = cost so far + estimate",
  dijkstra: "distance",
  bibfs: "length ruled out",
  mm: "MM lower bound on the cost",
  nbs: "NBS lower bound on the cost",
  dvcbs: "DVCBS lower bound on the cost",
  auto: "depth or IDA* cost bound",
};

// The chart's horizontal axis for the search chosen.
function layerKind() {
  const algo = byId("option-algo");
  const kind = chosenLayout() ? LAYER_KINDS.idastar : LAYER_KINDS[algo && algo.value] || "depth";
  return `${kind} (${state.about.name === "grid" ? "length" : "moves"})`;
}

function formatSeconds(seconds) {
  if (seconds < 1e-3) return `${(seconds * 1e6).toFixed(1)} us`;
  if (seconds < 1) return `${(seconds * 1e3).toFixed(3)} ms`;
  return `${seconds.toFixed(3)} s`;
}

// ---- drawing ----

function draw() {
  const text = state.steps.length > 0 ? state.steps[state.at].board : state.position.board;
  const view = {
    slides: atPosition() ? tileSlides : () => new Map(),
    playMove: guarded(playMove),
    target: solitaireTarget(),
    path: state.steps.map((step) => step.board),
    at: state.at,
  };
  byId("board").replaceChildren(drawBoard(state.about.name, text, view));
  if (atPosition()) {
    drawHandMoves();
  } else {
    const button = document.createElement("button");
    button.textContent = "play from this board";
    button.addEventListener("click", guarded(async () => { await playFromHere(); draw(); }));
    byId("hand").replaceChildren(button);
  }
}

// Which move slides the tile at "row,col" of a sliding board: the one whose board has the blank
// there.
function tileSlides() {
  const slides = new Map();
  for (const { move, board } of state.position.moves) {
    lines(board).forEach((line, r) => line.trim().split(/\s+/).forEach((tile, c) => {
      if (tile === "x" || tile === "0") slides.set(`${r},${c}`, move);
    }));
  }
  return slides;
}

// The solitaire target's cells, 0-based, from the second line of the case: row and column pairs
// from 1.
function solitaireTarget() {
  const numbers = (lines(state.position.case)[1] || "").trim().split(/\s+/).map(Number);
  const cells = [];
  for (let at = 0; at + 1 < numbers.length; at += 2) cells.push([numbers[at] - 1, numbers[at + 1] - 1]);
  return cells;
}

start().catch((error) => say(error.message, true));
