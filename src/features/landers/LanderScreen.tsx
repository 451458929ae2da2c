/**
 * `/landers/{kind}/{slug}` (issue 14): the thin data side of the eight designs. The slug (checked
 * by the route's validity rule) picks the language and, on the server, the members; the design
 * renders at once and the members fill in when the sync worker has them.
 */
import './landers.scss';
import { useCallback, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import { useCurrentRoute } from '../../app/route-handle';
import { useSession } from '../../app/session/session-context';
import { parseLanderSlug } from '../../shared/lander-slug';
import { usePrerendering } from '../../prerender/prerender-context';
import { slotMarker } from '../../shared/prerender/slots';
import { useRevealHold } from '../../prerender/RevealWhenMounted';
import { trafficSource } from '../../lib/tracking';
import { JoinSection } from './join/JoinSection';
import { audienceKey, landerKind, withTracking } from './lander-rules';
import { rememberLanderNiche } from './lander-memory';
import type { LanderViewProps } from './lander-view';
import { usePageLanguage } from './use-page-language';
import { usePublicAnswer } from './use-public-answer';

/**
 * The route screen of every design is the design's own module (`designs/`), so a lander's first
 * route carries one design, not eight; each wraps its design in this.
 */
export function LanderScreen({ design: Design }: { design: ComponentType<LanderViewProps> }) {
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

  const signupHref = withTracking('/signup', search);
  const continueSignup = useCallback(() => navigate(signupHref), [navigate, signupHref]);
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
        language={parsed?.language ?? 'en'}
        join={<JoinSection signupHref={signupHref} profile={null} onCreated={continueSignup} />}
      />
    </>
  );
}
