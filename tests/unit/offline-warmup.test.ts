/** What a first visit asks the service worker for once it controls the page. */
import { describe, expect, it } from 'vitest';
import { offlineKeepList, photosShown, WARM_PHOTOS_MAX } from '../../src/bridges/offline-warmup';

const ORIGIN = 'https://amora.test';

function page(lang: string, sources: string[]) {
  return {
    documentElement: { lang },
    images: sources.map((src) => ({ currentSrc: '', src })),
    location: { origin: ORIGIN },
  };
}

describe('keeping a first visit for offline use', () => {
  it('names the member photos on the page once each, and nothing from elsewhere', () => {
    const shown = page('de-DE', [
      `${ORIGIN}/uploads/a-thumb.png`,
      '/uploads/b-thumb.png',
      `${ORIGIN}/uploads/a-thumb.png`,
      `${ORIGIN}/icons/logo.svg`,
      'https://elsewhere.test/uploads/c.png',
      '',
    ]);
    expect(photosShown(shown)).toEqual(['/uploads/a-thumb.png', '/uploads/b-thumb.png']);
  });

  it(`stops at ${WARM_PHOTOS_MAX} photos`, () => {
    const many = Array.from({ length: 60 }, (_, i) => `/uploads/${i}.png`);
    expect(photosShown(page('en', many))).toHaveLength(WARM_PHOTOS_MAX);
  });

  it('names the messages of the page language first, then the settings, then the photos', () => {
    const shown = page('nl-NL', ['/uploads/a-thumb.png', '/uploads/b-thumb.png']);
    expect(offlineKeepList(shown)).toEqual([
      '/_i18n/nl/messages.json',
      '/api/settings.php',
      '/uploads/a-thumb.png',
      '/uploads/b-thumb.png',
    ]);
  });
});
