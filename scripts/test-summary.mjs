// Totals the test reports every suite wrote (.reports/*.json in each workspace package) into one
// line "N passed, N failed". A package whose test script exists but wrote no report counts as one
// failure, so a crashed runner can never look like a pass.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
let passed = 0;
let failed = 0;
const lines = [];

function readVitest(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A file that failed to load has no tests but a failed suite: count it as a failure.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + brokenFiles };
}

function readPlaywright(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + (r.errors?.length ?? 0),
  };
}

for (const group of ['packages', 'apps']) {
  const dir = path.join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    const pkgFile = path.join(dir, name, 'package.json');
    if (!existsSync(pkgFile)) continue;
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
    const reports = path.join(dir, name, '.reports');
    const expected = [];
    if (pkg.scripts?.test) expected.push(['vitest', 'vitest.json', readVitest]);
    if (pkg.scripts?.['test:journeys'])
      expected.push(['vitest journeys', 'journeys.json', readVitest]);
    if (pkg.scripts?.['fuzz:short']) expected.push(['vitest fuzz', 'fuzz.json', readVitest]);
    if (pkg.scripts?.chaos) expected.push(['vitest chaos', 'chaos.json', readVitest]);
    if (pkg.scripts?.['test:e2e']) expected.push(['playwright', 'playwright.json', readPlaywright]);
    for (const [runner, fileName, read] of expected) {
      const file = path.join(reports, fileName);
      let result;
      try {
        result = existsSync(file) ? read(file) : { passed: 0, failed: 1, missing: true };
      } catch {
        result = { passed: 0, failed: 1, missing: true };
      }
      passed += result.passed;
      failed += result.failed;
      lines.push(
        `  ${pkg.name} (${runner}): ${result.missing ? 'no report (counted as 1 failure)' : `${result.passed} passed, ${result.failed} failed`}`,
      );
    }
  }
}

console.log('\nTest totals by suite:');
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
