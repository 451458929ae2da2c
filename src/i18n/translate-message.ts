/** Shows validation and server messages that are i18n keys (SPEC §5) in the member's language. */
import type { i18n, TFunction } from 'i18next';

/** `message` translated when the messages have it as a key, otherwise as given. */
export function translateMessage(t: TFunction, i18next: i18n, message: string): string {
  // Keys from zod and the server are only known at run time, hence the untyped lookup.
  return i18next.exists(message) ? String((t as (key: string) => string)(message)) : message;
}
