// The puzzle's options as form controls, built from the option schema /api/puzzles serves: a
// select for a choice (its help following the value chosen), a number or text box checked as it
// is typed, a box of several lines to paste a text of lines into, a checkbox for a flag. Options the server chooses are shown disabled, with why. The
// advanced box's JSON, when given, is merged over the controls' choices.
"use strict";

// The controls of the puzzle chosen, `{spec, control, help}` each.
let optionControls = [];

// Builds the controls of the options `specs` into `box`; `changed` runs when one changes.
function buildOptionControls(box, specs, changed) {
  optionControls = specs.map((spec) => optionControl(spec, changed));
  box.replaceChildren(...optionControls.map(({ spec, control, help }) => {
    const field = document.createElement("div");
    field.className = "option";
    const name = document.createElement("label");
    name.htmlFor = control.id;
    name.textContent = spec.label;
    field.append(name, control, help);
    field.classList.toggle("flag", spec.kind === "flag");
    field.classList.toggle("lines", spec.kind === "lines");
    return field;
  }));
  for (const entry of optionControls) showOptionHelp(entry);
}

function optionControl(spec, changed) {
  const tag = spec.kind === "choice" ? "select" : spec.kind === "lines" ? "textarea" : "input";
  const control = document.createElement(tag);
  control.id = `option-${spec.name}`;
  control.dataset.option = spec.name;
  if (spec.kind === "choice") {
    control.append(...spec.values.map(([value]) => new Option(value, value)));
    control.value = spec.default;
  } else if (spec.kind === "flag") {
    control.type = "checkbox";
    control.checked = spec.default;
  } else if (spec.kind === "number") {
    Object.assign(control, { type: "number", min: spec.min, max: spec.max, step: 1 });
    control.required = spec.default !== null;
    control.value = spec.default === null ? "" : String(spec.default);
    control.placeholder = spec.server ? "set by the server" : spec.default === null ? "the puzzle's choice" : "";
  } else if (spec.kind === "lines") {
    Object.assign(control, { rows: 4, spellcheck: false, placeholder: `unset; for example:\n${spec.example}` });
  } else {
    Object.assign(control, { type: "text", pattern: spec.pattern, spellcheck: false });
    control.value = spec.default || "";
    control.placeholder = spec.default === null ? `unset (e.g. ${spec.example})` : spec.example;
  }
  const help = document.createElement("p");
  help.className = "option-help";
  help.id = `option-${spec.name}-help`;
  const entry = { spec, control, help, note: "" };
  control.disabled = Boolean(spec.server);
  control.addEventListener("change", () => {
    showOptionHelp(entry);
    leaveOut(spec.name, optionValue(entry) !== undefined, {});
    changed(spec.name);
  });
  control.addEventListener("input", () => showOptionHelp(entry));
  return entry;
}

// The help under a control: the chosen value's for a choice, why a value is refused, why the
// server chooses, or why the option is left out (`note`, see `leaveOut`).
function showOptionHelp({ spec, control, help, note }) {
  let text = spec.help;
  if (spec.kind === "choice") {
    const chosen = spec.values.find(([value]) => value === control.value);
    if (chosen) text = chosen[1];
  }
  if (spec.server) text = `not chosen here: ${spec.server}`;
  else if (note) text = note;
  else if (!control.validity.valid) text = `${control.validationMessage} ${spec.kind === "text" ? `For example ${spec.example}: ${spec.help}` : spec.help}`;
  help.textContent = text;
  help.classList.toggle("invalid", !control.validity.valid);
}

// Leaves the options that are not taken with option `name` out while `isSet`, each saying why:
// `notes[option]`, or that it is not taken with `name`.
function leaveOut(name, isSet, notes) {
  for (const entry of optionControls) {
    if (entry.spec.without !== name || entry.spec.server) continue;
    entry.control.disabled = isSet;
    entry.note = isSet ? notes[entry.spec.name] || `not taken with ${name}` : "";
    showOptionHelp(entry);
  }
}

// The value of a control as the puzzle takes it; `undefined` for an option left unset.
function optionValue({ spec, control }) {
  if (spec.kind === "flag") return control.checked;
  if (control.value.trim() === "") return undefined;
  if (spec.kind === "lines") return control.value;
  return spec.kind === "number" ? Number(control.value) : control.value.trim();
}

// The options chosen, as a JSON object, the advanced box's over the controls'; only the
// controls' that shape the board when `boardOnly`. An option badly filled in is an error naming
// it.
function chosenOptions(boardOnly = false) {
  const options = {};
  for (const entry of optionControls) {
    if (entry.control.disabled || (boardOnly && !entry.spec.shapes_board)) continue;
    if (!entry.control.checkValidity()) {
      throw new Error(`${entry.spec.label}: ${entry.control.validationMessage} (${entry.spec.help})`);
    }
    const value = optionValue(entry);
    if (value !== undefined) options[entry.spec.name] = value;
  }
  return boardOnly ? options : { ...options, ...advancedOptions() };
}

// The options of the advanced box, a JSON object (empty when the box is).
function advancedOptions() {
  const text = byId("options").value.trim() || "{}";
  let options;
  try {
    options = JSON.parse(text);
  } catch (error) {
    throw new Error(`advanced options: ${error.message}`);
  }
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new Error("advanced options: a JSON object, such as {\"size\": \"3x4\"}");
  }
  return options;
}
