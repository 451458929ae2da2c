/** Starting and stopping the processes a benchmark measures, each on a port the OS says is free. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A port the OS says is free; never a fixed one (the machine is shared). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A baseline server of the bench (a TypeScript file under tests/bench/lib, run with tsx, given its
 * port first), on a free port; stopped by `kill()`, or by `stop()`, which waits for its exit.
 */
export async function startBaseline(script: string, ...args: string[]) {
  return startBaselineWith([], script, ...args);
}

/** startBaseline with Node flags (e.g. `--cpu-prof`) before the script. */
export async function startBaselineWith(nodeArgs: string[], script: string, ...args: string[]) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', script, String(port), ...args],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/`;
  await waitForHttp(url);
  return { url, kill: () => child.kill(), stop: () => stopChild(child) };
}

const made: string[] = [];

/** A fresh folder under the OS temp dir, so runs never share data; see removeTempDirs. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `amora-bench-${prefix}-`));
  made.push(dir);
  return dir;
}

/** Removes every folder tempDir made: builds and seeded databases are hundreds of megabytes. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Runs a command to completion (at most `timeoutMs`); rejects with its output when it fails. */
export function run(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
  timeoutMs = 600_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, cwd });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${code ?? signal}):\n${out}`));
    });
  });
}

/** Polls a URL until it answers 2xx, so a benchmark never measures a server still starting. */
export async function waitForHttp(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** A started server: its address and how to stop it. */
export interface Running {
  url: string;
  /** The server process, for its memory (/proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
}

/** Ends a child: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Where the server runs from. */
export interface ServerOptions {
  /**
   * A folder laid out like the repository (see lib/client-build.ts): the server serves the
   * `dist/client` below it, so a benchmark measures its own build, not whatever is in ./dist.
   */
  root?: string;
  /** A compiled server to run instead of this repository's (see compiledRevision). */
  main?: string;
  /** Node flags before the entry file (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}

const serverBuilds = new Map<string, Promise<string>>();

/**
 * The compiled server for a repository-shaped `root` (or this repository), built once per run with
 * scripts/build-server.mjs into `<root>/dist/server`, or node_modules/.tmp for this repository so
 * that ./dist is never touched; resolves with the entry file.
 */
export function compiledServer(root: string | undefined): Promise<string> {
  const key = root ?? '';
  let build = serverBuilds.get(key);
  if (!build) {
    const outdir = root ? join(root, 'dist/server') : 'node_modules/.tmp/bench-server';
    build = run(process.execPath, ['scripts/build-server.mjs', outdir]).then(() =>
      join(outdir, 'main.js'),
    );
    serverBuilds.set(key, build);
  }
  return build;
}

/** The real server, compiled, on a data folder, as `npm start` runs it. */
export async function startServer(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  { root, main: given, nodeArgs = [] }: ServerOptions = {},
): Promise<Running> {
  const port = await freePort();
  const main = given ?? (await compiledServer(root));
  // Symlinked roots must keep their path, or server/config.ts would find the real repository.
  const entry = root
    ? ['--preserve-symlinks', '--preserve-symlinks-main', '--enable-source-maps', ...nodeArgs, main]
    : ['--enable-source-maps', ...nodeArgs, main];
  const child: ChildProcess = spawn(process.execPath, entry, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      RATE_LIMIT_SCALE: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health`);
  } catch (err) {
    await stopChild(child);
    throw new Error(`${(err as Error).message}; server stderr:\n${stderr}`);
  }
  return { url, pid: child.pid ?? 0, stop: () => stopChild(child) };
}

/**
 * The server of an earlier commit, compiled by that commit's own build script: its files taken
 * with `git archive` into a temp folder beside this repository's node_modules (a symlink, so the
 * same packages), for a before-and-after in one run. Resolves with the entry file.
 */
export async function compiledRevision(revision: string): Promise<string> {
  const root = tempDir('revision');
  const archive = join(root, 'source.tar');
  await run('git', ['archive', '--format=tar', '-o', archive, revision]);
  await run('tar', ['-xf', archive, '-C', root]);
  rmSync(archive);
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  const outdir = join(root, 'dist/server');
  await run(process.execPath, [join(root, 'scripts/build-server.mjs'), outdir]);
  return join(outdir, 'main.js');
}
