/** Which translator the app starts with, and how i18next comes in (src/i18n/active-i18n.ts). */
import type { i18n } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import nl from '../../locales/nl/messages.json';

import type * as ActiveModule from '../../src/i18n/active-i18n';
import type * as SetupModule from '../../src/i18n/i18n';

type ActiveI18n = typeof ActiveModule;
type I18nSetup = typeof SetupModule;

/** A fresh copy of the module: it keeps the translator in module state. */
async function fresh(): Promise<ActiveI18n> {
  vi.resetModules();
  return import('../../src/i18n/active-i18n');
}

const fakeI18next = { language: 'nl', resolvedLanguage: 'nl' } as unknown as i18n;
const setupWith = (instance: i18n) =>
  ({ createI18n: () => Promise.resolve(instance) }) as unknown as I18nSetup;

beforeEach(() => {
  document.cookie = 'i18n_redirected=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('starting a prerendered page', () => {
  it('renders with the page translator over the messages file, in the page language', async () => {
    const fetchMock = vi.fn(async () => Response.json(nl));
    vi.stubGlobal('fetch', fetchMock);
    const active = await fresh();
    const translator = await active.startI18n('nl');

    expect(fetchMock.mock.calls.map((call) => String((call as unknown[])[0]))).toEqual([
      '/_i18n/nl/messages.json',
    ]);
    expect(active.activeI18n()).toBe(translator);
    expect(translator.t('nav.login')).toBe(nl.nav.login);
    expect(translator.services).not.toHaveProperty('backendConnector'); // not i18next
    expect(document.documentElement.lang).toBe('nl-NL');
    expect(document.cookie).toContain('i18n_redirected=nl');
  });

  it('starts i18next instead when the messages file cannot be had', async () => {
    // A 404 is final for i18next's loader too (a 5xx would have it retry for seconds).
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const active = await fresh();
    const translator = await active.startI18n('nl');
    expect(translator.services).toHaveProperty('backendConnector');
    expect(active.activeI18n()).toBe(translator);
  });
});

describe('bringing i18next in', () => {
  it('asks again for a chunk that failed to load, and renders with i18next once it is there', async () => {
    vi.useFakeTimers();
    const active = await fresh();
    const load = vi
      .fn<() => Promise<I18nSetup>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(setupWith(fakeI18next));
    const started = active.fullI18n(load);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(started).resolves.toBe(fakeI18next);
    expect(load).toHaveBeenCalledTimes(2);
    expect(active.activeI18n()).toBe(fakeI18next);
  });

  it('forgets a load that failed every try, so the next language change asks again', async () => {
    vi.useFakeTimers();
    const active = await fresh();
    const failing = vi.fn(() => Promise.reject(new TypeError('offline')));
    const first = active.fullI18n(failing);
    const settled = expect(first).rejects.toThrow('offline');
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
    expect(failing).toHaveBeenCalledTimes(3);

    await expect(active.fullI18n(() => Promise.resolve(setupWith(fakeI18next)))).resolves.toBe(
      fakeI18next,
    );
  });
});
