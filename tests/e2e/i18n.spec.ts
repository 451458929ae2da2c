import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';

const LANGUAGES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const;
const TAGS = {
  en: 'en-US',
  nl: 'nl-NL',
  de: 'de-DE',
  it: 'it-IT',
  fr: 'fr-FR',
  es: 'es-ES',
  pl: 'pl-PL',
};

function messages(lng: string): { home: { title: string }; nav: { language: string } } {
  return JSON.parse(readFileSync(`locales/${lng}/messages.json`, 'utf8'));
}

function page(lng: string, name: string): { title: string; sections: { heading: string }[] } {
  return JSON.parse(readFileSync(`locales/${lng}/pages/${name}.json`, 'utf8'));
}

for (const lng of LANGUAGES) {
  test(`switching to ${lng} changes the text and survives a reload`, async ({ page: tab }) => {
    // Start from another language so the switch really changes something.
    const from = lng === 'en' ? 'nl' : 'en';
    await tab
      .context()
      .addCookies([{ name: 'i18n_redirected', value: from, domain: '127.0.0.1', path: '/' }]);
    await tab.goto('/');
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(messages(from).home.title);

    await tab.getByLabel(messages(from).nav.language).first().selectOption(lng);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(messages(lng).home.title);
    await expect(tab.locator('html')).toHaveAttribute('lang', TAGS[lng]);

    await tab.reload();
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(messages(lng).home.title);
    const cookies = await tab.context().cookies();
    expect(cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe(lng);
  });
}

test('the browser language is used when no language was chosen', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const tab = await context.newPage();
  await tab.goto('/');
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(messages('de').home.title);
  await context.close();
});

test('legal pages show their text in the chosen language with the company filled in', async ({
  page: tab,
}) => {
  await tab
    .context()
    .addCookies([{ name: 'i18n_redirected', value: 'fr', domain: '127.0.0.1', path: '/' }]);
  await tab.goto('/pages/terms');
  const terms = page('fr', 'terms');
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(terms.title);
  await expect(tab.getByRole('heading', { name: terms.sections[0]!.heading })).toBeVisible();
  await expect(tab.locator('main')).not.toContainText('{{');
  await expect(tab.locator('main')).toContainText('Amora Online B.V.');
});
