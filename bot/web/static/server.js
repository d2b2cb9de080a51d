// A server's page (/s/<guild id>): its finished games, newest first, each linking to its replay, and its leaderboard.

import { esc } from "./panels.js";
import { lang, loadTexts, tr, trn, wanted } from "./texts.js";

const $ = (sel) => document.querySelector(sel);
const guild = /^\/s\/(\d+)\/?$/.exec(location.pathname)?.[1];
const token = new URLSearchParams(location.search).get("s");
const link = token ? `?s=${encodeURIComponent(token)}` : "";
const state = { page: 1, pages: 1, anchor: null };

async function getJson(url) {
  const r = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json", "Accept-Language": lang() } });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.error || tr("The server answered {status}.", { status: r.status }));
  return body;
}

function gate(words) {
  $("#gate").hidden = false;
  $("#server").hidden = true;
  if (words) $("#gate-words").textContent = words;
}

function when(epoch) {
  return epoch ? new Date(epoch * 1000).toLocaleDateString(lang()) : "?";
}

function gameLine(g) {
  const ranked = [...g.players].sort((a, b) => (a.rank ?? 9) - (b.rank ?? 9) || a.seat - b.seat);
  const scores = ranked.map((p) => `${p.rank ?? "?"}. ${esc(p.name)} ${p.score ?? "?"}${p.resigned ? ` ${esc(tr("(resigned)"))}` : ""}`);
  const winners = ranked.filter((p) => p.rank === 1).map((p) => esc(p.name));
  const names = winners.length ? winners.reduce((first, second) => tr("{first} and {second}", { first, second })) : "";
  const won = winners.length ? tr("{names} won", { names }) : esc(tr("no winner"));
  return `<li data-game="${g.id}"><a href="/g/${g.id}${link}">#${g.id}</a> · ${when(g.ended_at)} · `
    + `${scores.join(" · ")} — ${won}; ${esc(g.end_reason || tr("the game ended"))}</li>`;
}

async function history(page) {
  const anchor = state.anchor !== null && page > 1 ? `&anchor=${state.anchor}` : "";
  const sep = link ? `${link}&` : "?";
  const h = await getJson(`/api/servers/${guild}/history${sep}page=${page}${anchor}`);
  Object.assign(state, { page: h.page, pages: h.pages, anchor: h.anchor });
  const list = $("#history");
  list.dataset.total = h.total;
  list.innerHTML = h.games.length ? h.games.map(gameLine).join("")
    : `<li class="empty">${esc(tr("No game has been played to its end here yet."))}</li>`;
  $("#page-words").textContent = tr("page {page} of {pages}", { page: h.page, pages: h.pages });
  document.querySelector('[data-page="-1"]').disabled = h.page <= 1;
  document.querySelector('[data-page="1"]').disabled = h.page >= h.pages;
}

function ratingLine(r) {
  return `<li data-rank="${r.rank}">${r.rank}. ${r.computer ? "🤖 " : ""}${esc(r.name)} — <b>${r.rating}</b> · `
    + `${esc(trn("{n} game", "{n} games", r.games))} · ${esc(trn("{n} win", "{n} wins", r.wins))}</li>`;
}

async function leaderboard() {
  if (token) {
    $("#leaderboard").innerHTML = `<li class="empty">${tr("Sign in with <code>/tne web</code> to see the leaderboard.")}</li>`;
    return;
  }
  const b = await getJson(`/api/servers/${guild}/leaderboard`);
  $("#leaderboard").innerHTML = b.top.length ? b.top.map(ratingLine).join("")
    : `<li class="empty">${esc(tr("Nobody is rated here yet: ratings start with the first finished game."))}</li>`;
  $("#me").textContent = b.me ? tr("You: {rank} of {rated} — {rating}", { rank: b.me.rank, rated: b.rated, rating: b.me.rating })
    : b.top.length ? tr("You are not rated yet: finish a game here to join the {n} rated players.", { n: b.rated }) : "";
}

function runningLine(g) {
  const who = g.status === "lobby" ? tr("waiting for players")
    : g.to_move != null ? tr("{name} to play.", { name: g.names[g.to_move] ?? tr("Seat {n}", { n: g.to_move + 1 }) }) : "";
  return `<li data-running="${g.id}"><a href="${esc(g.link)}">#${g.id}</a> · ${g.names.map(esc).join(", ")}`
    + `${who ? ` — ${esc(who)}` : ""}</li>`;
}

/** The server's name (its number where the bot does not know it) and the games being played there now. */
async function running() {
  const answer = await getJson(`/api/servers/${guild}/games${link}`);
  const server = answer.server || { id: guild, name: null };
  const named = server.name ? tr("Server: {name}", { name: server.name }) : tr("Server number {id}", { id: server.id });
  $("#server-name").textContent = named;
  document.title = `${named} · ${tr("Tigris & Euphrates")}`;
  $("#running").innerHTML = answer.games.length ? answer.games.map(runningLine).join("")
    : `<li class="empty">${esc(tr("No game is being played here now."))}</li>`;
}

async function start() {
  let remembered = null;
  try {
    remembered = (await getJson("/api/session")).lang;
  } catch { /* not signed in: the browser's languages */ }
  await loadTexts(wanted(remembered));
  if (!guild) return gate(tr("This address names no server."));
  try {
    await history(1);
    $("#server").hidden = false;
    await running();
    await leaderboard();
  } catch (e) {
    gate(e.message);
  }
  document.addEventListener("click", (ev) => {
    const el = ev.target.closest("[data-page]");
    if (el) history(state.page + Number(el.dataset.page)).catch((e) => gate(e.message));
  });
}

start();
