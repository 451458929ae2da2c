/**
 * Labels of the profile fields, their value keys and the notes, shared by the sign-up wizard, the
 * profile page and the member page: translated under member.fields / member.values / member.notes,
 * else the stored key made readable.
 */
import type { TFunction } from 'i18next';

/** A stored key as words, for names and values the messages do not know. */
export function humanize(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Labels = Record<string, string | undefined>;

/** Label lookups for one translation function; pass the `t` of the calling component. */
export function fieldLabels(t: TFunction) {
  const fields = t('member.fields', { returnObjects: true }) as Labels;
  const values = t('member.values', { returnObjects: true }) as Record<string, Labels | undefined>;
  const notes = t('member.notes', { returnObjects: true }) as Labels;
  /** The translated value, or undefined when the messages do not know it (free text). */
  const knownValue = (name: string, value: string) => values[name]?.[value];
  return {
    field: (name: string) => fields[name] ?? humanize(name),
    value: (name: string, value: string) => knownValue(name, value) ?? humanize(value),
    knownValue,
    note: (name: string) => notes[name] ?? humanize(name),
  };
}
