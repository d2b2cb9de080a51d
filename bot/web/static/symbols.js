// The pieces' shapes as SVG <symbol>s in a 100×100 box, traced from render/symbols.py so the page and
// the Pillow pictures look alike. A shape's cut-outs (doors, faces) are filled with var(--bg).

export const TILE = { red: "#d65014", blue: "#1854aa", green: "#38b270", black: "#222222" };
export const DARK = { red: "#852c0b", blue: "#0f3469", green: "#226e45", black: "#151515" };
export const TILE_SYMBOL = { red: "temple", blue: "farm", green: "market", black: "settlement" };
export const TILE_NAME = { red: "temple", blue: "farm", green: "market", black: "settlement" };
export const LEADER_NAME = { red: "priest", blue: "farmer", green: "trader", black: "king" };

const BG = 'style="fill:var(--bg)"';

function star(cx, cy, outer, inner, points) {
  const pts = [];
  for (let i = 0; i < 2 * points; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (Math.PI * i) / points;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

const leaf = (cx, cy, deg) => `<ellipse cx="${cx}" cy="${cy}" rx="7" ry="13.5" transform="rotate(${deg} ${cx} ${cy})"/>`;
const pan = (cx) => `<path d="M${cx} 28L${cx - 13} 56M${cx} 28L${cx + 13} 56" stroke="currentColor" stroke-width="3.5"/>`
  + `<path d="M${cx - 17} 57H${cx + 17}A17 15 0 0 1 ${cx - 17} 57Z"/>`;
const jag = (u0, v0, u1, v1) => {
  const mid = [(u0 + u1) / 2, (v0 + v1) / 2];
  const a = [u0 + (u1 - u0) * 0.3 + 6, v0 + (v1 - v0) * 0.3 - 2];
  const b = [u0 + (u1 - u0) * 0.7 - 6, v0 + (v1 - v0) * 0.7 + 2];
  return `M${u0} ${v0}L${a}L${mid}L${b}L${u1} ${v1}`;
};

const SHAPES = {
  temple: '<path d="M38 12H62V33H75V56H89V86H57V66H43V86H11V56H25V33H38Z"/>',
  farm: '<path d="M50 30V92" stroke="currentColor" stroke-width="8"/><ellipse cx="50" cy="19" rx="8" ry="13"/>'
    + [37, 55, 73].map((v) => leaf(35, v, -43) + leaf(65, v, 43)).join(""),
  market: '<path d="M50 20V82M14 28H86" stroke="currentColor" stroke-width="7.5"/><rect x="30" y="80" width="40" height="9"/>'
    + '<circle cx="50" cy="18" r="6.5"/>' + pan(20) + pan(80),
  settlement: '<path d="M50 11L90 48H80V87H58V60H42V87H20V48H10Z"/><rect x="66" y="16" width="10" height="18"/>',
  archer: '<g fill="none" stroke="currentColor" stroke-linecap="round"><path d="M44.1 8.2A49 44 0 0 1 44.1 91.8" stroke-width="13"/>'
    + '<path d="M44.1 8.2L20 50L44.1 91.8M6 50L0 40M6 50L0 60" stroke-width="5"/><path d="M6 50H80" stroke-width="9"/></g>'
    + '<path d="M98 50L76 35V65Z"/>',
  bull: '<path d="M87.9 26A38 35 0 0 1 12.1 26" fill="none" stroke="currentColor" stroke-width="12"/>'
    + `<ellipse cx="50" cy="60" rx="24" ry="27"/><circle cx="42" cy="72" r="4.5" ${BG}/><circle cx="58" cy="72" r="4.5" ${BG}/>`,
  lion: `<polygon points="${star(50, 50, 49, 35, 12)}"/><circle cx="50" cy="50" r="25" ${BG}/>`
    + '<circle cx="41" cy="45" r="5"/><circle cx="59" cy="45" r="5"/><path d="M43 56H57L50 65Z"/>',
  urn: '<rect x="33" y="10" width="34" height="9"/><rect x="41" y="17" width="18" height="25"/>'
    + '<ellipse cx="50" cy="58" rx="25" ry="24"/><path d="M36 92H64L57 76H43Z"/>'
    + '<path d="M42 24L22 26L25 48M58 24L78 26L75 48" fill="none" stroke="currentColor" stroke-width="6.5"/>',
  gem: '<path d="M28 16H72L94 40L50 92L6 40Z" fill="#785000"/><path d="M31 23H69L85 41L50 81L15 41Z" fill="#f6c428"/>'
    + '<path d="M15 41H85M38 23L32 41L50 81L68 41L62 23" fill="none" stroke="#785000" stroke-width="4"/>',
  star: `<polygon points="${star(50, 54, 52, 24, 5)}" fill="#785000"/><polygon points="${star(50, 54, 40, 17, 5)}" fill="#f6c428"/>`,
  cross: `<path d="${jag(16, 16, 84, 84)}${jag(84, 16, 16, 84)}" fill="none" stroke="currentColor" stroke-width="13" stroke-linejoin="round"/>`,
  swords: '<g stroke="currentColor" stroke-width="10" fill="none"><path d="M14 14L63 63M86 14L37 63"/>'
    + '<path d="M49 77L77 49M23 49L51 77"/><path d="M63 63L86 86M37 63L14 86" stroke-width="12"/></g>',
};

/** The <defs> the page carries once: one <symbol> per shape, used by every picture on it. */
export function defs() {
  const symbols = Object.entries(SHAPES)
    .map(([name, body]) => `<symbol id="s-${name}" viewBox="0 0 100 100" overflow="visible"><g fill="currentColor">${body}</g></symbol>`)
    .join("");
  return `<defs>${symbols}</defs>`;
}

/** A civilization tile of `colour` at (x, y), `s` wide. */
export function tile(colour, x, y, s) {
  return `<g class="tile">${tileFace(colour, x, y, s)}</g>`;
}

function tileFace(colour, x, y, s) {
  const r = s * 0.14, e = Math.max(1, s * 0.045), m = s * 0.16;
  return `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${r}" fill="${DARK[colour]}"/>`
    + `<rect x="${x + e}" y="${y + e}" width="${s - 2 * e}" height="${s - 2 * e}" rx="${r - e / 2}" fill="${TILE[colour]}"/>`
    + `<use href="#s-${TILE_SYMBOL[colour]}" x="${x + m}" y="${y + m}" width="${s - 2 * m}" height="${s - 2 * m}"`
    + ` style="color:#fff;--bg:${TILE[colour]}"/>`;
}

/** A leader: a disc of its colour in a white ring, with its dynasty's symbol and its colour's mark (render/sprites.py:
 * the colour's tile symbol on a small tile at the lower right, so that colour is never the only cue). */
export function leader(colour, dynasty, x, y, s) {
  const c = s / 2, m = s * 0.17, k = s * 0.38, e = s * 0.03;
  return `<g class="leader"><circle cx="${x + c}" cy="${y + c}" r="${c}" fill="#18140e"/>`
    + `<circle cx="${x + c}" cy="${y + c}" r="${c * 0.93}" fill="#fff"/>`
    + `<circle cx="${x + c}" cy="${y + c}" r="${c * 0.84}" fill="${TILE[colour]}"/>`
    + `<use href="#s-${dynasty}" x="${x + m}" y="${y + m}" width="${s - 2 * m}" height="${s - 2 * m}"`
    + ` stroke="#18140e" stroke-width="9" stroke-linejoin="round" style="color:#18140e;--bg:#18140e"/>`
    + `<use href="#s-${dynasty}" x="${x + m}" y="${y + m}" width="${s - 2 * m}" height="${s - 2 * m}"`
    + ` style="color:#fff;--bg:${TILE[colour]}"/>`
    + `<rect x="${x + s - k - e}" y="${y + s - k - e}" width="${k + e}" height="${k + e}" rx="${k * 0.2}" fill="#18140e"/>`
    + `<g class="colour-mark">${tileFace(colour, x + s - k, y + s - k, k - e)}</g></g>`;
}

/** A dynasty's emblem on a neutral disc (the players' markers). */
export function badge(dynasty, s) {
  return `<svg class="badge" viewBox="0 0 100 100" width="${s}" height="${s}" aria-hidden="true">`
    + '<circle cx="50" cy="50" r="50" fill="#463e54"/>'
    + `<use href="#s-${dynasty}" x="17" y="17" width="66" height="66" style="color:#fff;--bg:#463e54"/></svg>`;
}

/** A catastrophe tile: a dark square with an orange jagged cross. */
export function catastrophe(x, y, s) {
  const r = s * 0.14, e = Math.max(1, s * 0.045), m = s * 0.1;
  return `<g class="catastrophe"><rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${r}" fill="#2e2a30"/>`
    + `<rect x="${x + e}" y="${y + e}" width="${s - 2 * e}" height="${s - 2 * e}" rx="${r}" fill="#4e4650"/>`
    + `<use href="#s-cross" x="${x + m}" y="${y + m}" width="${s - 2 * m}" height="${s - 2 * m}" style="color:#ff963c"/></g>`;
}

/** A tile turned face down (under a monument). */
export function faceDown(x, y, s) {
  const r = s * 0.14, e = Math.max(1, s * 0.045);
  return `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${r}" fill="#766953"/>`
    + `<rect x="${x + e}" y="${y + e}" width="${s - 2 * e}" height="${s - 2 * e}" rx="${r}" fill="#aa9678"/>`;
}

/** A monument over a 2×2 block `w` wide: lower tier in the pair's first colour, upper in its second. */
export function monument(pair, x, y, w) {
  const [first, second] = pair.split("-");
  const tier = (c, x0, y0, x1, y1) => {
    const h = y1 - y0, s = h * 0.8;
    return `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${h}" fill="#18140e"/>`
      + `<rect x="${x0 + w * 0.025}" y="${y0 + w * 0.025}" width="${x1 - x0 - w * 0.05}" height="${h - w * 0.05}" fill="${TILE[c]}"/>`
      + `<use href="#s-${TILE_SYMBOL[c]}" x="${x + w / 2 - s / 2}" y="${y0 + (h - s) / 2}" width="${s}" height="${s}"`
      + ` style="color:#fff;--bg:${TILE[c]}"/>`;
  };
  return `<g class="monument">${tier(first, x + w * 0.12, y + w * 0.5, x + w * 0.88, y + w * 0.9)}`
    + `${tier(second, x + w * 0.26, y + w * 0.1, x + w * 0.74, y + w * 0.525)}</g>`;
}

/** A treasure: a gem, or a star for a corner treasure. */
export function treasure(corner, x, y, s) {
  return `<use href="#s-${corner ? "star" : "gem"}" x="${x}" y="${y}" width="${s}" height="${s}"/>`;
}

/** The unification marker: crossed swords on a white disc. */
export function marker(x, y, s) {
  const c = s / 2, m = s * 0.18;
  return `<circle cx="${x + c}" cy="${y + c}" r="${c}" fill="#18140e"/><circle cx="${x + c}" cy="${y + c}" r="${c * 0.86}" fill="#fff"/>`
    + `<use href="#s-swords" x="${x + m}" y="${y + m}" width="${s - 2 * m}" height="${s - 2 * m}" style="color:#18140e"/>`;
}
