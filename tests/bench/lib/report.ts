/** The benchmark report: JSON for machines, a Markdown table for people. */
import { mkdirSync, writeFileSync } from 'node:fs';

export type Row = Record<string, string | number>;

export interface PartResult {
  note: string;
  rows: Row[];
}

export interface Part {
  name: string;
  run(opts: { members: number }): Promise<PartResult>;
}

function table(rows: Row[]): string {
  const cols = Object.keys(rows[0] ?? {});
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    line(cols),
    line(cols.map(() => '---')),
    ...rows.map((r) => line(cols.map((c) => r[c] ?? ''))),
  ].join('\n');
}

export function writeReport(dir: string, results: Record<string, PartResult>, meta: Row): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/latest.json`, JSON.stringify({ meta, results }, null, 2) + '\n');
  const md = [
    `# Benchmark report`,
    '',
    Object.entries(meta)
      .map(([k, v]) => `- ${k}: ${v}`)
      .join('\n'),
    ...Object.entries(results).flatMap(([name, r]) => [
      '',
      `## ${name}`,
      '',
      r.note,
      '',
      table(r.rows),
    ]),
    '',
  ].join('\n');
  writeFileSync(`${dir}/latest.md`, md);
  return md;
}
