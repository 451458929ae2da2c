// Builds the client and the server when their sources are newer than the last build, then runs the
// compiled server (dist/server/main.js) on one port.
import { spawn } from 'node:child_process';
import { BUILT_SERVER, ensureClientBuilt, ensureServerBuilt, ROOT } from './builds.mjs';

ensureClientBuilt();
await ensureServerBuilt();

const server = spawn(process.execPath, ['--enable-source-maps', BUILT_SERVER], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
