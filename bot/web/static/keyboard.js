// Everyone can play (issue 41): the board from the keyboard and for screen readers. Each square is a button named
// by what is on it; arrow keys move between squares (one tab stop for the whole board), Enter or Space plays there;
// focus survives the page's redraws; the moves others make are told in a live region.

import { CELL, COLS, ROWS, origin, parseSquare, squareName } from "./geometry.js";
import { LEADER_NAME, TILE_NAME } from "./symbols.js";
import { monumentWord, tr, word } from "./texts.js";

const seatName = (names, seat) => names?.[seat] ?? tr("Seat {n}", { n: seat + 1 });

/** Who holds a kingdom, in words: "Alice's kingdom", or "kingdom of Alice and Bob" when several do. */
function kingdomWords(kingdom, names) {
  const seats = [...new Set(Object.values(kingdom.leaders || {}).map((l) => l.seat))].sort();
  if (!seats.length) return "";
  const who = seats.map((s) => seatName(names, s));
  if (who.length === 1) return tr("{name}'s kingdom", { name: who[0] });
  return tr("kingdom of {names}", { names: who.reduce((first, second) => tr("{first} and {second}", { first, second })) });
}

/** Every square's name for a screen reader: "F7, temple (red), Alice's kingdom". `o` holds view, layout, kingdoms,
 * names, last and targets (squares). */
export function squareNames(o) {
  const v = o.view || {};
  const rivers = new Set(o.layout?.rivers || []);
  const say = new Map();
  const add = (sq, words) => { if (say.has(sq)) say.get(sq).push(words); };
  for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) {
    const sq = squareName(c, r);
    say.set(sq, [sq]);
  }
  for (const m of v.monuments || []) {
    const [c, r] = parseSquare(m.at) || [];
    if (c === undefined) continue;
    const words = tr("monument ({colours})", { colours: monumentWord(m.pair) });
    for (const sq of [squareName(c, r), squareName(c + 1, r), squareName(c, r + 1), squareName(c + 1, r + 1)]) add(sq, words);
  }
  for (const sq of v.face_down || []) add(sq, tr("face-down tile"));
  for (const [sq, colour] of Object.entries(v.tiles || {})) {
    if (TILE_NAME[colour]) add(sq, tr("{tile} ({colour})", { tile: word(TILE_NAME[colour]), colour: word(colour) }));
  }
  for (const sq of v.catastrophes || []) add(sq, tr("catastrophe"));
  (v.players || []).forEach((p, seat) => {
    for (const [colour, sq] of Object.entries(p.leaders || {})) {
      if (sq) add(sq, tr("{name}'s {leader} ({colour})", { name: seatName(o.names, seat), leader: word(LEADER_NAME[colour]), colour: word(colour) }));
    }
  });
  for (const sq of v.treasures || []) add(sq, tr("treasure"));
  for (const k of o.kingdoms || []) {
    const words = kingdomWords(k, o.names);
    if (words) for (const sq of k.squares) add(sq, words);
  }
  for (const [sq, words] of say) if (words.length === 1 && rivers.has(sq)) words.push(tr("river"));
  for (const sq of o.last || []) add(sq, tr("last move"));
  for (const sq of o.targets || []) add(sq, tr("you can play here"));
  return new Map([...say].map(([sq, words]) => [sq, words.join(", ")]));
}

/** Names the freshly drawn board's squares, gives the board one tab stop (the cursor's square), and puts the
 * focus back on it when the board had it before the redraw. */
export function labelBoard(root, names, ui, hadFocus) {
  const svg = root.querySelector("svg");
  if (!svg) return;
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", tr("The board"));
  if (!ui.cursor || !names.has(ui.cursor)) ui.cursor = "H6";
  for (const rect of root.querySelectorAll("[data-square]")) {
    const sq = rect.dataset.square;
    rect.setAttribute("role", "button");
    rect.setAttribute("tabindex", sq === ui.cursor ? "0" : "-1");
    const title = rect.querySelector("title");
    if (title) title.textContent = names.get(sq) || sq;
  }
  if (hadFocus) focusSquare(root, ui.cursor);
}

function focusSquare(root, sq) {
  const rect = root.querySelector(`[data-square="${sq}"]`);
  if (!rect) return;
  for (const r of root.querySelectorAll('[data-square][tabindex="0"]')) r.setAttribute("tabindex", "-1");
  rect.setAttribute("tabindex", "0");
  rect.focus();
}

/** Whether a square lies inside a zoomed view box [x, y, w, h]. */
export function inView(box, sq) {
  if (!box) return true;
  const [x, y] = origin(sq);
  return x >= box[0] && y >= box[1] && x + CELL <= box[0] + box[2] && y + CELL <= box[1] + box[3];
}

const STEP = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The board's keys: arrows move the cursor (`show(square)` brings it into a zoomed view), Enter or Space plays
 * on it (`act(square)`); a piece picked from the keyboard sends the focus to the first of `targets()`. */
export function wireKeys(root, ui, { act, show, targets }) {
  root.addEventListener("keydown", (e) => {
    const rect = e.target.closest?.("[data-square]");
    if (!rect) return;
    const step = STEP[e.key];
    if (step) {
      e.preventDefault();
      const [c, r] = parseSquare(rect.dataset.square);
      const nc = Math.max(0, Math.min(COLS - 1, c + step[0])), nr = Math.max(0, Math.min(ROWS - 1, r + step[1]));
      ui.cursor = squareName(nc, nr);
      show(ui.cursor);
      focusSquare(root, ui.cursor);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      ui.cursor = rect.dataset.square;
      act(ui.cursor);
    }
  });
  root.addEventListener("focusin", (e) => {
    const rect = e.target.closest?.("[data-square]");
    if (rect) ui.cursor = rect.dataset.square;
  });
  // A click with no pointer behind it (detail 0) is Enter or Space on a button: after the page handled it, a
  // chosen piece's first legal square is where the player goes next.
  document.addEventListener("click", (e) => {
    const el = e.target.closest?.('button[data-action="tile"], button[data-action="leader"], button[data-action="catastrophe"]');
    if (!el || e.detail !== 0 || ui.swap || !ui.selected) return;
    const first = targets()[0];
    if (!first) return;
    ui.cursor = first;
    show(first);
    focusSquare(root, first);
  });
}

// --- focus across redraws, names of the panels' controls -----------------------------------------

const KEYS = ["action", "index", "leader", "tile", "move", "zoom", "pan", "step", "colour"];

/** What has the focus, so that the same control can get it back once the page is drawn again. */
export function rememberFocus() {
  const el = document.activeElement;
  if (!el || el === document.body || !el.closest("#game")) return null;
  if (el.id) return { selector: `#${el.id}` };
  const attrs = KEYS.filter((k) => el.dataset[k] !== undefined).map((k) => `[data-${k}="${CSS.escape(el.dataset[k])}"]`);
  if (el.dataset.square) return { square: true };
  const inside = el.closest("#hand, #decision, .zoom-bar, #over");
  return attrs.length ? { selector: attrs.join(""), inside: inside ? `#${inside.id || ""}` : null } : null;
}

/** After a redraw: the remembered control has the focus again (or, gone, the board does); a decision that just
 * opened takes the focus, so the player hears what is asked. */
export function restoreFocus(kept, ui, dialogOpened) {
  const root = document.getElementById("board");
  if (dialogOpened) {
    const first = document.querySelector("#decision button:not([disabled])");
    if (first) { first.focus(); return; }
  }
  if (!kept || kept.square) return;  // the board refocuses itself as it is drawn
  const again = document.querySelector(`${kept.selector}:not([disabled])`);
  if (again && !again.closest("[hidden]")) { again.focus(); return; }
  if (document.activeElement === document.body || !document.activeElement) focusSquare(root, ui.cursor);
}

/** Names for the controls that show only a picture: each hand piece says what it is and whether it is chosen; the
 * players' figures say what they count. */
export function labelPanels() {
  for (const b of document.querySelectorAll("#hand button.piece[title]")) {
    const small = b.querySelector("small")?.textContent || "";
    const title = b.getAttribute("title");
    b.setAttribute("aria-label", small && !title.includes(small) ? `${title} ${small}` : title);
    b.setAttribute("aria-pressed", b.classList.contains("chosen") ? "true" : "false");
  }
  for (const el of document.querySelectorAll("#players .mini-leader[title]")) {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", el.getAttribute("title"));
  }
  for (const el of document.querySelectorAll("#players .facts span[title], #players .pt[title]")) {
    if (el.querySelector(".sr-only")) continue;
    el.insertAdjacentHTML("afterbegin", `<span class="sr-only">${escape(el.getAttribute("title"))}: </span>`);
  }
}

function escape(text) {
  return String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

// --- the live region ------------------------------------------------------------------------------

function region() {
  let el = document.getElementById("announce");
  if (!el) {
    el = document.createElement("div");
    el.id = "announce";
    el.className = "sr-only";
    el.setAttribute("role", "log");
    el.setAttribute("aria-live", "polite");
    (document.getElementById("game") || document.body).append(el);
  }
  return el;
}

/** Tells the moves made since `before` (the game as last read) and whose turn it is now, in the live region;
 * the first reading of a game tells nothing (the page shows it). */
export function announce(before, game, turnWords) {
  const el = region();
  if (!before || before.revision === game.revision) return;
  const seen = Math.max(-1, ...(before.log || []).map((e) => e.n));
  const moves = (game.log || []).filter((e) => e.n > seen).map((e) => e.text || e.move);
  const turn = before.to_move !== game.to_move || before.status !== game.status || !before.pending !== !game.pending ? turnWords : "";
  const words = [...moves, turn].filter(Boolean).join(" ");
  if (words) el.textContent = words;
}
