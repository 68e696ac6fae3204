// The picture of a grid search on the whole map, on a canvas (a pixel per cell, scaled up for
// small maps), so that maps of 1,024 x 1,024 cells draw at once: walls dark, the cells the search
// expanded blue, the path red, jump point search's jump points orange where they were not
// expanded (each expanded cell of JPS is one, blue: over the path, where it turns), the start
// green and the goal purple. The canvas tells its counts in data attributes
// (data-expanded, data-jump-points, data-path) and the caption says them in words.

const SEARCH_COLOURS = {
  wall: [68, 68, 68],
  open: [243, 239, 230],
  expanded: [120, 170, 220],
  jump: [240, 110, 20],
  path: [200, 30, 40],
  start: [40, 160, 40],
  goal: [110, 60, 150],
};

// The steps' column and row offsets, by name.
const STEP_OFFSETS = {
  N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0], NE: [1, -1], SE: [1, 1], SW: [-1, 1], NW: [-1, -1],
};

// The map and the scenario of a case in the grid's input: a map, then start-x start-y goal-x
// goal-y; null when the text is not one.
function gridCase(text) {
  const rows = text.split("\n");
  const at = rows.findIndex((line) => line.trim() === "map");
  if (at < 0) return null;
  const header = Object.fromEntries(rows.slice(0, at).map((line) => line.trim().split(/\s+/)));
  const [width, height] = [Number(header.width), Number(header.height)];
  const cells = rows.slice(at + 1, at + 1 + height);
  const scenario = rows.slice(at + 1 + height).find((line) => line.trim() !== "");
  if (!scenario) return null;
  const [sx, sy, gx, gy] = scenario.trim().split(/\s+/).map(Number);
  return { width, height, cells, start: [sx, sy], goal: [gx, gy] };
}

// Whether bit `cell` of a hexadecimal bitmap is set (the first cell of each digit its 8).
function bitSet(bitmap, cell) {
  return (parseInt(bitmap[cell >> 2], 16) >> (3 - (cell & 3))) & 1;
}

// Draws the search of `report` (a grid answer asked with search: true) for the case `text` on
// `canvas`, and says what it shows in `caption`; hides both when there is nothing to draw.
function drawSearch(canvas, caption, text, report) {
  const search = report && report.answer && report.answer.search;
  const grid = search && gridCase(text);
  canvas.hidden = caption.hidden = !grid;
  if (!grid) return;
  const { width, height } = grid;
  canvas.width = width;
  canvas.height = height;
  const scale = Math.max(1, Math.floor(480 / Math.max(width, height)));
  canvas.style.width = `${Math.min(width * scale, 480)}px`;
  const context = canvas.getContext("2d");
  const image = context.createImageData(width, height);
  const paint = (cell, colour) => image.data.set([...colour, 255], cell * 4);
  for (let y = 0; y < height; y += 1) {
    const row = grid.cells[y] || "";
    for (let x = 0; x < width; x += 1) {
      const cell = y * width + x;
      const open = ".GS".includes(row[x]);
      paint(cell, !open ? SEARCH_COLOURS.wall :
        bitSet(search.expanded, cell) ? SEARCH_COLOURS.expanded : SEARCH_COLOURS.open);
    }
  }
  let [x, y] = grid.start;
  const moves = report.answer.moves || [];
  for (const move of moves) {
    const [dx, dy] = STEP_OFFSETS[move];
    x += dx;
    y += dy;
    paint(y * width + x, SEARCH_COLOURS.path);
  }
  // Over the path: where it turns are jump points, expanded ones (blue) unlike those only found.
  if (search.jump_points) {
    for (let cell = 0; cell < width * height; cell += 1) {
      if (bitSet(search.jump_points, cell)) {
        paint(cell, bitSet(search.expanded, cell) ? SEARCH_COLOURS.expanded : SEARCH_COLOURS.jump);
      }
    }
  }
  paint(grid.start[1] * width + grid.start[0], SEARCH_COLOURS.start);
  paint(grid.goal[1] * width + grid.goal[0], SEARCH_COLOURS.goal);
  context.putImageData(image, 0, 0);
  Object.assign(canvas.dataset, {
    expanded: search.expanded_cells,
    jumpPoints: search.jump_point_cells,
    path: moves.length,
  });
  const jumps = search.jump_points ? `, ${search.jump_point_cells.toLocaleString("en")} jump points found (orange where not expanded)` : "";
  caption.textContent = `${width} x ${height}: ${search.expanded_cells.toLocaleString("en")} cells expanded (blue)${jumps}, ` +
    `the path of ${moves.length} steps (red) from the start (green) to the goal (purple)`;
}
