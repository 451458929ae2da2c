/** A client bundle as Vite's build hands it to plugins, reduced to what the build scripts read. */
import { resolve } from 'node:path';
import type { Rolldown } from 'vite';

/** One chunk: what it imports, its CSS, the module it stands for, and whether it is the entry. */
export interface FakeChunk {
  imports?: string[];
  css?: string[];
  module?: string;
  entry?: boolean;
}

/** The chunks by file name; each `module` is resolved below `root`, as Vite's ids are. */
export function fakeBundle(root: string, chunks: Record<string, FakeChunk>): Rolldown.OutputBundle {
  const out: Record<string, unknown> = {};
  for (const [fileName, c] of Object.entries(chunks)) {
    out[fileName] = {
      type: 'chunk',
      fileName,
      isEntry: c.entry ?? false,
      facadeModuleId: c.module ? resolve(root, c.module) : null,
      imports: c.imports ?? [],
      viteMetadata: { importedCss: new Set(c.css ?? []) },
    };
  }
  return out as Rolldown.OutputBundle;
}
