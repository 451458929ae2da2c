import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTES_MAX } from '../../shared/contract/fields';
import { fieldLabels } from '../../lib/field-labels';
import { DraftNotices } from './DraftNotices';
import { StepActions } from './StepActions';
import { StepShell } from './StepShell';
import type { SignupWizard } from './use-signup-wizard';

/** Step 5: about me and the site's profile notes; saving marks the last sign-up step (SPEC §3). */
export function AboutStep({ wizard }: { wizard: SignupWizard }) {
  const { t } = useTranslation();
  const labels = fieldLabels(t);
  const id = useId();
  const saved = wizard.draft?.notes ?? null;
  const profile = wizard.user?.profile ?? null;
  const [personal, setPersonal] = useState(saved?.personal ?? profile?.personal ?? '');
  const [notes, setNotes] = useState<Record<string, string>>(saved?.notes ?? profile?.notes ?? {});
  const visible = wizard.settings?.visible_profile_notes ?? [];

  const save = (event: FormEvent) => {
    event.preventDefault();
    const kept = Object.fromEntries(
      Object.entries(notes)
        .map(([name, value]) => [name, value.trim()] as const)
        .filter(([name, value]) => value !== '' && visible.includes(name)),
    );
    void wizard.save({ notes: { personal: personal.trim() || null, notes: kept } }, 'notes');
  };

  // Continuing without still ends the wizard on the server (lastSignupStep), keeping any text
  // the member already had.
  const skip = () =>
    void wizard.save(
      { notes: { personal: profile?.personal ?? null, notes: profile?.notes ?? {} } },
      'notes',
    );

  return (
    <StepShell
      step={5}
      title={t('signup.about.title')}
      intro={t('signup.about.intro')}
      icon="pencil"
      focus={wizard.moved}
      notices={<DraftNotices wizard={wizard} step={5} />}
    >
      <form id={`${id}-form`} noValidate onSubmit={save}>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-personal`}>
            {t('signup.about.personal')}
          </label>
          <textarea
            id={`${id}-personal`}
            className="form-control signup-notes"
            maxLength={NOTES_MAX}
            value={personal}
            placeholder={t('signup.about.placeholder')}
            onChange={(e) => setPersonal(e.target.value)}
            aria-describedby={`${id}-personal-help`}
          />
          <div id={`${id}-personal-help`} className="form-text">
            {t('signup.about.help')}
          </div>
        </div>
        {visible.map((name) => (
          <div key={name} className="mb-3">
            <label className="form-label" htmlFor={`${id}-note-${name}`}>
              {labels.note(name)}
            </label>
            <textarea
              id={`${id}-note-${name}`}
              className="form-control signup-notes"
              maxLength={NOTES_MAX}
              value={notes[name] ?? ''}
              onChange={(e) => setNotes({ ...notes, [name]: e.target.value })}
            />
          </div>
        ))}
      </form>
      <StepActions
        primary={t('signup.about.save')}
        form={`${id}-form`}
        secondary={t('signup.about.skip')}
        onSecondary={skip}
        busy={wizard.busy}
      />
    </StepShell>
  );
}
