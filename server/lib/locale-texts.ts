/**
 * Texts of `locales/<lng>/messages.json` read on the server by dotted key, each file once per
 * process: for the few pages whose words the server puts in at request time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../src/shared/contract/fields';

/** A reader over one locales folder: the text at `key` in `language`, or null when there is none. */
export function localeTexts(localesDir: string) {
  const files = new Map<Language, unknown>();
  const load = (language: Language): unknown => {
    if (!files.has(language)) {
      let all: unknown = null;
      try {
        all = JSON.parse(readFileSync(join(localesDir, language, 'messages.json'), 'utf8'));
      } catch {
        // A trimmed deployment without this language: callers fall back.
      }
      files.set(language, all);
    }
    return files.get(language);
  };
  return (language: Language, key: string): string | null => {
    let node = load(language);
    for (const part of key.split('.')) {
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }
    return typeof node === 'string' ? node : null;
  };
}
