/**
 * The page translator (src/i18n/page-i18n.ts) against i18next, set up as the app sets it up:
 * every message of every language, with and without its variables, across plural counts, as
 * objects, and through react-i18next's hook and <Trans>.
 */
import i18next, { type i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../src/shared/contract/fields';
import { ConsentText } from '../../src/features/signup/ConsentText';
import { createI18n } from '../../src/i18n/i18n';
import { setLanguage } from '../../src/i18n/interface-language';
import { INTERFACE_LANGUAGES } from '../../src/shared/languages';
import { createPageI18n, type Messages } from '../../src/i18n/page-i18n';

type Tree = { [key: string]: string | Tree };

const FILES = import.meta.glob<Tree>('/locales/*/messages.json', {
  eager: true,
  import: 'default',
});
const messagesOf = (lng: Language): Tree => FILES[`/locales/${lng}/messages.json`]!;

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every message key without its plural suffix, and the text of each form. */
function messageKeys(tree: Tree, prefix = '', out = new Map<string, string[]>()) {
  for (const [name, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (typeof value !== 'string') messageKeys(value, path, out);
    else {
      const base = path.replace(PLURAL, '');
      out.set(base, [...(out.get(base) ?? []), value]);
    }
  }
  return out;
}

const variablesOf = (texts: string[]) => [
  ...new Set(texts.flatMap((s) => [...s.matchAll(/\{\{-?\s*(\w+)/g)].map((m) => m[1]!))),
];

/** Counts that reach every plural form of the seven languages, and numbers to group. */
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 1000, 1234, 12_345, 1_000_001];

/** Option sets for one message: none, each count with every variable, and one left out. */
function optionSets(variables: string[]): Record<string, unknown>[] {
  const filled = (n: number) =>
    Object.fromEntries(variables.map((v) => [v, v === 'count' || v === 'number' ? n : `<${v}>`]));
  const sets: Record<string, unknown>[] = [{}];
  for (const n of COUNTS) sets.push({ count: n, ...filled(n) });
  if (variables.length > 1) {
    const [dropped, ...kept] = variables;
    sets.push(
      { ...filled(3), [dropped!]: undefined },
      Object.fromEntries(kept.map((v) => [v, 'x'])),
    );
  }
  return sets;
}

async function bothTranslators(lng: Language): Promise<{ full: i18n; page: i18n }> {
  const full = await createI18n(
    { [lng]: { translation: messagesOf(lng) }, en: { translation: messagesOf('en') } },
    i18next.createInstance(),
    lng,
  );
  const page = createPageI18n(lng, messagesOf(lng) as Messages, () => Promise.resolve(full));
  return { full, page };
}

describe.each(INTERFACE_LANGUAGES)('the page translator in %s', (lng) => {
  let full: i18n;
  let page: i18n;
  beforeAll(async () => {
    ({ full, page } = await bothTranslators(lng));
  });
  const untyped = (instance: i18n) => instance.t as unknown as (k: unknown, o?: unknown) => unknown;

  it('writes every message as i18next does, with any count and with variables missing', () => {
    let compared = 0;
    for (const [key, texts] of messageKeys(messagesOf(lng))) {
      for (const options of optionSets(variablesOf(texts))) {
        expect(untyped(page)(key, options), `${key} ${JSON.stringify(options)}`).toEqual(
          untyped(full)(key, options),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('knows the same keys and answers unknown ones, defaults and key lists the same', () => {
    for (const key of [...messageKeys(messagesOf(lng)).keys(), 'member', 'nav', 'no.such.key']) {
      expect(page.exists(key), key).toBe(full.exists(key));
    }
    const calls: [unknown, unknown?][] = [
      ['no.such.key'],
      ['no.such.key', 'A default'],
      ['no.such.key', { defaultValue: 'Hi {{name}}', name: 'Ann' }],
      [['no.such.key', 'nav.login']],
      [['no.such.key', 'no.other.key']],
      ['nav'],
    ];
    for (const [key, options] of calls) {
      expect(untyped(page)(key, options), JSON.stringify(key)).toEqual(untyped(full)(key, options));
    }
  });

  it('returns the field labels as objects, as i18next does with returnObjects', () => {
    for (const key of ['member.fields', 'member.values', 'member.notes']) {
      expect(page.t(key as 'nav', { returnObjects: true })).toEqual(
        full.t(key as 'nav', { returnObjects: true }),
      );
    }
  });

  it("renders the same markup through react-i18next's hook and <Trans>", () => {
    function Sample() {
      const { t } = useTranslation();
      return (
        <>
          <h1>{t('nav.login')}</h1>
          <ConsentText onOpen={() => undefined} />
        </>
      );
    }
    const render = (instance: i18n) =>
      renderToString(
        <I18nextProvider i18n={instance}>
          <Sample />
        </I18nextProvider>,
      );
    const html = render(page);
    expect(html).toContain('href="/pages/terms"');
    expect(html).toBe(render(full));
  });
});

describe('a language change on the page translator', () => {
  const loginIn = (lng: Language) => (messagesOf(lng).nav as Tree).login;
  it('hands over to i18next, which switches and answers in the new language', async () => {
    const { full, page } = await bothTranslators('nl');
    full.addResourceBundle('de', 'translation', messagesOf('de'));
    const changed = vi.spyOn(full, 'changeLanguage');
    const translate = await setLanguage('de', page);
    expect(changed).toHaveBeenCalledWith('de');
    expect(translate('nav.login')).toBe(loginIn('de'));
    // The page translator itself keeps its language: callers use what the switch answered.
    expect(page.t('nav.login')).toBe(loginIn('nl'));
  });
});
