#!/usr/bin/env bash
# `npm test`: everything CI checks, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp

step() { printf '\n== %s\n' "$*"; }

step "typecheck";        npx tsc --noEmit -p tsconfig.json
step "lint";             npx eslint --max-warnings 0 .
step "unused exports and files (knip)"; npx knip --no-progress
step "contracts";        npx tsx scripts/build-contracts.ts
step "build (electron)"; npx electron-vite build --logLevel warn
step "build (browser shell)"; npx vite build -c vite.shell.config.ts --logLevel warn
step "tests: unit, integration (real keychain, anvil, HTTP), end-to-end (Chromium)"
status=0
bash scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json || status=$?
step "security scan";    npx tsx scripts/security-scan.ts || status=$?
step "licences";         npx tsx scripts/licences.ts || status=$?

# One closing line in the plain form CI reads.
node -e '
  const r = require("./.tmp/vitest.json");
  console.log(`\nvitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' || true
exit $status
