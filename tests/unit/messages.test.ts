import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/contract/fields';

type Tree = { [key: string]: string | Tree };

const FILES = import.meta.glob<Tree>('/locales/*/messages.json', {
  eager: true,
  import: 'default',
});

function load(lng: string): Tree {
  const tree = FILES[`/locales/${lng}/messages.json`];
  if (!tree) throw new Error(`locales/${lng}/messages.json is missing`);
  return tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path).forEach((v, k) => out.set(k, v));
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/** Words that are the same in English and the language, on purpose. */
const SAME_AS_ENGLISH = new Set([
  'Menu',
  'Likes',
  'Premium',
  // The site's name and a word every site language borrows.
  '{{site}} Premium',
  // Payment method brands.
  'iDEAL',
  'Bancontact',
  'EPS',
  'Przelewy24',
  'BLIK',
  'TWINT',
  // Dutch says credit(s) too; Spanish and French say Total.
  'credit',
  'credits',
  '{{count}} credit',
  '{{count}} credits',
  '{{price}} per credit',
  'Total',
  // French says Date; French, Italian and Dutch say bonus.
  'Date',
  '(+{{count}} bonus)',
  'Error',
  'Region',
  'Design',
  'Password',
  'Notifications',
  'Gmail',
  'Man',
  'Single',
  'Blond',
  'No',
  // German says Moderation; Dutch, German and Polish say Moderator.
  'Moderation',
  'Moderator',
  // The traffic partners' own name for their sub-ids, which operators know in every language.
  'Sub-ID 1',
  'Sub-ID 2',
  'Sub-ID 3',
]);

/** Numbers with a unit read the same in every language. */
const LANGUAGE_NEUTRAL = /^[\d\s–-]+(cm|kg)?$/;

const english = flatten(load('en'));

describe.each(LANGUAGES.filter((l) => l !== 'en'))('messages in %s', (lng) => {
  const messages = flatten(load(lng));

  it('has every English key and no others', () => {
    expect(new Set([...messages.keys()].map(base))).toEqual(new Set([...english.keys()].map(base)));
  });

  it('has the plural forms the language needs', () => {
    const rules = new Intl.PluralRules(lng);
    const needed = new Set([0, 1, 2, 3, 5, 12, 22, 25, 1.5, 1000000].map((n) => rules.select(n)));
    for (const key of [...english.keys()].filter((k) => k.endsWith('_other')).map(base)) {
      for (const form of needed)
        expect(messages.has(`${key}_${form}`), `${key}_${form}`).toBe(true);
    }
  });

  it('keeps the placeholders of every message', () => {
    for (const [key, value] of messages) {
      const source = english.get(key) ?? english.get(`${base(key)}_other`) ?? '';
      expect(placeholders(value), key).toEqual(placeholders(source));
    }
  });

  it('leaves no English behind', () => {
    for (const [key, value] of messages) {
      expect(value.trim(), key).not.toBe('');
      if (english.get(key) === value)
        expect(
          SAME_AS_ENGLISH.has(value) || LANGUAGE_NEUTRAL.test(value),
          `${key}: "${value}"`,
        ).toBe(true);
    }
  });
});
