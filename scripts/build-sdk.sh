#!/usr/bin/env bash
# Rebuilds bot/web/static/vendor/discord-sdk.js (one ES module) from the official @discord/embedded-app-sdk on npm,
# with its licence beside it. Versions are pinned so that a rebuild gives the same file; raise them on purpose.
set -euo pipefail

SDK_VERSION="2.5.0"
ESBUILD_VERSION="0.28.2"

root="$(cd "$(dirname "$0")/.." && pwd)"
vendor="$root/bot/web/static/vendor"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

npm install --silent --no-audit --no-fund --prefix "$work" \
    "@discord/embedded-app-sdk@$SDK_VERSION" "esbuild@$ESBUILD_VERSION"

# The page imports { DiscordSDK } from this file; re-exporting the whole package keeps Events, Platform, etc.
printf 'export * from "@discord/embedded-app-sdk";\n' > "$work/entry.js"
mkdir -p "$vendor"
"$work/node_modules/.bin/esbuild" "$work/entry.js" --bundle --format=esm --minify --target=es2020 \
    --legal-comments=none --log-level=warning \
    --banner:js="// @discord/embedded-app-sdk $SDK_VERSION (MIT; it and its bundled packages: see LICENSE here), bundled by scripts/build-sdk.sh" \
    --metafile="$work/meta.json" --outfile="$vendor/discord-sdk.js"

# One LICENSE for the bundle: the SDK's, then each package in it (the SDK inlines its dependencies under
# output/lib/; the metafile names every input, and npm installed each dependency with its licence).
node - "$work" > "$vendor/LICENSE" <<'JS'
const fs = require("fs"), path = require("path");
const work = process.argv[2];
const sdk = "@discord/embedded-app-sdk";
const inputs = Object.keys(JSON.parse(fs.readFileSync(path.join(work, "meta.json"))).inputs);
const names = new Set([sdk]);
for (const input of inputs) {
  const found = [...input.matchAll(/(?:output\/lib|node_modules)\/((?:@[^/]+\/)?[^/]+)\//g)].pop();
  if (found) names.add(found[1]);  // the innermost package: the SDK, or one it inlined
}
const sorted = [sdk, ...[...names].filter((n) => n !== sdk).sort()];
for (const name of sorted) {
  const dir = path.join(work, "node_modules", name);
  let version = "", text = "(its licence is not installed beside it: see the SDK's package)";
  if (fs.existsSync(dir)) {
    version = " " + JSON.parse(fs.readFileSync(path.join(dir, "package.json"))).version;
    const file = fs.readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    if (file) text = fs.readFileSync(path.join(dir, file), "utf8").trim();
  }
  const title = name + version;
  process.stdout.write(`${title}\n${"=".repeat(title.length)}\n\n${text}\n\n`);
}
JS
echo "wrote $vendor/discord-sdk.js ($(wc -c < "$vendor/discord-sdk.js") bytes)"
