import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gender } from '../../shared/contract/fields';
import type { ProfileFieldsResponse } from '../../shared/contract/settings';
import { getSync } from '../../bridges/worker-bridge';
import { fieldLabels } from '../../lib/field-labels';
import { DraftNotices } from './DraftNotices';
import { FieldMessage } from './FieldMessage';
import {
  birthDateBounds,
  DATE_OF_BIRTH_PARAMS,
  dateOfBirthError,
  isoToday,
} from './signup-validation';
import { StepActions } from './StepActions';
import { StepShell } from './StepShell';
import type { SignupWizard } from './use-signup-wizard';
import { useText } from './use-text';

const GENDERS: Gender[] = ['female', 'male'];

/** Step 4: gender, date of birth and the site's other profile fields (SPEC §2.4, §5). */
export function PersonalStep({ wizard }: { wizard: SignupWizard }) {
  const { t } = useTranslation();
  const text = useText();
  const labels = fieldLabels(t);
  const id = useId();
  const saved = wizard.draft?.profile ?? null;
  const profile = wizard.user?.profile ?? null;
  const [gender, setGender] = useState<Gender | null>(saved?.gender ?? profile?.gender ?? null);
  const [birth, setBirth] = useState(saved?.date_of_birth ?? profile?.date_of_birth ?? '');
  const [values, setValues] = useState<Record<string, string>>(
    saved?.fields ?? profile?.fields ?? {},
  );
  const [known, setKnown] = useState<ProfileFieldsResponse | null>(null);
  const [birthTouched, setBirthTouched] = useState(false);
  const [today] = useState(isoToday);
  const bounds = birthDateBounds(today);

  useEffect(() => {
    let live = true;
    getSync()
      .profileFields()
      .then((fields) => live && setKnown(fields))
      .catch((error: unknown) => console.warn('Profile fields could not be loaded', error));
    return () => {
      live = false;
    };
  }, []);

  const visible = (wizard.settings?.visible_profile_fields ?? []).filter((name) => known?.[name]);
  const birthProblem = birth ? dateOfBirthError(birth, today) : null;
  const birthText =
    birthProblem && birthTouched ? text(birthProblem, undefined, DATE_OF_BIRTH_PARAMS) : null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setBirthTouched(true);
    if (birthProblem) {
      document.getElementById(`${id}-birth`)?.focus();
      return;
    }
    const fields = Object.fromEntries(
      Object.entries(values).filter(([name, value]) => value !== '' && visible.includes(name)),
    );
    void wizard.save({ profile: { gender, date_of_birth: birth || null, fields } }, 'profile');
  };

  return (
    <StepShell
      step={4}
      title={t('signup.personal.title')}
      intro={t('signup.personal.intro')}
      icon="person"
      focus={wizard.moved}
      notices={<DraftNotices wizard={wizard} step={4} />}
    >
      <form id={`${id}-form`} noValidate onSubmit={save}>
        <fieldset className="mb-3">
          <legend className="form-label signup-legend">{t('signup.personal.gender')}</legend>
          <div className="signup-choice">
            {GENDERS.map((value) => (
              <div key={value} className="signup-choice-item">
                <input
                  id={`${id}-gender-${value}`}
                  type="radio"
                  name={`${id}-gender`}
                  className="btn-check"
                  checked={gender === value}
                  onChange={() => setGender(value)}
                />
                <label
                  className="btn btn-outline-secondary w-100"
                  htmlFor={`${id}-gender-${value}`}
                >
                  {t(`signup.personal.${value}`)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-birth`}>
            {t('signup.personal.date_of_birth')}
          </label>
          <input
            id={`${id}-birth`}
            type="date"
            className={`form-control form-control-lg${birthText ? ' is-invalid' : ''}`}
            autoComplete="bday"
            min={bounds.min}
            max={bounds.max}
            value={birth}
            onChange={(e) => setBirth(e.target.value)}
            onBlur={() => setBirthTouched(true)}
            aria-invalid={Boolean(birthText)}
            aria-describedby={birthText ? `${id}-birth-error` : `${id}-birth-help`}
          />
          {birthText ? (
            <FieldMessage id={`${id}-birth-error`} text={birthText} />
          ) : (
            <div id={`${id}-birth-help`} className="form-text">
              {t('signup.personal.date_of_birth_help', DATE_OF_BIRTH_PARAMS)}
            </div>
          )}
        </div>
        {visible.length > 0 && (
          <div className="signup-fields">
            {visible.map((name) => {
              const field = known?.[name];
              const inputId = `${id}-field-${name}`;
              return (
                <div key={name} className="mb-3">
                  <label className="form-label" htmlFor={inputId}>
                    {labels.field(name)}
                  </label>
                  {field?.type === 'select' ? (
                    <select
                      id={inputId}
                      className="form-select"
                      value={values[name] ?? ''}
                      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
                    >
                      <option value="">{t('signup.personal.no_answer')}</option>
                      {field.allowed_values.map((value) => (
                        <option key={value} value={value}>
                          {labels.value(name, value)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={inputId}
                      type="text"
                      className="form-control"
                      maxLength={255}
                      value={values[name] ?? ''}
                      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
                    />
                  )}
                </div>
              );
            })}
          </div>
        )}
      </form>
      <StepActions
        primary={t('signup.personal.save')}
        form={`${id}-form`}
        secondary={t('signup.personal.skip')}
        onSecondary={() => void wizard.run(wizard.next)}
        busy={wizard.busy}
      />
    </StepShell>
  );
}
