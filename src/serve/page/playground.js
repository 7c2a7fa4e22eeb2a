// The playground's page: the editor, the views of its text, and the
// grammar. The views come from the library compiled to WebAssembly where
// the page has it beside it (the static site web/build.sh makes; see
// engine.js), else from the endpoint of `cardsharp serve`, POST
// api/analyze: both give the same answer. The state (text, game, layout,
// open pane) lives in the URL's fragment, so a copied link reproduces it.
"use strict";

const $ = (id) => document.getElementById(id);
const input = $("input");
const highlights = $("highlights");
const PANES = ["results", "diagnostics", "tree", "explanations", "formatted", "trace", "grammar"];

const state = { text: "", game: "auto", layout: "lines", pane: "results" };
// A text longer than this (in UTF-16 units) is large. Its results and
// diagnostics come first, and the later views when their pane is opened;
// the address takes it once its results are shown; and the editor draws
// no marks under it, which would lay the whole text out a second time.
const LARGE = 1 << 16;
let analysis = null;
// The UTF-16 index of each byte offset of the text (spans count bytes,
// the textarea counts UTF-16 units).
let indexOfByte = new Uint32Array(1);
// Byte ranges lit in the editor, by what lights them.
const lit = { hover: null, selected: null, step: null };
let treeNodes = [];
// The panes of the later views drawn for the current analysis.
let drawn = new Set();
let traceAt = 0;
let requestNumber = 0;

// ---- The state and the URL ------------------------------------------

function readFragment() {
  const fields = new URLSearchParams(location.hash.slice(1));
  state.text = fields.get("text") ?? state.text;
  if (["auto", "bridge", "choker", "whist"].includes(fields.get("game"))) state.game = fields.get("game");
  if (["lines", "tokens", "strict"].includes(fields.get("layout"))) state.layout = fields.get("layout");
  if (PANES.includes(fields.get("pane"))) state.pane = fields.get("pane");
}

function writeFragment() {
  const fields = new URLSearchParams({ game: state.game, layout: state.layout, pane: state.pane, text: state.text });
  try {
    history.replaceState(null, "", `#${fields}`);
  } catch {
    // Longer than the browser takes for an address (2 MB in Chromium):
    // the link keeps the rest of the state.
    fields.delete("text");
    history.replaceState(null, "", `#${fields}`);
  }
}

function showState() {
  input.value = state.text;
  $("game").value = state.game;
  $("layout").value = state.layout;
  openPane(state.pane);
}

// ---- Bytes and characters -------------------------------------------

function indexBytes(text) {
  const bytes = new TextEncoder().encode(text).length;
  const map = new Uint32Array(bytes + 1);
  let byte = 0;
  let unit = 0;
  for (const character of text) {
    const point = character.codePointAt(0);
    const length = point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
    for (let k = 0; k < length; k++) map[byte + k] = unit;
    byte += length;
    unit += character.length;
  }
  map[bytes] = unit;
  return map;
}

function unitOf(byte) {
  return indexOfByte[Math.min(Math.max(byte, 0), indexOfByte.length - 1)];
}

function byteOfUnit(unit) {
  return new TextEncoder().encode(input.value.slice(0, unit)).length;
}

function spanRange(span) {
  return span ? { start: span.offset, end: span.offset + span.length } : null;
}

// ---- The editor's highlights ----------------------------------------

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// Every range to draw under the text, in UTF-16 units, with its class. An
// empty range (something missing) is drawn on the character beside it.
function marks() {
  const all = [];
  const add = (range, cls) => {
    if (!range) return;
    let start = unitOf(range.start);
    let end = unitOf(range.end);
    if (start === end) {
      if (end < input.value.length) end += 1;
      else if (start > 0) start -= 1;
    }
    all.push({ start, end, cls });
  };
  for (const diagnostic of analysis?.diagnostics ?? []) {
    const primary = diagnostic.labels?.[0];
    if (primary) add(spanRange(primary.span), diagnostic.severity === "warning" ? "warning" : "error");
  }
  add(lit.selected, "selected");
  add(lit.step, "step");
  add(lit.hover, "lit");
  return all;
}

function drawHighlights() {
  const text = input.value;
  if (text.length > LARGE) {
    highlights.textContent = "";
    return;
  }
  const ranges = marks();
  const cuts = new Set([0, text.length]);
  for (const range of ranges) { cuts.add(range.start); cuts.add(range.end); }
  const points = [...cuts].filter((point) => point <= text.length).sort((a, b) => a - b);
  let html = "";
  for (let k = 0; k + 1 < points.length; k++) {
    const [from, to] = [points[k], points[k + 1]];
    const classes = ranges.filter((range) => range.start <= from && to <= range.end).map((range) => range.cls);
    const piece = escapeHtml(text.slice(from, to));
    html += classes.length ? `<mark class="${[...new Set(classes)].join(" ")}">${piece}</mark>` : piece;
  }
  // A last empty line keeps the overlay as tall as the textarea.
  highlights.innerHTML = `${html}\n `;
  highlights.scrollTop = input.scrollTop;
}

function light(range) {
  lit.hover = range;
  drawHighlights();
}

// An element whose hover lights `range` in the editor.
function lighting(element, range) {
  element.addEventListener("mouseenter", () => light(range));
  element.addEventListener("mouseleave", () => light(null));
  element.addEventListener("click", () => selectInEditor(range));
  return element;
}

function selectInEditor(range) {
  if (!range) return;
  input.focus();
  input.setSelectionRange(unitOf(range.start), unitOf(range.end));
}

// ---- Asking the module or the server --------------------------------

// A large text is answered in two steps: the results and the diagnostics
// first, then the later views, which take longer to make and to draw.
const FIRST_VIEWS = ["results", "diagnostics"];
const LATER_VIEWS = ["tree", "explanations", "formatted", "trace"];

// The module in its worker when the page has it, else the endpoint. Each
// takes the endpoint's request as text and gives its answer, parsed; a
// refusal is `{error}`.
const engine = new Promise((resolve) => {
  const worker = new Worker("engine.js");
  const waiting = new Map();
  let sent = 0;
  const viaModule = (body) => new Promise((done) => {
    sent += 1;
    waiting.set(sent, done);
    worker.postMessage({ id: sent, request: body });
  });
  worker.addEventListener("message", ({ data }) => {
    if ("ready" in data) return resolve(data.ready ? viaModule : viaServer);
    waiting.get(data.id)(JSON.parse(data.answer));
    waiting.delete(data.id);
  });
  worker.addEventListener("error", () => resolve(viaServer));
});

async function viaServer(body) {
  const response = await fetch("api/analyze", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  const answer = await response.json();
  if (!response.ok) answer.error ??= `the server answered ${response.status}`;
  return answer;
}

async function ask(request) {
  return (await engine)(JSON.stringify(request));
}

// A short text is analysed 150 ms after the last keystroke. A large one
// (a paste, mostly) is analysed at once, while the browser still lays
// its text out, and then at most every 150 ms.
let pending = null;
let lastAsked = -Infinity;

function scheduleAnalysis() {
  clearTimeout(pending);
  const wait = state.text.length > LARGE ? lastAsked + 150 - performance.now() : 150;
  if (wait <= 0) analyze();
  else pending = setTimeout(analyze, wait);
}

async function analyze() {
  lastAsked = performance.now();
  const number = ++requestNumber;
  const asked = { text: state.text, game: state.game, layout: state.layout };
  const staged = asked.text.length > LARGE;
  $("status").textContent = "analysing…";
  try {
    const answer = await ask(staged ? { ...asked, views: FIRST_VIEWS } : asked);
    if (number !== requestNumber) return;
    if (answer.error) {
      $("status").textContent = answer.error;
      return;
    }
    analysis = answer;
    analysis.staged = staged;
    indexOfByte = indexBytes(asked.text);
    showAnalysis();
    if (!staged) return;
    writeFragment();
    const later = await ask({ ...asked, views: LATER_VIEWS });
    if (number !== requestNumber) return;
    if (later.error) {
      $("status").textContent = later.error;
      return;
    }
    Object.assign(analysis, later);
    showLaterViews();
  } catch (problem) {
    if (number === requestNumber) $("status").textContent = `no answer: ${problem.message}`;
  }
}

function showAnalysis() {
  const errors = analysis.diagnostics.filter((d) => d.severity !== "warning").length;
  const warnings = analysis.diagnostics.length - errors;
  $("status").textContent = `${analysis.results.length} results, ${errors} errors, ${warnings} warnings`;
  lit.hover = null;
  showResults();
  showDiagnostics();
  showLaterViews();
}

// The views that may come later: each pane is drawn once its view has
// come, at once for a short text, and when it is opened for a long one.
function showLaterViews() {
  drawn = new Set();
  treeNodes = [];
  for (const view of ["tree", "explanations", "trace"]) count(view, analysis[view]?.length ?? "…");
  for (const view of LATER_VIEWS) {
    if (!(view in analysis)) {
      const note = "Being made…";
      if (view === "trace") $("trace-steps").replaceChildren(make("li", "empty", note));
      else emptyNote($(`pane-${view}`), note);
    } else if (!analysis.staged || state.pane === view) {
      drawLater(view);
    }
  }
  selectNodeAtCaret();
  drawHighlights();
}

function drawLater(view) {
  drawn.add(view);
  ({ tree: showTree, explanations: showExplanations, formatted: showFormatted, trace: showTrace })[view]();
}

// ---- Panes ----------------------------------------------------------

function openPane(name) {
  for (const button of document.querySelectorAll("#tabs button")) {
    button.setAttribute("aria-selected", String(button.dataset.pane === name));
  }
  for (const pane of PANES) $(`pane-${pane}`).classList.toggle("open", pane === name);
  state.pane = name;
  if (analysis && LATER_VIEWS.includes(name) && name in analysis && !drawn.has(name)) drawLater(name);
}

function make(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

function count(pane, number) {
  const button = document.querySelector(`#tabs button[data-pane="${pane}"]`);
  let badge = button.querySelector(".count");
  if (!badge) badge = button.appendChild(make("span", "count"));
  badge.textContent = number;
}

function emptyNote(pane, text) {
  pane.replaceChildren(make("p", "empty", text));
}

// The most rows a pane draws at first: a mebibyte of hands has tens of
// thousands, which take the browser seconds to lay out and nobody reads
// at once. The rest are drawn when asked for.
const FIRST_ROWS = 1000;

// Draws `items` into `pane` with `row`, the first FIRST_ROWS of them, and a
// button that draws the rest.
function drawRows(pane, items, row) {
  pane.replaceChildren(...items.slice(0, FIRST_ROWS).map(row));
  if (items.length <= FIRST_ROWS) return;
  const more = make("button", "more", `show the other ${items.length - FIRST_ROWS}`);
  more.addEventListener("click", () => {
    more.replaceWith(...items.slice(FIRST_ROWS).map(row));
  });
  pane.append(more);
}

function showResults() {
  const pane = $("pane-results");
  count("results", analysis.results.length);
  if (!analysis.results.length) return emptyNote(pane, "No record is well formed yet: type hands, pairs or deals, or pick an example.");
  drawRows(pane, analysis.results, (result) => {
    const row = make("div", "result");
    row.append(make("span", "line-number", `line ${result.line}`), make("span", "result-text", result.result));
    return lighting(row, spanRange(result.span));
  });
}

function showDiagnostics() {
  const pane = $("pane-diagnostics");
  count("diagnostics", analysis.diagnostics.length);
  if (!analysis.diagnostics.length) return emptyNote(pane, "No diagnostics: the text is clean.");
  drawRows(pane, analysis.diagnostics, (diagnostic) => {
    if (typeof diagnostic === "string") return make("div", "diagnostic", diagnostic);
    const box = make("div", `diagnostic ${diagnostic.severity}`);
    const head = make("div");
    head.append(
      make("span", "line-number", `${diagnostic.line}:${diagnostic.column}`),
      make("span", "severity", diagnostic.severity), " ",
      make("span", "message", diagnostic.message), " ",
      make("span", "code", `[${diagnostic.code}]`),
    );
    box.append(head);
    for (const label of diagnostic.labels ?? []) {
      if (label.label) box.append(make("div", "help", `at ${label.span.offset}..${label.span.offset + label.span.length}: ${label.label}`));
    }
    if (diagnostic.help) box.append(make("div", "help", `help: ${diagnostic.help}`));
    for (const fix of diagnostic.fixes ?? []) {
      const button = make("button", "fix", `${fix.applicability === "safe" ? "Fix" : "Fix (unsafe)"}: ${fix.message}`);
      button.addEventListener("click", (event) => { event.stopPropagation(); applyFix(fix); });
      box.append(button);
    }
    return lighting(box, spanRange(diagnostic.labels?.[0]?.span));
  });
}

// Applies a fix's edits to the text, last first so that offsets hold.
function applyFix(fix) {
  let bytes = new TextEncoder().encode(state.text);
  const edits = [...fix.edits].sort((a, b) => b.offset - a.offset);
  for (const edit of edits) {
    const replacement = new TextEncoder().encode(edit.replacement);
    const joined = new Uint8Array(bytes.length - edit.length + replacement.length);
    joined.set(bytes.subarray(0, edit.offset));
    joined.set(replacement, edit.offset);
    joined.set(bytes.subarray(edit.offset + edit.length), edit.offset + replacement.length);
    bytes = joined;
  }
  state.text = new TextDecoder().decode(bytes);
  input.value = state.text;
  changed();
  analyze();
}

// The syntax tree: each object with a span is a node; hovering it lights
// its bytes, and the caret in the editor selects the innermost node.
function showTree() {
  const pane = $("pane-tree");
  treeNodes = [];
  if (!analysis.tree.length) return emptyNote(pane, "No record parsed yet.");
  const list = make("ul", "tree");
  for (const record of analysis.tree) {
    // A record with faults is an error node, as tree-sitter's ERROR: its
    // codes and the cards read, so the tree shows where reading broke.
    const node = record.error
      ? treeNode(`ERROR ${record.game} record, line ${record.line}`, record.error, record.span)
      : treeNode(`${record.game} record, line ${record.line}`, record.record, record.span);
    if (record.error) node.classList.add("error");
    list.append(node);
  }
  pane.replaceChildren(list);
}

function isNode(value) {
  return value && typeof value === "object" && !Array.isArray(value);
}

function treeNode(key, value, span) {
  const item = make("li", "node");
  const label = make("span", "label");
  label.append(make("span", "key", key));
  const children = make("ul");
  if (isNode(value)) {
    const own = span ?? value.span;
    const plain = [];
    for (const [field, inner] of Object.entries(value)) {
      if (field === "span") continue;
      if (Array.isArray(inner)) {
        inner.forEach((element, index) => children.append(treeNode(`${field}[${index}]`, element)));
      } else if (isNode(inner)) {
        children.append(treeNode(field, inner));
      } else {
        plain.push(`${field}: ${JSON.stringify(inner)}`);
      }
    }
    if (plain.length) label.append(" ", make("span", "value", plain.join(", ")));
    if (own) {
      const range = spanRange(own);
      label.append(" ", make("span", "span", `${range.start}..${range.end}`));
      label.dataset.start = range.start;
      label.dataset.end = range.end;
      lighting(label, range);
      treeNodes.push({ label, range });
    }
  } else {
    label.append(": ", make("span", "value", JSON.stringify(value)));
  }
  item.append(label);
  if (children.childElementCount) item.append(children);
  return item;
}

// Selects the innermost node whose bytes hold the caret.
function selectNodeAtCaret() {
  const caret = byteOfUnit(input.selectionStart);
  let best = null;
  for (const node of treeNodes) {
    const { start, end } = node.range;
    if (start <= caret && caret <= end && (!best || end - start < best.range.end - best.range.start)) best = node;
  }
  for (const node of treeNodes) node.label.classList.toggle("selected", node === best);
  lit.selected = best ? best.range : null;
  if (best && state.pane === "tree") best.label.scrollIntoView({ block: "nearest" });
  drawHighlights();
}

function showExplanations() {
  const pane = $("pane-explanations");
  if (!analysis.explanations.length) return emptyNote(pane, "No record is well formed yet.");
  pane.replaceChildren(...analysis.explanations.map((entry) => {
    const box = make("div", "explanation");
    box.append(make("h3", "", `line ${entry.line}: ${entry.result}`));
    const list = make("dl");
    for (const [key, value] of flatten(entry.explanation, "")) list.append(make("dt", "", key), make("dd", "", value));
    box.append(list);
    return lighting(box, spanRange(entry.span));
  }));
}

// The leaves of an explanation, each with its path: `tricks[3].winner`.
function flatten(value, path) {
  if (Array.isArray(value) && value.some((element) => element && typeof element === "object")) {
    return value.flatMap((element, index) => flatten(element, `${path}[${index}]`));
  }
  if (isNode(value)) {
    return Object.entries(value).flatMap(([key, inner]) => flatten(inner, path ? `${path}.${key}` : key));
  }
  return [[path, typeof value === "string" ? value : JSON.stringify(value)]];
}

function showFormatted() {
  const pane = $("pane-formatted");
  if (analysis.formatted === null) return emptyNote(pane, "fmt leaves a text with diagnostics as it is: mend them first.");
  const block = make("pre", "", analysis.formatted);
  pane.replaceChildren(block);
  if (analysis.formatted === state.text) pane.prepend(make("p", "empty", "Already in the canonical layout."));
}

// ---- The trace ------------------------------------------------------

function showTrace() {
  const steps = analysis.trace ?? [];
  const list = $("trace-steps");
  list.replaceChildren(...steps.map((step, index) => {
    const row = make("li", step.matched ? "matched" : "failed");
    row.append(
      "  ".repeat(step.depth),
      make("span", "step-rule", step.rule), " ",
      make("span", "range", `${step.start}..${step.end}`),
      step.matched ? "" : " ✗",
    );
    if (step.note) row.append(" ", make("span", "note", step.note));
    row.addEventListener("click", () => goToStep(index));
    return row;
  }));
  if (analysis.trace_truncated) {
    list.append(make("li", "empty", `The trace stops here, after ${steps.length} steps: a shorter text shows it whole.`));
  }
  $("trace-slider").max = Math.max(steps.length - 1, 0);
  goToStep(Math.min(traceAt, Math.max(steps.length - 1, 0)));
}

function goToStep(index) {
  const steps = analysis?.trace ?? [];
  traceAt = Math.min(Math.max(index, 0), Math.max(steps.length - 1, 0));
  const rows = $("trace-steps").children;
  for (let k = 0; k < rows.length; k++) rows[k].classList.toggle("current", k === traceAt);
  const step = steps[traceAt];
  $("trace-slider").value = traceAt;
  $("trace-position").textContent = steps.length ? `step ${traceAt + 1} of ${steps.length}` : "no steps";
  lit.step = step && state.pane === "trace" ? { start: step.start, end: step.end } : null;
  if (rows[traceAt] && state.pane === "trace") rows[traceAt].scrollIntoView({ block: "nearest" });
  drawHighlights();
}

// ---- The grammar ----------------------------------------------------

async function showGrammar() {
  const pane = $("pane-grammar");
  const grammar = await (await fetch("grammar.json")).json();
  const sections = [];
  for (const file of grammar.files) {
    const box = make("section", "grammar-file");
    box.append(make("h2", "", `grammar/${file.name}.ebnf`));
    for (const rule of Railroad.parse(file.text)) {
      const section = make("div", "rule");
      section.id = `rule-${rule.name}`;
      section.append(make("h3", "", rule.name));
      section.append(Railroad.diagram(rule, (link, name) => {
        link.setAttribute("tabindex", "0");
        link.setAttribute("role", "link");
        link.addEventListener("click", () => showRule(name));
        link.addEventListener("keydown", (event) => { if (event.key === "Enter") showRule(name); });
        return link;
      }));
      const source = grammar.functions[rule.name];
      const details = make("details", "source");
      details.open = true;
      if (source) {
        details.append(make("summary", "", `${source.file}:${source.line}`), make("pre", "", source.source));
      } else {
        details.append(make("summary", "", "no function of its own"));
      }
      section.append(details);
      box.append(section);
    }
    sections.push(box);
  }
  pane.replaceChildren(...sections);
}

function showRule(name) {
  const target = $(`rule-${name}`);
  if (!target) return;
  target.scrollIntoView({ block: "start" });
  target.classList.add("flash");
  setTimeout(() => target.classList.remove("flash"), 1200);
}

// ---- Examples -------------------------------------------------------

async function loadExamples() {
  const examples = await (await fetch("examples.json")).json();
  const select = $("example");
  for (const [name, example] of Object.entries(examples)) {
    const option = make("option", "", name.replace(/^malformed\//, "").replace(/\.txt$/, ""));
    option.value = name;
    $(name.startsWith("malformed/") ? "codes" : "games").append(option);
  }
  select.addEventListener("change", () => {
    const example = examples[select.value];
    if (!example) return;
    Object.assign(state, { text: example.text, game: example.game, layout: example.layout });
    showState();
    changed();
    analyze();
  });
}

// ---- Wiring ---------------------------------------------------------

function changed() {
  if (state.text.length <= LARGE) writeFragment();
  drawHighlights();
}

input.addEventListener("input", () => {
  state.text = input.value;
  $("example").value = "";
  changed();
  scheduleAnalysis();
});
input.addEventListener("scroll", () => { highlights.scrollTop = input.scrollTop; });
for (const event of ["keyup", "click", "select"]) input.addEventListener(event, selectNodeAtCaret);
for (const field of ["game", "layout"]) {
  $(field).addEventListener("change", () => {
    state[field] = $(field).value;
    changed();
    analyze();
  });
}
for (const button of document.querySelectorAll("#tabs button")) {
  button.addEventListener("click", () => {
    openPane(button.dataset.pane);
    writeFragment();
    goToStep(traceAt);
  });
}
$("trace-first").addEventListener("click", () => goToStep(0));
$("trace-back").addEventListener("click", () => goToStep(traceAt - 1));
$("trace-next").addEventListener("click", () => goToStep(traceAt + 1));
$("trace-last").addEventListener("click", () => goToStep(Infinity));
$("trace-slider").addEventListener("input", () => goToStep(Number($("trace-slider").value)));
window.addEventListener("hashchange", () => {
  readFragment();
  showState();
  analyze();
});

readFragment();
showState();
drawHighlights();
analyze();
loadExamples();
showGrammar();
