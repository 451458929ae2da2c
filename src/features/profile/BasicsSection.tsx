import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type User } from '../../shared/contract/account';
import { MIN_AGE, NAME_MAX, type Gender } from '../../shared/contract/fields';
import { useSession } from '../../app/session/session-context';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import { useAccountAction } from '../account/use-account-action';
import { birthDateBounds, isValidBirthDate, todayIso } from './birth-date';
import { FieldError, fieldAria, ProfileSection, SaveRow } from './ProfileSection';

type Field = 'name' | 'date_of_birth';
/** Server keys that belong under one field. */
const FIELD_OF_KEY: Record<string, Field> = {
  'signup.name_starts_with_at': 'name',
  'signup.name_equal_to_email': 'name',
  'profile.date_of_birth_error': 'date_of_birth',
};

/** Name, gender and date of birth (SPEC §5: 1 to 150 characters; a real date, 18 to 100 years). */
export function BasicsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const id = useId();
  const today = useMemo(() => todayIso(), []);
  const bounds = birthDateBounds(today);
  const [name, setName] = useState(user.profile.name);
  const [gender, setGender] = useState<Gender | ''>(user.profile.gender ?? '');
  const [birth, setBirth] = useState(user.profile.date_of_birth ?? '');
  // A partly typed date reads as '' with validity.badInput, which must not save as "no date".
  const [birthIncomplete, setBirthIncomplete] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { busy, problem, run } = useAccountAction();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const next: Partial<Record<Field, string>> = {};
    if (!trimmed) next.name = t('my_profile.name_required');
    else if (trimmed.startsWith('@')) next.name = t('signup.name_starts_with_at');
    else if (trimmed.toLowerCase() === user.email.toLowerCase())
      next.name = t('signup.name_equal_to_email');
    if (birthIncomplete || (birth && !isValidBirthDate(birth, today)))
      next.date_of_birth = t('profile.date_of_birth_error', { min_age: MIN_AGE });
    setErrors(next);
    if (next.name || next.date_of_birth) return;
    const body = {
      profile: { name: trimmed, gender: gender || null, date_of_birth: birth || null },
    };
    const saved = await run(() => getSync().updateUser(body));
    if (!saved) return;
    setUser(saved);
    setName(saved.profile.name);
    toast.success(t('my_profile.saved_basics'));
  };

  const serverField = problem?.key ? FIELD_OF_KEY[problem.key] : undefined;
  const errorOf = (field: Field) =>
    errors[field] ?? (serverField === field ? problem?.text : undefined);

  return (
    <ProfileSection
      id="profile-basics"
      title={t('my_profile.basics_title')}
      intro={t('my_profile.basics_intro')}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="row g-3 mb-3">
          <div className="col-12">
            <label className="form-label" htmlFor={`${id}-name`}>
              {t('my_profile.name')}
            </label>
            <input
              {...fieldAria(`${id}-name`, errorOf('name'))}
              type="text"
              className={`form-control${errorOf('name') ? ' is-invalid' : ''}`}
              autoComplete="given-name"
              maxLength={NAME_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
            />
            <FieldError id={`${id}-name`} error={errorOf('name')} />
          </div>
          <div className="col-12 col-sm-6">
            <label className="form-label" htmlFor={`${id}-gender`}>
              {t('my_profile.gender')}
            </label>
            <select
              id={`${id}-gender`}
              className="form-select"
              value={gender}
              onChange={(e) => setGender(e.target.value as Gender | '')}
            >
              <option value="">{t('my_profile.not_specified')}</option>
              <option value="female">{t('member.gender_female')}</option>
              <option value="male">{t('member.gender_male')}</option>
            </select>
          </div>
          <div className="col-12 col-sm-6">
            <label className="form-label" htmlFor={`${id}-birth`}>
              {t('my_profile.date_of_birth')}
            </label>
            <input
              {...fieldAria(`${id}-birth`, errorOf('date_of_birth'), true)}
              type="date"
              className={`form-control${errorOf('date_of_birth') ? ' is-invalid' : ''}`}
              autoComplete="bday"
              min={bounds.min}
              max={bounds.max}
              value={birth}
              onChange={(e) => {
                setBirth(e.target.value);
                setBirthIncomplete(Boolean(e.target.validity?.badInput));
              }}
            />
            <FieldError id={`${id}-birth`} error={errorOf('date_of_birth')} />
            <div id={`${id}-birth-help`} className="form-text">
              {t('my_profile.date_of_birth_help')}
            </div>
          </div>
        </div>
        <SaveRow busy={busy} problem={serverField ? null : problem} />
      </form>
    </ProfileSection>
  );
}
