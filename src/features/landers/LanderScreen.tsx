/**
 * `/landers/{kind}/{slug}` (issue 14): the thin data side of the eight designs. The slug (checked
 * by the route's validity rule) picks the language and, on the server, the members; the design
 * renders at once and the members fill in when the sync worker has them.
 */
import './landers.scss';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import { useCurrentRoute } from '../../app/route-handle';
import { useSession } from '../../app/session/session-context';
import { parseLanderSlug } from '../../lib/lander-slug';
import { usePrerendering } from '../../prerender/prerender-context';
import { slotMarker } from '../../prerender/slots';
import { useRevealHold } from '../../prerender/use-reveal-hold';
import { trafficSource } from '../../lib/tracking';
import { AloneTonightLander } from './designs/AloneTonightLander';
import { CollageLander } from './designs/CollageLander';
import { GalleryLander } from './designs/GalleryLander';
import { IconsLander } from './designs/IconsLander';
import { MapLander } from './designs/MapLander';
import { SocialLander } from './designs/SocialLander';
import { TransitionsLander } from './designs/TransitionsLander';
import { VideoLander } from './designs/VideoLander';
import { JoinSection } from './join/JoinSection';
import { audienceKey, landerKind, mapCountry, withTracking, type LanderKind } from './lander-rules';
import { rememberLanderNiche } from './lander-memory';
import type { LanderViewProps } from './lander-view';
import { loadCountryMap, type CountryMap } from './map/country-map';
import { usePageLanguage } from './use-page-language';
import { usePublicAnswer } from './use-public-answer';

const DESIGNS: Record<LanderKind, ComponentType<LanderViewProps>> = {
  video: VideoLander,
  gallery: GalleryLander,
  maplanding: MapLander,
  alonetonight: AloneTonightLander,
  iconslanding: IconsLander,
  socialnetwork: SocialLander,
  collagelanding: CollageLander,
  transitionsvideolanding: TransitionsLander,
};

/** The map of `country` for the map lander (a static file; the precache has it offline). */
function useCountryMap(country: string | null): CountryMap | null {
  const [map, setMap] = useState<CountryMap | null>(null);
  useEffect(() => {
    if (!country) return;
    let live = true;
    loadCountryMap(country)
      .then((loaded) => live && setMap(loaded))
      .catch((error: unknown) => console.warn('The map could not be loaded', error));
    return () => {
      live = false;
    };
  }, [country]);
  return map && map.country === country ? map : null;
}

export default function LanderScreen() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const kind = landerKind(useCurrentRoute()?.path) ?? 'gallery';
  const parsed = parseLanderSlug(slug);
  const { settings } = useSession();
  const { search } = useLocation();
  const navigate = useNavigate();
  usePageLanguage(parsed?.language ?? null);

  const niche = parsed?.niche ?? 1;
  useEffect(() => rememberLanderNiche(niche), [niche]);
  const answer = usePublicAnswer(`lander:${slug}`, (sync) =>
    sync.loadLander(slug, trafficSource(new URLSearchParams(search)) ?? undefined),
  );
  // The prerendered copy (members drawn as placeholders) stays up until the members are here.
  useRevealHold(answer.status === 'loading');
  const ready = answer.status === 'ready' ? answer : null;
  const profiles = ready ? ready.data.profiles : answer.status === 'failed' ? [] : null;
  const country =
    kind === 'maplanding' && settings && profiles
      ? mapCountry(profiles, settings.geoip_country, parsed?.language ?? 'en', settings.countries)
      : null;
  const map = useCountryMap(country);

  const signupHref = withTracking('/signup', search);
  const continueSignup = useCallback(() => navigate(signupHref), [navigate, signupHref]);
  const Design = DESIGNS[kind];
  // One prerendered file serves every niche of a language: the server fills in the audience.
  const prerendering = usePrerendering();
  const audience = prerendering ? slotMarker('lander.audience') : t(audienceKey(niche));

  return (
    <>
      <PageTitle title={t(`landers.meta.${kind}`)} />
      <Design
        audience={audience}
        profiles={profiles}
        total={ready ? ready.data.total : null}
        cdnPrefix={settings?.cdn_prefix ?? '/uploads/'}
        stored={ready?.stored ?? false}
        map={map}
        join={
          <JoinSection
            signupHref={signupHref}
            profile={null}
            onCreated={continueSignup}
            memberAction={
              <div className="lander-join-intro">
                <h2 className="signup-title">{t('landers.member.title')}</h2>
                <p className="signup-intro">{t('landers.member.text')}</p>
                <Link className="btn btn-primary btn-lg w-100" to="/members">
                  {t('landers.member.button')}
                </Link>
              </div>
            }
          />
        }
      />
    </>
  );
}
