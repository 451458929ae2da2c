// Runs the site as two instances behind one address on this machine, without containers, the way
// it runs behind a load balancer: both compiled servers share PostgreSQL (DATABASE_URL), Redis
// (REDIS_URL) and one file store (S3_URL, or one data folder), and a small round-robin proxy on
// PORT (scripts/round-robin-proxy.mjs) hands each request to the next ready instance, event streams
// included. Every answer names the instance that gave it (`x-amora-instance: a` or `b`).
//
//   npm run two-instances                   # builds what is stale, then serves http://127.0.0.1:8080
//   npm run two-instances -- --no-client    # the API only, no client build
//   npm run two-instances -- --server FILE  # runs this compiled server; builds no server
//   kill -USR2 <pid it prints>              # rolling restart: a, then b, from the build on disk
//
// A rolling restart takes an instance out of rotation, sends it SIGTERM (it drains: requests in
// flight finish, its event streams end and their clients reconnect to the other), waits for it to
// exit, starts it again on the server file as it is now, and puts it back once its readiness
// (GET /api/health) is 200; only then comes the next. If the new process does not get ready, the
// restart stops there and the other instance goes on serving. Deploying = `npm run build`, then
// SIGUSR2 (sent to this node process: npm does not pass it on).
//
// Defaults: DATABASE_URL postgres://postgres@127.0.0.1:5432/amora (created when missing),
// REDIS_URL redis://127.0.0.1:6379, DATA_DIR ./data-two, PORT 8080, HOST 127.0.0.1 and, for the
// instances, SHUTDOWN_DRAIN_DELAY_MS 1000 (two health checks). Other server settings pass through
// to both instances (server/README.md).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { BUILT_SERVER, ensureClientBuilt, ensureServerBuilt, ROOT } from './builds.mjs';
import { HEALTH_INTERVAL_MS, roundRobinProxy } from './round-robin-proxy.mjs';

const env = {
  NODE_ENV: 'production',
  // Readiness turns 503 at once on SIGTERM: a proxy that only health-checks sees it in time.
  SHUTDOWN_DRAIN_DELAY_MS: String(2 * HEALTH_INTERVAL_MS),
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/amora',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  DATA_DIR: process.env.DATA_DIR ?? join(ROOT, 'data-two'),
  // Signed demo payments must verify on whichever instance the provider's event reaches.
  DEMO_PAYMENT_SECRET: process.env.DEMO_PAYMENT_SECRET ?? randomBytes(32).toString('hex'),
};
const publicPort = Number(process.env.PORT ?? 8080);
const publicHost = process.env.HOST ?? '127.0.0.1';
const serverArg = process.argv.indexOf('--server');
const serverFile = serverArg > 0 ? resolve(process.argv[serverArg + 1] ?? '') : BUILT_SERVER;
/** How long a (re)started instance may take to answer readiness 200. */
const READY_TIMEOUT_MS = 60_000;

const log = (line) => console.log(`[two-instances] ${line}`);

/** Creates the database of DATABASE_URL when the server says it does not exist. */
async function ensureDatabase(url) {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (err) {
    if (err.code !== '3D000') throw err;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    console.log(`Created the database ${name}`);
  } finally {
    await admin.end();
  }
}

/**
 * The two instances: name, port, child and state (`starting`, `up` = in rotation, `out` = not
 * ready, `restarting`, `down`). The proxy reads this array.
 */
const instances = ['a', 'b'].map((name) => ({ name, port: 0, child: null, state: 'down' }));
let stopping = false;
let proxy;

/** Stops everything; exits with `code` once every instance has. */
function stop(code) {
  if (stopping) return;
  stopping = true;
  proxy?.server.close();
  const alive = instances.filter((i) => i.child && i.child.exitCode === null);
  if (alive.length === 0) process.exit(code);
  let left = alive.length;
  for (const i of alive) {
    i.child.once('exit', () => --left === 0 && process.exit(code));
    i.child.kill('SIGTERM');
  }
}

/** Starts `instance` on a free loopback port; resolves once it prints its address. */
function startInstance(instance) {
  instance.state = 'starting';
  const child = spawn(process.execPath, ['--enable-source-maps', serverFile], {
    cwd: ROOT,
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  instance.child = child;
  child.on('exit', (code) => {
    if (instance.child !== child) return;
    // Stopped for a restart, or failed to start (whoever started it hears of that).
    const expected = stopping || instance.state === 'restarting' || instance.state === 'starting';
    instance.state = 'down';
    if (expected) return;
    console.error(`instance ${instance.name} stopped (${code}); stopping the other`);
    stop(1);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      process.stdout.write(text.replace(/^(?=.)/gm, `[${instance.name}] `));
      out += text;
      const port = /is running at http:\/\/[^:\s]+:(\d+)/.exec(out)?.[1];
      if (port && instance.port !== Number(port)) {
        instance.port = Number(port);
        resolve();
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`instance ${instance.name} exited with ${code}`)),
    );
  });
}

/** Resolves once the instance's readiness answers 200; then it is in rotation. */
async function waitReady(instance) {
  const until = Date.now() + READY_TIMEOUT_MS;
  while ((await proxy.check(instance)) !== 'ready') {
    if (Date.now() > until || instance.child.exitCode !== null) {
      // Left to the health checks: it joins the rotation if it ever gets ready.
      if (instance.child.exitCode === null) instance.state = 'out';
      throw new Error(`instance ${instance.name} did not get ready`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  instance.state = 'up';
}

/** Stops `instance` (out of rotation first, then SIGTERM, drained) and starts it again. */
async function restart(instance) {
  const { child } = instance;
  if (child && child.exitCode === null) {
    instance.state = 'restarting';
    log(`${instance.name} out of rotation; SIGTERM`);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const code = await exited;
    log(`${instance.name} exited (${code})`);
  }
  if (stopping) return;
  await startInstance(instance);
  await waitReady(instance);
  log(`${instance.name} ready on :${instance.port}, back in rotation`);
}

let restarting = false;
/** SIGUSR2: one instance after the other, each ready before the next goes. */
async function rollingRestart() {
  if (restarting || stopping) return log('a restart is already running; SIGUSR2 ignored');
  restarting = true;
  log('rolling restart');
  try {
    for (const instance of instances) {
      await restart(instance);
      if (stopping) return;
    }
    log('rolling restart done');
  } catch (err) {
    log(`rolling restart failed: ${err.message}; the instances in rotation go on serving`);
  } finally {
    restarting = false;
  }
}

if (serverArg < 0) {
  if (!process.argv.includes('--no-client')) ensureClientBuilt();
  await ensureServerBuilt();
}
await ensureDatabase(env.DATABASE_URL);

proxy = roundRobinProxy(instances, log);
try {
  // One after the other: the first migrates and seeds, the second finds it done.
  for (const instance of instances) {
    await startInstance(instance);
    await waitReady(instance);
  }
} catch (err) {
  console.error(err.message);
  stop(1);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
process.on('SIGUSR2', () => void rollingRestart());

if (!stopping) {
  proxy.server.listen(publicPort, publicHost, () => {
    const { port } = proxy.server.address();
    const ports = instances.map((i) => `${i.name} :${i.port}`).join(', ');
    console.log(`\n  Two instances (${ports}) behind http://${publicHost}:${port}`);
    console.log(`  Rolling restart: kill -USR2 ${process.pid}\n`);
  });
}
