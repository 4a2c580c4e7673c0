#!/usr/bin/env bash
# Builds what production runs into an empty directory of its own: the console built ahead of time
# (web/dist, by Vite from the dev dependencies installed here), the server's sources without their
# tests, the contract documents it validates against, and the run-time dependencies only
# (`npm ci --omit=dev --ignore-scripts`: none of them needs an install script). Start it there with
# `node server/main.ts` on Node 24. The Dockerfile's build stage runs exactly this;
# test/ops/production-install.test.ts runs it the same way into an empty directory.
set -euo pipefail
target=${1:?usage: scripts/build.sh <empty target directory>}
cd "$(dirname "$0")/.."

major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 24 ]; then
  echo "scripts/build.sh needs Node.js 24 on PATH (found $(node -v)); production runs on the same Node." >&2
  exit 1
fi
if [ -e "$target" ] && [ -n "$(ls -A "$target")" ]; then
  echo "scripts/build.sh: $target is not empty; give a new or empty directory." >&2
  exit 1
fi
mkdir -p "$target"

target=$(cd "$target" && pwd)

echo "== server and contract into $target"
# client/package.json only: the lock file names the client workspace, which the server does not use.
# web/build-if-stale.ts: `npm start` (its prestart) works here too, finding the console current.
tar -c --exclude='*.test.ts' package.json package-lock.json client/package.json server generated web/build-if-stale.ts | tar -x -C "$target"

echo "== console into $target/web/dist"
# Straight into the target: this checkout's own web/dist (which tests may be serving) is left alone.
node_modules/.bin/vite build web --outDir "$target/web/dist" --emptyOutDir --logLevel warn

echo "== run-time dependencies"
(cd "$target" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=warn)
echo "== built: $(du -sh "$target" | cut -f1) in $target; start with: cd $target && node server/main.ts"
