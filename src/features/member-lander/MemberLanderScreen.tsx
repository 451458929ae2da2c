/**
 * `/members/{id}/signup`, `/landing`, `/landing2/{slug}`, `/landing3/{slug}` (issue 14): one
 * member's invitation. The worker fetches the public card (kept for offline visits); a member who
 * cannot be shown gives the page without a member. Sign-up carries the member as `profile` and
 * opens the conversation with them.
 */
import '../landers/landers.scss';
import './member-lander.scss';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import { useCurrentRoute } from '../../app/route-handle';
import { useSession } from '../../app/session/session-context';
import { currentLanguage } from '../../i18n/interface-language';
import { prepareCountryNames } from '../../shared/countries';
import { parseLanderSlug } from '../../shared/lander-slug';
import { trafficSource } from '../../lib/tracking';
import { SLOT_PROFILE } from '../../shared/prerender/member-slots';
import { prerenderedPlace } from '../../prerender/member-values';
import { usePrerendering } from '../../prerender/prerender-context';
import { useRevealHold } from '../../prerender/RevealWhenMounted';
import { JoinSection } from '../landers/join/JoinSection';
import { withTracking } from '../landers/lander-rules';
import { usePageLanguage } from '../landers/use-page-language';
import { usePublicAnswer } from '../landers/use-public-answer';
import { afterSignup, memberLanderVariant } from './member-lander-rules';
import { MemberLanderView } from './MemberLanderView';

export default function MemberLanderScreen() {
  const { t, i18n } = useTranslation();
  const { memberId = '', slug } = useParams();
  const id = Number(memberId);
  const variant = memberLanderVariant(useCurrentRoute()?.name);
  const { settings } = useSession();
  const { search } = useLocation();
  const navigate = useNavigate();
  usePageLanguage(slug ? (parseLanderSlug(slug)?.language ?? null) : null);

  const answer = usePublicAnswer(`member:${id}`, (sync) => {
    // The card names the member's country: its names are ready by the time the member is, unless
    // the page came with the place written in.
    const lng = currentLanguage(i18n);
    if (prerenderedPlace(id, lng) === null) prepareCountryNames(lng);
    return sync.loadMemberLander(id, trafficSource(new URLSearchParams(search)) ?? undefined);
  });
  // The prerendered copy carries the server-filled card; it stays up until the app has the member.
  useRevealHold(answer.status === 'loading');
  const prerendering = usePrerendering();
  const profile = prerendering
    ? SLOT_PROFILE
    : answer.status === 'ready'
      ? answer.data.profile
      : answer.status === 'failed'
        ? null
        : undefined;
  const shownId = profile ? profile.id : null;

  const signupHref = withTracking(
    shownId === null ? '/signup' : `/signup?profile=${shownId}`,
    search,
  );
  const next = afterSignup(shownId, withTracking('/signup', search));
  const onCreated = useCallback(() => navigate(next), [navigate, next]);

  return (
    <>
      <PageTitle
        title={
          profile
            ? t('memberLander.meta_title', { name: profile.name })
            : t('memberLander.none_title')
        }
      />
      <MemberLanderView
        variant={variant}
        profile={profile}
        // The prerendered photo slot holds the whole address, prefix included.
        cdnPrefix={prerendering ? '' : (settings?.cdn_prefix ?? '/uploads/')}
        stored={answer.status === 'ready' && answer.stored}
        join={
          <JoinSection
            signupHref={signupHref}
            profile={shownId}
            onCreated={onCreated}
            title={profile ? t('memberLander.join_title', { name: profile.name }) : undefined}
            text={profile ? t('memberLander.join_text', { name: profile.name }) : undefined}
            memberTo={profile ? `/members/${profile.id}/chat` : undefined}
            memberButton={
              profile ? t('memberLander.member_button', { name: profile.name }) : undefined
            }
          />
        }
      />
    </>
  );
}
