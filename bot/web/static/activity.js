// The board inside Discord: the Embedded App SDK's handshake, sign-in through our server, then this channel's game.
// Steps (docs/web.md): ready → authorize (a code) → POST /api/activity/token → authenticate → the channel's game.
import { DiscordSDK } from "./vendor/discord-sdk.js";
import { lang, loadTexts, tr, wanted } from "./texts.js";

const status = document.getElementById("activity-status");

function show(state, words) {
  status.dataset.activity = state;
  status.textContent = words;
}

async function postJSON(url, body) {
  const answer = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "Accept-Language": lang() },
    body: JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    throw Object.assign(new Error(data.error || tr("The server answered {status}.", { status: answer.status })),
      { status: answer.status });
  }
  return data;
}

// The code is only spent once the server passes it to Discord: one refused for too many sign-ins at once (429)
// is sent again after a growing wait, the refusal's words shown meanwhile.
async function signIn(code) {
  for (let wait = 2000; ; wait *= 2) {
    try {
      return await postJSON("/api/activity/token", { code });
    } catch (e) {
      if (e.status !== 429 || wait > 16000) throw e;
      show("authorizing", e.message);
      await new Promise((done) => setTimeout(done, wait * (0.5 + Math.random() / 2)));
    }
  }
}

async function channelGame(channelId) {
  const answer = await fetch(`/api/channels/${encodeURIComponent(channelId)}/game`,
    { credentials: "same-origin", headers: { "Accept-Language": lang() } });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.error || tr("The server answered {status}.", { status: answer.status }));
  return data.id;
}

// The board page module when it is there (board.js's start); otherwise its own address.
async function openBoard(gameId) {
  let board = null;
  try {
    board = await import("./board.js");
  } catch {
    board = null;
  }
  if (board && typeof board.start === "function") {
    document.body.dataset.game = String(gameId);
    status.remove();
    await board.start({ gameId, root: document.body });
  } else {
    // The board page speaks the Activity's language: Discord's locale for this person, passed on.
    window.location.assign(`/g/${gameId}?lang=${encodeURIComponent(lang())}`);
  }
}

// Discord opens an Activity with these in its address; without them, or without Discord's answer to the SDK's
// handshake within HANDSHAKE ms, this page was opened outside Discord.
const HANDSHAKE = 10000;

function insideDiscord() {
  const query = new URLSearchParams(location.search);
  return query.has("frame_id") && query.has("instance_id");
}

/** Outside Discord: what this page is, and the way to the web board instead. */
function outside() {
  show("outside", tr("This is the board's Discord Activity: it runs inside Discord, started from a game's channel."));
  const link = document.createElement("a");
  link.href = "/";
  link.id = "web-board-link";
  link.textContent = tr("Open the web board instead");
  status.append(document.createElement("br"), link);
}

export async function main() {
  const clientId = document.documentElement.dataset.clientId;
  await loadTexts(wanted());  // the browser's languages until Discord says the person's
  if (!insideDiscord()) return outside();
  const sdk = new DiscordSDK(clientId);
  const answered = await Promise.race([sdk.ready().then(() => true),
    new Promise((done) => setTimeout(() => done(false), HANDSHAKE))]);
  if (!answered) return outside();
  show("authorizing", tr("Signing you in…"));
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const { access_token: accessToken, user, lang: locale } = await signIn(code);
  if (locale && locale !== lang()) await loadTexts(locale);  // the language of this person's Discord
  await sdk.commands.authenticate({ access_token: accessToken });
  show("signed-in", tr("Signed in as {name}. Finding this channel's game…", { name: user.name }));
  if (!sdk.channelId) throw new Error(tr("Launch the Activity in a channel with a game."));
  const gameId = await channelGame(sdk.channelId);
  show("ready", tr("Opening the board…"));
  await openBoard(gameId);
}

main().catch((err) => show("failed", err && err.message ? err.message : String(err)));
