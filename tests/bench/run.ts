/**
 * `npm run bench [-- part…] [--members N]`: measures side by side with a baseline in the same run and
 * writes bench/results/latest.{json,md}. It never judges speed; it fails only when it cannot measure.
 */
import { cpus } from 'node:os';
import { apiPart } from './parts/api';
import { writeReport, type Part, type PartResult } from './lib/report';

const PARTS: Part[] = [apiPart];

const args = process.argv.slice(2);
const membersFlag = args.indexOf('--members');
const members = membersFlag >= 0 ? Number(args[membersFlag + 1]) : 100_000;
const wanted = args.filter((a, i) => !a.startsWith('--') && i !== membersFlag + 1);
const unknown = wanted.filter((w) => !PARTS.some((p) => p.name === w));
if (unknown.length || !Number.isInteger(members) || members < 1) {
  console.error(`usage: npm run bench -- [${PARTS.map((p) => p.name).join('|')}] [--members N]`);
  process.exit(2);
}

const results: Record<string, PartResult> = {};
let failed = false;
for (const part of PARTS.filter((p) => wanted.length === 0 || wanted.includes(p.name))) {
  console.log(`bench: ${part.name}…`);
  try {
    results[part.name] = await part.run({ members });
  } catch (err) {
    failed = true;
    console.error(`bench: ${part.name} could not measure: ${(err as Error).message}`);
  }
}
const md = writeReport('bench/results', results, {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
});
console.log(md);
process.exit(failed ? 1 : 0);
