// Builds the client and the server when their sources are newer than the last build, then runs the
// compiled server (dist/server/main.js) on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'dist/client/index.html');
const builtServer = join(root, 'dist/server/main.js');
const SERVER_SOURCES = ['server', 'src/api', 'src/app', 'src/lib', 'package.json', 'scripts'];
const SOURCES = [
  'src',
  'sw',
  'workers',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];

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
  return Math.max(...sources.map((s) => newest(join(root, s)))) > builtAt;
}

if (stale(builtIndex, SOURCES)) {
  console.log('Building the client…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (stale(builtServer, SERVER_SOURCES)) {
  console.log('Building the server…');
  await buildServer();
}

const server = spawn(process.execPath, ['--enable-source-maps', builtServer], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
