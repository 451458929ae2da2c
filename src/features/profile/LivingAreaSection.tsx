import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type User } from '../../shared/contract/account';
import { CITY_MAX } from '../../shared/contract/fields';
import { type Settings } from '../../shared/contract/settings';
import { useSession } from '../../app/session/session-context';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';
import { LivingAreaPicker } from '../account/LivingAreaPicker';
import { useAccountAction } from '../account/use-account-action';
import { useLivingArea } from '../account/use-living-area';
import type { LocateStatus } from '../members/use-geolocation';
import { ProfileIcon } from './ProfileIcon';
import { ProfileSection, SaveRow } from './ProfileSection';

const LOCATE_MESSAGE = {
  locating: 'geo.locating',
  denied: 'my_profile.locate_denied',
  unavailable: 'geo.unavailable',
  unsupported: 'geo.unsupported',
  'no-region': 'my_profile.locate_no_region',
  'not-served': 'my_profile.locate_not_served',
} as const satisfies Record<Exclude<LocateStatus, null>, string>;

/** The country to start from: the member's, else the only one, else the geo-IP guess if served. */
function initialCountry(user: User, settings: Settings): string {
  if (user.profile.country) return user.profile.country;
  if (settings.countries.length === 1) return settings.countries[0] ?? '';
  const guess = settings.geoip_selected_country ?? settings.geoip_country;
  return guess && settings.countries.includes(guess) ? guess : '';
}

/**
 * Country, region and city (SPEC §5: the country is required, the region optional, the city at
 * most 255 characters). The country select only shows when the site serves several countries.
 */
export function LivingAreaSection({ user, settings }: { user: User; settings: Settings }) {
  const { t, i18n } = useTranslation();
  const { setUser } = useSession();
  const id = useId();
  const lng = currentLanguage(i18n);
  const area = useLivingArea(
    settings,
    () => ({
      country: initialCountry(user, settings),
      region: user.profile.countryregion ?? 0,
      city: user.profile.city ?? '',
    }),
    false,
  );
  const { country, region, city, status, place } = area;
  const [countryError, setCountryError] = useState<string | null>(null);
  const { busy, problem, run } = useAccountAction();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!country) {
      setCountryError(t('my_profile.country_required'));
      return;
    }
    setCountryError(null);
    const body = { country, countryregion: region || null, city: city.trim() || null };
    const saved = await run(() => getSync().updateUser(body));
    if (!saved) return;
    setUser(saved);
    toast.success(t('my_profile.saved_area'));
  };

  const locating = status === 'locating';
  const locateText = status
    ? t(LOCATE_MESSAGE[status], { country: countryName(place?.country, lng) })
    : '';

  return (
    <ProfileSection
      id="profile-area"
      title={t('my_profile.area_title')}
      intro={t('my_profile.area_intro')}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <LivingAreaPicker
          area={area}
          locate={{
            className: 'profile-locate mb-3',
            icon: <ProfileIcon name="pin" size={18} />,
            label: <span className="ms-1">{t('geo.locate')}</span>,
            statusClassName: `small mb-0 ${status && !locating ? 'text-danger-emphasis' : 'text-body-secondary'}`,
            statusText: locateText,
          }}
          fieldsClassName="row g-3 mb-3"
          id={id}
          countries={settings.countries}
          texts={{
            country: t('my_profile.country'),
            chooseCountry: t('my_profile.choose_country'),
            region: t('my_profile.region'),
            noRegion: t('my_profile.region_none'),
            city: t('my_profile.city'),
          }}
          countryError={countryError}
          cityMaxLength={CITY_MAX}
          fixedCountry={
            countryError && (
              <div className="col-12 text-danger small" role="alert">
                {countryError}
              </div>
            )
          }
          fieldClassNames={{
            country: 'col-12 col-sm-6',
            region: 'col-12 col-sm-6',
            city: 'col-12',
          }}
        />
        <SaveRow busy={busy} problem={problem} />
      </form>
    </ProfileSection>
  );
}
