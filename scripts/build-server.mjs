// Compiles the API server (server/main.ts and the shared contract it imports from src/) into one
// ES module, dist/server/main.js, so production runs plain JavaScript: no TypeScript loader at
// run time, and a start that does not transpile hundreds of files first. Packages stay external
// and load from node_modules as usual. `node scripts/build-server.mjs [outdir]`.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the server into `outdir` (default dist/server); resolves with the entry file's path. */
export async function buildServer(outdir = resolve(root, 'dist/server')) {
  const outfile = resolve(outdir, 'main.js');
  await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile,
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
  return outfile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outfile = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`Server built: ${outfile}`);
}
