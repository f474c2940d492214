// Totals the test reports every suite wrote (.reports/*.json in each workspace package) into one
// line "N passed, N failed". A package whose test script exists but wrote no report counts as one
// failure, so a crashed runner can never look like a pass. Above the totals it names every failed
// test with the first line of its error, so the tail of a CI log says what to look at.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
let passed = 0;
let failed = 0;
const lines = [];
const failures = [];

const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

function readVitest(file, label) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A file that failed to load has no tests but a failed suite: count it as a failure.
  let brokenFiles = 0;
  for (const f of r.testResults ?? []) {
    const where = path.relative(root, f.name ?? '');
    const tests = f.assertionResults ?? [];
    for (const a of tests.filter((t) => t.status === 'failed'))
      failures.push(
        `${label}: ${where} > ${a.fullName}\n      ${firstLine(a.failureMessages?.[0])}`,
      );
    if (f.status === 'failed' && tests.length === 0) {
      brokenFiles += 1;
      failures.push(`${label}: ${where} (the file did not run)\n      ${firstLine(f.message)}`);
    }
  }
  return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + brokenFiles };
}

function readPlaywright(file, label) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          failures.push(
            `${label}: [${test.projectName}] ${[...here, spec.title].join(' > ')}\n      ${firstLine(error)}`,
          );
        }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of r.suites ?? []) walk(suite, []);
  for (const error of r.errors ?? []) failures.push(`${label}: ${firstLine(error.message)}`);
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
        result = existsSync(file)
          ? read(file, `${pkg.name} (${runner})`)
          : { passed: 0, failed: 1, missing: true };
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

// The code checks scripts/test.sh ran before the suites (lint, format, types, build): one each.
const checksFile = path.join(root, '.reports', 'checks.json');
if (existsSync(checksFile)) {
  const checks = JSON.parse(readFileSync(checksFile, 'utf8'));
  passed += checks.passed;
  failed += checks.failed.length;
  for (const name of checks.failed) failures.push(`check: ${name} failed (its output is above)`);
  lines.push(
    `  checks (lint, format, typecheck, build): ${checks.passed} passed, ${checks.failed.length} failed`,
  );
}

if (failures.length > 0) {
  console.log('\nFailed tests:');
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log('\nTest totals by suite:');
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
