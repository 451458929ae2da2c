/**
 * `npm run bench [-- part…] [--members N]`: measures side by side with a baseline in the same run and
 * writes bench/results/latest.{json,md}. It never judges speed; it fails only when it cannot measure.
 */
import { cpus } from 'node:os';
import { a11yPart } from './parts/a11y';
import { apiPart } from './parts/api';
import { backupPart } from './parts/backup';
import { bundlePart } from './parts/bundle';
import { chatPart } from './parts/chat';
import { coldPart } from './parts/cold';
import { faultsPart } from './parts/faults';
import { landerThroughputPart } from './parts/lander-throughput';
import { landersOfflinePart } from './parts/landers-offline';
import { lighthousePart } from './parts/lighthouse';
import { offlinePart } from './parts/offline';
import { streamsPart } from './parts/streams';
import { removeTempDirs } from './lib/processes';
import { writeReport, type Part, type PartResult } from './lib/report';

const PARTS: Part[] = [
  bundlePart,
  lighthousePart,
  coldPart,
  offlinePart,
  landersOfflinePart,
  a11yPart,
  apiPart,
  landerThroughputPart,
  chatPart,
  streamsPart,
  faultsPart,
  backupPart,
];

const args = process.argv.slice(2);
const membersFlag = args.indexOf('--members');
// The API targets are set for a search over 1,000,000 members.
const members = membersFlag >= 0 ? Number(args[membersFlag + 1]) : 1_000_000;
// `--before REV`: the api part also measures that commit's server on the same data.
const beforeFlag = args.indexOf('--before');
const before = beforeFlag >= 0 ? args[beforeFlag + 1] : undefined;
const wanted = args.filter(
  (a, i) =>
    !a.startsWith('--') &&
    (membersFlag < 0 || i !== membersFlag + 1) &&
    (beforeFlag < 0 || i !== beforeFlag + 1),
);
const unknown = wanted.filter((w) => !PARTS.some((p) => p.name === w));
if (unknown.length || !Number.isInteger(members) || members < 1 || (beforeFlag >= 0 && !before)) {
  console.error(
    `usage: npm run bench -- [${PARTS.map((p) => p.name).join('|')}] [--members N] [--before REV]`,
  );
  process.exit(2);
}

const results: Record<string, PartResult> = {};
const seconds: string[] = [];
let failed = false;
for (const part of PARTS.filter((p) => wanted.length === 0 || wanted.includes(p.name))) {
  console.log(`bench: ${part.name}…`);
  const started = Date.now();
  try {
    results[part.name] = await part.run({ members, before });
  } catch (err) {
    failed = true;
    console.error(`bench: ${part.name} could not measure: ${(err as Error).message}`);
  }
  seconds.push(`${part.name} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`bench: ${seconds.at(-1)}`);
}
const md = writeReport('bench/results', results, {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
  'seconds per part': seconds.join(', '),
});
console.log(md);
removeTempDirs();
process.exit(failed ? 1 : 0);
