/**
 * The benchmark's own build of the client, in a temp folder, so runs never read or write ./dist
 * (other people build there), and a repository-shaped folder for the server to serve it from.
 */
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { run, tempDir } from './processes';

const REPO = resolve('.');
const VITE = join(REPO, 'node_modules/vite/bin/vite.js');
/** What the server reads below its root (server/config.ts resolves everything from there). */
const SERVER_NEEDS = ['server', 'src', 'locales', 'node_modules', 'package.json'];

/** Where the bench build lives and how long it took. */
export interface ClientBuild {
  /** The built client: what dist/client would hold, plus Vite's .vite/manifest.json. */
  dir: string;
  /** A folder shaped like the repository whose dist/client is `dir`; see startServer's `root`. */
  root: string;
  seconds: number;
}

let pending: Promise<ClientBuild> | undefined;

/**
 * Builds once per run with vite.config.ts as it is, plus `--manifest`, into a folder of its own:
 * ./dist is never touched. Vite runs from a scratch folder with `sw/` linked in, because the
 * /sw-push.js build names its entry relative to the working directory.
 */
export function buildClient(): Promise<ClientBuild> {
  pending ??= (async () => {
    const started = Date.now();
    const work = tempDir('build');
    const dir = join(work, 'client');
    const scratch = join(work, 'scratch');
    mkdirSync(scratch);
    symlinkSync(join(REPO, 'sw'), join(scratch, 'sw'));
    await run(
      process.execPath,
      [VITE, 'build', REPO, '--outDir', dir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
      {},
      scratch,
    );
    // vite.config.ts writes /sw-push.js beside sw.js, into the --outDir given.
    if (!existsSync(join(dir, 'sw-push.js'))) throw new Error('the build made no sw-push.js');
    if (!existsSync(join(dir, '.vite/manifest.json')))
      throw new Error('the build wrote no manifest');

    const root = join(work, 'root');
    mkdirSync(join(root, 'dist'), { recursive: true });
    for (const name of SERVER_NEEDS) symlinkSync(join(REPO, name), join(root, name));
    symlinkSync(dir, join(root, 'dist/client'));
    return { dir, root, seconds: (Date.now() - started) / 1000 };
  })();
  return pending;
}
