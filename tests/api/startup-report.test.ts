/**
 * The start-up report and the settings that stop a start: TRUST_PROXY and BASE_URL parsing, what a
 * production server logs once about itself, and that impossible settings end it with a message
 * saying what to set, before it opens anything.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, ROOT_DIR } from '../../server/config';
import { hostChecker, siteOrigin } from '../../server/lib/site-origin';
import { settingsErrors, startupSummary, startupWarnings } from '../../server/lib/startup-report';
import { parseTrustProxy } from '../../server/lib/trust-proxy';
import { serverlessEnv, startServerProcess } from './support/server-process';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'amora-startup-'));
  dirs.push(dir);
  return dir;
};
const SERVER = ['--import', 'tsx', join(ROOT_DIR, 'server/main.ts')];

describe('TRUST_PROXY', () => {
  it('takes a hop count, addresses, CIDRs and range names', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8, loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    ['true', /would trust every hop/],
    ['yes', /"yes", not an address/],
    ['10.0.0.0/33', /not an address/],
    ['127.0.0.1/8/1', /not an address/],
    ['99', /more hops/],
  ])('refuses %s with what to set', (raw, message) => {
    expect(() => parseTrustProxy(raw)).toThrow(message);
    expect(() => parseTrustProxy(raw)).toThrow(/set TRUST_PROXY to the number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/Invalid environment: TRUST_PROXY/);
  });
});

describe('BASE_URL and the site origin', () => {
  it('is an origin: http(s), no path, query or credentials', () => {
    expect(loadConfig({ BASE_URL: 'https://Amora.example/' }).baseUrl).toBe(
      'https://amora.example',
    );
    expect(loadConfig({ BASE_URL: 'https://amora.example:443' }).baseUrl).toBe(
      'https://amora.example',
    );
    for (const bad of [
      'https://amora.example/app',
      'https://amora.example/?x=1',
      'https://user:pw@amora.example',
      'ftp://amora.example',
    ]) {
      expect(() => loadConfig({ BASE_URL: bad }), bad).toThrow(/BASE_URL/);
    }
  });

  it('falls back to the address the server listens on', () => {
    expect(siteOrigin({ host: '0.0.0.0' }, 8080)).toBe('http://localhost:8080');
    expect(siteOrigin({ host: '127.0.0.1' }, 5000)).toBe('http://127.0.0.1:5000');
    expect(siteOrigin({ host: '::1' }, 5000)).toBe('http://[::1]:5000');
    expect(siteOrigin({ host: '0.0.0.0', baseUrl: 'https://a.example' }, 1)).toBe(
      'https://a.example',
    );
  });

  it('knows its own hosts and nothing else', () => {
    const isSite = hostChecker({ host: '0.0.0.0', baseUrl: 'https://amora.example:8443' });
    for (const ok of ['amora.example:8443', 'AMORA.EXAMPLE:8443', 'localhost', '127.0.0.1:1']) {
      expect(isSite(ok), ok).toBe(true);
    }
    for (const no of ['amora.example', 'amora.example:443', 'evil.example', 'localhost.evil', '']) {
      expect(isSite(no), no).toBe(false);
    }
    const lan = hostChecker({ host: '192.168.1.5' });
    expect(lan('192.168.1.5:8080')).toBe(true);
    expect(lan('192.168.1.6:8080')).toBe(false);
  });
});

describe('the start-up report', () => {
  const production = (env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'production', DATA_DIR: '/srv/amora', ...env });

  it('stops a production server on plain http on a public host, saying what to set', () => {
    const [error] = settingsErrors(production({ BASE_URL: 'http://amora.example' }));
    expect(error).toMatch(/BASE_URL=http:\/\/amora\.example is plain http on a public host/);
    expect(error).toContain('Set BASE_URL=https://amora.example');
    expect(settingsErrors(production({ BASE_URL: 'http://localhost:8080' }))).toEqual([]);
    expect(settingsErrors(production({ BASE_URL: 'https://amora.example' }))).toEqual([]);
    expect(settingsErrors(loadConfig({ BASE_URL: 'http://amora.example' }))).toEqual([]);
  });

  it('names what is unsafe or missing on a bare production config', () => {
    const warnings = startupWarnings(production({ TRUST_PROXY: '1', METRICS_PORT: '9100' }));
    expect(warnings.join('\n')).toMatch(/BASE_URL is unset/);
    expect(warnings.join('\n')).toMatch(/only the demo provider/);
    expect(warnings.join('\n')).toMatch(/SMTP_URL is unset/);
    expect(warnings.join('\n')).toMatch(/TRUST_PROXY=1 counts hops while HOST=0\.0\.0\.0/);
    expect(warnings.join('\n')).toMatch(/metrics: served without a token/);
    expect(startupWarnings(loadConfig({}))).toEqual([]);
  });

  it('says nothing to warn about on a complete one', () => {
    const config = production({
      BASE_URL: 'https://amora.example',
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: 'smtp://mail.example:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
    });
    expect(startupWarnings(config)).toEqual([]);
    expect(startupSummary(config, 'sqlite', 8080)).toMatchObject({
      origin: 'https://amora.example',
      payments: 'Stripe',
      'trusted proxies': '127.0.0.1',
      metrics: 'bearer token on the main port',
      database: 'SQLite in /srv/amora',
    });
  });

  it('hides the database password', () => {
    const config = production({ DATABASE_URL: 'postgres://amora:s3cret@db.internal/amora' });
    expect(startupSummary(config, 'postgres', 1).database).toBe(
      'PostgreSQL postgres://amora:***@db.internal/amora',
    );
  });

  it('is logged once by a production server', async () => {
    const server = await startServerProcess(SERVER, { DATA_DIR: dataDir(), TRUST_PROXY: '1' });
    try {
      await server.waitFor(/start-up report: mail: SMTP_URL is unset/);
      const out = server.output();
      expect(out.match(/"msg":"start-up report"/g)).toHaveLength(1);
      expect(out).toMatch(/"trusted proxies":"1 hop"/);
      expect(out).toMatch(/start-up report: BASE_URL is unset/);
      // SEED_MEMBERS=0 still makes the two demo logins on an empty database.
      await server.waitFor(/the demo logins demo2?@example\.com, demo2?@example\.com still open/);
      expect(server.output()).toMatch(/Demo login: demo@example\.com/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);

  it.each([
    [{ BASE_URL: 'http://amora.example' }, /Cannot start: BASE_URL=http:\/\/amora\.example/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY=true would trust every hop/],
  ])(
    'stops a server whose settings cannot be right: %j',
    async (env, message) => {
      const dir = dataDir();
      const child = spawn(process.execPath, SERVER, {
        env: { ...serverlessEnv(), NODE_ENV: 'production', PORT: '0', DATA_DIR: dir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(out).toMatch(message);
      expect(out).not.toMatch(/is running at/);
    },
    60_000,
  );
});
