/** No module loads itself back through its own imports, in any runtime or across them. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-graph';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the import graph', () => {
  const graph = importGraph(ROOT, ['src', 'server', 'workers', 'sw']);

  it('reads the modules of every runtime', () => {
    const folders = new Set([...graph.keys()].map((file) => file.split('/')[0]));
    expect([...folders].sort()).toEqual(['server', 'src', 'sw', 'workers']);
    expect(graph.get('server/app.ts')).toContain('server/plugins/errors.ts');
  });

  it('has no circular imports', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('would name a loop if there were one', () => {
    const loop = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(loop)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
