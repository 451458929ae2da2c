import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CITY_MAX } from '../../shared/contract/fields';
import type { SearchFilters } from '../../db/db';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';
import { LivingAreaFields } from '../account/LivingAreaFields';
import { useGeolocation, type LocateStatus } from '../members/use-geolocation';
import { DraftNotices } from './DraftNotices';
import { SignupIcon } from './SignupIcon';
import { signupCountry } from './signup-payload';
import { cityError, countryError } from './signup-validation';
import { StepActions } from './StepActions';
import { StepShell } from './StepShell';
import type { SignupWizard } from './use-signup-wizard';
import { useText } from './use-text';

/** What the locate button says; a place without a known region needs no word (pick one below). */
const LOCATE_TEXT = {
  locating: 'signup.location.locating',
  denied: 'signup.location.denied',
  unavailable: 'signup.location.unavailable',
  unsupported: 'signup.location.unavailable',
  'not-served': 'signup.location.not_served',
  'no-region': null,
} as const satisfies Record<Exclude<LocateStatus, null>, string | null>;

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

  // The members screen's "Use my location": country only when served, region when known.
  const apply = useCallback(
    (patch: Partial<SearchFilters>) => {
      if (patch.country) setCountry(patch.country);
      setRegion(patch.countryregion ?? 0);
    },
    [setCountry, setRegion],
  );
  const { status, place, locate } = useGeolocation(settings, apply);
  // The place's name fills an empty city the member has not typed in.
  const [placeSeen, setPlaceSeen] = useState(place);
  if (place !== placeSeen) {
    setPlaceSeen(place);
    if (place?.city && status !== 'not-served' && !cityTouched && !city) setCity(place.city);
  }
  // "Entering step 3 triggers a geolocation request" (SPEC §4): once, when settings are known.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !settings) return;
    asked.current = true;
    locate();
  }, [settings, locate]);

  const locateText = status ? LOCATE_TEXT[status] : null;
  const regions = settings?.region_data[country] ?? [];
  const countryText = submitted && countryError(country) ? text(countryError(country) ?? '') : null;
  const cityProblem = cityError(city);
  const cityText = cityProblem && (submitted || cityTouched) ? text(cityProblem) : null;

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
            {locateText ? t(locateText, { country: countryName(place?.country, lng) }) : ''}
          </p>
        </div>
        <LivingAreaFields
          id={id}
          countries={countries}
          regions={regions}
          country={country}
          region={region}
          city={city}
          onCountryChange={setCountry}
          onRegionChange={setRegion}
          onCityChange={setCity}
          onCityBlur={() => setCityTouched(true)}
          texts={{
            country: t('signup.location.country'),
            chooseCountry: t('signup.location.choose_country'),
            region: t('signup.location.region'),
            noRegion: t('signup.location.no_region'),
            city: t('signup.location.city'),
          }}
          countryError={countryText}
          cityError={cityText}
          cityMaxLength={CITY_MAX + 1}
          fixedCountry={
            <p className="signup-fixed-country">
              <span className="form-label d-block">{t('signup.location.country')}</span>
              {countryName(country, lng)}
            </p>
          }
          fieldClassNames={{ country: 'mb-3', region: 'mb-3', city: 'mb-3' }}
          large
          hideEmptyRegion
          errorClassName="invalid-feedback d-block"
        />
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
