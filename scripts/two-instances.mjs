// Runs the site as two instances behind one address on this machine, without containers, the way
// it runs behind a load balancer: both compiled servers share PostgreSQL (DATABASE_URL), Redis
// (REDIS_URL) and one file store (S3_URL, or one data folder), and a small round-robin proxy on
// PORT hands each request to the next instance, event streams included. Every answer names the
// instance that gave it (`x-amora-instance: a` or `b`).
//
//   npm run two-instances                # builds what is stale, then serves http://127.0.0.1:8080
//   npm run two-instances -- --no-client # the API only, no client build
//
// Defaults: DATABASE_URL postgres://postgres@127.0.0.1:5432/amora (created when missing),
// REDIS_URL redis://127.0.0.1:6379, DATA_DIR ./data-two, PORT 8080, HOST 127.0.0.1. Other server
// settings pass through to both instances (server/README.md).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest, createServer } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { BUILT_SERVER, ensureClientBuilt, ensureServerBuilt, ROOT } from './builds.mjs';

const env = {
  NODE_ENV: 'production',
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/amora',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  DATA_DIR: process.env.DATA_DIR ?? join(ROOT, 'data-two'),
  // Signed demo payments must verify on whichever instance the provider's event reaches.
  DEMO_PAYMENT_SECRET: process.env.DEMO_PAYMENT_SECRET ?? randomBytes(32).toString('hex'),
};
const publicPort = Number(process.env.PORT ?? 8080);
const publicHost = process.env.HOST ?? '127.0.0.1';

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

/** Starts one compiled server on a free loopback port; resolves once it prints its address. */
function startInstance(name) {
  const child = spawn(process.execPath, ['--enable-source-maps', BUILT_SERVER], {
    cwd: ROOT,
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      process.stdout.write(text.replace(/^(?=.)/gm, `[${name}] `));
      out += text;
      const port = /is running at http:\/\/[^:\s]+:(\d+)/.exec(out)?.[1];
      if (port) resolve({ name, child, port: Number(port) });
    });
    child.once('exit', (code) => reject(new Error(`instance ${name} exited with ${code}`)));
  });
}

/** A proxy that gives each request to the next instance in turn and streams both ways. */
function roundRobinProxy(instances) {
  let next = 0;
  return createServer((req, res) => {
    const instance = instances[next];
    next = (next + 1) % instances.length;
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: instance.port,
        method: req.method,
        path: req.url,
        // Host stays as the browser sent it, so the servers' origin checks see the public address.
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          'x-amora-instance': instance.name,
        });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: 'Instance down' }));
    });
    // A closed browser tab ends the upstream request too (an event stream would stay open).
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
}

if (!process.argv.includes('--no-client')) ensureClientBuilt();
await ensureServerBuilt();
await ensureDatabase(env.DATABASE_URL);

// One after the other: the first migrates and seeds, the second finds it done.
const instances = [];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  proxy?.close();
  const alive = instances.filter((i) => i.child.exitCode === null);
  if (alive.length === 0) process.exit(code);
  let left = alive.length;
  for (const i of alive) {
    i.child.once('exit', () => --left === 0 && process.exit(code));
    i.child.kill('SIGTERM');
  }
};
let proxy;
try {
  for (const name of ['a', 'b']) {
    const instance = await startInstance(name);
    instances.push(instance);
    instance.child.on('exit', (code) => {
      if (!stopping) console.error(`instance ${name} stopped (${code}); stopping the other`);
      stop(stopping ? 0 : 1);
    });
  }
} catch (err) {
  console.error(err.message);
  stop(1);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

if (!stopping) {
  proxy = roundRobinProxy(instances);
  // Event streams stay open for as long as the member's page does.
  proxy.requestTimeout = 0;
  proxy.listen(publicPort, publicHost, () => {
    const { port } = proxy.address();
    const ports = instances.map((i) => `${i.name} :${i.port}`).join(', ');
    console.log(`\n  Two instances (${ports}) behind http://${publicHost}:${port}`);
  });
}
