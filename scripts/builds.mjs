// The builds `npm start` and the two-instance script need, each made only when its sources are
// newer than its output: the client (Vite, dist/client) and the compiled server (dist/server).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './build-server.mjs';

export const ROOT = new URL('..', import.meta.url).pathname;
/** The compiled server's entry file. */
export const BUILT_SERVER = join(ROOT, 'dist/server/main.js');
const BUILT_INDEX = join(ROOT, 'dist/client/index.html');

const CLIENT_SOURCES = [
  'src',
  'sw',
  'workers',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];
const SERVER_SOURCES = ['server', 'src/api', 'src/app', 'src/lib', 'package.json', 'scripts'];

/** Newest modification time below a path (files only). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

/** Whether `built` is missing or older than any of `sources`. */
function stale(built, sources) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return Math.max(...sources.map((s) => newest(join(ROOT, s)))) > builtAt;
}

/** Builds the client when needed; exits the process when the build fails. */
export function ensureClientBuilt() {
  if (!stale(BUILT_INDEX, CLIENT_SOURCES)) return;
  console.log('Building the client…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Compiles the server when needed. */
export async function ensureServerBuilt() {
  if (!stale(BUILT_SERVER, SERVER_SOURCES)) return;
  console.log('Building the server…');
  await buildServer();
}
