// The board as one SVG string: land and rivers, kingdoms, pieces, marks, and a top layer of squares to tap.

import { CELL, COLS, HEIGHT, MARGIN, ROWS, WIDTH, allSquares, origin, parseSquare, squareName } from "./geometry.js";
import * as S from "./symbols.js";

const PIECE = CELL - 4;

function wave(x, y, fy) {
  let d = "";
  for (let i = 0; i <= 12; i++) {
    const u = 0.14 + (0.72 * i) / 12;
    d += `${i ? "L" : "M"}${(x + u * CELL).toFixed(1)} ${(y + fy * CELL + 2.2 * Math.sin(u * 4 * Math.PI)).toFixed(1)}`;
  }
  return d;
}

function ground(layout) {
  const rivers = new Set(layout.rivers || []);
  let land = "", water = "", waves = "";
  for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) {
    const x = MARGIN + c * CELL, y = MARGIN + r * CELL;
    if (rivers.has(squareName(c, r))) {
      water += `M${x} ${y}h${CELL}v${CELL}h-${CELL}Z`;
      waves += wave(x, y, 0.22) + wave(x, y, 0.8);
    } else if ((c + r) % 2) land += `M${x} ${y}h${CELL}v${CELL}h-${CELL}Z`;
  }
  let grid = "";
  for (let c = 0; c <= COLS; c++) grid += `M${MARGIN + c * CELL} ${MARGIN}V${MARGIN + ROWS * CELL}`;
  for (let r = 0; r <= ROWS; r++) grid += `M${MARGIN} ${MARGIN + r * CELL}H${MARGIN + COLS * CELL}`;
  let labels = "";
  for (let c = 0; c < COLS; c++) {
    const x = MARGIN + c * CELL + CELL / 2, l = "ABCDEFGHIJKLMNOP"[c];
    labels += `<text x="${x}" y="${MARGIN / 2}">${l}</text><text x="${x}" y="${HEIGHT - MARGIN / 2}">${l}</text>`;
  }
  for (let r = 0; r < ROWS; r++) {
    const y = MARGIN + r * CELL + CELL / 2;
    labels += `<text x="${MARGIN / 2}" y="${y}">${r + 1}</text><text x="${WIDTH - MARGIN / 2}" y="${y}">${r + 1}</text>`;
  }
  return `<rect width="${WIDTH}" height="${HEIGHT}" fill="#faf6ea"/>`
    + `<rect x="${MARGIN}" y="${MARGIN}" width="${COLS * CELL}" height="${ROWS * CELL}" fill="#ece0be"/>`
    + `<path d="${land}" fill="#e4d7b2"/><path d="${water}" fill="#96c8e6"/>`
    + `<path d="${waves}" fill="none" stroke="#76b0d6" stroke-width="2"/>`
    + `<path d="${grid}" stroke="#b0a07a" stroke-width="1"/>`
    + `<rect x="${MARGIN - 1}" y="${MARGIN - 1}" width="${COLS * CELL + 2}" height="${ROWS * CELL + 2}" fill="none" stroke="#5c4e34" stroke-width="2"/>`
    + `<g class="labels">${labels}</g>`;
}

function kingdomLayer(kingdoms) {
  let tint = "", edges = "";
  for (const k of kingdoms) {
    const inside = new Set(k.squares);
    for (const sq of k.squares) {
      const [x, y] = origin(sq), [c, r] = parseSquare(sq);
      tint += `M${x} ${y}h${CELL}v${CELL}h-${CELL}Z`;
      const out = (dc, dr) => !inside.has(squareName(c + dc, r + dr)) || c + dc < 0 || c + dc >= COLS || r + dr < 0 || r + dr >= ROWS;
      if (out(-1, 0)) edges += `M${x} ${y - 2}V${y + CELL + 2}`;
      if (out(1, 0)) edges += `M${x + CELL} ${y - 2}V${y + CELL + 2}`;
      if (out(0, -1)) edges += `M${x - 2} ${y}H${x + CELL + 2}`;
      if (out(0, 1)) edges += `M${x - 2} ${y + CELL}H${x + CELL + 2}`;
    }
  }
  return { tint: `<path d="${tint}" fill="#bea064"/>`, edges: `<path class="kingdom-edge" d="${edges}" stroke="#402058" stroke-width="4"/>` };
}

/**
 * The whole board. `o` holds: layout (rivers, corners), view, kingdoms, last (squares), targets (squares
 * to highlight), focus (a kingdom's squares picked by hover or tap).
 */
export function boardSvg(o) {
  const v = o.view || {};
  const corners = new Set(o.layout.corners || []);
  const { tint, edges } = kingdomLayer(o.kingdoms || []);
  let pieces = "";
  const covered = new Set();
  for (const m of v.monuments || []) {
    const [c, r] = parseSquare(m.at) || [];
    if (c === undefined || c + 1 >= COLS || r + 1 >= ROWS) continue;
    const [x, y] = origin(m.at);
    for (const sq of [squareName(c, r), squareName(c + 1, r), squareName(c, r + 1), squareName(c + 1, r + 1)]) {
      covered.add(sq);
      const [sx, sy] = origin(sq);
      pieces += S.faceDown(sx + 2, sy + 2, PIECE);
    }
    pieces += S.monument(m.pair, x + 2, y + 2, 2 * CELL - 4);
  }
  for (const sq of v.face_down || []) if (!covered.has(sq)) { const [x, y] = origin(sq); pieces += S.faceDown(x + 2, y + 2, PIECE); }
  for (const [sq, colour] of Object.entries(v.tiles || {})) {
    if (covered.has(sq) || !S.TILE[colour]) continue;
    const [x, y] = origin(sq);
    pieces += S.tile(colour, x + 2, y + 2, PIECE);
  }
  for (const sq of v.catastrophes || []) { const [x, y] = origin(sq); pieces += S.catastrophe(x + 2, y + 2, PIECE); }
  (v.players || []).forEach((p) => {
    for (const [colour, sq] of Object.entries(p.leaders || {})) {
      if (!sq) continue;
      const [x, y] = origin(sq);
      pieces += S.leader(colour, p.dynasty, x + 2, y + 2, PIECE);
    }
  });
  for (const sq of v.treasures || []) {
    const [x, y] = origin(sq);
    pieces += S.treasure(corners.has(sq), x + CELL - 17, y - 2, 19);
  }
  const marker = v.pending && v.pending.marker;
  if (marker && parseSquare(marker)) { const [x, y] = origin(marker); pieces += S.marker(x + 8, y + 8, CELL - 16); }

  const hits = allSquares().map((sq) => {
    const [x, y] = origin(sq);
    return `<rect data-square="${sq}" x="${x}" y="${y}" width="${CELL}" height="${CELL}"><title>${sq}</title></rect>`;
  }).join("");
  // Square names inside the squares, shown only when zoomed in (the edge labels are then out of sight).
  const coords = o.viewBox ? allSquares().map((sq) => {
    const [x, y] = origin(sq);
    return `<text x="${x + 2}" y="${y + CELL - 2}">${sq}</text>`;
  }).join("") : "";
  const vb = (o.viewBox || [0, 0, WIDTH, HEIGHT]).join(" ");
  return `<svg class="board-svg" viewBox="${vb}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="The board">`
    + `${ground(o.layout)}<g class="tint">${tint}</g><g class="pieces">${pieces}</g>${edges}`
    + `<g class="marks">${marksSvg(o)}</g><g class="coords">${coords}</g><g class="hits">${hits}</g></svg>`;
}

/** The marks over the pieces: the last move, the kingdom in focus and the legal targets. */
export function marksSvg(o) {
  let marks = "";
  for (const sq of o.last || []) {
    if (!parseSquare(sq)) continue;
    const [x, y] = origin(sq);
    marks += `<rect class="last" x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}"/>`;
  }
  for (const sq of o.focus || []) {
    const [x, y] = origin(sq);
    marks += `<rect class="focus" x="${x}" y="${y}" width="${CELL}" height="${CELL}"/>`;
  }
  for (const sq of o.targets || []) {
    const [x, y] = origin(sq);
    marks += `<rect class="target" x="${x + 3}" y="${y + 3}" width="${CELL - 6}" height="${CELL - 6}" rx="6"/>`;
  }
  return marks;
}
