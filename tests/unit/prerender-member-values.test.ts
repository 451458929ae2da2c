import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module reads the page once, so every case loads it afresh for its own document. */
async function placeOf(html: string, memberId: number, lng: string): Promise<string | null> {
  document.body.innerHTML = html;
  vi.resetModules();
  const { prerenderedPlace } = await import('../../src/prerender/member-values');
  return prerenderedPlace(memberId, lng);
}

const PAGE =
  '<div id="prerendered" data-lng="nl"><figure class="ml2-card"><figcaption>' +
  '<strong class="ml2-name">Anna</strong><span class="ml2-place" data-member="7">Utrecht, Nederland</span>' +
  '</figcaption></figure></div><div id="root" hidden></div>';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the place a prerendered member lander was served with', () => {
  it('is the written text for that member in the page language', async () => {
    expect(await placeOf(PAGE, 7, 'nl')).toBe('Utrecht, Nederland');
  });

  it('is nothing for another member or another language', async () => {
    expect(await placeOf(PAGE, 8, 'nl')).toBeNull();
    expect(await placeOf(PAGE, 7, 'en')).toBeNull();
  });

  it('is empty when the server knew no place, and nothing on a page not prerendered', async () => {
    expect(await placeOf(PAGE.replace('Utrecht, Nederland', ''), 7, 'nl')).toBe('');
    expect(await placeOf('<div id="root"></div>', 7, 'nl')).toBeNull();
  });

  it('stays known after the prerendered copy has gone', async () => {
    document.body.innerHTML = PAGE;
    vi.resetModules();
    const { prerenderedPlace } = await import('../../src/prerender/member-values');
    expect(prerenderedPlace(7, 'nl')).toBe('Utrecht, Nederland');
    document.getElementById('prerendered')!.remove();
    expect(prerenderedPlace(7, 'nl')).toBe('Utrecht, Nederland');
  });
});
