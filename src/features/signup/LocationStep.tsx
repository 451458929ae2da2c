import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CITY_MAX } from '../../shared/contract/fields';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';
import { LivingAreaPicker } from '../account/LivingAreaPicker';
import { useLivingArea } from '../account/use-living-area';
import type { LocateStatus } from '../members/use-geolocation';
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
  // The place's name fills an empty city the member has not typed in.
  const area = useLivingArea(
    settings,
    () => {
      const saved = draft?.location ?? null;
      const profile = user?.profile ?? null;
      return {
        country:
          saved?.country ??
          profile?.country ??
          signupCountry(settings) ??
          (countries.length === 1 ? (countries[0] ?? '') : ''),
        region: saved?.countryregion ?? profile?.countryregion ?? 0,
        city: saved?.city ?? profile?.city ?? '',
      };
    },
    true,
  );
  const { country, region, city, regions, status, place, locate } = area;
  const [submitted, setSubmitted] = useState(false);

  // "Entering step 3 triggers a geolocation request" (SPEC §4): once, when settings are known.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !settings) return;
    asked.current = true;
    locate();
  }, [settings, locate]);

  const locateText = status ? LOCATE_TEXT[status] : null;
  const countryText = submitted && countryError(country) ? text(countryError(country) ?? '') : null;
  const cityProblem = cityError(city);
  const cityText = cityProblem && (submitted || area.cityTouched) ? text(cityProblem) : null;

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
        <LivingAreaPicker
          area={area}
          locate={{
            className: 'signup-locate',
            icon: (
              <span className="me-1" aria-hidden="true">
                <SignupIcon name="pin" size={16} />
              </span>
            ),
            label: t('signup.location.locate'),
            statusClassName: 'signup-locate-status',
            statusText: locateText
              ? t(locateText, { country: countryName(place?.country, lng) })
              : '',
          }}
          id={id}
          countries={countries}
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
