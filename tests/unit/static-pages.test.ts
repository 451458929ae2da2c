import { describe, expect, it, vi } from 'vitest';
import {
  fillPlaceholders,
  loadStaticPage,
  placeholderValues,
} from '../../src/features/pages/page-content';
import { demoSettings } from './helpers/fixtures';

const doc = (title: string) => ({
  title,
  updated: '2026-01-15',
  intro: 'Intro',
  sections: [{ heading: 'One', paragraphs: ['Text'] }],
});

describe('static page texts', () => {
  it('loads the page in the interface language', async () => {
    const loaders = {
      '/locales/nl/pages/faq.json': async () => doc('Veelgestelde vragen'),
      '/locales/en/pages/faq.json': async () => doc('FAQ'),
    };
    expect((await loadStaticPage('nl', 'faq', loaders))?.title).toBe('Veelgestelde vragen');
  });

  it('falls back to English when the language lacks the page', async () => {
    const loaders = { '/locales/en/pages/terms.json': async () => doc('Terms') };
    expect((await loadStaticPage('pl', 'terms', loaders))?.title).toBe('Terms');
    expect(await loadStaticPage('pl', 'ban', loaders)).toBeNull();
  });

  it('skips files that do not match the page format', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loaders = {
      '/locales/de/pages/faq.json': async () => ({ title: 'Kaputt' }),
      '/locales/en/pages/faq.json': async () => doc('FAQ'),
    };
    expect((await loadStaticPage('de', 'faq', loaders))?.title).toBe('FAQ');
  });

  it('finds every page of the route table in every language', async () => {
    for (const lng of ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl']) {
      for (const page of [
        'ban',
        'faq',
        'terms',
        'cookies',
        'privacy',
        'service',
        'return-policy',
      ]) {
        expect(await loadStaticPage(lng, page), `${lng}/${page}`).not.toBeNull();
      }
    }
  });

  it('fills the placeholders from the settings and leaves unknown ones visible', () => {
    const values = placeholderValues(demoSettings());
    expect(
      fillPlaceholders(
        '{{site_name}} is run by {{company_name}}, {{company_city}} (KvK {{kvk}}, VAT {{vat_number}}). {{nope}}',
        values,
      ),
    ).toBe('Amora is run by Amora B.V., Amsterdam (KvK 12345678, VAT NL123456789B01). {{nope}}');
    expect(fillPlaceholders('Call {{ support_phone }}', values)).toBe('Call +31 20 123 4567');
  });
});
