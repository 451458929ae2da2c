import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CITY_MAX } from '../../api/contract';
import { currentLanguage } from '../../i18n/i18n';
import { countryName } from '../../lib/countries';
import { DraftNotices } from './DraftNotices';
import { FieldMessage } from './FieldMessage';
import { SignupIcon } from './SignupIcon';
import { signupCountry } from './signup-payload';
import { cityError, countryError } from './signup-validation';
import { StepActions } from './StepActions';
import { StepShell } from './StepShell';
import { useSignupLocate, type LocatedPlace, type LocateStatus } from './use-signup-locate';
import type { SignupWizard } from './use-signup-wizard';
import { useText } from './use-text';

const LOCATE_TEXT = {
  locating: 'signup.location.locating',
  denied: 'signup.location.denied',
  unavailable: 'signup.location.unavailable',
  unsupported: 'signup.location.unavailable',
  'not-served': 'signup.location.not_served',
} as const satisfies Record<Exclude<LocateStatus, null>, string>;

/** Step 3: country (when there is a choice), region and city (SPEC §2.4, §5). */
export function LocationStep({ wizard }: { wizard: SignupWizard }) {
  const { t, i18n } = useTranslation();
  const text = useText();
  const id = useId();
  const lng = currentLanguage(i18n);
  const { settings, draft, user } = wizard;
  const countries = settings?.countries ?? [];
  const saved = draft?.location ?? null;
  const profile = user?.profile ?? null;
  const [country, setCountry] = useState(
    () =>
      saved?.country ??
      profile?.country ??
      signupCountry(settings) ??
      (countries.length === 1 ? (countries[0] ?? '') : ''),
  );
  const [region, setRegion] = useState(saved?.countryregion ?? profile?.countryregion ?? 0);
  const [city, setCity] = useState(saved?.city ?? profile?.city ?? '');
  const [cityTouched, setCityTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const applyPlace = (place: LocatedPlace) => {
    setCountry(place.country);
    setRegion(place.countryregion ?? 0);
    if (!cityTouched && !city) setCity(place.city);
  };
  const { status, place, locate } = useSignupLocate(settings, applyPlace);

  const regions = settings?.region_data[country] ?? [];
  const countryText = submitted && countryError(country) ? text(countryError(country) ?? '') : null;
  const cityProblem = cityError(city);
  const cityText = cityProblem && (submitted || cityTouched) ? text(cityProblem) : null;
  const options = [...countries].sort((a, b) =>
    countryName(a, lng).localeCompare(countryName(b, lng), lng),
  );

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (countryError(country) || cityProblem) return;
    void wizard.save(
      {
        location: {
          country,
          countryregion: regions.some((r) => r.id === region) ? region : null,
          city: city.trim() || null,
        },
      },
      'location',
    );
  };

  const locating = status === 'locating';
  return (
    <StepShell
      step={3}
      title={t('signup.location.title')}
      intro={t('signup.location.intro')}
      icon="pin"
      focus={wizard.moved}
      notices={<DraftNotices wizard={wizard} step={3} />}
    >
      <form id={`${id}-form`} noValidate onSubmit={save}>
        <div className="signup-locate">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-disabled={locating || undefined}
            onClick={locating ? undefined : locate}
          >
            {locating ? (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            ) : (
              <span className="me-1" aria-hidden="true">
                <SignupIcon name="pin" size={16} />
              </span>
            )}
            {t('signup.location.locate')}
          </button>
          <p className="signup-locate-status" role="status" aria-live="polite">
            {status ? t(LOCATE_TEXT[status], { country: countryName(place?.country, lng) }) : ''}
          </p>
        </div>
        {countries.length > 1 ? (
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-country`}>
              {t('signup.location.country')}
            </label>
            <select
              id={`${id}-country`}
              className={`form-select form-select-lg${countryText ? ' is-invalid' : ''}`}
              value={country}
              onChange={(e) => {
                setCountry(e.target.value);
                setRegion(0);
              }}
              aria-invalid={Boolean(countryText)}
              aria-describedby={countryText ? `${id}-country-error` : undefined}
              required
            >
              <option value="" disabled>
                {t('signup.location.choose_country')}
              </option>
              {options.map((code) => (
                <option key={code} value={code}>
                  {countryName(code, lng)}
                </option>
              ))}
            </select>
            {countryText && <FieldMessage id={`${id}-country-error`} text={countryText} />}
          </div>
        ) : (
          <p className="signup-fixed-country">
            <span className="form-label d-block">{t('signup.location.country')}</span>
            {countryName(country, lng)}
          </p>
        )}
        {regions.length > 0 && (
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-region`}>
              {t('signup.location.region')}
            </label>
            <select
              id={`${id}-region`}
              className="form-select form-select-lg"
              value={region}
              onChange={(e) => setRegion(Number(e.target.value))}
            >
              <option value={0}>{t('signup.location.no_region')}</option>
              {regions.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-city`}>
            {t('signup.location.city')}
          </label>
          <input
            id={`${id}-city`}
            type="text"
            className={`form-control form-control-lg${cityText ? ' is-invalid' : ''}`}
            autoComplete="address-level2"
            maxLength={CITY_MAX + 1}
            value={city}
            onChange={(e) => setCity(e.target.value)}
            onBlur={() => setCityTouched(true)}
            aria-invalid={Boolean(cityText)}
            aria-describedby={cityText ? `${id}-city-error` : undefined}
          />
          {cityText && <FieldMessage id={`${id}-city-error`} text={cityText} />}
        </div>
      </form>
      <StepActions
        primary={t('signup.location.save')}
        form={`${id}-form`}
        secondary={t('signup.location.skip')}
        onSecondary={() => void wizard.run(wizard.next)}
        busy={wizard.busy}
      />
    </StepShell>
  );
}
