/**
 * The translator a prerendered page's take-over renders with. i18next is a third of the script a
 * public page would need beyond React and its router (issue 14's budget), yet such a visit only
 * looks messages up in the one language it already has the file of. This is the part of i18next's
 * interface that react-i18next and the app's screens call, over the same messages file and with
 * i18next's rules for lookups, plurals, interpolation and the `number` format; a language change
 * loads i18next, which takes over (active-i18n.ts). A unit test holds both to the same output for
 * every message of every language, through the hook and <Trans>.
 */
import type { i18n, TOptions } from 'i18next';
import type { Language } from '../shared/contract/fields';
import { formatNumber } from './whole-numbers';

/** One language's messages, as `/_i18n/{lng}/messages.json` holds them. */
export type Messages = { readonly [key: string]: unknown };

/** Options of a `t` call as far as the messages use them. */
type CallOptions = TOptions & {
  count?: unknown;
  defaultValue?: unknown;
  returnObjects?: boolean;
  [name: string]: unknown;
};

const KEY_SEPARATOR = '.';
const PLURAL_SEPARATOR = '_';
/** i18next's default interpolation markers: `{{name}}`, `{{- name}}`, `{{name, format}}`. */
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** i18next writes null and undefined as nothing, anything else through String. */
const text = (value: unknown): string => (value == null ? '' : String(value));

function lookup(tree: Messages, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split(KEY_SEPARATOR)) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Messages)[part];
  }
  return node;
}

/** A variable of a call, by dotted path (`{{user.name}}`), as i18next finds it. */
function variable(data: CallOptions, path: string): unknown {
  return lookup(data as Messages, path);
}

/**
 * The page's translator for `language` over its `messages`; `upgrade` brings in i18next, which a
 * language change needs (it loads other files and remembers the choice).
 */
export function createPageI18n(
  language: Language,
  messages: Messages,
  upgrade: () => Promise<i18n>,
): i18n {
  const plurals = new Intl.PluralRules(language);

  function interpolate(message: string, data: CallOptions): string {
    return message.replace(PLACEHOLDER, (placeholder, inner: string) => {
      const [name = '', ...format] = inner.replace(/^-/, '').split(',');
      const key = name.trim();
      const value = variable(data, key);
      if (value === undefined) return Object.hasOwn(data, key) ? '' : placeholder;
      const formatName = format.join(',').trim();
      // The only format the messages use; a new one fails the unit test that compares outputs.
      return text(formatName === 'number' ? formatNumber(value, language) : value);
    });
  }

  /** The message at `key`, with i18next's plural and zero forms tried first. */
  function resolve(key: string, data: CallOptions): unknown {
    const candidates = [key];
    if (data.count !== undefined && typeof data.count !== 'string') {
      candidates.push(`${key}${PLURAL_SEPARATOR}${plurals.select(Number(data.count))}`);
      if (data.count === 0) candidates.push(`${key}${PLURAL_SEPARATOR}zero`);
    }
    for (let candidate = candidates.pop(); candidate !== undefined; candidate = candidates.pop()) {
      const found = lookup(messages, candidate);
      if (found !== undefined && found !== null) return found;
    }
    return undefined;
  }

  function translate(key: string, data: CallOptions): unknown {
    const found = resolve(key, data);
    if (typeof found === 'object' && found !== null) {
      if (!data.returnObjects)
        return `key '${key} (${language})' returned an object instead of string.`;
      // Each member translated on its own, as i18next does: plural forms and variables apply.
      const members = Object.entries(found).map(([name, value]): [string, unknown] => {
        const deepKey = `${key}${KEY_SEPARATOR}${name}`;
        const translated = translate(deepKey, data);
        return [name, translated === deepKey ? value : translated];
      });
      return Array.isArray(found) ? members.map(([, value]) => value) : Object.fromEntries(members);
    }
    if (found !== undefined) return interpolate(text(found), data);
    return interpolate(data.defaultValue === undefined ? key : text(data.defaultValue), data);
  }

  function t(key: string | string[], options?: string | CallOptions): unknown {
    const data: CallOptions =
      typeof options === 'string' ? { defaultValue: options } : (options ?? {});
    if (!Array.isArray(key)) return translate(key, data);
    // A list of keys: the first one the messages have, else the last (as i18next answers).
    const known = key.find((k) => resolve(k, data) !== undefined);
    return translate(known ?? key[key.length - 1] ?? '', data);
  }

  const instance = {
    language,
    resolvedLanguage: language,
    languages: [language],
    isInitialized: true,
    // As i18n.ts sets i18next up, as far as react-i18next reads it.
    options: {
      defaultNS: 'translation',
      react: { useSuspense: false },
      interpolation: { escapeValue: false },
    },
    // <Trans> fills the variables of its children's texts itself.
    services: {
      interpolator: {
        interpolate: (message: string, data: CallOptions) => interpolate(message, data ?? {}),
      },
    },
    t,
    getFixedT: () => t,
    exists: (key: string, options?: CallOptions) => resolve(key, options ?? {}) !== undefined,
    hasLoadedNamespace: () => true,
    loadNamespaces: () => Promise.resolve(),
    // The language never changes here: a change hands over to i18next, which emits its own events.
    on: () => undefined,
    off: () => undefined,
    changeLanguage: async (lng?: string) => (await upgrade()).changeLanguage(lng),
    dir: () => 'ltr',
  };
  return instance as unknown as i18n;
}
