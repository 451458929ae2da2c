/**
 * A real server process (as `npm start` runs it) for the tests that need signals and exit codes:
 * started on a free port with a data folder of its own and none of this process's server settings.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Env, ROOT_DIR } from '../../../server/config';

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  port: number;
  /** Resolves with [exit code, signal] when the process ends. */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** Waits until the process has printed something matching `pattern`. */
  waitFor: (pattern: RegExp) => Promise<RegExpExecArray>;
  /** Everything the process printed so far. */
  output: () => string;
}

/** This process's environment without any server setting (vitest sets BASE_URL, for one). */
export function serverlessEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(Env.shape)) delete env[name];
  return env;
}

/** Starts `node <args>` with the server settings in `env` and waits for its address. */
export async function startServerProcess(
  args: string[],
  env: Record<string, string>,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    env: {
      ...serverlessEnv(),
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_MEMBERS: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const waitFor = async (pattern: RegExp) => {
    for (;;) {
      const match = pattern.exec(out);
      if (match) return match;
      if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const address = await waitFor(/is running at (http:\/\/127\.0\.0\.1:(\d+))/);
  return {
    child,
    origin: address[1] ?? '',
    port: Number(address[2]),
    exited,
    waitFor,
    output: () => out,
  };
}

/**
 * Compiles the server as `npm start` does (scripts/build-server.mjs), into a folder of its own
 * inside the repository so that it finds the site config, the locales and node_modules as the
 * real build in dist/server does. Returns the entry file; `remove` deletes the folder.
 */
export function buildServerCopy(): { entry: string; remove: () => void } {
  const parent = join(ROOT_DIR, 'node_modules', '.tmp');
  mkdirSync(parent, { recursive: true });
  const outdir = mkdtempSync(join(parent, 'server-build-'));
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', outdir], {
    cwd: ROOT_DIR,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
  return {
    entry: join(outdir, 'main.js'),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
