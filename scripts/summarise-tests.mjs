// Adds up vitest's JSON reports, names each failure, and prints the closing line 'N passed, N failed'.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`missing report ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed with no failing test of its own (an import error, a failing hook) counts once.
  for (const file of report.testResults ?? []) {
    const ownFailures = (file.assertionResults ?? []).filter((a) => a.status === 'failed').length;
    if (file.status === 'failed' && ownFailures === 0) {
      failed += 1;
      failures.push(`${file.name}: ${(file.message ?? '').split('\n')[0]}`);
    }
    for (const a of file.assertionResults ?? []) {
      if (a.status === 'failed')
        failures.push(`${file.name} > ${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
  }
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
// The failures are named last, so a log's tail says what failed.
for (const line of failures) console.log(`FAILED ${line.slice(0, 400)}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
