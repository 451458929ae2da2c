/**
 * /metrics (server/plugins/metrics.ts): hidden without the bearer token, Prometheus text with it,
 * request counts per route pattern, gauges that follow open event streams and the mail outbox,
 * and the loopback-only listener of METRICS_PORT.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { insertMember, login, signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { openStream, type SseStream } from './sse-client';

const TOKEN = 'metrics-test-token-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };

/** The value of one series in Prometheus text, found by its name and labels; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        wanted.every((pair) => l.includes(pair)),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

async function scrape(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** Gives the app a built client, so an unknown page path gets the shell's 404 as in production. */
function fakeClientBuild(t: TestApp): void {
  mkdirSync(t.config.clientDir, { recursive: true });
  writeFileSync(join(t.config.clientDir, 'index.html'), '<!doctype html><title>Amora</title>');
}

/** Status, type and body of a GET, to compare an answer with an unknown path's. */
async function answer(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const engine of ENGINES) {
  describe(`metrics with a token (${engine})`, () => {
    let t: TestApp;
    let base: string;
    let cookie: string;
    const streams: SseStream[] = [];

    beforeAll(async () => {
      t = await buildTestApp(engine, { metrics: { token: TOKEN } });
      fakeClientBuild(t);
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      await insertMember(t.app, { email: 'metrics-ann@example.com' });
      cookie = await login(t.app, 'metrics-ann@example.com');
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await t.close();
    });

    it('answers like an unknown path without the right bearer token', async () => {
      const unknown = await answer(t.app, '/metricz');
      expect(unknown.status).toBe(404);
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Bearer wrong-token-0123456789' },
        { authorization: TOKEN },
        { authorization: `Basic ${TOKEN}` },
        { authorization: `Bearer ${TOKEN}x` },
      ]) {
        expect(await answer(t.app, '/metrics', headers)).toEqual(unknown);
      }
    });

    it('serves the Prometheus text format with the token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      for (const line of [
        '# TYPE http_requests_total counter',
        '# TYPE http_request_duration_seconds histogram',
        '# TYPE process_cpu_user_seconds_total counter',
        '# TYPE nodejs_heap_size_used_bytes gauge',
        '# TYPE amora_event_streams_open gauge',
        '# TYPE amora_mail_outbox_queued gauge',
        '# TYPE amora_data_exports_queued gauge',
        '# TYPE amora_push_sending gauge',
      ]) {
        expect(res.body).toContain(line);
      }
      if (engine === 'postgres') {
        expect(sample(res.body, 'amora_db_pool_connections')).toBeGreaterThan(0);
      } else {
        expect(res.body).not.toContain('amora_db_pool');
      }
    });

    it('counts requests per route pattern, method and status class', async () => {
      const settings = { route: '/api/settings.php', method: 'GET', status_class: '2xx' };
      const before = sample(await scrape(t.app), 'http_requests_total', settings);
      for (let i = 0; i < 3; i++) {
        expect((await t.app.inject({ method: 'GET', url: '/api/settings.php' })).statusCode).toBe(
          200,
        );
      }
      const after = await scrape(t.app);
      expect(sample(after, 'http_requests_total', settings)).toBe(before + 3);
      expect(sample(after, 'http_request_duration_seconds_count', settings)).toBe(before + 3);

      // Unknown paths share one series, whatever the path: no series per probed URL.
      const unmatched = { route: 'unmatched', method: 'GET', status_class: '4xx' };
      const unknownBefore = sample(after, 'http_requests_total', unmatched);
      await t.app.inject({ method: 'GET', url: '/api/nothing-here-1.php' });
      await t.app.inject({ method: 'GET', url: '/api/nothing-here-2.php' });
      const later = await scrape(t.app);
      expect(sample(later, 'http_requests_total', unmatched)).toBe(unknownBefore + 2);
      expect(later).not.toContain('nothing-here');
    });

    it('follows the event streams open on this instance', async () => {
      const read = async () => sample(await scrape(t.app), 'amora_event_streams_open');
      const before = await read();
      const stream = await openStream(`${base}/api/events.php`, cookie);
      streams.push(stream);
      expect(stream.response.status).toBe(200);
      await stream.until((text) => text.startsWith('retry:'));
      expect(await read()).toBe(before + 1);
      stream.close();
      await eventually(async () => (await read()) === before);
    });

    it('counts the mails waiting in the outbox', async () => {
      const read = async () => sample(await scrape(t.app), 'amora_mail_outbox_queued');
      const before = await read();
      // Without SMTP_URL the activation mail of a sign-up stays queued.
      await signup(t.app);
      expect(await read()).toBe(before + 1);
    });
  });
}

describe('metrics off and on a loopback port', () => {
  let plain: TestApp;
  let ported: TestApp;

  beforeAll(async () => {
    const engine = ENGINES[0] ?? 'sqlite';
    plain = await buildTestApp(engine);
    fakeClientBuild(plain);
    ported = await buildTestApp(engine, { metrics: { port: 0 } });
    fakeClientBuild(ported);
  });
  afterAll(async () => {
    await plain.close();
    await ported.close();
  });

  it('has no /metrics on the main port without METRICS_TOKEN, even with the header', async () => {
    for (const t of [plain, ported]) {
      const unknown = await answer(t.app, '/metricz');
      expect(await answer(t.app, '/metrics')).toEqual(unknown);
      expect(await answer(t.app, '/metrics', AUTH)).toEqual(unknown);
    }
    expect(plain.app.metrics.listenerAddress()).toBeNull();
  });

  it('rate limits /metrics like any other path', async () => {
    const t = await buildTestApp(ENGINES[0] ?? 'sqlite', {
      metrics: { token: TOKEN },
      rateLimits: { ...DEFAULT_RATE_LIMITS, global: 2 },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        codes.push(
          (await t.app.inject({ method: 'GET', url: '/metrics', headers: AUTH })).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('serves METRICS_PORT on 127.0.0.1 only, and stops with the app', async () => {
    const address = ported.app.metrics.listenerAddress();
    expect(address?.address).toBe('127.0.0.1');
    const url = `http://127.0.0.1:${address?.port}`;
    await ported.app.inject({ method: 'GET', url: '/api/settings.php' });
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(
      sample(text, 'http_requests_total', { route: '/api/settings.php', status_class: '2xx' }),
    ).toBe(1);
    expect((await fetch(`${url}/other`)).status).toBe(404);

    await ported.app.close();
    expect(ported.app.metrics.listenerAddress()).toBeNull();
    await expect(fetch(`${url}/metrics`)).rejects.toThrow();
  });
});
