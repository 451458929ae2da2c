import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/interface-language';
import { countryName } from '../../../shared/countries';
import { useSettingsNow } from '../../../app/session/use-settings-now';
import { mapCountry, nameWithAge } from '../lander-rules';
import type { LanderViewProps } from '../lander-view';
import { LanderScreen } from '../LanderScreen';
import { MapView } from '../map/MapView';
import { useCountryMap } from '../map/use-country-map';
import { LanderFrame } from '../parts/LanderFrame';
import { LanderActions, LanderHeadline } from '../parts/LanderHeadline';
import { MemberPhoto } from '../parts/MemberPhoto';
import { MembersSection } from '../parts/MembersSection';

/** `maplanding`: members near the visitor, pinned on our own map of their country. */
export function MapLander(view: LanderViewProps) {
  const { profiles, cdnPrefix, language } = view;
  const { t, i18n } = useTranslation();
  const settings = useSettingsNow();
  // The visitor's country when we have its map, else where the members live (lander-rules).
  const map = useCountryMap(
    settings && profiles
      ? mapCountry(profiles, settings.geoip_country, language, settings.countries)
      : null,
  );
  const country = map ? countryName(map.country, currentLanguage(i18n)) : '';
  // Members of the drawn country first: they are the ones on the map.
  const listed =
    profiles && map
      ? [...profiles].sort(
          (a, b) => Number(b.country === map.country) - Number(a.country === map.country),
        )
      : profiles;
  return (
    <LanderFrame join={view.join} design="lander-map">
      <section className="container ml-hero" aria-labelledby="lander-title">
        <div className="ml-copy">
          <LanderHeadline view={view} copy="map" />
          <LanderActions view={view} />
        </div>
        <div className="ml-stage">
          <MapView
            map={map ?? null}
            profiles={profiles}
            cdnPrefix={cdnPrefix}
            label={t('landers.map.label', { country })}
          />
        </div>
      </section>

      {profiles && profiles.length > 0 && (
        <MembersSection id="ml-near" view={view}>
          <ul className="ml-list list-unstyled">
            {(listed ?? []).slice(0, 8).map((profile) => (
              <li key={profile.id} className="ml-list-item">
                <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size={56} />
                <span>
                  <strong>{nameWithAge(profile)}</strong>
                  {profile.city && <span className="ml-list-city">{profile.city}</span>}
                </span>
              </li>
            ))}
          </ul>
        </MembersSection>
      )}
    </LanderFrame>
  );
}

/** The route screen of `/landers/maplanding/:slug`. */
export default function MapLanderScreen() {
  return <LanderScreen design={MapLander} />;
}
