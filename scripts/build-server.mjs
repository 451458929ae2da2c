// Compiles the API server (server/main.ts and the shared contract it imports from src/) into one
// ES module, dist/server/main.js, so production runs plain JavaScript: no TypeScript loader at
// run time, and a start that does not transpile hundreds of files first. Packages stay external
// and load from node_modules as usual. `node scripts/build-server.mjs [outdir]`.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the server into `outdir` (default dist/server); resolves with the entry file's path. */
export async function buildServer(outdir = resolve(root, 'dist/server')) {
  // Chunk names carry hashes: an old build's chunks would otherwise pile up beside the new ones.
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts' },
    outdir,
    // Modules the server imports on demand (the seed, the S3 client) become chunks of their own,
    // so their packages load only when they are needed and a restart stays quick.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    // Stack traces keep the real function names in the server log.
    keepNames: true,
    logLevel: 'warning',
  });
  return resolve(outdir, 'main.js');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outfile = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`Server built: ${outfile}`);
}
