/**
 * Profile field and value labels as the profile page shows them (MemberDetails): translated under
 * member.fields / member.values / member.notes, else the stored key made readable.
 */
import { useTranslation } from 'react-i18next';

type Labels = Record<string, string | undefined>;

/** A stored key as words, for names the messages do not know. */
export function humanize(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function useFieldLabels() {
  const { t } = useTranslation();
  const fields = t('member.fields', { returnObjects: true }) as Labels;
  const values = t('member.values', { returnObjects: true }) as Record<string, Labels | undefined>;
  const notes = t('member.notes', { returnObjects: true }) as Labels;
  return {
    field: (name: string) => fields[name] ?? humanize(name),
    value: (name: string, value: string) => values[name]?.[value] ?? humanize(value),
    note: (name: string) => notes[name] ?? humanize(name),
  };
}
