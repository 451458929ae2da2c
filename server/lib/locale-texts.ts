/**
 * `locales/<lng>/messages.json` read on the server, each file once per process: texts by dotted key
 * for the few pages whose words the server puts in at request time, and whole files for the
 * renderer of members' first screens.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../src/shared/contract/fields';

/** A reader over one locales folder: a language's whole messages, or null when it has none. */
export function localeMessages(localesDir: string) {
  const files = new Map<Language, Record<string, unknown> | null>();
  return (language: Language): Record<string, unknown> | null => {
    if (!files.has(language)) {
      let all: Record<string, unknown> | null = null;
      try {
        all = JSON.parse(
          readFileSync(join(localesDir, language, 'messages.json'), 'utf8'),
        ) as Record<string, unknown>;
      } catch {
        // A trimmed deployment without this language: callers fall back.
      }
      files.set(language, all);
    }
    return files.get(language) ?? null;
  };
}

/** A reader over one locales folder: the text at `key` in `language`, or null when there is none. */
export function localeTexts(localesDir: string) {
  const load = localeMessages(localesDir);
  return (language: Language, key: string): string | null => {
    let node: unknown = load(language);
    for (const part of key.split('.')) {
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }
    return typeof node === 'string' ? node : null;
  };
}
