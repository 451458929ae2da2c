// Sums the JSON reports of every suite into one line: "CI: N passed, N failed".
// A suite that should have reported but did not (it crashed or never ran) counts as one failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const EXPECTED = ['test-unit.json', 'test-api.json', 'e2e.json'];
let passed = 0;
let failed = 0;
const lines = [];

function add(name, p, f) {
  passed += p;
  failed += f;
  lines.push(`${name}: ${p} passed, ${f} failed`);
}

for (const file of readdirSync(dir).sort()) {
  const data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (file.endsWith('.count')) add(file.replace(/\.count$/, ''), data.passed, data.failed);
  else if (file === 'e2e.json') {
    const s = data.stats ?? {};
    add(
      'e2e',
      (s.expected ?? 0) + (s.flaky ?? 0),
      (s.unexpected ?? 0) + (data.errors?.length ?? 0),
    );
  } else {
    const failures =
      (data.numFailedTests ?? 0) + (data.success === false && !data.numFailedTests ? 1 : 0);
    add(file.replace(/\.json$/, ''), data.numPassedTests ?? 0, failures);
  }
}
for (const name of EXPECTED) {
  if (!existsSync(join(dir, name))) add(`${name.replace(/\.json$/, '')} (did not run)`, 0, 1);
}
for (const line of lines) console.log(`  ${line}`);
console.log(`CI: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
