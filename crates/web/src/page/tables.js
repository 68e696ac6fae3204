// Pattern databases on the page: a table layout (named, or groups of goal cells typed in), the
// tables it needs and whether the server holds them, and their build, polled while it runs. A
// solve before the tables are built points at the Build button; the build done, that error goes.
// Puzzles whose tables need no layout (the cube's optimal solver) show the tables their options
// need, and no layout to choose.
"use strict";

// The layout select's value for groups of goal cells typed in.
const GROUPS = "groups";

function setUpLayouts(layouts) {
  byId("tables-box").hidden = layouts.length === 0;
  for (const id of ["pdb", "pdb-label", "pdb-help"]) byId(id).hidden = layouts.length === 0;
  byId("pdb").replaceChildren(
    new Option("none", ""),
    ...layouts.map(([name]) => new Option(name, name)),
    new Option("groups of goal cells...", GROUPS),
  );
  byId("pdb-groups").value = "";
}

// Whether the options chosen may need tables: a layout chosen, or a puzzle whose tables need
// none.
function asksTables() {
  return Boolean(chosenLayout()) || state.about.tables_without_layout;
}

// What the tables are called in messages.
function tablesName() {
  return chosenLayout() ? `the ${chosenLayout()} tables` : "the tables";
}

// The layout chosen: a name, groups of goal cells, or "" for none.
function chosenLayout() {
  if (state.about.layouts.length === 0) return "";
  const chosen = byId("pdb").value;
  return chosen === GROUPS ? byId("pdb-groups").value.trim() : chosen;
}

async function chooseLayout() {
  const chosen = byId("pdb").value;
  const layout = chosenLayout();
  byId("pdb-groups").hidden = chosen !== GROUPS;
  const help = state.about.layouts.find(([name]) => name === chosen);
  byId("pdb-help").textContent = chosen === GROUPS
    ? "groups of goal cells, numbered from 0 row by row, split by /: 0,1,2,3/4,5,6,7 on 3x3"
    : help ? help[1] : "";
  leaveOut("pdb", Boolean(layout), {
    algo: `with the ${layout} tables the search is IDA*, its estimate the sum of the tables' ` +
      "distances: no algorithm to choose",
    heuristic: "the tables give the estimate",
  });
  await refreshTables();
}

// Asks the server which tables the layout needs and whether a build runs; while one does, asks
// again every half second.
async function refreshTables() {
  clearTimeout(state.polling);
  state.polling = null;
  if (!asksTables()) {
    state.missingTables = 0;
    byId("table-list").replaceChildren();
    byId("build").hidden = true;
    byId("build-progress").hidden = true;
    byId("build-status").textContent = "";
    tablesNoLongerBlock();
    return;
  }
  const options = encodeURIComponent(JSON.stringify(searchOptions()));
  showTables(await api(`/api/${state.about.name}/tables?options=${options}`));
}

async function buildTables() {
  showTables(await api(`/api/${state.about.name}/tables`, searchOptions()));
}

function showTables({ tables, build }) {
  if (state.about.layouts.length === 0) byId("tables-box").hidden = tables.length === 0;
  byId("table-list").replaceChildren(...tables.map((table) => {
    const item = document.createElement("li");
    item.textContent = `${table.name} (${formatBytes(table.bytes)})`;
    item.className = table.cached ? "cached" : "";
    return item;
  }));
  const missing = tables.filter((table) => !table.cached).length;
  state.missingTables = missing;
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
    tablesNoLongerBlock();
  }
  byId("build-status").textContent = status;
  byId("build-status").className = "";
}

// Whether a search must wait for tables, which then says so (pointing at the Build button).
function tablesBlock() {
  if (!asksTables() || state.missingTables === 0) return false;
  blockedByTables();
  return true;
}

// Says the tables are not built yet, on the status line and under the Build button, which it
// points at.
function blockedByTables() {
  state.blockedByTables = true;
  const build = byId("build");
  build.classList.add("suggested");
  build.focus();
  const message = `${tablesName()} are not built yet: press "${build.textContent}" ` +
    "under the pattern databases, then Solve";
  say(message, true);
  byId("build-status").textContent = message;
  byId("build-status").className = "error";
}

// Takes back what `blockedByTables` said, now that no table is missing.
function tablesNoLongerBlock() {
  byId("build").classList.remove("suggested");
  byId("build-status").className = "";
  if (!state.blockedByTables) return;
  state.blockedByTables = false;
  say("");
}

function formatBytes(bytes) {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1e3)} kB`;
}
