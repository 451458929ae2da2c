/**
 * Sponsored results: GET /api/xcams/search.php (eligibility, demo feed, filters, input), the cam and
 * ad redirects, demo snapshots, and a partner feed on loopback that fails or hangs.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/shared/contract/fields';
import { CamsResponse } from '../../src/shared/contract/members';
import { Settings } from '../../src/shared/contract/settings';
import { SPONSORED_MIN_ACCOUNT_AGE_MS } from '../../src/shared/sponsored';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const SEARCH = '/api/xcams/search.php';
const DEMO_SIZE = 24;

/** Logs in a new member; signup 10 days ago unless `signupAt` says otherwise. */
async function memberCookie(t: TestApp, opts: { paid?: boolean; signupAt?: number } = {}) {
  const email = `cams-${Math.random().toString(36).slice(2)}@example.com`;
  const id = await insertMember(t.app, { email });
  await t.app.db
    .updateTable('members')
    .set({
      paid_user: opts.paid ?? false,
      ...(opts.signupAt !== undefined && { signup_date: opts.signupAt }),
    })
    .where('id', '=', id)
    .execute();
  return login(t.app, email);
}

function accounts(body: unknown): string[] {
  return Object.values(CamsResponse.parse(body).cams).map((c) => c.account);
}

/** A partner on loopback whose behaviour each test picks. */
async function startPartner() {
  const state = { mode: 'ok' as 'ok' | 'error' | 'hang' | 'garbage', urls: [] as string[] };
  const server: Server = createServer((req, res) => {
    state.urls.push(req.url ?? '');
    if (state.mode === 'hang') return; // never answers; the app's timeout must end the wait
    if (state.mode === 'error') {
      res.writeHead(500).end('boom');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (state.mode === 'garbage') {
      res.end('{"cams": not json');
      return;
    }
    res.end(
      JSON.stringify({
        cams: {
          a: { account: 'PartnerAnna', name: 'Anna', age: 30, gender: 'female' },
          b: { account: 'bad/account' },
          c: { account: 'PartnerBen', name: 'Ben', age: 50, gender: 'male', extra: 1 },
        },
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    state,
    port,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

for (const engine of ENGINES) {
  describe(`xcams (${engine})`, () => {
    let t: TestApp;
    let cookie: string;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      cookie = await memberCookie(t);
    });
    afterAll(() => t.close());
    afterEach(() => {
      vi.useRealTimers();
    });

    const get = (url: string, c?: string) =>
      t.app.inject({ method: 'GET', url, ...(c ? as(c) : {}) });

    it('refuses visitors and paid members with 403', async () => {
      const visitor = await get(SEARCH);
      expect(visitor.statusCode).toBe(403);
      expect(ApiError.parse(visitor.json()).message).toMatch(/logged in/);
      const paid = await get(SEARCH, await memberCookie(t, { paid: true }));
      expect(paid.statusCode).toBe(403);
      expect(ApiError.parse(paid.json()).message).toMatch(/not available/);
    });

    it('needs a signup strictly older than 4 days', async () => {
      const now = Date.now();
      const young = await memberCookie(t, { signupAt: now - SPONSORED_MIN_ACCOUNT_AGE_MS });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      expect((await get(SEARCH, young)).statusCode).toBe(403);
      vi.setSystemTime(now + 1);
      expect((await get(SEARCH, young)).statusCode).toBe(200);
    });

    it('answers the demo feed with local snapshot addresses', async () => {
      const res = await get(SEARCH, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const { cams } = CamsResponse.parse(res.json());
      expect(Object.keys(cams)).toEqual(Array.from({ length: DEMO_SIZE }, (_, i) => String(i)));
      expect(cams['0']).toMatchObject({ account: 'LunaBelle', name: 'Luna', age: 24 });
      expect(cams['0']?.snapshot).toBe('/api/xcams/snapshot/LunaBelle');
      const settings = Settings.parse((await get('/api/settings.php')).json());
      expect(settings.cams_snapshot_prefix).toBe('/api/xcams/snapshot/');
    });

    it('filters by gender and age range', async () => {
      const men = CamsResponse.parse((await get(`${SEARCH}?gender=male`, cookie)).json());
      const list = Object.values(men.cams);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((c) => c.gender === 'male')).toBe(true);
      const res = await get(`${SEARCH}?gender=female&min_age=30&max_age=40`, cookie);
      const women = Object.values(CamsResponse.parse(res.json()).cams);
      expect(women.map((c) => c.account)).toEqual([
        'ChloeSunset',
        'ZofiaDream',
        'NinaRose',
        'IslaHeart',
      ]);
      expect(accounts((await get(`${SEARCH}?gender=&min_age=60`, cookie)).json())).toEqual([
        'OliverCrest',
      ]);
    });

    it.each([
      'min_age=40&max_age=30',
      'min_age=abc',
      'max_age=-5',
      'min_age=17',
      'max_age=101',
      'gender=other',
    ])('refuses %s with 400', async (query) => {
      const res = await get(`${SEARCH}?${query}`, cookie);
      expect(res.statusCode).toBe(400);
      expect(ApiError.parse(res.json()).statusCode).toBe(400);
    });

    it('redirects a cam card to the demo destination, which exists', async () => {
      const res = await get('/api/xcams/redirect.php?account=LunaBelle');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/api/xcams/demo.php?account=LunaBelle');
      const page = await get(res.headers.location as string);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Luna, 24');
    });

    it('answers 404 for an unknown account and 400 for a malformed one', async () => {
      const unknown = await get('/api/xcams/redirect.php?account=Nobody');
      expect(unknown.statusCode).toBe(404);
      expect(ApiError.parse(unknown.json()).message).toMatch(/Unknown webcam account/);
      expect((await get('/api/xcams/redirect.php')).statusCode).toBe(400);
      expect((await get('/api/xcams/redirect.php?account=%3Cscript%3E')).statusCode).toBe(400);
      expect((await get('/api/xcams/snapshot/Nobody')).statusCode).toBe(404);
    });

    it('redirects an ad card through resellpartner.php', async () => {
      const res = await get('/api/resellpartner.php?flow=profile-search&redirect=1');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/api/xcams/demo.php?flow=profile-search');
      expect((await get(res.headers.location as string)).statusCode).toBe(200);
      const json = await get('/api/resellpartner.php?flow=profile-search');
      expect(json.json()).toEqual({ url: '/api/xcams/demo.php?flow=profile-search' });
      expect((await get('/api/resellpartner.php?flow=elsewhere&redirect=1')).statusCode).toBe(400);
    });

    it('serves a cached PNG snapshot of a demo performer', async () => {
      const first = await get('/api/xcams/snapshot/MiaVelvet');
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/png');
      expect(first.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      const again = await get('/api/xcams/snapshot/MiaVelvet');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    });

    describe('member_resell', () => {
      it.each([
        [[], 403],
        [['cams'], 200],
        [['camads'], 200],
      ] as const)('%j answers %i', async (resell, status) => {
        const other = await buildTestApp(engine, { site: { member_resell: [...resell] } });
        try {
          expect(
            (
              await other.app.inject({
                method: 'GET',
                url: SEARCH,
                ...as(await memberCookie(other)),
              })
            ).statusCode,
          ).toBe(status);
        } finally {
          await other.close();
        }
      });
    });

    describe('partner feed on loopback', () => {
      let partner: Awaited<ReturnType<typeof startPartner>>;
      let p: TestApp;
      let pCookie: string;

      beforeAll(async () => {
        partner = await startPartner();
        p = await buildTestApp(engine, {
          xcams: {
            ...t.config.xcams,
            feedUrl: `http://127.0.0.1:${partner.port}/feed?g={gender}&min={min_age}&max={max_age}`,
            feedTimeoutMs: 300,
            redirectUrl: 'https://cams.partner.invalid/show/{account}?src=amora',
          },
        });
        pCookie = await memberCookie(p);
      });
      afterAll(async () => {
        await p.close();
        await partner.close();
      });

      const search = (query = '') =>
        p.app.inject({ method: 'GET', url: `${SEARCH}${query}`, ...as(pCookie) });

      it('passes the filters and keeps only valid entries', async () => {
        partner.state.mode = 'ok';
        const res = await search('?gender=female&min_age=25');
        expect(res.statusCode).toBe(200);
        expect(accounts(res.json())).toEqual(['PartnerAnna']);
        expect(partner.state.urls.at(-1)).toBe('/feed?g=female&min=25&max=');
        const redirect = await p.app.inject({
          method: 'GET',
          url: '/api/xcams/redirect.php?account=PartnerAnna',
        });
        expect(redirect.statusCode).toBe(302);
        expect(redirect.headers.location).toBe(
          'https://cams.partner.invalid/show/PartnerAnna?src=amora',
        );
      });

      it.each(['error', 'hang', 'garbage'] as const)(
        'answers an empty list when the partner feed is %s',
        async (mode) => {
          partner.state.mode = mode;
          const started = Date.now();
          const res = await search();
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ cams: {} });
          expect(Date.now() - started).toBeLessThan(5000);
        },
      );
    });
  });
}
