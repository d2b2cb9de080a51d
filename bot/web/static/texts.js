// The page's words in the reader's language (docs/web.md, Languages): GET /api/texts gives each English text's
// translation; a text the table lacks reads in English. Placeholders {name} are filled after the lookup.

let table = { lang: "en", texts: {}, plurals: {}, categories: ["one", "other"], grammar: null, forms: {} };

/** The language the page speaks now ("en", "de", "fr"). */
export const lang = () => table.lang;

// A value joined to the text before it by the language's rule, which the server sends with the texts
// (bot/language/grammar.py is its one home): French elides ("de Archer" → "d'Archer") and contracts ("de le roi" →
// "du roi"); squares ("de E5") and numbers stay as written; a language with no rule joins them as they are.
function join(before, value) {
  const rule = table.grammar;
  if (!rule) return before + value;
  const edge = "(^|[\\s(«\"'’])";
  for (const [pair, joined] of Object.entries(rule.contracted)) {
    const [prep, article] = pair.split(" ");
    const m = before.match(new RegExp(`${edge}(${prep}) $`, "i"));
    if (m && value.toLowerCase().startsWith(`${article} `)) {
      const word = m[2][0] === m[2][0].toUpperCase() ? joined[0].toUpperCase() + joined.slice(1) : joined;
      return `${before.slice(0, before.length - m[2].length - 1)}${word} ${value.slice(article.length + 1)}`;
    }
  }
  const elided = before.match(new RegExp(`${edge}(${rule.elided.join("|")}) $`, "i"));
  if (elided && new RegExp(`^[${rule.vowels}]\\p{L}`, "iu").test(value)) {
    return `${before.slice(0, before.length - elided[2].length - 1)}${elided[2].slice(0, -1)}'${value}`;
  }
  return before + value;
}

// A placeholder may name the form its sentence needs ("{colour:leaders}"): the value, a colour's plain word, is
// said in that form where the language has one ("rouge" → "rouges"), else as it is.
function fill(text, values) {
  if (!values) return text;
  let out = "";
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)(?::([a-z][a-z-]*))?\}/g)) {
    out += text.slice(last, m.index);
    if (m[1] in values) {
      const plain = String(values[m[1]]);
      out = join(out, (m[2] && ((table.forms || {})[plain] || {})[m[2]]) || plain);
    } else {
      out += m[0];
    }
    last = m.index + m[0].length;
  }
  return out + text.slice(last);
}

/** A text by its English id, in the page's language, its {placeholders} filled from `values`. */
export function tr(english, values) {
  return fill(table.texts[english] || english, values);
}

/** The form of a text with a plural for `n` ({n} is filled too), by the language's plural rule. */
export function trn(singular, plural, n, values) {
  const forms = table.plurals[singular];
  let text = n === 1 ? singular : plural;
  if (forms && forms.length) {
    let i = table.categories.indexOf(new Intl.PluralRules(table.lang).select(n));
    if (i < 0) i = table.categories.length - 1;
    text = forms[Math.min(i, forms.length - 1)];
  }
  return fill(text, { n, ...values });
}

/** What the page asks for: `?lang=` in its address, else `preferred` (the language Discord told the bot, or
 * the Activity's), else the browser's languages; the server resolves it (de-CH → de, unknown → English). */
export function wanted(preferred) {
  const asked = new URLSearchParams(location.search).get("lang");
  return asked || preferred || (navigator.languages || [navigator.language]).filter(Boolean).join(",") || "en";
}

/** Load the table for `tags` and translate the page's marked elements: `data-t` (the text), `data-t-html` (a
 * text with markup of our own), `data-t-title`, `data-t-aria-label`. */
export async function loadTexts(tags) {
  try {
    const r = await fetch(`/api/texts?lang=${encodeURIComponent(tags)}`, { headers: { Accept: "application/json" } });
    if (r.ok) table = await r.json();
  } catch {
    /* the server could not be asked: the page stays English */
  }
  document.documentElement.lang = table.lang;
  const norm = (s) => s.replace(/\s+/g, " ").trim();
  for (const el of document.querySelectorAll("[data-t]")) {
    el.dataset.t ||= norm(el.textContent);
    el.textContent = tr(el.dataset.t);
  }
  for (const el of document.querySelectorAll("[data-t-html]")) {
    el.dataset.tHtml ||= norm(el.innerHTML);
    el.innerHTML = tr(el.dataset.tHtml);
  }
  for (const attr of ["title", "aria-label"]) {
    for (const el of document.querySelectorAll(`[data-t-${attr}]`)) {
      const key = `data-t-${attr}`;
      if (!el.getAttribute(key)) el.setAttribute(key, el.getAttribute(attr) || "");
      el.setAttribute(attr, tr(el.getAttribute(key)));
    }
  }
  return table.lang;
}

/** A piece's English word (a colour, tile, leader or dynasty) as the page's language says it. */
export const word = (english) => tr(english);

/** A monument by its colours ("red-blue"), each colour as the page's language says it. */
export const monumentWord = (pair) => pair.split("-").map(word).join("-");

/** A dynasty by its id ("archer"), as a name. */
export const dynastyWord = (id) => tr(id ? id[0].toUpperCase() + id.slice(1) : "");
