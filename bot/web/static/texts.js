// The page's words in the reader's language (docs/web.md, Languages): GET /api/texts gives each English text's
// translation; a text the table lacks reads in English. Placeholders {name} are filled after the lookup.

let table = { lang: "en", texts: {}, plurals: {}, categories: ["one", "other"] };

/** The language the page speaks now ("en", "de", "fr"). */
export const lang = () => table.lang;

function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
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
