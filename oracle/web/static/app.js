// The explorer page: plain JavaScript over the JSON API of oracle/web/app.py (docs/api.md).
// The page holds the line: the starting position, the steps made, and the steps undone (redo).
// Every state shown comes from the server's line checker, never from this script.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  base: null,        // the position the line starts from (a position document)
  name: "",          // where it came from
  steps: [],         // the line: steps in the text form of `oracle check`
  redo: [],          // steps undone, the last undone at the end
  checked: [],       // the /check answer for each step of the line
  current: null,     // the position after the last step
  plays: [],
  solution: [],      // a solved line: steps from `solutionStart` on
  solutionStart: 0,
};

// "working…" is shown while any request or any refresh of the page is under way
let pending = 0;
function busy(delta) {
  pending += delta;
  $("busy").hidden = pending === 0;
}

async function api(path, body) {
  const options = body === undefined ? {} :
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  busy(+1);
  try {
    const response = await fetch(path, options);
    let answer;
    try { answer = await response.json(); } catch (e) { answer = { error: `HTTP ${response.status}` }; }
    if (!response.ok) throw new Error(answer.error || `HTTP ${response.status}`);
    return answer;
  } finally {
    busy(-1);
  }
}

function say(element, text, kind) {
  element.textContent = text;
  element.className = kind || "";
}

// --- loading ------------------------------------------------------------------------------------
async function loadExamples() {
  const { examples } = await api("/examples");
  for (const e of examples) {
    const option = document.createElement("option");
    option.value = e.name;
    option.textContent = `${e.name} (${e.kind}${e.game !== "yugioh" ? ", " + e.game : ""})`;
    option.title = e.description;
    $("example").appendChild(option);
  }
}

async function loadExample() {
  const name = $("example").value;
  const doc = await api(`/examples/${encodeURIComponent(name)}`);
  await loadDocument(doc, name);
}

async function loadDocument(doc, name) {
  // a puzzle is {"position": ..., "goal": ...}: its goal goes to the Solve box
  const isPuzzle = doc && typeof doc.position === "object" && doc.position !== null;
  const position = isPuzzle ? doc.position : doc;
  $("goal").value = isPuzzle && doc.goal ? JSON.stringify(doc.goal) : "";
  state.base = position;
  state.name = name;
  state.steps = [];
  state.redo = [];
  state.solution = [];
  say($("solution"), "");
  say($("verdict"), "");
  await refresh();
}

async function upload(file) {
  const text = await file.text();
  const kind = file.name.toLowerCase().split(".").pop();
  try {
    if (kind === "ydk" || kind === "lua") {
      const imported = await api("/import", { kind, text });
      await loadDocument(imported.goal ? { position: imported.position, goal: imported.goal } : imported.position,
                         file.name);
      if (imported.objective) say($("message"), `objective: ${imported.objective}`);
      if (kind === "ydk") say($("message"), "the first 5 cards of the Main Deck are in the hand");
    } else {
      let doc;
      try { doc = JSON.parse(text); } catch (e) { throw new Error(`${file.name}: not JSON (${e.message})`); }
      await loadDocument(doc, file.name);
    }
  } catch (e) {
    say($("message"), e.message, "error");
  }
}

// --- the line -----------------------------------------------------------------------------------
// Check the line from the start; on success show the state after it and its plays.
async function refresh() {
  busy(+1);
  try {
    return await redraw();
  } finally {
    busy(-1);
  }
}

async function redraw() {
  say($("message"), "");
  if (state.steps.length) {
    let result;
    try {
      result = await api("/check", { position: state.base, steps: state.steps });
    } catch (e) {
      say($("message"), e.message, "error");
      return false;
    }
    if (result.status !== "legal") {
      const last = result.steps[result.steps.length - 1];
      say($("message"), [result.message, ...((last && last.reasons) || []).map((r) => "- " + r)].join("\n"),
          "illegal");
      return false;
    }
    state.checked = result.steps;
    state.current = result.steps[result.steps.length - 1].state;
  } else {
    state.checked = [];
    state.current = state.base;
  }
  drawLine();
  await Promise.all([drawBoard(), listPlays()]);
  return true;
}

async function drawBoard() {
  const game = state.current.game || "yugioh";
  $("title").textContent = `${state.name} — ${game}` + (state.steps.length ? `, after ${state.steps.length} step(s)` : "");
  try {
    const { svg } = await api("/show", { position: state.current });
    $("board").innerHTML = svg;
  } catch (e) {
    $("board").textContent = "";
    say($("message"), e.message, "error");
  }
}

function drawLine() {
  const list = $("line");
  list.innerHTML = "";
  state.steps.forEach((text, n) => {
    const item = document.createElement("li");
    item.className = "step";
    const checked = state.checked[n] || {};
    item.appendChild(document.createTextNode(text));
    const detail = [];
    if (checked.reading && checked.reading !== text) detail.push("read as: " + checked.reading);
    if (checked.payment) detail.push("tap: " + checked.payment);
    if (detail.length) {
      const span = document.createElement("span");
      span.className = "reading";
      span.textContent = detail.join("; ");
      item.appendChild(span);
    }
    list.appendChild(item);
  });
  $("undo").disabled = !state.steps.length;
  $("redo").disabled = !state.redo.length;
  drawSolution();
}

async function listPlays() {
  let answer;
  try {
    answer = await api("/plays", { position: state.current });
  } catch (e) {
    state.plays = [];
    drawPlays();
    say($("message"), e.message, "error");
    return;
  }
  state.plays = answer.plays;
  if (!answer.complete) say($("message"), `the list of plays is incomplete: ${answer.stopped}`, "stopped");
  const filter = $("filter");
  const chosen = filter.value;
  const actions = [...new Set(state.plays.map((p) => p.action))];
  filter.innerHTML = '<option value="">all</option>' +
    actions.map((a) => `<option value="${a}">${a}</option>`).join("");
  filter.value = actions.includes(chosen) ? chosen : "";
  drawPlays();
}

function describeMaterials(play) {
  const where = (ref) => `${ref.name} [${ref.location.replace(/_/g, " ")} ${ref.index}]`;
  const parts = [];
  if (play.spell) parts.push("using " + play.spell.name);
  if (play.materials && play.materials.length) parts.push("with " + play.materials.map(where).join(", "));
  if (play.payment && play.payment.length)
    parts.push("paying " + play.payment.map((p) => `${p.card.name} (${p.civilization})`).join(", "));
  return parts.join("; ");
}

function drawPlays() {
  const list = $("plays");
  const filter = $("filter").value;
  list.innerHTML = "";
  const shown = state.plays.filter((p) => !filter || p.action === filter);
  $("play-count").textContent = `(${shown.length}${filter ? " of " + state.plays.length : ""})`;
  for (const play of shown) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.className = "play";
    button.dataset.play = JSON.stringify(play);
    const kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = play.label || play.action;
    button.appendChild(kind);
    const name = play.card ? play.card.name : (play.cards || []).map((c) => c.name).join(", ");
    button.appendChild(document.createTextNode(name));
    const mats = describeMaterials(play);
    if (mats) {
      const span = document.createElement("span");
      span.className = "mats";
      span.textContent = mats;
      button.appendChild(span);
    }
    button.dataset.step = play.step;   // the play as a step of the line, every choice named
    button.title = play.step;
    button.addEventListener("click", () => makeStep(play.step));
    item.appendChild(button);
    list.appendChild(item);
  }
}

async function makeStep(text) {
  state.steps.push(text);
  if (await refresh()) {
    state.redo = [];
    drawLine();
    return true;
  }
  state.steps.pop();
  return false;
}

async function undo() {
  if (!state.steps.length) return;
  state.redo.push(state.steps.pop());
  await refresh();
}

async function redo() {
  if (!state.redo.length) return;
  const kept = state.redo.slice(0, -1);
  state.steps.push(state.redo[state.redo.length - 1]);
  if (await refresh()) { state.redo = kept; drawLine(); }
}

// "Try a move": check the line with the move added; legal moves are made, illegal ones explained.
async function tryMove() {
  const text = $("move").value.trim();
  if (!text) return;
  let result;
  try {
    result = await api("/check", { position: state.base, steps: [...state.steps, text] });
  } catch (e) {
    say($("verdict"), e.message, "error");
    return;
  }
  if (result.status === "legal") {
    say($("verdict"), `legal: ${text}`, "legal");
    await makeStep(text);
  } else {
    const last = result.steps[result.steps.length - 1];
    const reasons = (last && !last.legal ? last.reasons : []).map((r) => "- " + r);
    say($("verdict"), [`${result.status}: ${text}`, ...reasons, result.message].join("\n"), "illegal");
  }
}

// --- solving ------------------------------------------------------------------------------------
async function solve() {
  let goal;
  try { goal = JSON.parse($("goal").value); } catch (e) {
    say($("solution"), `the goal is not JSON (${e.message})`, "error");
    return;
  }
  const maxSteps = parseInt($("max-steps").value, 10) || 8;
  const timeout = parseFloat($("time-limit").value) || 30;   // the server caps it at its --timeout
  say($("solution"), "solving…");
  let outcome;
  try {
    outcome = await api("/solve", { position: state.current, goal, max_steps: maxSteps, timeout });
  } catch (e) {
    say($("solution"), e.message, "error");
    return;
  }
  state.solution = [];
  if (outcome.already) { say($("solution"), "the goal already holds: no step is needed", "legal"); return; }
  if (!outcome.solved) {
    const text = outcome.stopped
      ? `the search ${outcome.stopped}: no line of ${outcome.searched} steps or fewer reaches the goal, ` +
        "longer ones were not searched"
      : `no line of at most ${outcome.max_steps} steps reaches the goal`;
    say($("solution"), text, outcome.stopped ? "stopped" : "illegal");
    drawSolution();
    return;
  }
  state.solution = outcome.lines[0];
  state.solutionStart = state.steps.length;
  drawSolution(outcome);
}

function drawSolution(outcome) {
  const box = $("solution");
  const done = state.steps.length - state.solutionStart;
  if (state.solution.length) {
    box.className = "";
    box.innerHTML = "";
    const head = document.createElement("div");
    head.textContent = `shortest line: ${state.solution.length} step(s)` +
      (outcome && outcome.unmodelled_effects && outcome.unmodelled_effects.length
        ? ` (effects not modelled: ${outcome.unmodelled_effects.join(", ")})` : "");
    box.appendChild(head);
    const list = document.createElement("ol");
    state.solution.forEach((text, n) => {
      const item = document.createElement("li");
      item.textContent = text;
      item.className = n < done ? "done" : n === done ? "next" : "";
      list.appendChild(item);
    });
    box.appendChild(list);
  }
  const onTrack = state.solution.length && done >= 0 && done <= state.solution.length &&
    state.solution.slice(0, done).every((s, n) => s === state.steps[state.solutionStart + n]);
  $("sol-next").disabled = !(onTrack && done < state.solution.length);
  $("sol-prev").disabled = !(onTrack && done > 0);
}

async function solutionNext() {
  const done = state.steps.length - state.solutionStart;
  if (done < state.solution.length) await makeStep(state.solution[done]);
}

async function solutionPrev() {
  if (state.steps.length > state.solutionStart) await undo();
}

// --- export -------------------------------------------------------------------------------------
function exportText(text) {
  $("export").value = text;
  $("export").select();
}

function exportLine() {
  exportText(['position "position.json"', ...state.steps].join("\n") + "\n");
}

// --- wiring -------------------------------------------------------------------------------------
window.addEventListener("DOMContentLoaded", async () => {
  $("load-example").addEventListener("click", loadExample);
  $("upload").addEventListener("change", (e) => e.target.files[0] && upload(e.target.files[0]));
  $("filter").addEventListener("change", drawPlays);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("reset").addEventListener("click", async () => {
    state.redo = state.redo.concat(state.steps.slice().reverse());
    state.steps = [];
    await refresh();
  });
  $("try").addEventListener("click", tryMove);
  $("move").addEventListener("keydown", (e) => { if (e.key === "Enter") tryMove(); });
  $("solve").addEventListener("click", solve);
  $("sol-next").addEventListener("click", solutionNext);
  $("sol-prev").addEventListener("click", solutionPrev);
  $("export-line").addEventListener("click", exportLine);
  $("export-position").addEventListener("click", () => exportText(JSON.stringify(state.base, null, 1)));
  $("export-state").addEventListener("click", () => exportText(JSON.stringify(state.current, null, 1)));
  try {
    await loadExamples();
    $("example").value = "example";
    await loadExample();
  } catch (e) {
    say($("message"), e.message, "error");
  }
  document.body.dataset.ready = "true";
});
