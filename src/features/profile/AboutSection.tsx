import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type User } from '../../shared/contract/account';
import { NOTES_MAX } from '../../shared/contract/fields';
import { useSession } from '../../app/session/session-context';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import { useAccountAction } from '../account/use-account-action';
import { fieldLabels } from '../../lib/field-labels';
import { ProfileSection, SaveRow } from './ProfileSection';

export interface AboutSectionProps {
  user: User;
  /** settings.visible_profile_notes; empty when the design hides notes (myProfile.showNotes). */
  notes: readonly string[];
}

/** The about-me text (SPEC §9: a 150px textarea) and the site's profile notes. */
export function AboutSection({ user, notes }: AboutSectionProps) {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const id = useId();
  const labels = fieldLabels(t);
  const [personal, setPersonal] = useState(user.profile.personal ?? '');
  const [noteValues, setNoteValues] = useState<Record<string, string>>(() => ({
    ...user.profile.notes,
  }));
  const { busy, problem, run } = useAccountAction();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const profile = {
      personal: personal.trim() || null,
      ...(notes.length > 0 && {
        notes: Object.fromEntries(notes.map((name) => [name, noteValues[name]?.trim() ?? ''])),
      }),
    };
    const saved = await run(() => getSync().updateUser({ profile }));
    if (!saved) return;
    setUser(saved);
    toast.success(t('my_profile.saved_about'));
  };

  return (
    <ProfileSection
      id="profile-about"
      title={t('my_profile.about_title')}
      intro={t('my_profile.about_intro')}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-personal`}>
            {t('member.about')}
          </label>
          <textarea
            id={`${id}-personal`}
            className="form-control profile-notes-input"
            maxLength={NOTES_MAX}
            value={personal}
            onChange={(e) => setPersonal(e.target.value)}
            aria-describedby={`${id}-personal-help`}
          />
          <div id={`${id}-personal-help`} className="form-text">
            {t('my_profile.about_help')}
          </div>
        </div>
        {notes.map((name) => (
          <div key={name} className="mb-3">
            <label className="form-label" htmlFor={`${id}-${name}`}>
              {labels.note(name)}
            </label>
            <textarea
              id={`${id}-${name}`}
              className="form-control profile-note-input"
              rows={3}
              maxLength={NOTES_MAX}
              value={noteValues[name] ?? ''}
              onChange={(e) => setNoteValues((v) => ({ ...v, [name]: e.target.value }))}
            />
          </div>
        ))}
        <SaveRow busy={busy} problem={problem} />
      </form>
    </ProfileSection>
  );
}
