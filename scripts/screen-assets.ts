/**
 * The files a route's lazy screen needs beyond the entry's, read from the client bundle: the
 * prerendered page of that route asks for them with the entry, so the screen is there when the
 * router wants it (no second round trip, and no preload links added inside the router's task).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Rolldown } from 'vite';

/** Screen key → module path (`src/features/…/X.tsx`), read from the SCREENS map of src/screens.ts. */
export function screenModules(screensFile = 'src/screens.ts'): Map<string, string> {
  const source = readFileSync(screensFile, 'utf8');
  const modules = new Map<string, string>();
  for (const m of source.matchAll(/^\s*(\w+): \(\) => import\('\.\/([^']+)'\)/gm))
    modules.set(m[1]!, `src/${m[2]!}.tsx`);
  return modules;
}

/** The script and style sheet addresses of one screen that the entry does not load. */
export interface ScreenAssets {
  /** The route table's screen key, which the app matches to import the first file by address. */
  screen?: string;
  /** The screen's own chunk first, then the chunks it imports. */
  js: string[];
  css: string[];
}

/** What a page whose screen the bundle does not have asks for beyond the entry: nothing. */
export const NO_SCREEN_ASSETS: ScreenAssets = { js: [], css: [] };

/** What a chunk of the bundle says about itself, as far as this file needs it. */
type ChunkFacts = Pick<
  Rolldown.OutputChunk,
  'fileName' | 'facadeModuleId' | 'imports' | 'isEntry'
> & {
  viteMetadata?: { importedCss: Set<string> };
};

/** A chunk's file and every file it imports statically, directly or not. */
function closure(chunks: Map<string, ChunkFacts>, start: string): string[] {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(chunks.get(file)?.imports ?? []));
  }
  return [...seen];
}

/**
 * Reads a bundle once; `of(module)` answers the screen module's own files (the screen chunk
 * first), or none for a module the bundle has no chunk for.
 */
export function screenAssetsOf(
  bundle: Rolldown.OutputBundle,
  root: string,
): (module: string) => ScreenAssets {
  const chunks = new Map<string, ChunkFacts>();
  const byModule = new Map<string, ChunkFacts>();
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk') continue;
    chunks.set(item.fileName, item);
    if (item.facadeModuleId) byModule.set(item.facadeModuleId, item);
  }
  const entry = [...chunks.values()].find((c) => c.isEntry);
  const loaded = new Set(entry ? closure(chunks, entry.fileName) : []);
  const loadedCss = new Set(
    [...loaded].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]),
  );
  return (module) => {
    const screen = byModule.get(resolve(root, module));
    if (!screen) return NO_SCREEN_ASSETS;
    const files = closure(chunks, screen.fileName).filter((f) => !loaded.has(f));
    const css = files.flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]);
    return {
      js: files.map((f) => `/${f}`),
      css: [...new Set(css)].filter((f) => !loadedCss.has(f)).map((f) => `/${f}`),
    };
  };
}
