/** Transfer sizes of built files, and which files a screen needs, read from Vite's manifest. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bytes of a file or a set of files: minified, gzip, brotli. */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** gzip -9 and brotli 11: what a server that precompresses its assets would send. */
export function compressedSizes(body: Buffer | string): Sizes {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
      },
    }).length,
  };
}

/** Files are compressed one by one, as they are sent. */
export function sizeOfFiles(dir: string, files: string[]): Sizes {
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const s = compressedSizes(readFileSync(join(dir, file)));
    total.raw += s.raw;
    total.gzip += s.gzip;
    total.brotli += s.brotli;
  }
  return total;
}

/** One entry of `.vite/manifest.json` (https://vite.dev/guide/backend-integration). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Vite manifest: chunk key (source path or _shared name) to chunk. */
export type Manifest = Record<string, ManifestChunk>;

/** The manifest a `--manifest` build wrote into `dir`. */
export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** A chunk's key plus every key it imports statically, directly or not. */
export function staticClosure(manifest: Manifest, key: string): Set<string> {
  const seen = new Set<string>();
  const stack = [key];
  while (stack.length) {
    const k = stack.pop()!;
    if (seen.has(k)) continue;
    if (!manifest[k]) throw new Error(`manifest has no chunk ${k}`);
    seen.add(k);
    stack.push(...(manifest[k].imports ?? []));
  }
  return seen;
}

/** The JS and CSS files of a set of chunks. */
export function filesOf(
  manifest: Manifest,
  keys: Iterable<string>,
): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    const chunk = manifest[k]!;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
  }
  return { js: [...js], css: [...css] };
}

/** The one entry chunk (index.html), which every route loads first. */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (entries.length !== 1)
    throw new Error(`expected one entry chunk, found ${entries.join(', ')}`);
  return entries[0]!;
}

/** Kilobytes with one decimal, for tables. */
export const kb = (bytes: number): number => +(bytes / 1024).toFixed(1);
