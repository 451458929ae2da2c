/** Postback addresses, amounts, signatures and backoff: the pure rules of server/postbacks/. */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POSTBACK_DELIVERY, loadConfig, ROOT_DIR } from '../../server/config';
import { createSite } from '../../server/lib/site';
import { majorUnitDecimal } from '../../src/shared/money';
import { describeFailure } from '../../server/postbacks/postback-attempt';
import { retryDelay } from '../../server/postbacks/postback-backoff';
import { PostbackTargets, templateProblem } from '../../server/postbacks/postback-config';
import {
  EVENT_ID_HEADER,
  fillTemplate,
  postbackRequest,
  SIGNATURE_HEADER,
} from '../../server/postbacks/postback-request';

const PURCHASE = {
  id: 42,
  event: 'first_purchase',
  ref: 'click 1&x=2',
  sub1: 'ü/?#',
  sub2: '',
  sub3: 'c',
  amount: 1999,
  currency: 'EUR',
  transactionRef: '17',
};

describe('amounts in major units', () => {
  it('moves the decimal point by the currency’s minor-unit digits', () => {
    expect(majorUnitDecimal(1999, 'EUR')).toBe('19.99');
    expect(majorUnitDecimal(5, 'EUR')).toBe('0.05');
    expect(majorUnitDecimal(0, 'EUR')).toBe('0.00');
    expect(majorUnitDecimal(-500, 'GBP')).toBe('-5.00');
    expect(majorUnitDecimal(1200, 'JPY')).toBe('1200');
    expect(majorUnitDecimal(12345, 'BHD')).toBe('12.345');
    expect(majorUnitDecimal(900719925474099, 'USD')).toBe('9007199254740.99');
  });
});

describe('postback address templates', () => {
  it('accepts http(s) addresses with known placeholders in the path and query', () => {
    for (const url of [
      'https://partner.example/cb?click={ref}&e={event}&a={amount}&c={currency}&t={transaction}',
      'http://127.0.0.1:9000/{event}/{event_id}?s={sub1}-{sub2}-{sub3}',
      'https://partner.example/plain',
    ]) {
      expect(templateProblem(url)).toBeNull();
    }
  });

  it('refuses unknown placeholders, other schemes, placeholders in the host and stray braces', () => {
    expect(templateProblem('https://p.example/?x={clickid}')).toMatch(
      /Unknown placeholder \{clickid\}/,
    );
    expect(templateProblem('https://p.example/?x={Ref}')).toMatch(/Unknown placeholder/);
    expect(templateProblem('ftp://p.example/?x={ref}')).toMatch(/http/);
    expect(templateProblem('/relative?x={ref}')).toMatch(/http/);
    expect(templateProblem('https://{ref}.p.example/')).toMatch(/host/);
    expect(templateProblem('https://p.example:{sub1}/')).toMatch(/host/);
    expect(templateProblem('https://p.example/?x={ref')).toMatch(/Unmatched/);
    expect(templateProblem('https://user:pw@p.example/')).toMatch(/credentials/);
  });

  it('checks the whole postbacks setting', () => {
    const ok = PostbackTargets.safeParse({
      net: { url: 'https://p.example/?r={ref}', events: ['signup', 'refund'] },
    });
    expect(ok.success).toBe(true);
    for (const bad of [
      { net: { url: 'https://p.example/?r={ref}', events: [] } },
      { net: { url: 'https://p.example/?r={ref}', events: ['signup', 'signup'] } },
      { net: { url: 'https://p.example/?r={ref}', events: ['click'] } },
      { net: { url: 'https://p.example/?r={ref}', events: ['signup'], secret: 'short' } },
      { net: { url: 'https://p.example/?r={nope}', events: ['signup'] } },
      { '': { url: 'https://p.example/', events: ['signup'] } },
    ]) {
      expect(PostbackTargets.safeParse(bad).success).toBe(false);
    }
  });
});

describe('filling a template', () => {
  it('URL-encodes every value', () => {
    const url = fillTemplate(
      'https://p.example/cb?r={ref}&s1={sub1}&s2={sub2}&s3={sub3}&e={event}&id={event_id}&a={amount}&c={currency}&t={transaction}',
      PURCHASE,
    );
    const q = new URL(url).searchParams;
    expect(Object.fromEntries(q)).toEqual({
      r: 'click 1&x=2',
      s1: 'ü/?#',
      s2: '',
      s3: 'c',
      e: 'first_purchase',
      id: '42',
      a: '19.99',
      c: 'EUR',
      t: '17',
    });
    expect(url).toContain('r=click%201%26x%3D2');
  });

  it('gives events without money an amount of 0 and no currency', () => {
    const url = fillTemplate('https://p.example/?a={amount}&c={currency}', {
      ...PURCHASE,
      event: 'signup',
      amount: 0,
      currency: '',
    });
    expect(url).toBe('https://p.example/?a=0&c=');
  });
});

describe('signing', () => {
  it('signs "<t>.<url>" with HMAC-SHA256 when the network has a secret', () => {
    const secret = 'partner-secret-0123456789';
    const now = Date.UTC(2026, 11, 6, 12, 0, 0);
    const { url, headers } = postbackRequest(
      { url: 'https://p.example/cb?r={ref}', secret },
      PURCHASE,
      now,
    );
    const t = Math.floor(now / 1000);
    const mac = createHmac('sha256', secret).update(`${t}.${url}`).digest('hex');
    expect(headers[SIGNATURE_HEADER]).toBe(`t=${t},v1=${mac}`);
    expect(headers[EVENT_ID_HEADER]).toBe('42');
  });

  it('sends no signature without a secret', () => {
    const { headers } = postbackRequest({ url: 'https://p.example/' }, PURCHASE, Date.now());
    expect(headers).toEqual({ [EVENT_ID_HEADER]: '42' });
  });

  it('signs the address exactly as it is sent', () => {
    const { url } = postbackRequest({ url: 'HTTPS://P.Example/cb?r={ref}' }, PURCHASE, 0);
    expect(url).toBe('https://p.example/cb?r=click%201%26x%3D2');
  });
});

describe('backoff', () => {
  const config = { retryBaseMs: 30_000, retryMaxMs: 6 * 3_600_000 };
  it('doubles from the base and stops at the cap', () => {
    const middle = (n: number) => retryDelay(n, config, 0.5);
    expect(middle(1)).toBe(30_000);
    expect(middle(2)).toBe(60_000);
    expect(middle(5)).toBe(480_000);
    expect(middle(11)).toBe(6 * 3_600_000);
    expect(middle(100)).toBe(6 * 3_600_000);
  });

  it('spreads each wait by up to a fifth either way, never past the cap', () => {
    expect(retryDelay(1, config, 0)).toBe(24_000);
    expect(retryDelay(1, config, 0.999_999)).toBeCloseTo(36_000, -1);
    expect(retryDelay(20, config, 0.999_999)).toBe(6 * 3_600_000);
    expect(retryDelay(20, config, 0)).toBe(17_280_000);
  });
});

describe('reasons of failed attempts', () => {
  const fetchError = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });
  it('says in a few words what happened', () => {
    expect(describeFailure(new DOMException('t', 'TimeoutError'))).toBe('timeout');
    expect(describeFailure(fetchError({ code: 'ECONNREFUSED' }))).toBe('connection refused');
    expect(describeFailure(fetchError({ errors: [{ code: 'ECONNREFUSED' }] }))).toBe(
      'connection refused',
    );
    expect(describeFailure(fetchError({ code: 'ENOTFOUND' }))).toBe('host not found');
    expect(describeFailure(fetchError({ code: 'CERT_HAS_EXPIRED' }))).toBe('TLS error');
    expect(describeFailure(fetchError({ code: 'EPIPE' }))).toBe('network error EPIPE');
    expect(describeFailure(new Error('odd'))).toBe('request failed');
  });
});

describe('postback settings', () => {
  it('sends nothing by default and takes the delivery timing from the environment', () => {
    const config = loadConfig({});
    expect(config.site.postbacks).toEqual({});
    expect(config.postbackDelivery).toEqual(DEFAULT_POSTBACK_DELIVERY);
    expect(
      loadConfig({
        POSTBACK_POLL_MS: '200',
        POSTBACK_TIMEOUT_MS: '3000',
        POSTBACK_RETRY_BASE_MS: '1000',
        POSTBACK_RETRY_MAX_MS: '60000',
        POSTBACK_MAX_ATTEMPTS: '5',
      }).postbackDelivery,
    ).toEqual({
      pollMs: 200,
      timeoutMs: 3000,
      retryBaseMs: 1000,
      retryMaxMs: 60_000,
      maxAttempts: 5,
    });
    expect(() =>
      loadConfig({ POSTBACK_RETRY_BASE_MS: '60000', POSTBACK_RETRY_MAX_MS: '1000' }),
    ).toThrow(/POSTBACK_RETRY_MAX_MS/);
    expect(() => loadConfig({ POSTBACK_MAX_ATTEMPTS: '0' })).toThrow(/POSTBACK_MAX_ATTEMPTS/);
  });

  it("reads an operator's site config and stops at a wrong postback address", () => {
    const dir = mkdtempSync(join(tmpdir(), 'amora-postbacks-'));
    try {
      const shipped = JSON.parse(
        readFileSync(join(ROOT_DIR, 'server/site.config.json'), 'utf8'),
      ) as Record<string, unknown>;
      const write = (postbacks: unknown) => {
        const file = join(dir, `site-${Math.random()}.json`);
        writeFileSync(file, JSON.stringify({ ...shipped, postbacks }));
        return file;
      };
      const adnet = {
        url: 'https://track.adnet.example/cb?click={ref}&e={event}',
        events: ['signup', 'refund'],
        secret: 'a-secret-of-enough-length',
      };
      const config = loadConfig({ SITE_CONFIG: write({ adnet }) });
      expect(config.site.postbacks).toEqual({ adnet });
      // The Settings call never carries it: the secret stays on the server.
      expect(
        JSON.stringify(createSite(config.site).settings({ country: null, selected: null })),
      ).not.toContain('secret');
      expect(() =>
        loadConfig({
          SITE_CONFIG: write({ adnet: { ...adnet, url: 'https://t.example/?c={click}' } }),
        }),
      ).toThrow(/postbacks[\s\S]*Unknown placeholder \{click\}/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
