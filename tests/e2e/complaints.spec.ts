import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { newMember } from './helpers';
import { mailsTo } from './support/mail';

const pl = JSON.parse(readFileSync('locales/pl/messages.json', 'utf8')) as {
  complaints: {
    heading: string;
    report_profile: string;
    category: string;
    categories: Record<string, string>;
    member: string;
    message: string;
    email: string;
    submit: string;
    screenshot_preview: string;
    sent_title: string;
    errors: Record<string, string>;
  };
};
const c = pl.complaints;

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => `${page.url()}: ${v.id} (${v.nodes.length}) ${v.help}`);
}

test.describe('complaints on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a visitor files a complaint in Polish and gets the reference on screen and by mail', async ({
    page,
    baseURL,
  }) => {
    const target = await newMember(baseURL!, 'Oskar', 'male');
    const email = `skarga-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.net`;
    await page
      .context()
      .addCookies([{ name: 'i18n_redirected', value: 'pl', domain: '127.0.0.1', path: '/' }]);
    // From the member's profile, where a visitor sees the way to complain.
    await page.goto(`/members/${target.id}`);
    await page.getByRole('link', { name: c.report_profile }).click();
    await expect(page).toHaveURL(new RegExp(`/complaints\\?member=${target.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.heading);
    await expect(page.getByLabel(c.member)).toHaveValue(String(target.id));

    // Sending too early names what is missing, in Polish, next to the fields.
    await page.getByRole('button', { name: c.submit }).click();
    await expect(page.getByText(c.errors.message_required!)).toBeVisible();
    await expect(page.getByText(c.errors.email_required!)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel(c.category).selectOption('photo_consent');
    await page.getByLabel(c.message).fill('Ten profil używa moich zdjęć bez mojej zgody.');
    await page.getByLabel(c.email).fill(email);
    const png = await sharp({
      create: { width: 390, height: 700, channels: 3, background: '#d0e0f0' },
    })
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'zrzut.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByAltText(c.screenshot_preview)).toBeVisible();
    await page.getByRole('button', { name: c.submit }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.sent_title);
    const reference = (await page.getByTestId('complaint-reference').textContent())!.trim();
    expect(reference).toMatch(/^CP-\d{6,}$/);
    expect(await axeViolations(page)).toEqual([]);

    await expect.poll(() => mailsTo(email).length).toBe(1);
    const [mail] = mailsTo(email);
    expect(mail!.subject).toContain(reference);
    expect(mail!.subject).toContain('otrzymaliśmy Twoją skargę');
    expect(mail!.text).toContain(c.categories.photo_consent!);
    expect(mail!.text).toContain('Ten profil używa moich zdjęć bez mojej zgody.');
    await target.api.dispose();
  });
});
