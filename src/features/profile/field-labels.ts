/** Labels of the profile fields and their value keys, shared with the member page (member.*). */
import type { TFunction } from 'i18next';

/** A stored key as words, for names and values the messages do not know. */
export function humanize(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Labels = Record<string, string | undefined>;

export function fieldLabels(t: TFunction) {
  const fields = t('member.fields', { returnObjects: true }) as Labels;
  const values = t('member.values', { returnObjects: true }) as Record<string, Labels | undefined>;
  const notes = t('member.notes', { returnObjects: true }) as Labels;
  return {
    field: (name: string) => fields[name] ?? humanize(name),
    value: (name: string, value: string) => values[name]?.[value] ?? humanize(value),
    note: (name: string) => notes[name] ?? humanize(name),
  };
}
