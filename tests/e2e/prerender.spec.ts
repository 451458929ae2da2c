import { readFileSync } from 'node:fs';
import { expect, test, type ConsoleMessage } from '@playwright/test';
import { DEMO, holdRequests, waitForServiceWorker } from './helpers';

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its content, in the browser language', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl-NL');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Ontmoet mensen die met jou willen praten',
    );
    await expect(page.getByRole('link', { name: 'Meld je gratis aan!' }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Juridisch en hulp' })).toBeVisible();
    await context.close();
  });

  test('the login page shows its form', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Log in · Amora');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('the sign-up page shows step 0 of the wizard', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your free account');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Name')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  });

  // Every design, in the slug's language whatever the browser says, with the niche's audience.
  const LANDERS = [
    ['video', 'she-nl', 'Vrouwen bij jou in de buurt'],
    ['gallery', 'gay-eng', 'Men who like men'],
    ['maplanding', 'pl', 'Single w pobliżu'],
    ['alonetonight', 'milf-de', null],
    ['iconslanding', 'fr', null],
    ['socialnetwork', 'bbw-es', null],
    ['collagelanding', 'it', null],
    ['transitionsvideolanding', 'gilf-eng', null],
  ] as const;
  for (const [kind, slug, audience] of LANDERS) {
    test(`the ${kind} lander shows its headline and sign-up (${slug})`, async ({ page }) => {
      await page.goto(`/landers/${kind}/${slug}?network=abc&sub1=x`);
      const language = slug.endsWith('eng') ? 'en' : slug.slice(-2);
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const kicker = page.locator('.lander-kicker').first();
      await expect(kicker).not.toBeEmpty();
      if (audience) await expect(kicker).toHaveText(audience);
      await expect(page.locator('body')).not.toContainText('[[slot:');
      const signup = page.locator('a[href^="/signup"]').first();
      await expect(signup).toBeVisible();
    });
  }

  test('the match-finder shows its first question', async ({ page }) => {
    await page.goto('/match-finder');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Who fits you? Find out in 30 seconds',
    );
    await expect(page.getByRole('radio', { name: 'Woman' }).first()).toBeAttached();
    await expect(page.getByText('Woman', { exact: true }).first()).toBeVisible();
  });

  // Each member lander variant, with a member who has a photo (the lander API lists them first).
  for (const [route, language, age] of [
    ['signup', 'en', 'years'],
    ['landing2/she-nl', 'nl', 'jaar'],
    ['landing3/de', 'de', 'Jahre'],
  ] as const) {
    test(`the member lander ${route} shows the member's card`, async ({ page, request }) => {
      const listed = await request.get('/api/lander.php?slug=eng');
      const { profiles } = (await listed.json()) as {
        profiles: { id: number; name: string; age: number | null; main_image: unknown }[];
      };
      const member = profiles.find((p) => p.main_image !== null && p.age !== null)!;
      expect(member).toBeDefined();
      await page.goto(`/members/${member.id}/${route}`);
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
      const photo = page.locator('img.ml2-photo').first();
      await expect(photo).toBeVisible();
      expect(
        await photo.evaluate((img: { naturalWidth: number }) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await expect(page.locator('.ml2-age').first()).toHaveText(`${member.age} ${age}`);
      await expect(page.locator(`a[href="/signup?profile=${member.id}"]`).first()).toBeVisible();
      await expect(page.locator('body')).not.toContainText('[[slot:');
    });
  }

  test('a legal page shows its text with the operator filled in', async ({ page }) => {
    await page.goto('/pages/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('[[slot:');
    await expect(page.locator('.footer-company')).toContainText(String(new Date().getFullYear()));
  });
});

test('a member lander names the place in the words the server wrote, after the app takes over', async ({
  page,
  request,
}) => {
  const listed = await request.get('/api/lander.php?slug=nl');
  const { profiles } = (await listed.json()) as {
    profiles: { id: number; main_image: unknown; city: string | null }[];
  };
  const member = profiles.find((p) => p.main_image !== null && p.city)!;
  expect(member).toBeDefined();
  const path = `/members/${member.id}/landing2/she-nl`;
  const served = await (await request.get(path)).text();
  const written = new RegExp(`<span class="ml2-place" data-member="${member.id}">([^<]+)<`).exec(
    served,
  )?.[1];
  expect(written).toContain(member.city);

  await page.goto(path);
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.locator('#root .ml2-place')).toHaveText(written!);
});

test('the app takes over a prerendered page without errors and keeps what was typed', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  // Scripts arrive late, as on a slow phone: the visitor starts typing into the prerendered form.
  const release = await holdRequests(page, '**/assets/*.js');
  await page.goto('/login');
  await expect(page.locator('#prerendered')).toHaveCount(1);
  await page.getByLabel('Email address').fill('early@example.com');
  release();

  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.locator('#root')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue('early@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText(/do not match/i);
  expect(problems.filter((p) => !/status of 40[13]/.test(p))).toEqual([]);
});

test('a prerendered page takes over and serves the visit without i18next, until the language changes', async ({
  page,
}) => {
  const messages = (lng: string) =>
    JSON.parse(readFileSync(`locales/${lng}/messages.json`, 'utf8')) as {
      home: { title: string };
      nav: { language: string };
    };
  await page
    .context()
    .addCookies([{ name: 'i18n_redirected', value: 'nl', domain: '127.0.0.1', path: '/' }]);
  let asked = 0;
  page.on('request', (request) => {
    if (/\/assets\/i18n-[\w-]+\.js$/.test(request.url())) asked++;
  });
  await page.goto('/');

  // The app's own page is up, in the page's language, and stays without i18next while idle.
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.locator('#root h1')).toHaveText(messages('nl').home.title);
  // The work of an idle page is done: the parts loaded after the first screen are in, and the
  // service worker they register controls the page with the network quiet.
  await waitForServiceWorker(page);
  expect(asked).toBe(0);

  // A language change brings i18next in, which loads the new language's messages.
  await page.getByLabel(messages('nl').nav.language).first().selectOption('de');
  await expect(page.locator('#root h1')).toHaveText(messages('de').home.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  expect(asked).toBe(1);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('de');
});

test('a login sent before the app is there goes through once it has taken over', async ({
  page,
}) => {
  const release = await holdRequests(page, '**/assets/*.js');
  await page.goto('/login');
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Held back: no native form submission reloads the page with the fields in its address.
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.locator('.is-logged-in')).toHaveCount(1);
});

test('the app loads only once the preloaded largest image of the page has arrived', async ({
  page,
}) => {
  const release = await holdRequests(page, '**/landers/video-poster.webp');
  const appFiles: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/.+\.(js|css)$/.test(request.url())) appFiles.push(request.url());
  });
  // Not 'load': the held poster is what the page's load event waits for.
  await page.goto('/landers/video/eng', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#prerendered')).toBeVisible();
  // Several frames drawn: nothing of the app's competes with the poster meanwhile.
  await page.evaluate(
    'new Promise((r) => { let n = 0; const f = () => (++n < 10 ? requestAnimationFrame(f) : r()); requestAnimationFrame(f); })',
  );
  // Asked for in the page's own time, before the boot script's 1.5 s safety start: none. (A busy
  // machine may take longer than that to get here; what came after 1.5 s is the safety start.)
  const early = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/.+\.(js|css)$/.test(e.name) && e.startTime < 1400)
      .map((e) => e.name),
  );
  expect(early).toEqual([]);

  release();
  await expect(page.locator('#prerendered')).toHaveCount(0);
  expect(appFiles.length).toBeGreaterThan(0);
});

test("a lander asks for its screen's files with the app's, not after the router has", async ({
  page,
}) => {
  // The entry held back: nothing of the app runs, so no router can ask for the screen yet.
  const release = await holdRequests(page, '**/assets/index-*.js');
  const screenAsked = page.waitForRequest(/\/assets\/GalleryLander-[\w-]+\.js$/);
  await page.goto('/landers/gallery/nl', { waitUntil: 'domcontentloaded' });
  await screenAsked;
  release();

  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.locator('#root .lander')).toBeVisible();
  // One link each: the app's own preloading found the page's and added none.
  expect(await page.locator('link[href*="/assets/GalleryLander-"]').count()).toBe(1);
  const sheets = page.locator('link[rel="stylesheet"][data-app-css]');
  expect(await sheets.count()).toBeGreaterThan(1);
});

test("the app's style sheets apply together: a member lander does not move while they arrive", async ({
  page,
}) => {
  // Page code as source: this project's compiler options have no DOM types.
  await page.addInitScript({
    content:
      'window.shifts = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) ' +
      "window.shifts.push(e.value); }).observe({ type: 'layout-shift', buffered: true });",
  });
  // The screen's own style sheet held back: the app's arrives alone.
  const release = await holdRequests(
    page,
    (url) => /\/assets\/.+\.css$/.test(url.pathname) && !/\/assets\/index-/.test(url.pathname),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/members/2/signup', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#prerendered .lander-cta')).toBeVisible();
  const appSheetLoaded = `document.querySelector('link[data-app-css][href*="/assets/index-"]')?.sheet != null`;
  await expect.poll(() => page.evaluate<boolean>(appSheetLoaded)).toBe(true);
  // Two frames for the style sheet to be applied, had it been.
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  const shifts = () => page.evaluate<number[]>('window.shifts');
  // The app's rules before the screen's would undo the screen's: the join button shrank.
  expect(await shifts()).toEqual([]);

  release();
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.locator('#root .lander-cta')).toBeVisible();
  expect(await shifts()).toEqual([]);
});

test('a member gets the app shell, a visitor the prerendered page', async ({ request }) => {
  const member = await request.get('/', { headers: { cookie: 'amora_in=1' } });
  expect(await member.text()).not.toContain('id="prerendered"');
  const visitor = await request.get('/');
  expect(await visitor.text()).toContain('id="prerendered"');
});
