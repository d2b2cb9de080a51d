// Squares and where they are drawn: A–P left to right, 1–11 top to bottom (NOTATION.md).

export const COLS = 16;
export const ROWS = 11;
export const CELL = 40;
export const MARGIN = 20;
export const WIDTH = COLS * CELL + 2 * MARGIN;
export const HEIGHT = ROWS * CELL + 2 * MARGIN;
const LETTERS = "ABCDEFGHIJKLMNOP";

export const squareName = (c, r) => `${LETTERS[c]}${r + 1}`;

/** [column, row] of a square name such as "F7", or null when it is not one. */
export function parseSquare(name) {
  const m = /^([A-Pa-p])(\d{1,2})$/.exec(name || "");
  if (!m) return null;
  const c = LETTERS.indexOf(m[1].toUpperCase()), r = Number(m[2]) - 1;
  return r >= 0 && r < ROWS ? [c, r] : null;
}

/** The top-left corner of a square in the board's SVG coordinates. */
export function origin(name) {
  const [c, r] = parseSquare(name);
  return [MARGIN + c * CELL, MARGIN + r * CELL];
}

export function allSquares() {
  const out = [];
  for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) out.push(squareName(c, r));
  return out;
}

export function neighbours(name) {
  const [c, r] = parseSquare(name);
  return [[c - 1, r], [c + 1, r], [c, r - 1], [c, r + 1]]
    .filter(([x, y]) => x >= 0 && x < COLS && y >= 0 && y < ROWS)
    .map(([x, y]) => squareName(x, y));
}

/** The squares a move names: its target, or a monument's 2×2 block. */
export function moveSquares(move) {
  const words = (move || "").split(" ");
  const sq = words[words.length - 1];
  if (!parseSquare(sq)) return [];
  if (words[0] === "monument") {
    const [c, r] = parseSquare(sq);
    return [squareName(c, r), squareName(c + 1, r), squareName(c, r + 1), squareName(c + 1, r + 1)];
  }
  return [sq];
}

/** Kingdoms of a view, for frames the server gives none for: groups of joined pieces holding a leader. */
export function kingdomsOf(view) {
  const held = new Set([...Object.keys(view.tiles || {}), ...(view.face_down || [])]);
  const leaders = new Map();
  (view.players || []).forEach((p, seat) => {
    for (const [colour, sq] of Object.entries(p.leaders || {})) if (sq) { held.add(sq); leaders.set(sq, { seat, colour }); }
  });
  const seen = new Set(), out = [];
  for (const start of held) {
    if (seen.has(start)) continue;
    const group = [], stack = [start];
    seen.add(start);
    while (stack.length) {
      const sq = stack.pop();
      group.push(sq);
      for (const n of neighbours(sq)) if (held.has(n) && !seen.has(n)) { seen.add(n); stack.push(n); }
    }
    const inside = {};
    for (const sq of group) if (leaders.has(sq)) inside[leaders.get(sq).colour] = { seat: leaders.get(sq).seat };
    if (Object.keys(inside).length) out.push({ squares: group, leaders: inside });
  }
  return out;
}

/** The part of the board to show around a square when zoomed: about `cols` × `rows` squares. */
export function zoomBox(name, cols, rows) {
  const [c, r] = parseSquare(name);
  const c0 = Math.max(0, Math.min(COLS - cols, c - Math.floor(cols / 2)));
  const r0 = Math.max(0, Math.min(ROWS - rows, r - Math.floor(rows / 2)));
  const x = c0 === 0 ? 0 : MARGIN + c0 * CELL, y = r0 === 0 ? 0 : MARGIN + r0 * CELL;
  const x1 = c0 + cols >= COLS ? WIDTH : MARGIN + (c0 + cols) * CELL;
  const y1 = r0 + rows >= ROWS ? HEIGHT : MARGIN + (r0 + rows) * CELL;
  return [x, y, x1 - x, y1 - y];
}

/** A zoomed view box moved by (dc, dr) squares, kept on the board. */
export function panBox(box, dc, dr) {
  const [x, y, w, h] = box;
  const nx = Math.max(0, Math.min(WIDTH - w, x + dc * CELL)), ny = Math.max(0, Math.min(HEIGHT - h, y + dr * CELL));
  return [nx, ny, w, h];
}
