/** The benchmark report: JSON for machines, a Markdown table for people. */
import { mkdirSync, writeFileSync } from 'node:fs';

/** One table row: column name to cell. */
export type Row = Record<string, string | number>;

/** What a part measured: a note on how, and its tables. */
export interface PartResult {
  note: string;
  rows: Row[];
  /** Further tables of the same part whose columns differ from the main one. */
  tables?: { title: string; rows: Row[] }[];
}

/** One benchmark part, runnable alone as `npm run bench -- <name>`. */
export interface Part {
  name: string;
  run(opts: { members: number; before?: string }): Promise<PartResult>;
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

/** Writes latest.json and latest.md; returns the Markdown for the console. */
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
      ...(r.tables ?? []).flatMap((t) => ['', `${t.title}:`, '', table(t.rows)]),
    ]),
    '',
  ].join('\n');
  writeFileSync(`${dir}/latest.md`, md);
  return md;
}
