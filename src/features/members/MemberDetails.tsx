import { useTranslation } from 'react-i18next';
import { fieldLabels } from '../../lib/field-labels';
import type { ShownMember } from './use-member-profile';

export interface MemberDetailsProps {
  member: ShownMember;
  /** settings.visible_profile_fields and visible_profile_notes: what the site shows, in order. */
  visibleFields: readonly string[];
  visibleNotes: readonly string[];
}

/**
 * The details, the about-me text and the notes of a profile. Field values are keys
 * (GET /api/profile_fields.php) translated under member.values; unknown ones show as written.
 */
export function MemberDetails({ member, visibleFields, visibleNotes }: MemberDetailsProps) {
  const { t } = useTranslation();
  const labels = fieldLabels(t);

  const rows = visibleFields.flatMap((field) => {
    const value = member.fields[field];
    if (!value) return [];
    // Free-text values show as written, not humanized.
    return [{ field, label: labels.field(field), text: labels.knownValue(field, value) ?? value }];
  });
  const notes = visibleNotes.flatMap((note) => {
    const text = member.notes[note]?.trim();
    return text ? [{ note, label: labels.note(note), text }] : [];
  });
  const about = member.personal?.trim();

  return (
    <>
      {about && (
        <section className="member-section" aria-labelledby="member-about">
          <h2 id="member-about" className="member-section-title">
            {t('member.about')}
          </h2>
          <p className="member-text mb-0">{about}</p>
        </section>
      )}
      {rows.length > 0 && (
        <section className="member-section" aria-labelledby="member-details">
          <h2 id="member-details" className="member-section-title">
            {t('member.details')}
          </h2>
          <dl className="member-facts mb-0">
            {rows.map((row) => (
              <div key={row.field} className="member-fact">
                <dt>{row.label}</dt>
                <dd>{row.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {notes.map((note) => (
        <section
          key={note.note}
          className="member-section"
          aria-labelledby={`member-note-${note.note}`}
        >
          <h2 id={`member-note-${note.note}`} className="member-section-title">
            {note.label}
          </h2>
          <p className="member-text mb-0">{note.text}</p>
        </section>
      ))}
    </>
  );
}
