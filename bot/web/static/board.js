// The live game page: reads the game as this person may see it, redraws on every change, sends moves.

import { boardSvg, marksSvg } from "./draw.js";
import { CELL, COLS, kingdomsOf, moveSquares, panBox, zoomBox } from "./geometry.js";
import * as K from "./keyboard.js";
import * as P from "./panels.js";
import { LEADER_NAME, defs } from "./symbols.js";
import { lang, loadTexts, tr, trn, wanted, word } from "./texts.js";

const $ = (sel) => document.querySelector(sel);
const path = /^\/g\/(\d+)\/?$/.exec(location.pathname);
const token = new URLSearchParams(location.search).get("s");
const query = token ? `?s=${encodeURIComponent(token)}` : "";
const api = path ? `/api/games/${path[1]}` : null;

const ui = {
  session: { user: null, csrf: null }, layouts: {}, game: null, replay: null, frame: null,
  selected: null, swap: null, zoom: null, focus: null, zoomMode: false, confirm: null, hintBusy: false,
};

function showGate(words) {
  $("#gate").hidden = false;
  $("#game").hidden = true;
  if (words) $("#gate-words").textContent = words;
}

function toast(words, kind = "error") {
  const el = $("#toast");
  el.textContent = words;
  el.className = `toast ${kind}`;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, kind === "error" ? 8000 : 3000);
}

async function getJson(url) {
  const r = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json", "Accept-Language": lang() } });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw Object.assign(new Error(body.error || tr("The server answered {status}.", { status: r.status })), { status: r.status });
  return body;
}

async function post(url, body) {
  try {
    const r = await fetch(url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "X-TNE-CSRF": ui.session.csrf || "", "Accept-Language": lang() },
    });
    const answer = await r.json().catch(() => ({}));
    if (!r.ok) toast(answer.error || tr("The server refused ({status}).", { status: r.status }));
    else if (answer.note) toast(answer.note);  // the move stands, but the channel does not show it yet
    return r.ok;
  } catch {
    toast(tr("The server could not be reached; try again."));
    return false;
  } finally {
    refresh();
  }
}

function sendMove(move) {
  ui.selected = null;
  ui.swap = null;
  ui.confirm = null;
  return post(`${api}/moves`, { move, revision: ui.game.revision });
}

// --- what is on show ---------------------------------------------------------------------------

function shownView() {
  if (ui.replay && ui.frame !== null) return ui.replay.frames[ui.frame].view;
  return ui.game.view;
}

function lastSquares(view) {
  if (ui.replay && ui.frame !== null) return moveSquares(ui.replay.frames[ui.frame].move);
  if (view.last?.squares) return view.last.squares;
  const log = ui.game.log || [];
  return log.length ? moveSquares(log[log.length - 1].move) : [];
}

function targets() {
  const legal = ui.game?.legal || [];
  const s = ui.selected;
  let prefix = null;
  if (s?.kind === "tile") prefix = `tile ${s.colour} `;
  else if (s?.kind === "leader") prefix = `leader ${s.colour} `;
  else if (s?.kind === "catastrophe") prefix = "catastrophe ";
  else if (ui.game?.pending && ui.game.to_move === ui.game.you) prefix = "treasure ";
  if (!prefix || ui.frame !== null) return [];
  return legal.filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length));
}

function kingdoms() {
  return ui.frame !== null ? kingdomsOf(shownView()) : ui.game.kingdoms || kingdomsOf(ui.game.view);
}

function marks() {
  return { last: lastSquares(shownView()), targets: targets(),
    focus: [...(ui.focus?.squares || []), ...(ui.confirm ? [ui.confirm.square] : [])] };
}

function drawBoard() {
  const g = ui.game;
  const layout = ui.layouts[g.board] || {};
  const root = $("#board");
  root.dataset.revision = g.revision;
  root.dataset.turn = g.to_move ?? "";
  const hadFocus = root.contains(document.activeElement);
  root.innerHTML = boardSvg({ layout, view: shownView(), kingdoms: kingdoms(), viewBox: ui.zoom, ...marks() });
  K.labelBoard(root, K.squareNames({ layout, view: shownView(), kingdoms: kingdoms(), names: g.names, ...marks() }), ui, hadFocus);
  root.classList.toggle("zoomed", !!ui.zoom);
  root.classList.toggle("choosing", targets().length > 0);
}

function drawMarks() {
  const g = $("#board .marks");
  if (g) g.innerHTML = marksSvg(marks());
}

function turnWords(g) {
  const name = (seat) => g.names?.[seat] ?? tr("Seat {n}", { n: seat + 1 });
  if (g.status === "lobby") return tr("Waiting for players to join.");
  if (g.status === "abandoned") return tr("This game was abandoned.");
  if (g.status === "over") return g.headline || tr("The game is over.");
  if (g.to_move == null) return "";
  // The dialog says the decision in full: the line above the board does not say it twice.
  if (g.pending && g.to_move === g.you) return tr("Your decision");
  if (g.pending) return g.describe || tr("{name} must decide.", { name: name(g.to_move) });
  const left = g.view.turn?.actions_left;
  if (g.to_move === g.you) {
    return left ? trn("Your turn ({n} action left).", "Your turn ({n} actions left).", left) : tr("Your turn.");
  }
  const who = { name: name(g.to_move) };
  return left ? trn("{name} to play ({n} action left).", "{name} to play ({n} actions left).", left, who)
    : tr("{name} to play.", who);
}

function render() {
  const g = ui.game;
  const kept = K.rememberFocus();
  const wasDeciding = !$("#decision").hidden;
  $("#gate").hidden = true;
  $("#game").hidden = false;
  document.title = tr("Game {id} · Tigris & Euphrates", { id: g.id });
  $("#title").textContent = tr("Game {id} · {names}", { id: g.id, names: g.names.join(", ") });
  if (g.guild_id) {
    $("#server-link").href = `/s/${g.guild_id}${query}`;
    $("#server-link").hidden = false;
  }
  $("#turn").textContent = turnWords(g);
  $("#turn").classList.toggle("mine", g.to_move === g.you && g.you != null && g.status === "active");
  $("#clock").textContent = g.clock || "";
  $("#clock").hidden = !g.clock;
  $("#who").textContent = ui.session.user ? tr("Signed in as {name}", { name: ui.session.user.name }) : tr("Watching");
  const view = shownView();
  $("#players").innerHTML = P.playersHtml(g, view, g.status === "active" ? g.to_move : null);
  const me = g.you != null && g.status === "active" ? g.view.players[g.you] : null;
  $("#hand").hidden = !me;
  showHintButton(g, me);
  if (me) $("#hand-body").innerHTML = P.handHtml(g, me, ui);
  const deciding = g.pending && g.to_move === g.you && g.you != null && g.status === "active";
  const dialog = $("#decision");
  dialog.hidden = !deciding;
  if (deciding) dialog.innerHTML = P.decisionHtml(g);
  $("#log").innerHTML = P.logHtml(shownLog());
  $("#over").hidden = !g.standings;
  if (g.standings) $("#standings").innerHTML = P.standingsHtml(g);
  drawBoard();
  showFocus();
  K.labelPanels();
  K.restoreFocus(kept, ui, deciding && !wasDeciding);
  showConfirm();
}

/** The log as far as the replay's slider shows the game (its moves up to the frame shown), else the game's. */
function shownLog() {
  if (!ui.replay?.frames.length || ui.frame === null) return ui.game.log;
  // Frames count moves from 1, the log from 0, as the stored moves do.
  return ui.replay.frames.slice(1, ui.frame + 1).map((f) => ({ n: f.n - 1, seat: f.seat, move: f.move, text: f.text }));
}

/** A kingdom's leaders with their strengths; while a revolt or war of this kingdom is decided, its two leaders
 * with the strengths the conflict counts (the game's `pending`, as the decision's words say them). */
function kingdomLeaders(k) {
  const out = Object.entries(k.leaders || {}).map(([colour, l]) => ({ colour, seat: l.seat, strength: l.strength }));
  const p = ui.frame === null && ui.game.status === "active" ? ui.game.pending : null;
  if (!p?.strength || !(p.kind === "revolt" || p.kind === "war") || !k.leaders?.[p.colour]) return out;
  const att = p.attacker_commit != null ? `${p.strength.attacker} + ${p.attacker_commit}` : `${p.strength.attacker}`;
  return [...out.filter((l) => l.colour !== p.colour),
    { colour: p.colour, seat: p.attacker, strength: att, side: "attacker" },
    { colour: p.colour, seat: p.defender, strength: `${p.strength.defender}`, side: "defender" }];
}

function showFocus() {
  const box = $("#kingdom");
  const k = ui.focus;
  if (!k) { box.hidden = true; return; }
  const names = ui.game.names || [];
  const rows = kingdomLeaders(k).map(({ colour, seat, strength, side }) =>
    `<li${side ? ` data-side="${side}"` : ""}>${P.leaderIcon(colour, shownView().players?.[seat]?.dynasty || "archer")}`
    + `${side ? `<span class="side">${P.esc(tr(side === "attacker" ? "Attacker" : "Defender"))}</span>` : ""}`
    + `<span>${P.esc(tr("{name}'s {leader} ({colour})", { name: names[seat] ?? tr("Seat {n}", { n: seat + 1 }),
      leader: word(LEADER_NAME[colour]), colour: word(colour) }))}</span>`
    + `${strength != null ? `<b title="${P.esc(tr(side ? "strength in this conflict" : "strength in this kingdom"))}">${P.esc(tr("strength {n}", { n: strength }))}</b>` : ""}</li>`).join("");
  box.innerHTML = `<h3>${P.esc(trn("Kingdom of {n} square", "Kingdom of {n} squares", k.squares.length))}</h3><ul>${rows}</ul>`;
  box.hidden = false;
}

// --- loading -----------------------------------------------------------------------------------

let loading = null;
let again = false;

async function load() {
  const g = await getJson(api + query);
  const before = ui.game;
  ui.game = g;
  if (!before || before.revision !== g.revision) {
    const legal = g.legal || [];
    if (ui.selected && !legal.some((m) => m.startsWith(`${ui.selected.kind} ${ui.selected.colour ?? ""}`.trim()))) ui.selected = null;
    if (ui.swap && !legal.some((m) => m.startsWith("swap"))) ui.swap = null;
    if (ui.focus) ui.focus = null;
    ui.confirm = null;
    // A hint answers the moment it was asked in: the game moved on, it goes.
    if (!ui.hintBusy) { $("#hint-words").hidden = true; $("#hint-words").textContent = ""; }
  }
  if (!ui.layouts[g.board]) await loadLayouts();
  if (g.status === "over" && !ui.replay) loadReplay();
  render();
  K.announce(before, g, turnWords(g));
}

/** Re-read the game; calls made while one is under way fold into one more read. A read refused for going too
 * fast (429), failing (5xx) or lost on the way is tried again later, sooner at first, then less often (a crowd
 * refused together does not come back together), so the page never stays behind the game or on the refusal. */
async function refresh() {
  if (loading) { again = true; return; }
  loading = (async () => {
    do {
      again = false;
      try {
        await load();
        readRetry.reset();
      } catch (e) {
        const passing = e.status === 429 || e.status === undefined || e.status >= 500;
        if (!ui.game) showGate(e.message);
        else if (!passing) toast(e.message);
        if (passing) setTimeout(refresh, readRetry.next());
      }
    } while (again);
  })();
  await loading;
  loading = null;
  if (ui.game && !live.source) listen();
}

/** Growing waits with jitter: `first` ms, doubling up to `most`, each between 50 % and 100 % of its step. */
function backoff(first, most) {
  let step = first;
  return {
    next() { const wait = step * (0.5 + Math.random() / 2); step = Math.min(most, step * 2); return wait; },
    reset() { step = first; },
  };
}

const readRetry = backoff(1000, 30000);

async function loadLayouts() {
  try {
    const boards = await getJson("/api/boards");
    for (const [name, b] of Object.entries(boards)) {
      // Corner treasures: named as such, or a treasure list shorter than the temples'.
      const corners = b.corner_treasures || b.corners
        || (b.treasures && b.temples && b.treasures.length < b.temples.length ? b.treasures : []);
      ui.layouts[name] = { rivers: b.rivers || [], corners };
    }
  } catch {
    ui.layouts.__failed = true;  // the board still draws, without its rivers
  }
}

async function loadReplay() {
  try {
    ui.replay = await getJson(`${api}/replay${query}`);
  } catch (e) {
    ui.replay = { frames: [] };
    $("#replay-words").textContent = e.message;
  }
  const n = ui.replay.frames.length;
  const slider = $("#replay");
  slider.max = Math.max(0, n - 1);
  slider.value = slider.max;
  $("#replay-box").hidden = n === 0;
  replayTo(n - 1);
}

function replayTo(i) {
  const n = ui.replay?.frames.length || 0;
  if (!n) return;
  i = Math.max(0, Math.min(n - 1, i));
  ui.frame = i === n - 1 ? null : i;
  $("#replay").value = i;
  const f = ui.replay.frames[i];
  $("#replay-words").textContent = f.move ? replayWords(f) : tr("The start");
  ui.focus = null;
  render();
}

/** A replay frame's label: the move's number, who made it and the move ("Move 60, Bob: commit 1"). */
function replayWords(f) {
  const name = f.seat != null ? ui.game.names?.[f.seat] ?? tr("Seat {n}", { n: f.seat + 1 }) : null;
  return name ? tr("Move {n}, {name}: {move}", { n: f.n, name, move: f.move }) : tr("Move {n}: {move}", { n: f.n, move: f.move });
}

// --- live updates ------------------------------------------------------------------------------
// The stream tells of each change. While it is down (refused for being one too many, dropped, the server away)
// the page reads the game every POLL ms instead and opens the stream again after a growing wait.

const POLL = 4000;
const live = { source: null, poll: null, retry: backoff(2000, 60000), timer: null };

function listen() {
  clearTimeout(live.timer);
  const events = new EventSource(`${api}/events${query}`);
  live.source = events;
  events.onmessage = () => refresh();
  events.onopen = () => {
    $("#live").classList.add("on");
    live.retry.reset();
    clearInterval(live.poll);
    live.poll = null;
    refresh();
  };
  events.onerror = () => {
    $("#live").classList.remove("on");
    if (!live.poll) live.poll = setInterval(refresh, POLL * (0.75 + Math.random() / 2));
    if (events.readyState === EventSource.CLOSED) {  // refused, not merely reconnecting: ours to open again
      live.timer = setTimeout(listen, live.retry.next());
    }
  };
}

// --- taps --------------------------------------------------------------------------------------

function squareSize() {
  const svg = $("#board svg");
  if (!svg) return CELL;
  const shown = ui.zoom ? ui.zoom[2] : CELL * (COLS + 1);
  return (svg.getBoundingClientRect().width * CELL) / shown;
}

function zoomTo(square) {
  const w = $("#board").getBoundingClientRect().width;
  const cols = Math.max(4, Math.min(COLS - 1, Math.floor(w / 44)));
  ui.zoom = zoomBox(square, cols, Math.max(4, Math.round(cols * 0.75)));
  drawBoard();
}

function kingdomAt(square) {
  return kingdoms().find((k) => k.squares.includes(square)) || null;
}

function onSquare(square, keyboard = false) {
  if (!keyboard && !ui.zoom && (ui.zoomMode || squareSize() < 32)) { ui.zoomMode = false; zoomTo(square); return; }
  if (targets().includes(square)) {
    const move = pieceMove(square);
    // Board Game Arena's choice: a move waits for a second tap on its square (or Play) when the person asked so.
    if (ui.confirm?.square === square || !needsConfirm()) { sendMove(move); return; }
    ui.confirm = { move, square, last: lastAction() };
    drawMarks();
    showConfirm();
    return;
  }
  if (ui.selected) {
    explain(square, pieceMove(square));
    return;
  }
  const k = kingdomAt(square);
  if (!k && myTurn()) toast(tr("Choose a tile, leader or catastrophe first, then tap a highlighted square."), "info");
  ui.focus = ui.focus && k && ui.focus.squares === k.squares ? null : k;
  drawMarks();
  showFocus();
}

// --- confirming a move, and why a square takes none ---------------------------------------------
// The choice is kept in this browser for each person (localStorage): the bot has no place for a person's settings.

const CONFIRM_MODES = ["last", "all", "none"];

function confirmKey() {
  return `tne-confirm:${ui.session.user?.id ?? "guest"}`;
}

/** When a tapped move waits for a confirmation: "last" (a turn's last action, which the draw makes final: the
 * default), "all" or "none". */
function confirmMode() {
  try {
    const kept = localStorage.getItem(confirmKey());
    return CONFIRM_MODES.includes(kept) ? kept : "last";
  } catch {
    return "last";
  }
}

function setConfirmMode(mode) {
  try { localStorage.setItem(confirmKey(), mode); } catch { /* not kept: the default next time */ }
}

function myTurn() {
  const g = ui.game;
  return g.status === "active" && g.you != null && g.to_move === g.you && ui.frame === null;
}

function lastAction() {
  return !ui.game.pending && ui.game.view.turn?.actions_left === 1;
}

function needsConfirm() {
  const mode = confirmMode();
  return mode === "all" || (mode === "last" && lastAction());
}

function pieceMove(square) {
  const s = ui.selected;
  return s ? (s.kind === "catastrophe" ? `catastrophe ${square}` : `${s.kind} ${s.colour} ${square}`) : `treasure ${square}`;
}

function showConfirm() {
  const bar = $("#confirm");
  if (!bar) return;
  const c = ui.confirm;
  bar.hidden = !c;
  if (!c) return;
  $("#confirm-words").textContent = tr("Play {move}? Tap the square again or press Play.", { move: c.move })
    + (c.last ? ` ${tr("It is your turn's last action: the draw after it makes it final.")}` : "");
}

/** Why the tapped square takes no move for the chosen piece, in the engine's words (the server tries it). */
async function explain(square, move) {
  try {
    const answer = await getJson(`${api}/why?move=${encodeURIComponent(move)}`);
    const why = answer.why || tr("{square} is not a legal square for that piece.", { square });
    toast(why.includes(square) ? why : `${square}: ${why}`, "info");
  } catch (e) {
    toast(e.message);
  }
}

// --- hints (a game opened with hints on) -------------------------------------------------------

function showHintButton(g, me) {
  const button = $("#hint-button");
  button.hidden = !(g.hints && me);
  button.disabled = !!ui.hintBusy || g.to_move !== g.you;
}

/** Ask the same service as /tne hint; its answer is shown here only, to the person who asked. */
async function askHint() {
  const button = $("#hint-button"), box = $("#hint-words");
  ui.hintBusy = true;
  button.disabled = true;
  box.hidden = false;
  box.textContent = tr("Thinking…");
  try {
    const r = await fetch(`${api}/hint`, {
      method: "POST", credentials: "same-origin", body: "{}",
      headers: { "Content-Type": "application/json", "X-TNE-CSRF": ui.session.csrf || "", "Accept-Language": lang() },
    });
    const answer = await r.json().catch(() => ({}));
    if (r.ok) {
      box.textContent = answer.text;
      box.dataset.hint = answer.move;
    } else {
      box.hidden = true;
      toast(answer.error || tr("The server refused ({status}).", { status: r.status }));
    }
  } catch {
    box.hidden = true;
    toast(tr("The server could not be reached; try again."));
  } finally {
    ui.hintBusy = false;
    if (ui.game) showHintButton(ui.game, true);
  }
}

function onAction(el) {
  const g = ui.game;
  const action = el.dataset.action;
  if (action === "tile") {
    if (ui.swap) {
      const i = Number(el.dataset.index);
      ui.swap = ui.swap.includes(i) ? ui.swap.filter((x) => x !== i) : [...ui.swap, i];
    } else {
      const c = el.dataset.tile, index = Number(el.dataset.index);
      ui.selected = ui.selected?.kind === "tile" && ui.selected.index === index ? null : { kind: "tile", colour: c, index };
    }
  } else if (action === "leader") {
    const c = el.dataset.leader;
    ui.selected = ui.selected?.kind === "leader" && ui.selected.colour === c ? null : { kind: "leader", colour: c };
  } else if (action === "catastrophe") {
    ui.selected = ui.selected?.kind === "catastrophe" ? null : { kind: "catastrophe" };
  } else if (action === "swap") {
    ui.selected = null;
    ui.swap = [];
  } else if (action === "cancel") {
    ui.swap = null;
    ui.selected = null;
  } else if (action === "withdraw") {
    return sendMove(`withdraw ${el.dataset.colour}`);
  } else if (action === "pass") {
    return sendMove("pass");
  } else if (action === "undo") {
    ui.selected = null;
    return post(`${api}/undo`, { revision: g.revision });
  }
  ui.focus = null;
  ui.confirm = null;
  render();
}

function wire() {
  const board = $("#board");
  board.addEventListener("click", (e) => {
    const sq = e.target.closest("[data-square]");
    if (sq) onSquare(sq.dataset.square);
  });
  board.addEventListener("pointerover", (e) => {
    if (e.pointerType !== "mouse" || ui.selected) return;
    const sq = e.target.closest("[data-square]");
    const k = sq ? kingdomAt(sq.dataset.square) : null;
    if (k !== ui.focus) { ui.focus = k; drawMarks(); showFocus(); }
  });
  document.addEventListener("click", (e) => {
    const el = e.target.closest("button");
    if (!el || el.disabled || !ui.game) return;
    if (el.id === "hint-button") askHint();
    else if (el.dataset.confirm) {
      const c = ui.confirm;
      ui.confirm = null;
      if (el.dataset.confirm === "play" && c) sendMove(c.move);
      else { ui.selected = null; render(); }  // cancelled: back to choosing a piece
    } else if (el.dataset.move) sendMove(el.dataset.move);
    else if (el.dataset.action) onAction(el);
    else if (el.dataset.zoom === "in") { ui.zoomMode = true; toast(tr("Tap the part of the board to zoom to."), "info"); }
    else if (el.dataset.zoom === "out") { ui.zoom = null; ui.zoomMode = false; drawBoard(); }
    else if (el.dataset.pan && ui.zoom) { const [dc, dr] = el.dataset.pan.split(",").map(Number); ui.zoom = panBox(ui.zoom, dc, dr); drawBoard(); }
    else if (el.dataset.step) replayTo((ui.frame ?? ui.replay.frames.length - 1) + Number(el.dataset.step));
  });
  $("#replay").addEventListener("input", (e) => replayTo(Number(e.target.value)));
  const mode = $("#confirm-mode");
  if (mode) {
    mode.value = confirmMode();
    mode.addEventListener("change", () => setConfirmMode(mode.value));
  }
  K.wireKeys(board, ui, {
    act: (sq) => onSquare(sq, true),
    show: (sq) => { if (!K.inView(ui.zoom, sq)) zoomTo(sq); },
    targets,
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { ui.selected = null; ui.swap = null; ui.focus = null; ui.confirm = null; if (ui.game) render(); }
  });
}

async function start() {
  document.body.insertAdjacentHTML("afterbegin", `<svg class="sprites" aria-hidden="true">${defs()}</svg>`);
  try { ui.session = await getJson("/api/session"); } catch { /* no session: watching or the gate */ }
  await loadTexts(wanted(ui.session.lang));
  if (!api || (!ui.session.user && !token)) { showGate(); return; }
  $("#live").hidden = false;
  wire();
  await refresh();  // once the game is read, its live stream opens
}

start();
