/**
 * The site as it is deployed: the compiled server on a loopback port, behind Debian's Caddy or
 * nginx running the shipped deploy/Caddyfile or deploy/nginx.conf over TLS. Only names, ports,
 * certificate paths and Caddy's global options are swapped for test ones (each swap must match as
 * often as expected, so a change to a shipped file that a swap no longer fits fails here). The
 * second upstream address of the shipped files points at a closed port: the proxy has to route
 * around it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';
import { probe, type SiteAddress } from './https-probe';
import {
  makeCertificates,
  requireTool,
  startChild,
  trustingHome,
  waitUntilReady,
  type Child,
} from './tls-lab';

export type ProxyKind = 'caddy' | 'nginx';

/** The name the test certificate is for; Chromium maps it to 127.0.0.1. */
export const TEST_HOST = 'amora.test';

/** A running site behind a proxy. */
export interface ProxiedSite extends SiteAddress {
  /** https://amora.test:<port>, the server's BASE_URL. */
  origin: string;
  /** The proxy's plain-http port (the redirect to https). */
  httpPort: number;
  /** The server's own loopback port, for comparing what the proxy passes on. */
  serverPort: number;
  /** A home folder whose NSS database trusts the test CA. */
  browserHome: string;
  stop(): Promise<void>;
}

/** Replaces `from` (which must occur exactly once, or `count` times) in a shipped config. */
function swap(text: string, from: string | RegExp, to: string, file: string, count = 1): string {
  const source =
    typeof from === 'string' ? from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : from.source;
  const pattern = new RegExp(source, 'gm');
  const found = text.match(pattern)?.length ?? 0;
  if (found !== count) {
    throw new Error(
      `${file} changed: expected ${count} of ${pattern} for the test, found ${found}`,
    );
  }
  return text.replace(pattern, to);
}

interface Ports {
  https: number;
  http: number;
  server: number;
  /** Nothing listens here: the shipped second instance, down. */
  dead: number;
}

/** deploy/Caddyfile with the test's global options, name, ports and certificate. */
function caddyfileForTest(shipped: string, ports: Ports, certPath: string, keyPath: string) {
  const file = 'deploy/Caddyfile';
  let text = swap(
    shipped,
    /^\{\n[\s\S]*?\n\}$/,
    // No admin endpoint; the redirect on a port of its own; no HTTP/3 (Chromium runs without QUIC).
    `{\n\tadmin off\n\thttp_port ${ports.http}\n\thttps_port ${ports.https}\n` +
      '\tservers {\n\t\tprotocols h1 h2\n\t}\n}',
    file,
  );
  text = swap(
    text,
    'amora.example {',
    `${TEST_HOST}:${ports.https} {\n\ttls ${certPath} ${keyPath}`,
    file,
  );
  return swap(
    text,
    '127.0.0.1:8081 127.0.0.1:8082',
    `127.0.0.1:${ports.server} 127.0.0.1:${ports.dead}`,
    file,
  );
}

/** deploy/nginx.conf with the test's name, ports and certificate; IPv6 listeners left out. */
function nginxSiteForTest(shipped: string, ports: Ports, certPath: string, keyPath: string) {
  const file = 'deploy/nginx.conf';
  let text = swap(shipped, /^\s*listen \[::\]:.*;$/, '', file, 4);
  text = swap(text, /listen 80\b/, `listen 127.0.0.1:${ports.http}`, file, 2);
  text = swap(text, /listen 443\b/, `listen 127.0.0.1:${ports.https}`, file, 2);
  text = swap(text, /\/etc\/letsencrypt\/live\/amora\.example\/fullchain\.pem/, certPath, file);
  text = swap(text, /\/etc\/letsencrypt\/live\/amora\.example\/privkey\.pem/, keyPath, file);
  text = swap(text, 'server_name amora.example;', `server_name ${TEST_HOST};`, file, 2);
  text = swap(text, 'server 127.0.0.1:8081', `server 127.0.0.1:${ports.server}`, file);
  return swap(text, 'server 127.0.0.1:8082', `server 127.0.0.1:${ports.dead}`, file);
}

/** The main nginx.conf around the site file: everything in the test's folder, no daemon. */
function nginxMainConf(dir: string, sitePath: string): string {
  const at = (name: string) => join(dir, name);
  return [
    // Ignored (with a notice) unless started as root; as root, workers would otherwise be nobody.
    `user ${userInfo().username};`,
    'worker_processes 1;',
    `pid ${at('nginx.pid')};`,
    `error_log ${at('nginx-error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${at('nginx-access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${at(`nginx-${kind}`)};`,
    ),
    `  include ${sitePath};`,
    '}',
    '',
  ].join('\n');
}

/** GET /api/health straight from the server, as a load balancer asks. */
function serverHealthy(port: number): Promise<boolean> {
  return new Promise((done) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/health' }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on('error', () => done(false));
    req.end();
  });
}

/** Starts the compiled server for `origin` on a free loopback port, with data of its own. */
async function startServer(dir: string, origin: string, port: number): Promise<Child> {
  const server = startChild(
    process.execPath,
    ['--enable-source-maps', process.env.E2E_SERVER ?? 'dist/server/main.js'],
    {
      logPath: join(dir, 'server.log'),
      // Only what the server needs: none of this process's other settings leak in.
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(dir, 'data'),
        BASE_URL: origin,
        TRUST_PROXY: '1',
        SEED_MEMBERS: '60',
        LOG_LEVEL: 'warn',
        // Production limits: the rate-limit check counts on sign-up's 5 a minute per address.
        RATE_LIMIT_SCALE: '1',
        ...(process.env.E2E_CLIENT_DIR && { CLIENT_DIR: process.env.E2E_CLIENT_DIR }),
      },
    },
  );
  await waitUntilReady(server, 'the server', () => serverHealthy(port));
  return server;
}

function startProxy(
  kind: ProxyKind,
  program: string,
  dir: string,
  ports: Ports,
  certPath: string,
  keyPath: string,
): Child {
  if (kind === 'caddy') {
    const shipped = readFileSync(resolve('deploy/Caddyfile'), 'utf8');
    const config = join(dir, 'Caddyfile');
    writeFileSync(config, caddyfileForTest(shipped, ports, certPath, keyPath));
    const home = join(dir, 'caddy-home');
    mkdirSync(home);
    return startChild(program, ['run', '--config', config, '--adapter', 'caddyfile'], {
      logPath: join(dir, 'caddy.log'),
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: join(home, 'data'),
        XDG_CONFIG_HOME: join(home, 'config'),
      },
    });
  }
  const shipped = readFileSync(resolve('deploy/nginx.conf'), 'utf8');
  const site = join(dir, 'amora-site.conf');
  writeFileSync(site, nginxSiteForTest(shipped, ports, certPath, keyPath));
  const main = join(dir, 'nginx.conf');
  writeFileSync(main, nginxMainConf(dir, site));
  return startChild(
    program,
    ['-p', dir, '-c', main, '-e', join(dir, 'nginx-error.log'), '-g', 'daemon off;'],
    { logPath: join(dir, 'nginx.log'), env: { PATH: process.env.PATH } },
  );
}

/** Certificates, the server and the proxy; stop() ends both and removes the folder. */
export async function startProxiedSite(kind: ProxyKind): Promise<ProxiedSite> {
  const program = requireTool(kind, kind);
  requireTool('openssl', 'openssl');
  requireTool('certutil', 'libnss3-tools');
  const dir = mkdtempSync(join(tmpdir(), `amora-tls-${kind}-`));
  const certs = makeCertificates(join(dir, 'tls'), TEST_HOST);
  const browserHome = trustingHome(dir, certs.caPath);
  const ports: Ports = {
    https: await freePort(),
    http: await freePort(),
    server: await freePort(),
    dead: await freePort(),
  };
  const origin = `https://${TEST_HOST}:${ports.https}`;
  const children: Child[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await child.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    children.push(await startServer(dir, origin, ports.server));
    const proxy = startProxy(kind, program, dir, ports, certs.certPath, certs.keyPath);
    children.push(proxy);
    const address = { hostName: TEST_HOST, port: ports.https, ca: certs.ca };
    await waitUntilReady(proxy, kind, async () => {
      return (await probe(address, { path: '/api/health' })).status === 200;
    });
    return {
      ...address,
      origin,
      httpPort: ports.http,
      serverPort: ports.server,
      browserHome,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
