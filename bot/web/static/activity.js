// The board inside Discord: the Embedded App SDK's handshake, sign-in through our server, then this channel's game.
// Steps (docs/web.md): ready → authorize (a code) → POST /api/activity/token → authenticate → the channel's game.
import { DiscordSDK } from "./vendor/discord-sdk.js";

const status = document.getElementById("activity-status");

function show(state, words) {
  status.dataset.activity = state;
  status.textContent = words;
}

async function postJSON(url, body) {
  const answer = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.error || `The server answered ${answer.status}.`);
  return data;
}

async function channelGame(channelId) {
  const answer = await fetch(`/api/channels/${encodeURIComponent(channelId)}/game`, { credentials: "same-origin" });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.error || `The server answered ${answer.status}.`);
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
    window.location.assign(`/g/${gameId}`);
  }
}

export async function main() {
  const clientId = document.documentElement.dataset.clientId;
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
  show("authorizing", "Signing you in…");
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const { access_token: accessToken, user } = await postJSON("/api/activity/token", { code });
  await sdk.commands.authenticate({ access_token: accessToken });
  show("signed-in", `Signed in as ${user.name}. Finding this channel's game…`);
  if (!sdk.channelId) throw new Error("Launch the Activity in a channel with a game.");
  const gameId = await channelGame(sdk.channelId);
  show("ready", "Opening the board…");
  await openBoard(gameId);
}

main().catch((err) => show("failed", err && err.message ? err.message : String(err)));
