#!/usr/bin/env bash
# Rebuilds bot/web/static/vendor/axe.min.js (the accessibility checker the browser tests inject, tests/a11y.py)
# from the official axe-core package on npm, with its licence beside it. The package ships the built file; the
# version is pinned so that a rebuild gives the same file: raise it on purpose.
set -euo pipefail

AXE_VERSION="4.11.0"

root="$(cd "$(dirname "$0")/.." && pwd)"
vendor="$root/bot/web/static/vendor"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

npm install --silent --no-audit --no-fund --prefix "$work" "axe-core@$AXE_VERSION"
mkdir -p "$vendor"
cp "$work/node_modules/axe-core/axe.min.js" "$vendor/axe.min.js"
cp "$work/node_modules/axe-core/LICENSE" "$vendor/axe-core.LICENSE"
echo "wrote $vendor/axe.min.js ($(wc -c < "$vendor/axe.min.js") bytes), axe-core $AXE_VERSION (MPL-2.0)"
