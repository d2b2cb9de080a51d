// The side panels as HTML strings: players, the hand, a decision's choices, the log, the standings.

import { CELL } from "./geometry.js";
import * as S from "./symbols.js";
import { dynastyWord, monumentWord, tr, trn, word } from "./texts.js";

const COLOURS = ["red", "blue", "green", "black"];

export function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const icon = (inner, cls = "icon") => `<svg class="${cls}" viewBox="0 0 ${CELL} ${CELL}" aria-hidden="true">${inner}</svg>`;
export const tileIcon = (colour) => icon(S.tile(colour, 0, 0, CELL));
export const leaderIcon = (colour, dynasty) => icon(S.leader(colour, dynasty, 1, 1, CELL - 2));
const catIcon = () => icon(S.catastrophe(0, 0, CELL));

function handSize(p) {
  if (typeof p.hand_size === "number") return p.hand_size;
  return p.hand ? COLOURS.reduce((n, c) => n + (p.hand[c] || 0), 0) : 0;
}

/** One card per seat: dynasty, name, tiles in hand, catastrophes left, leaders, points when visible. */
export function playersHtml(game, view, turnSeat) {
  return (view.players || []).map((p, seat) => {
    const name = game.names?.[seat] ?? tr("Seat {n}", { n: seat + 1 });
    // A computer's name says its level in the page's language (the server names the seats): no tag repeats it.
    const tags = seat === game.you ? `<span class="tag you">${esc(tr("you"))}</span>` : "";
    const leaders = COLOURS.map((c) => {
      const at = p.leaders?.[c];
      const where = at ? tr("{leader}: on {square}", { leader: word(S.LEADER_NAME[c]), square: at })
        : tr("{leader}: in supply", { leader: word(S.LEADER_NAME[c]) });
      return `<span class="mini-leader${at ? " out" : ""}" title="${esc(where)}">`
        + `${leaderIcon(c, p.dynasty)}${at ? `<small>${esc(at)}</small>` : ""}</span>`;
    }).join("");
    const points = p.points
      ? `<div class="points">${COLOURS.map((c) => `<span class="pt pt-${c}" title="${esc(tr("{colour} points", { colour: word(c) }))}">${p.points[c] ?? 0}</span>`).join("")}`
        + `<span class="pt pt-treasure" title="${esc(tr("treasures"))}">${p.points.treasure ?? 0}</span></div>`
      : `<div class="points hidden-points">${esc(tr("points hidden"))}</div>`;
    return `<li class="player${seat === turnSeat ? " active" : ""}" data-seat="${seat}">`
      + `${S.badge(p.dynasty, 34)}<div class="who"><b>${esc(name)}</b> ${tags}<div class="dyn">${esc(dynastyWord(p.dynasty))}</div></div>`
      + `<div class="facts"><span title="${esc(tr("tiles in hand"))}">${icon('<rect x="6" y="2" width="30" height="30" rx="4" fill="#aa9678"/>'
        + '<rect x="2" y="8" width="30" height="30" rx="4" fill="#c8b696" stroke="#766953"/>')}${handSize(p)}</span>`
      + `<span title="${esc(tr("catastrophes left"))}">${catIcon()}${p.catastrophes ?? 0}</span></div>`
      + `<div class="leaders">${leaders}</div>${points}</li>`;
  }).join("");
}

/** The hand and the controls of the seat to play; `ui` holds what is chosen. */
export function handHtml(game, me, ui) {
  const legal = game.legal || [];
  const has = (prefix) => legal.some((m) => m.startsWith(prefix));
  const myTurn = game.to_move === game.you && !game.pending;
  let tiles = "", i = 0;
  for (const c of COLOURS) {
    for (let k = 0; k < (me.hand?.[c] || 0); k++, i++) {
      const chosen = ui.swap ? ui.swap.includes(i) : ui.selected?.kind === "tile" && ui.selected.index === i;
      const ok = ui.swap ? true : myTurn && has(`tile ${c} `);
      tiles += `<button class="piece${chosen ? " chosen" : ""}" data-action="tile" data-tile="${c}" data-index="${i}"`
        + `${ok ? "" : " disabled"} title="${esc(`${word(S.TILE_NAME[c])} (${word(c)})`)}">${tileIcon(c)}</button>`;
    }
  }
  const leaders = COLOURS.map((c) => {
    const at = me.leaders?.[c];
    const chosen = ui.selected?.kind === "leader" && ui.selected.colour === c;
    const ok = myTurn && !ui.swap && (has(`leader ${c} `) || has(`withdraw ${c}`));
    return `<button class="piece leader-btn${chosen ? " chosen" : ""}${at ? " on-board" : ""}" data-action="leader" data-leader="${c}"`
      + `${ok ? "" : " disabled"} title="${esc(at ? tr("{leader} ({colour}) on {square}", { leader: word(S.LEADER_NAME[c]), colour: word(c), square: at })
        : `${word(S.LEADER_NAME[c])} (${word(c)})`)}">${leaderIcon(c, me.dynasty)}`
      + `${at ? `<small>${esc(at)}</small>` : ""}</button>`;
  }).join("");
  const catChosen = ui.selected?.kind === "catastrophe";
  const cat = `<button class="piece${catChosen ? " chosen" : ""}" data-action="catastrophe"${myTurn && !ui.swap && has("catastrophe ") ? "" : " disabled"}`
    + ` title="${esc(tr("catastrophe"))}">${catIcon()}<small>×${me.catastrophes ?? 0}</small></button>`;
  let controls = "";
  if (ui.swap) {
    const move = swapMove(me, ui.swap);
    controls = `<button class="primary" data-move="${esc(move)}"${legal.includes(move) ? "" : " disabled"}>`
      + `${esc(ui.swap.length ? trn("Swap {n} tile", "Swap {n} tiles", ui.swap.length) : tr("Swap tiles"))}</button>`
      + `<button data-action="cancel">${esc(tr("Don't swap"))}</button>`;
  } else {
    if (ui.selected?.kind === "leader" && me.leaders?.[ui.selected.colour] && legal.includes(`withdraw ${ui.selected.colour}`)) {
      controls += `<button data-action="withdraw" data-colour="${ui.selected.colour}">${esc(tr("Withdraw {leader}", { leader: word(S.LEADER_NAME[ui.selected.colour]) }))}</button>`;
    }
    controls += `<button data-action="swap"${myTurn && has("swap") ? "" : " disabled"}>${esc(tr("Swap tiles…"))}</button>`
      + `<button data-action="pass"${myTurn && legal.includes("pass") ? "" : " disabled"}>${esc(tr("Pass"))}</button>`;
  }
  if (game.can_undo) controls += `<button data-action="undo">${esc(tr("Undo"))}</button>`;
  const hint = ui.swap ? tr("Choose the tiles to give back, then confirm.")
    : ui.selected ? tr("Tap a highlighted square.") : myTurn ? tr("Choose a tile, leader or catastrophe.") : "";
  return `<div class="row tiles">${tiles || `<span class="dim">${esc(tr("no tiles"))}</span>`}</div>`
    + `<div class="row">${leaders}${cat}</div><div class="row controls">${controls}</div>`
    + `<p class="hint">${esc(hint)}</p>`;
}

/** The canonical swap move for the chosen tiles (indexes into the hand in colour order). */
export function swapMove(me, chosen) {
  const colours = [];
  for (const c of COLOURS) for (let k = 0; k < (me.hand?.[c] || 0); k++) colours.push(c);
  const picked = chosen.map((i) => colours[i]).filter(Boolean);
  picked.sort((a, b) => COLOURS.indexOf(a) - COLOURS.indexOf(b));
  return ["swap", ...picked].join(" ");
}

function moveLabel(move) {
  const w = move.split(" ");
  if (w[0] === "commit") return tr("Commit {n}", { n: w[1] });
  if (w[0] === "war") return tr("Fight the {colour} war", { colour: word(w[1]) });
  if (w[0] === "monument") return tr("Build {monument} at {square}", { monument: monumentWord(w[1]), square: w[2] });
  if (w[0] === "decline") return tr("Build no monument");
  if (w[0] === "treasure") return tr("Take the treasure on {square}", { square: w[1] });
  return move;
}

/** A decision's dialog: what is asked, the strengths so far, one button per legal answer. */
export function decisionHtml(game) {
  const p = game.pending || {};
  const name = (seat) => esc(game.names?.[seat] ?? tr("Seat {n}", { n: seat + 1 }));
  let facts = "";
  if (p.strength) {
    const a = p.strength.attacker, d = p.strength.defender, ac = p.attacker_commit;
    const conflict = p.kind === "revolt" ? tr("{colour} revolt", { colour: word(p.colour) })
      : p.kind === "war" ? tr("{colour} war", { colour: word(p.colour) }) : `${p.colour || ""} ${p.kind || ""}`;
    facts = `<div class="strengths"><div><span>${esc(tr("Attacker"))}</span><b>${name(p.attacker)}</b><em>${a}${ac != null ? ` + ${ac}` : ""}</em></div>`
      + `<div class="vs">${esc(conflict)}</div>`
      + `<div><span>${esc(tr("Defender"))}</span><b>${name(p.defender)}</b><em>${d}</em></div></div>`;
  }
  const buttons = (game.legal || []).map((m) => `<button data-move="${esc(m)}">${esc(moveLabel(m))}</button>`).join("");
  return `<h2>${esc(tr("Your decision"))}</h2><p>${esc(game.describe || "")}</p>${facts}<div class="choices">${buttons}</div>`;
}

export function logHtml(log) {
  return [...(log || [])].reverse().map((e) => `<li data-log data-n="${e.n}"><span class="n">${e.n + 1}</span>${esc(e.text || e.move)}</li>`).join("");
}

export function standingsHtml(game) {
  const rows = [...(game.standings || [])].sort((a, b) => a.place - b.place).map((s) => {
    // A colour's total is its own points plus the treasures counted in it: shown as "61+4" under the total.
    const totals = COLOURS.map((c) => {
      const total = s.totals?.[c] ?? "", added = s.points ? total - (s.points[c] ?? 0) : 0;
      return `<td class="pt-${c}">${total}${added > 0 ? `<small>${s.points[c] ?? 0}+${added}</small>` : ""}</td>`;
    }).join("");
    return `<tr data-seat="${s.seat}"><td>${s.place}</td><td class="name">${esc(game.names?.[s.seat] ?? s.seat)}`
      + `${s.resigned ? ` ${esc(tr("(resigned)"))}` : ""}</td><td><b>${s.score}</b></td>${totals}`
      + `<td class="pt-treasure">${s.treasures ?? ""}</td></tr>`;
  }).join("");
  return `<table class="standings"><thead><tr><th>#</th><th>${esc(tr("Player"))}</th><th>${esc(tr("Score"))}</th>`
    + `${COLOURS.map((c) => `<th class="pt-${c}">${esc(word(c))}</th>`).join("")}`
    + `<th class="pt-treasure" title="${esc(tr("treasures"))}">◆</th></tr></thead><tbody>${rows}</tbody></table>`
    + `<p class="note">${esc(tr("The score is a player's weakest colour. Each treasure counts as a point in the colour where it helps most: a total shows its own points + the treasures added."))}</p>`;
}
