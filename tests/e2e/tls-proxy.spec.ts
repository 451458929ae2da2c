/**
 * The site over real TLS behind the shipped proxy configs (deploy/Caddyfile, deploy/nginx.conf):
 * the compiled server in production mode with BASE_URL https://amora.test:<port> and TRUST_PROXY=1,
 * a throwaway CA that Chromium trusts through its NSS database (never by ignoring certificate
 * errors: service workers refuse origins with certificate errors), and the checks a deployment
 * needs: sign-up and login, the member journey, cookie flags, one HSTS header, the service worker
 * offline, live events through the proxy, compression done once, and rate limits that key on the
 * address the proxy saw whatever X-Forwarded-For the client writes.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, DEMO2, goOffline, goOnline, login, reloadUnderServiceWorker } from './helpers';
import {
  decodedOnce,
  headerValues,
  openStream,
  plainGet,
  probe,
  ProbeSession,
} from './support/https-probe';
import {
  startProxiedSite,
  TEST_HOST,
  type ProxiedSite,
  type ProxyKind,
} from './support/proxied-site';

// Each proxy gets a server, a browser and a certificate of its own; the file runs in one worker,
// one proxy after the other, so it never holds more than one such set at a time.
test.describe.configure({ mode: 'default' });

const PASSWORD = 'violet-harbour-lantern-2026';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs up a member in Finland (where no demo login searches) with raw requests via the proxy. */
async function newMember(site: ProxiedSite, name: string, gender: 'male' | 'female', from: string) {
  const session = new ProbeSession(site, from);
  const email = `${name.toLowerCase()}-${unique()}@example.org`;
  const res = await session.send('POST', '/api/user.php?new=1', {
    email,
    name,
    password: PASSWORD,
  });
  expect(res.status, res.body.toString()).toBe(200);
  const { user } = JSON.parse(res.body.toString()) as { user: { id: number } };
  const profile = { gender, date_of_birth: '1994-05-17', country: 'FI', city: 'Helsinki' };
  expect((await session.send('PUT', '/api/user.php', { profile })).status).toBe(200);
  return { id: user.id, name, email, password: PASSWORD, session };
}

/** A JSON answer of the page's own session, fetched by the page (the browser trusts the CA). */
function pageJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url)).json(), path) as Promise<T>;
}

for (const kind of ['caddy', 'nginx'] satisfies ProxyKind[]) {
  test.describe(`through ${kind}`, () => {
    let site: ProxiedSite;
    let browser: Browser;
    const contexts: BrowserContext[] = [];
    const newPage = async () => {
      const context = await browser.newContext({ baseURL: site.origin });
      contexts.push(context);
      return context.newPage();
    };

    test.beforeAll(async ({ playwright, launchOptions }) => {
      test.setTimeout(180_000);
      site = await startProxiedSite(kind);
      browser = await playwright.chromium.launch({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${TEST_HOST} 127.0.0.1`],
        // Chromium reads trusted roots from $HOME/.pki/nssdb, where the test CA is.
        env: { ...process.env, HOME: site.browserHome },
      });
    });

    test.afterEach(async () => {
      for (const context of contexts.splice(0)) await context.close();
    });

    test.afterAll(async () => {
      await browser?.close();
      await site?.stop();
    });

    test('answers over https with one HSTS header; plain http is sent to https', async () => {
      const home = await probe(site, { path: '/' });
      expect(home.status).toBe(200);
      expect(headerValues(home, 'strict-transport-security')).toEqual([
        'max-age=31536000; includeSubDomains',
      ]);
      const api = await probe(site, { path: '/api/settings.php' });
      expect(headerValues(api, 'strict-transport-security')).toHaveLength(1);

      const plain = await plainGet(site.httpPort, '/members?x=1', `${TEST_HOST}:${site.httpPort}`);
      expect([301, 308]).toContain(plain.status);
      expect(plain.location).toMatch(
        new RegExp(`^https://${TEST_HOST}(:${site.port})?/members\\?x=1$`),
      );
    });

    test('sign-up, then login; the session cookie is Secure, HttpOnly, SameSite=Lax', async () => {
      const email = `tess-${unique()}@example.net`;
      const signup = await newPage();
      await signup.goto('/signup');
      await signup.getByLabel('Email').fill(email);
      await signup.getByLabel('Name').fill('Tess');
      await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
      const created = signup.waitForResponse((r) => r.url().includes('/api/user.php?new=1'));
      await signup.getByRole('button', { name: 'Create account' }).click();
      expect((await created).status()).toBe(200);
      await expect(signup.locator('[data-step="1"], [data-step="2"]').first()).toBeVisible();

      const page = await newPage();
      const loggedIn = page.waitForResponse((r) => r.url().endsWith('/api/login.php'));
      await login(page, { email, password: PASSWORD });
      const setCookies = (await (await loggedIn).headersArray())
        .filter(({ name }) => name.toLowerCase() === 'set-cookie')
        .map(({ value }) => value);
      const sid = setCookies.find((c) => c.startsWith('amora_sid='));
      expect(sid).toBeDefined();
      const attributes = sid!.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
      const stored = (await page.context().cookies()).find((c) => c.name === 'amora_sid');
      expect(stored).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      const me = await pageJson<{ user: { email: string } }>(page, '/api/user.php');
      expect(me.user.email).toBe(email);
    });

    test('the member journey: members, a profile, a like and a message', async () => {
      const page = await newPage();
      await login(page, DEMO);
      await page.goto('/members');
      const first = page.locator('article.profile-card a.profile-card-link').first();
      await expect(first).toBeVisible();
      const name = (await first.textContent())?.split(',')[0]?.trim() ?? '';
      await first.click();
      await expect(page).toHaveURL(/\/members\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
      const id = Number(/\/members\/(\d+)$/.exec(page.url())?.[1]);

      const like = page.getByRole('button', { name: `Like ${name}` });
      if ((await like.getAttribute('aria-pressed')) === 'true') {
        await like.click();
        await expect(like).toHaveAttribute('aria-pressed', 'false');
      }
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect
        .poll(async () => {
          const likes = await pageJson<{ profiles: { id: number }[] }>(page, '/api/likes.php');
          return likes.profiles.some((p) => p.id === id);
        })
        .toBe(true);

      await page.goto(`/members/${id}/chat`);
      await expect(page).toHaveURL(/\/chats\/\d+$/);
      const box = page.getByRole('textbox', { name: /^Message to / });
      const text = `Hello over TLS ${unique()}`;
      await box.fill(text);
      await box.press('Enter');
      const bubble = page
        .getByRole('region', { name: /^Messages with / })
        .locator('.chat-bubble')
        .filter({ has: page.getByText(text, { exact: true }) });
      await expect(bubble.locator('.chat-status')).toHaveText(/^(Sent|Delivered|Read)$/);
    });

    test('the service worker registers over https and a visited screen opens offline', async () => {
      const page = await newPage();
      await login(page, DEMO2);
      await page.goto('/members');
      const likeButtons = page.getByRole('button', { name: /^Like / });
      await expect(likeButtons.first()).toBeVisible();
      await reloadUnderServiceWorker(page);
      const scriptURL = await page.evaluate(
        () =>
          (
            globalThis as unknown as {
              navigator: { serviceWorker: { controller: { scriptURL: string } } };
            }
          ).navigator.serviceWorker.controller.scriptURL,
      );
      expect(scriptURL.startsWith(`${site.origin}/sw.js`)).toBe(true);

      await goOffline(page);
      await page.reload();
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await expect(likeButtons.first()).toBeVisible();
      await goOnline(page);
    });

    test('a like through the proxy reaches the event stream and the page at once', async () => {
      const liker = await newMember(site, 'Lena', 'female', '127.0.0.5');
      const liked = await newMember(site, 'Timo', 'male', '127.0.0.5');

      // Raw: the stream through the proxy, the like through the proxy, the gap between them.
      const stream = await openStream(
        site,
        '/api/events.php',
        liked.session.cookieHeader(),
        '127.0.0.5',
      );
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['content-encoding']).toBeUndefined();
      await stream.arrival(/retry: \d+/);
      // From before the like is sent: an upper bound that includes the like's own round trip.
      const likedAt = Date.now();
      const res = await liker.session.send('POST', '/api/likes.php', { profile: liked.id });
      expect(res.status).toBe(200);
      const arrived = await stream.arrival(new RegExp(`"type":"like","by":${liker.id}`));
      stream.close();
      const streamMs = arrived - likedAt;
      test.info().annotations.push({ type: `${kind} SSE latency`, description: `${streamMs} ms` });
      expect(streamMs).toBeLessThan(1000);

      // In the page: the liked member's likes screen shows the next liker without a reload.
      const page = await newPage();
      const streamOpen = page.context().waitForEvent('response', {
        predicate: (r) => r.url().endsWith('/api/events.php'),
      });
      await login(page, liked);
      await page.goto('/likes');
      await expect(page.locator('article.profile-card', { hasText: 'Lena' })).toBeVisible();
      await streamOpen;
      const second = await newMember(site, 'Mira', 'female', '127.0.0.5');
      const sentAt = Date.now();
      const sent = await second.session.send('POST', '/api/likes.php', { profile: liked.id });
      expect(sent.status).toBe(200);
      await expect(page.locator('article.profile-card', { hasText: 'Mira' })).toBeVisible();
      const pageMs = Date.now() - sentAt;
      test.info().annotations.push({ type: `${kind} like to page`, description: `${pageMs} ms` });
      expect(pageMs).toBeLessThan(3000);
    });

    test('compression happens once: one Content-Encoding, a body that decodes once', async () => {
      const html = (await probe(site, { path: '/' })).body.toString();
      const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      for (const path of [script!, '/api/settings.php']) {
        const res = await probe(site, {
          path,
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(res.status).toBe(200);
        const encodings = headerValues(res, 'content-encoding');
        expect(encodings, `${path} is compressed, once`).toHaveLength(1);
        expect(encodings[0]).toMatch(/^(br|gzip)$/);
        const direct = await fetch(`http://127.0.0.1:${site.serverPort}${path}`, {
          headers: { 'accept-encoding': 'identity' },
        });
        expect(decodedOnce(res).equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
      }
    });

    test('a client’s own X-Forwarded-* is ignored: limits key on the proxy’s view', async () => {
      const signUp = (from: string, forwardedFor?: string) =>
        probe(site, {
          method: 'POST',
          path: '/api/user.php?new=1',
          localAddress: from,
          headers: {
            'content-type': 'application/json',
            ...(forwardedFor && { 'x-forwarded-for': forwardedFor }),
          },
          body: JSON.stringify({
            email: `r-${unique()}@example.org`,
            name: 'Rio',
            password: PASSWORD,
          }),
        });
      // Sign-up allows 5 a minute per address. Each try claims to come from somewhere else.
      const statuses: number[] = [];
      for (let i = 1; i <= 7; i++) {
        statuses.push((await signUp('127.0.0.2', `203.0.113.${i}, 198.51.100.${i}`)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      // Another real address has its own count.
      expect((await signUp('127.0.0.3')).status).toBe(200);

      // The proxy writes X-Forwarded-Host from the Host it served: a client's own never arrives
      // (the server would refuse a foreign one with 400).
      const forged = await probe(site, {
        path: '/api/settings.php',
        headers: { 'x-forwarded-host': 'evil.example' },
      });
      expect(forged.status).toBe(200);
    });
  });
}
