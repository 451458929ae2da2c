import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { goOffline, goOnline, newMember, waitForServiceWorker } from './helpers';
import { mailsTo, waitForMailLink } from './support/mail';

/** A fresh address per run: sign-ups are for good. */
function freshEmail(name: string): string {
  return `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.net`;
}

const PASSWORD = 'quiet-meadow-ferry-2026';

/** A real JPEG, as a phone camera would hand it over. */
async function portraitJpeg(): Promise<string> {
  const jpeg = await sharp({
    create: { width: 900, height: 1200, channels: 3, background: { r: 214, g: 120, b: 150 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return jpeg.toString('base64');
}

/** Drops a file onto the drop zone the way a browser does (a drop event carrying DataTransfer). */
async function dropPhoto(page: Page, base64: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle((b64) => {
    const g = globalThis as unknown as {
      atob(data: string): string;
      DataTransfer: new () => { items: { add(file: unknown): void } };
      File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
    };
    const bytes = Uint8Array.from(g.atob(b64), (c) => c.charCodeAt(0));
    const transfer = new g.DataTransfer();
    transfer.items.add(new g.File([bytes], 'me.jpg', { type: 'image/jpeg' }));
    return transfer;
  }, base64);
  const zone = page.getByTestId('photo-drop');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const step = (page: Page, n: number) => page.locator(`[data-step="${n}"]`);

/** The user as the server has it, through the page's own session. */
async function serverUser(page: Page) {
  const res = await page.request.get('/api/user.php');
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as {
      user: {
        email: string;
        activated: boolean;
        profile: {
          main_image: { thumb_filename: string } | null;
          country: string | null;
          city: string | null;
          gender: string | null;
          date_of_birth: string | null;
          personal: string | null;
          lastSignupStep: boolean;
          language: string;
        };
      };
    }
  ).user;
}

test.describe('sign-up on a phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    geolocation: { latitude: 52.0907, longitude: 5.1214 }, // Utrecht
    // Push possible: after the account step the wizard offers notifications, then the photo
    // (SPEC §4: without push it goes straight to the living area).
    permissions: ['geolocation', 'notifications'],
  });

  test('a visitor goes from the landing page to an activated account with photo and location', async ({
    page,
  }) => {
    const email = freshEmail('lotte');
    await page.goto('/');
    await page
      .getByRole('link', { name: /sign up|create.*account|join/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/signup/);

    await expect(step(page, 0)).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Lotte');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Step 1 (notifications) shows where the browser can do push; this test skips it.
    await expect(step(page, 1).or(step(page, 2))).toBeVisible();
    if (await step(page, 1).isVisible())
      await page.getByRole('button', { name: 'Not now' }).click();

    await expect(step(page, 2)).toBeVisible();
    await dropPhoto(page, await portraitJpeg());
    await expect(page.getByAltText('Preview of your photo')).toBeVisible();
    await page.getByRole('button', { name: 'Save photo' }).click();

    // Entering step 3 asks for the position: Utrecht lies in the Netherlands.
    await expect(step(page, 3)).toBeVisible();
    await expect(page.getByLabel('City')).toHaveValue(/Utrecht/);
    await page.getByRole('button', { name: 'Save living area' }).click();

    await expect(step(page, 4)).toBeVisible();
    await page.getByText('Woman', { exact: true }).click(); // a button-styled radio
    await expect(page.getByLabel('Woman')).toBeChecked();
    await page.getByLabel('Date of birth').fill('1992-06-14');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await expect(step(page, 5)).toBeVisible();
    await page.getByLabel('About me').fill('Cycling along the canals and good coffee.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await expect(step(page, 7)).toBeVisible();
    await expect(step(page, 7)).toContainText(email);

    const link = await waitForMailLink(email, '/api/activate.php?token=');
    await page.goto(link);
    await expect(page).toHaveURL(/\/activate\/done/);

    const user = await serverUser(page);
    expect(user.activated).toBe(true);
    expect(user.profile.main_image).not.toBeNull();
    expect(user.profile).toMatchObject({
      country: 'NL',
      city: 'Utrecht',
      gender: 'female',
      date_of_birth: '1992-06-14',
      personal: 'Cycling along the canals and good coffee.',
      lastSignupStep: true,
    });
  });

  test('the same in Dutch: the wizard, its messages and the activation mail speak Dutch', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      locale: 'nl-NL',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      permissions: ['notifications'],
    });
    const page = await context.newPage();
    const email = freshEmail('sanne');
    await page.goto('/signup');
    await expect(step(page, 0)).toBeVisible();

    // Dutch validation messages first: a bad address, then a fixed one.
    await page.getByLabel('E-mailadres').fill('sanne@');
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(
      step(page, 0)
        .getByText(/geldig e-mailadres/i)
        .first(),
    ).toBeVisible();

    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Naam').fill('Sanne');
    await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Account aanmaken' }).click();

    await expect(step(page, 1)).toBeVisible();
    await page.getByRole('button', { name: 'Niet nu' }).click();

    // This time the photo is chosen with the file picker instead of dropped.
    await expect(step(page, 2)).toBeVisible();
    await page.getByTestId('photo-input').setInputFiles({
      name: 'ik.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(await portraitJpeg(), 'base64'),
    });
    await page.getByRole('button', { name: 'Foto opslaan' }).click();

    // No position shared: the living area is typed in.
    await expect(step(page, 3)).toBeVisible();
    await page.getByLabel('Land').selectOption('NL');
    await page.getByLabel('Woonplaats').fill('Haarlem');
    await page.getByRole('button', { name: 'Woonplaats opslaan' }).click();
    await expect(step(page, 4)).toBeVisible();
    await page.getByRole('button', { name: 'Verder zonder persoonlijke gegevens' }).click();
    await page.getByRole('button', { name: 'Verder zonder tekst' }).click();
    await expect(step(page, 7)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kijk in je inbox' })).toBeVisible();

    const link = await waitForMailLink(email, '/api/activate.php?token=');
    expect(mailsTo(email)[0]?.subject).toMatch(/Activeer je account/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/activate\/done/);
    const user = await serverUser(page);
    expect(user.activated).toBe(true);
    expect(user.profile.language).toBe('nl');
    expect(user.profile.main_image).not.toBeNull();
    expect(user.profile).toMatchObject({ country: 'NL', city: 'Haarlem', lastSignupStep: true });
    await context.close();
  });
});

test('a step saved without a connection survives a reload and is sent when it returns', async ({
  page,
}) => {
  const email = freshEmail('noor');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill('Noor');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.getByRole('button', { name: 'Continue without a photo' }).click();
  await expect(step(page, 3)).toBeVisible();
  await waitForServiceWorker(page);

  await goOffline(page);
  await page.getByLabel('Country').selectOption('NL');
  await page.getByLabel('City').fill('Zwolle');
  await page.getByRole('button', { name: 'Save living area' }).click();
  await expect(step(page, 4)).toBeVisible();
  await expect(page.getByText(/saved on this device/i).first()).toBeVisible();

  // Still offline, the page reloads (from the service worker) and the wizard resumes.
  await page.reload();
  await expect(step(page, 4)).toBeVisible();

  await goOnline(page);
  await expect.poll(async () => (await serverUser(page)).profile.city).toBe('Zwolle');
});

test('a member who forgot the password sets a new one through the mailed link', async ({
  page,
  baseURL,
}) => {
  const member = await newMember(baseURL!, 'Mirja', 'female');
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel(/e-?mail/i).fill(member.email);
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(page.getByText(member.email)).toBeVisible();

  const link = await waitForMailLink(member.email, '/reset-password/do?token=');
  await page.goto(link);
  const fresh = 'amber-lighthouse-tide-2026';
  await page.getByLabel(/^new password/i).fill(fresh);
  await page.getByLabel(/repeat|confirm/i).fill(fresh);
  await page.getByRole('button', { name: /save|set|change/i }).click();
  await expect(page).toHaveURL(/\/members/);

  // The old password no longer works; the new one does. The link works only once.
  const api = member.api;
  await api.get('/api/logout.php');
  expect((await api.post('/api/login.php', { data: member })).status()).toBe(401);
  const relogin = await api.post('/api/login.php', {
    data: { email: member.email, password: fresh },
  });
  expect(relogin.status()).toBe(200);
  await page.goto(link);
  await page.getByLabel(/^new password/i).fill('another-password-entirely-9');
  await page.getByLabel(/repeat|confirm/i).fill('another-password-entirely-9');
  await page.getByRole('button', { name: /save|set|change/i }).click();
  await expect(page.getByText(/does not work anymore/i)).toBeVisible();
  await member.api.dispose();
});
