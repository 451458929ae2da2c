/**
 * Delivery of the postback outbox (server/postbacks/) to loopback partners: placeholders filled
 * and encoded, the signature, skipped events, retries with backoff while a partner answers 503,
 * is unreachable or too slow, giving up, the metrics, and a close that waits for requests.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostbackTargets } from '../../server/postbacks/postback-config';
import {
  eventually,
  insertPostback,
  postbackRow,
  QUICK_DELIVERY,
  settled,
} from './postback-fixtures';
import { buildTestApp, ENGINES, withPg, type TestApp } from './helper';
import {
  signatureValid,
  startPostbackPartner,
  type PostbackPartner,
} from './support/postback-partner';

const SECRET = 'alpha-signing-secret-0123';
const TOKEN = 'metrics-test-token-0123456789';

/** The value of one series in Prometheus text; 0 when absent. */
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
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

for (const engine of ENGINES) {
  describe(`postback delivery (${engine})`, () => {
    let t: TestApp;
    /** Answers 200: alpha (signed) and beta. */
    let ok: PostbackPartner;
    /** Goes down and comes back: gamma. */
    let flaky: PostbackPartner;
    /** Never answers 2xx: delta. */
    let broken: PostbackPartner;

    beforeAll(async () => {
      [ok, flaky, broken] = await Promise.all([
        startPostbackPartner(),
        startPostbackPartner(),
        startPostbackPartner(),
      ]);
      broken.status = 500;
      const postbacks: PostbackTargets = {
        alpha: {
          url:
            `${ok.origin}/alpha?click={ref}&e={event}&id={event_id}&a={amount}&c={currency}` +
            '&t={transaction}&s1={sub1}&s2={sub2}&s3={sub3}',
          events: ['signup', 'first_purchase', 'refund'],
          secret: SECRET,
        },
        beta: { url: `${ok.origin}/beta/{event}?r={ref}`, events: ['purchase'] },
        gamma: { url: `${flaky.origin}/gamma?r={ref}`, events: ['signup'] },
        delta: { url: `${broken.origin}/delta?r={ref}`, events: ['signup'] },
      };
      t = await buildTestApp(engine, {
        site: { postbacks },
        postbackDelivery: QUICK_DELIVERY,
        metrics: { token: TOKEN },
      });
    });
    afterAll(async () => {
      await t?.close();
      await Promise.all([ok, flaky, broken].map((p) => p?.close()));
    });

    /** What `ok` received on a path. */
    const at = (path: string) => ok.received.filter((r) => new URL(r.url).pathname === path);

    it('delivers a conversion with every placeholder filled, URL-encoded and signed', async () => {
      const id = await insertPostback(t.app, {
        event_key: 'purchase:9001',
        event: 'first_purchase',
        network: 'alpha',
        ref: 'click 1&x=y',
        sub1: 'ü/?#',
        sub3: 'c3',
        amount: 1999,
        currency: 'EUR',
        transaction_ref: '9001',
      });
      t.app.postbacks.wake();
      const row = await settled(t.app, id);
      expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: '' });
      expect(row.delivered_at).toBeGreaterThan(0);
      expect(row.last_attempt_at).toBe(row.delivered_at);

      const [got, ...more] = at('/alpha');
      expect(more).toEqual([]);
      expect(got?.query).toEqual({
        click: 'click 1&x=y',
        e: 'first_purchase',
        id: String(id),
        a: '19.99',
        c: 'EUR',
        t: '9001',
        s1: 'ü/?#',
        s2: '',
        s3: 'c3',
      });
      expect(got?.url).toContain('click=click%201%26x%3Dy');
      expect(got?.headers['x-amora-event-id']).toBe(String(id));
      expect(got && signatureValid(SECRET, got)).toBe(true);
      expect(got && signatureValid('another-secret-0123456789', got)).toBe(false);
    });

    it('sends events without money with amount 0 and no currency, unsigned without a secret', async () => {
      const signupId = await insertPostback(t.app, { network: 'alpha', ref: 'r-signup' });
      const purchaseId = await insertPostback(t.app, {
        network: 'beta',
        event: 'purchase',
        ref: 'r-beta',
        amount: 1200,
        currency: 'JPY',
      });
      t.app.postbacks.wake();
      expect((await settled(t.app, signupId)).status).toBe('delivered');
      expect((await settled(t.app, purchaseId)).status).toBe('delivered');
      const signup = at('/alpha').find((r) => r.query.click === 'r-signup');
      expect(signup?.query).toMatchObject({ e: 'signup', a: '0', c: '', t: '' });
      const [beta] = at('/beta/purchase');
      expect(beta?.query).toEqual({ r: 'r-beta' });
      expect(beta?.headers['x-amora-signature']).toBeUndefined();
    });

    it('skips events a network does not want and networks without a postback address', async () => {
      const before = ok.received.length;
      const unwanted = await insertPostback(t.app, { network: 'beta', event: 'signup' });
      const unknown = await insertPostback(t.app, { network: 'nobody', event: 'first_purchase' });
      const prototypeName = await insertPostback(t.app, { network: 'constructor' });
      t.app.postbacks.wake();
      for (const id of [unwanted, unknown, prototypeName]) {
        expect(await settled(t.app, id)).toMatchObject({
          status: 'skipped',
          attempts: 0,
          last_attempt_at: null,
          delivered_at: null,
        });
      }
      expect(ok.received.length).toBe(before);
    });

    it('retries while a partner answers 503 or is unreachable, and delivers each event once when it is back', async () => {
      flaky.status = 503;
      const first = await insertPostback(t.app, { network: 'gamma', ref: 'g1' });
      await eventually(async () => (await postbackRow(t.app, first)).attempts >= 2);
      const during503 = await postbackRow(t.app, first);
      expect(during503).toMatchObject({ status: 'pending', last_error: 'HTTP 503' });
      expect(during503.last_attempt_at).toBeGreaterThan(0);
      expect(during503.next_attempt_at).toBeGreaterThan(during503.last_attempt_at ?? 0);

      await flaky.down();
      const second = await insertPostback(t.app, { network: 'gamma', ref: 'g2' });
      await eventually(
        async () => (await postbackRow(t.app, second)).last_error === 'connection refused',
      );
      expect((await postbackRow(t.app, second)).status).toBe('pending');

      const seen = flaky.received.length;
      flaky.status = 200;
      await flaky.up();
      expect((await settled(t.app, first)).status).toBe('delivered');
      expect((await settled(t.app, second)).status).toBe('delivered');
      const oks = flaky.received.slice(seen).map((r) => r.query.r);
      expect(oks.sort()).toEqual(['g1', 'g2']);
      // Nothing more arrives for them afterwards.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(flaky.received.length).toBe(seen + 2);
    });

    it('records a timeout when the partner answers too late, and delivers later', async () => {
      flaky.delayMs = QUICK_DELIVERY.timeoutMs + 500;
      const id = await insertPostback(t.app, { network: 'gamma', ref: 'slow' });
      t.app.postbacks.wake();
      await eventually(async () => (await postbackRow(t.app, id)).attempts >= 1);
      expect(await postbackRow(t.app, id)).toMatchObject({
        status: 'pending',
        last_error: 'timeout',
      });
      flaky.delayMs = 0;
      expect((await settled(t.app, id)).status).toBe('delivered');
    });

    it('gives up after the last attempt and keeps the reason', async () => {
      const id = await insertPostback(t.app, { network: 'delta', ref: 'd1' });
      t.app.postbacks.wake();
      const row = await settled(t.app, id);
      expect(row).toMatchObject({
        status: 'failed',
        attempts: QUICK_DELIVERY.maxAttempts,
        last_error: 'HTTP 500',
        delivered_at: null,
      });
      expect(broken.received.filter((r) => r.query.r === 'd1')).toHaveLength(
        QUICK_DELIVERY.maxAttempts,
      );
    });

    it('counts deliveries and failed attempts per network and reads the backlog at scrape', async () => {
      const text = await scrape(t.app);
      expect(text).toContain('# TYPE amora_postbacks_delivered_total counter');
      expect(text).toContain('# TYPE amora_postbacks_failed_total counter');
      expect(sample(text, 'amora_postbacks_delivered_total', { network: 'alpha' })).toBe(2);
      expect(sample(text, 'amora_postbacks_delivered_total', { network: 'beta' })).toBe(1);
      expect(sample(text, 'amora_postbacks_delivered_total', { network: 'gamma' })).toBe(3);
      expect(sample(text, 'amora_postbacks_failed_total', { network: 'delta' })).toBe(
        QUICK_DELIVERY.maxAttempts,
      );
      expect(
        sample(text, 'amora_postbacks_failed_total', { network: 'gamma' }),
      ).toBeGreaterThanOrEqual(3);
      // Skipped networks never become series.
      expect(text).not.toContain('network="nobody"');
      expect(sample(text, 'amora_postback_outbox_failed')).toBe(1);
      expect(sample(text, 'amora_postback_outbox_pending')).toBe(0);

      broken.status = 500;
      await t.app.postbacks.stop();
      await insertPostback(t.app, { network: 'delta', ref: 'waiting' });
      expect(sample(await scrape(t.app), 'amora_postback_outbox_pending')).toBe(1);
    });
  });

  describe(`postback delivery at close (${engine})`, () => {
    it('waits for a request in flight and writes its outcome before the database closes', async () => {
      const partner = await startPostbackPartner();
      partner.delayMs = 400;
      const t = await buildTestApp(engine, {
        site: { postbacks: { net: { url: `${partner.origin}/cb?r={ref}`, events: ['signup'] } } },
        postbackDelivery: QUICK_DELIVERY,
      });
      try {
        const id = await insertPostback(t.app, { network: 'net' });
        t.app.postbacks.wake();
        await partner.until(1);
        await t.app.close();
        expect(await statusAfterClose(t, id)).toEqual({ status: 'delivered', attempts: 1 });
      } finally {
        await t.close();
        await partner.close();
      }
    });
  });
}

/** A row's status read straight from the store of an app that has closed its database. */
async function statusAfterClose(t: TestApp, id: number) {
  const query = 'select status, attempts from postback_outbox where id = ';
  if (t.engine === 'sqlite') {
    const db = new BetterSqlite3(join(t.config.dataDir, 'app.db'), { readonly: true });
    try {
      return db.prepare(`${query}?`).get(id);
    } finally {
      db.close();
    }
  }
  const schema = t.config.dbSchema ?? 'public';
  return withPg(async (c) => {
    await c.query(`set search_path to "${schema}"`);
    const { rows } = await c.query(`${query}$1`, [id]);
    return { ...rows[0], attempts: Number(rows[0].attempts) };
  });
}
