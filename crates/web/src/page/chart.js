// The search's chart: nodes expanded per depth (breadth-first searches) or per cost bound (IDA*'s
// iterations), on a logarithmic scale, with both axes titled and scaled.
"use strict";

const CHART = { width: 300, height: 150, left: 52, bottom: 38, top: 8, right: 8 };

// "1", "10", ..., "1k", ..., "1M", ..., "1G": a power of ten read at a glance.
function powerOfTen(power) {
  const units = ["", "k", "M", "G", "T"];
  const unit = Math.min(Math.floor(power / 3), units.length - 1);
  return `${10 ** (power - 3 * unit)}${units[unit]}`;
}

// The chart of `layers` ([depth or bound, expanded, generated] each); `xTitle` names what the
// layers are counted by, with its unit.
function layerChart(layers, xTitle) {
  if (layers.length === 0) {
    const none = document.createElement("p");
    none.textContent = "no layers to chart: this search goes by no depth or bound (a table " +
      "walk, or a board answered without searching)";
    return none;
  }
  const { width, height, left, bottom, top, right } = CHART;
  const plotWidth = width - left - right, plotHeight = height - top - bottom;
  const most = Math.max(...layers.map(([, expanded]) => expanded), 1);
  const powers = Math.max(1, Math.ceil(Math.log10(most)));
  // Counts from 1 stand half a decade above the axis, so that a layer of one node shows.
  const y = (count) => top + plotHeight * (1 - (Math.log10(Math.max(count, 1)) + 0.5) / (powers + 0.5));
  const bar = plotWidth / layers.length;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, class: "chart" });
  chart.append(svg("title", {}, `nodes expanded per ${xTitle} (log scale)`));
  for (let power = 0; power <= powers; power += 1) {
    chart.append(
      svg("line", { x1: left - 4, x2: width - right, y1: y(10 ** power), y2: y(10 ** power), class: "grid-line" }),
      svg("text", { x: left - 6, y: y(10 ** power), class: "tick y-tick" }, powerOfTen(power)),
    );
  }
  const every = Math.ceil(layers.length / 12);  // at most a dozen labels under the bars
  layers.forEach(([depth, expanded, generated], index) => {
    const x = left + index * bar;
    const tall = expanded > 0 ? top + plotHeight - y(expanded) : 0;
    const rect = svg("rect", { x: x + 1, y: top + plotHeight - tall, width: Math.max(bar - 2, 1), height: tall, class: "bar" });
    rect.append(svg("title", {}, `${xTitle}: ${depth}, ${expanded} expanded, ${generated} generated`));
    chart.append(rect);
    if (index % every === 0) chart.append(svg("text", { x: x + bar / 2, y: top + plotHeight + 12, class: "tick x-tick" }, String(depth)));
  });
  chart.append(
    svg("line", { x1: left, x2: left, y1: top, y2: top + plotHeight, class: "axis" }),
    svg("line", { x1: left, x2: width - right, y1: top + plotHeight, y2: top + plotHeight, class: "axis" }),
    svg("text", { x: left + plotWidth / 2, y: height - 4, class: "axis-title" }, xTitle),
    svg("text", { x: 0, y: 0, class: "axis-title", transform: `translate(11 ${top + plotHeight / 2}) rotate(-90)` }, "nodes expanded (log)"),
  );
  return chart;
}
