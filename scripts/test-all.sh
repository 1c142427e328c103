#!/usr/bin/env bash
# The whole test command (README: `npm test`): lint, types, statecharts up to date, unit + property +
# statechart paths + server on PGlite (+ PostgreSQL when TEST_DATABASE_URL is set), build, bundle
# budgets, browser.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-artifacts
fail=0
step() { echo; echo "== $1"; shift; "$@" || { echo "!! failed: $*"; fail=1; }; }

# Chromium and PostgreSQL: installed when missing, PostgreSQL started (SKIP_TEST_DEPS=1 to skip).
if [ "${SKIP_TEST_DEPS:-}" != "1" ]; then
  bash scripts/ensure-test-deps.sh || { echo "!! could not prepare Chromium/PostgreSQL"; fail=1; }
  export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://serambi:serambi@127.0.0.1:5432/serambi_test}"
fi
if [ "${CI:-}" = "true" ] && [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "!! CI needs TEST_DATABASE_URL for the PostgreSQL suite"; fail=1
fi
step "lint and format (biome)" npx biome check .
step "types (tsc)" npm run -s typecheck
step "statecharts are current" npx tsx scripts/statecharts.ts --check
step "unit, property, paths, server" npx vitest run --reporter=default --reporter=json --outputFile=test-artifacts/unit.json
step "build the client" npx vite build --logLevel warn
step "bundle budgets (gzip: sign-in page, public receipt)" node scripts/check-bundle-budget.mjs
step "browser (Playwright + Chromium)" npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json --outputFile=test-artifacts/e2e.json

node scripts/summarise-tests.mjs test-artifacts/unit.json test-artifacts/e2e.json || fail=1
exit $fail
