import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellLanguage } from '../../src/i18n/active-i18n';
import { createI18n } from '../../src/i18n/i18n';
import { setLanguage } from '../../src/i18n/interface-language';

const resources = {
  en: { translation: { nav: { login: 'Log in' } } },
  nl: { translation: { nav: { login: 'Inloggen' } } },
  de: { translation: { nav: { login: 'Anmelden' } } },
  fr: { translation: { nav: { login: 'Se connecter' } } },
};

function setCookie(value: string | null) {
  document.cookie =
    value === null
      ? 'i18n_redirected=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT'
      : `i18n_redirected=${value}; path=/`;
}

function browserLanguages(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  setCookie(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('language detection', () => {
  it('prefers the i18n_redirected cookie over the browser languages', async () => {
    setCookie('de');
    browserLanguages('nl-NL', 'en');
    const i18n = await createI18n(resources, i18next.createInstance());
    expect(i18n.resolvedLanguage).toBe('de');
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('uses the first supported browser language when there is no cookie', async () => {
    browserLanguages('ja-JP', 'nl-BE', 'en-GB');
    const i18n = await createI18n(resources, i18next.createInstance());
    expect(i18n.resolvedLanguage).toBe('nl');
  });

  it('falls back to English', async () => {
    browserLanguages('ja-JP', 'zh-CN');
    const i18n = await createI18n(resources, i18next.createInstance());
    expect(i18n.resolvedLanguage).toBe('en');
  });

  it('ignores a cookie with an unsupported language', async () => {
    setCookie('xx');
    browserLanguages('fr-FR');
    const i18n = await createI18n(resources, i18next.createInstance());
    expect(i18n.resolvedLanguage).toBe('fr');
  });

  it('starts the app shell in the language i18next would choose', async () => {
    const cases: [string | null, string[], string][] = [
      ['de', ['nl-NL', 'en'], 'de'],
      [null, ['ja-JP', 'nl-BE', 'en-GB'], 'nl'],
      [null, ['ja-JP', 'zh-CN'], 'en'],
      ['xx', ['fr-FR'], 'fr'],
      [null, [], 'en'],
    ];
    for (const [cookie, languages, expected] of cases) {
      setCookie(cookie);
      browserLanguages(...languages);
      const i18n = await createI18n(resources, i18next.createInstance());
      expect(shellLanguage(), `${cookie} ${languages.join(' ')}`).toBe(i18n.resolvedLanguage);
      expect(shellLanguage()).toBe(expected);
      setCookie(null);
      vi.restoreAllMocks();
    }
  });

  it('switching writes the cookie and <html lang>', async () => {
    browserLanguages('en-US');
    const i18n = await createI18n(resources, i18next.createInstance());
    await setLanguage('fr', i18n);
    expect(document.cookie).toContain('i18n_redirected=fr');
    expect(document.documentElement.lang).toBe('fr-FR');
    expect(i18n.t('nav.login')).toBe('Se connecter');
  });

  it('logs a warning and continues when a messages file cannot be loaded', async () => {
    browserLanguages('nl-NL');
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response('missing', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const i18n = await createI18n(undefined, i18next.createInstance());
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain('/_i18n/nl/messages.json');
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('could not be loaded'),
      expect.anything(),
    );
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('nav.login')).toBe('nav.login');
  });
});
