import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_NAMES, SETTINGS_PATH } from '../../src/shared/cache-names';
import { goOffline, uncachedPhotos, waitForServiceWorker } from './helpers';

/** Phone first: paid traffic lands on these pages from an ad on a phone. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PASSWORD = 'quiet-meadow-ferry-2026';
const nl = JSON.parse(readFileSync('locales/nl/messages.json', 'utf8')) as {
  landers: { cta: string };
  signup: {
    account: { submit: string };
    push: { later: string };
    photo: { skip: string };
    location: { skip: string };
    personal: { skip: string };
    about: { skip: string };
    done: { members: string };
  };
  signupMatches: { title: string; continue: string };
  card: { like_named: string };
};

function freshEmail(name: string): string {
  return `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.net`;
}

const step = (page: Page, n: number) => page.locator(`[data-step="${n}"]`);

/** The member row as the server stored it (the e2e server's SQLite file, read-only). */
function storedMember(email: string): { trafficsource: string | null; language: string } {
  const db = new Database(join(process.env.E2E_DATA_DIR ?? '', 'app.db'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return db.prepare('select trafficsource, language from members where email = ?').get(email) as {
      trafficsource: string | null;
      language: string;
    };
  } finally {
    db.close();
  }
}

/** A member the landers show (seeded, with a photo), as a visitor's API call sees them. */
async function landerMember(page: Page): Promise<{ id: number; name: string }> {
  const res = await page.request.get('/api/lander.php?slug=eng');
  expect(res.status()).toBe(200);
  const { profiles } = (await res.json()) as { profiles: { id: number; name: string }[] };
  const member = profiles[0];
  if (!member) throw new Error('The seeded site shows nobody on landers');
  return member;
}

test('from a Dutch video lander to a finished sign-up that records the traffic source', async ({
  page,
}) => {
  const email = freshEmail('lotte');
  await page.goto('/landers/video/she-nl?network=abc&sub1=x');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl-NL');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Je volgende mooie gesprek begint vanavond',
  );
  // The members fill in after the headline: women, as the she- niche says.
  await expect(page.locator('.lander-strip-item img').first()).toBeVisible();

  await page.getByRole('link', { name: nl.landers.cta }).first().click();
  await expect(step(page, 0)).toBeVisible();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Naam').fill('Lotte');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: nl.signup.account.submit }).click();

  // The wizard goes on at /signup, the tracking query still on the address.
  await expect(page).toHaveURL(/\/signup\?network=abc&sub1=x$/);
  await expect(step(page, 1).or(step(page, 2)).or(step(page, 3))).toBeVisible();
  if (await step(page, 1).isVisible()) {
    await page.getByRole('button', { name: nl.signup.push.later }).click();
  }
  if (await step(page, 2).isVisible()) {
    await page.getByRole('button', { name: nl.signup.photo.skip }).click();
  }
  await page.getByRole('button', { name: nl.signup.location.skip }).click();
  await page.getByRole('button', { name: nl.signup.personal.skip }).click();
  await page.getByRole('button', { name: nl.signup.about.skip }).click();
  await expect(step(page, 7)).toBeVisible();

  expect(storedMember(email)).toEqual({ trafficsource: 'abc?sub1=x', language: 'nl' });

  // The last step leads to the members who fit, to like at once.
  await page.getByRole('link', { name: nl.signup.done.members }).click();
  await expect(page).toHaveURL(/\/signup-matches$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.signupMatches.title);
  const likeName = new RegExp(`^${nl.card.like_named.replace('{{name}}', '.+')}$`);
  const like = page.getByRole('button', { name: likeName }).first();
  await expect(like).toBeVisible();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: nl.signupMatches.continue }).click();
  await expect(page).toHaveURL(/\/members$/);
});

test("a member lander leads to that member's conversation", async ({ page }) => {
  const member = await landerMember(page);
  await page.goto(`/members/${member.id}/signup`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Chat with ${member.name}`);
  await expect(page.getByRole('img', { name: `Photo of ${member.name}` })).toBeVisible();

  await page.getByRole('link', { name: 'Sign up free' }).first().click();
  await page.getByLabel('Email').fill(freshEmail('joris'));
  await page.getByLabel('Name').fill('Joris');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByRole('heading', { name: new RegExp(member.name) }).first()).toBeVisible();
  const chats = (await (await page.request.get('/api/chats.php')).json()) as {
    chats: { profile: { id: number } }[];
  };
  expect(chats.chats.map((c) => c.profile.id)).toContain(member.id);
});

test('match-finder answers arrive in the new profile and the first search', async ({ page }) => {
  await page.goto('/match-finder');
  await page.getByText('Man', { exact: true }).click();
  await page.getByText('Women', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('26–35 years', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Country').selectOption('NL');
  await page.getByLabel('Region').selectOption({ label: 'Utrecht' });
  const region = Number(await page.getByLabel('Region').inputValue());
  await page.getByRole('button', { name: 'Show my matches' }).click();
  await expect(page.locator('#mf-result-title')).toHaveText(/fits? you|No exact matches/);

  await page.getByLabel('Email').fill(freshEmail('milan'));
  await page.getByLabel('Name').fill('Milan');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  const { user } = (await (await page.request.get('/api/user.php')).json()) as {
    user: { profile: { gender: string; country: string; countryregion: number } };
  };
  expect(user.profile).toMatchObject({ gender: 'male', country: 'NL', countryregion: region });

  // The first search of the members screen is the one the quiz asked for.
  await page.goto('/members');
  const filters = page.getByRole('form', { name: 'Search filters' });
  await expect(filters.getByLabel('Looking for')).toHaveValue('female');
  await expect(filters.getByLabel('Age')).toHaveValue('26-35');
  await expect(filters.getByLabel('Region')).toHaveValue(String(region));
});

test('an unknown lander slug is a 404, for people and for crawlers', async ({ page }) => {
  const response = await page.goto('/landers/video/xx-nl');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found')).toBeVisible();
  expect((await page.request.get('/landers/unknown/eng')).status()).toBe(404);
  expect((await page.request.get('/landers/gallery/gay-eng')).status()).toBe(200);
});

test('a lander visited once opens offline with the members of that visit', async ({ page }) => {
  await page.goto('/landers/gallery/eng');
  const first = page.locator('.lg-name').first();
  await expect(first).toBeVisible();
  const name = await first.textContent();
  await waitForServiceWorker(page);
  // The visit ends once the service worker has kept the photos it showed.
  await expect.poll(() => uncachedPhotos(page)).toEqual([]);

  await goOffline(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Say hello to singles near you');
  await expect(
    page.getByText('You are offline. These are the members shown on your last visit.'),
  ).toBeVisible();
  await expect(page.locator('.lg-name').first()).toHaveText(name ?? '');
  // Their photos too: the first visit fetched them before the service worker was there.
  const photos = page.locator('main img[src*="/uploads/"]');
  await expect(photos.first()).toBeVisible();
  const states = () =>
    photos.evaluateAll((images) =>
      (images as unknown as { complete: boolean; naturalWidth: number }[])
        .filter((image) => image.complete) // lazy ones below the fold have not asked yet
        .map((image) => (image.naturalWidth > 0 ? 'loaded' : 'broken')),
    );
  await expect.poll(async () => (await states()).includes('loaded')).toBe(true);
  expect(await states()).not.toContain('broken');
});

test('the map lander visited once draws its map offline', async ({ page }) => {
  await page.goto('/landers/maplanding/eng');
  const map = page.locator('figure.ml-map');
  await expect(map).toBeVisible();
  await waitForServiceWorker(page);
  // The first visit asked for the settings before the service worker was there: the worker keeps
  // them with the photos it showed (without that, only a page left open 10 s had them).
  await expect
    .poll(async () => (await settingsKept(page)) && (await uncachedPhotos(page)).length === 0)
    .toBe(true);

  await goOffline(page);
  await page.reload();
  await expect(
    page.getByText('You are offline. These are the members shown on your last visit.'),
  ).toBeVisible();
  await expect(map).toBeVisible();
  await expect(map.locator('.ml-pin').first()).toBeVisible();
});

/** Whether the service worker's settings cache holds the site settings. */
function settingsKept(page: Page): Promise<boolean> {
  return page.evaluate(
    async ({ cacheName, path }) => {
      const g = globalThis as unknown as {
        caches: { open(name: string): Promise<{ match(url: string): Promise<unknown> }> };
      };
      return Boolean(await (await g.caches.open(cacheName)).match(path));
    },
    { cacheName: CACHE_NAMES.settings, path: SETTINGS_PATH },
  );
}
