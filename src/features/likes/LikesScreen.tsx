import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { SEARCH_PAGE_SIZE } from '../../shared/contract/limits';
import { PageTitle } from '../../app/PageTitle';
import { firstLikesOf } from '../../app/session/first-answers';
import { useRevealHold } from '../../prerender/RevealWhenMounted';
import { memberStored } from '../../app/session/member-stored';
import { useNothingStored } from '../../db/use-nothing-stored';
import { useSession } from '../../app/session/session-context';
import { useTemplate } from '../../app/template/template-context';
import { getSync } from '../../bridges/worker-bridge';
import { ProfileGridSkeleton } from '../members/ProfileGridSkeleton';
import { useOnline } from '../members/use-online';
import { useSiteSettings } from '../members/use-site-settings';
import { LikesHiddenCard } from './LikesHiddenCard';
import { LikesList } from './LikesList';
import { LikesTabs } from './LikesTabs';
import { likeTypeOf, shownLikeTypes } from './likes-types';
import { firstLikesView, readLikesView } from './likes-view';

/**
 * Likes (`/likes`, `/likes/{type}`, SPEC §2.3, §4): who liked me (new ones first; without
 * premium the newest few, the rest counted), who I liked, and the mutual ones, read from
 * IndexedDB so the lists show offline too.
 */
export default function LikesScreen() {
  const { t } = useTranslation();
  const { type: param } = useParams();
  const shown = shownLikeTypes(useTemplate().config.likes);
  const active = likeTypeOf(param, shown);
  const settings = useSiteSettings();
  const online = useOnline();
  const stored = useLiveQuery(readLikesView);
  const memberId = useSession().user?.id ?? null;
  // Nothing stored yet: the likes the server answered with the page, until the worker stored them.
  const [first] = useState(() => firstLikesOf(memberId));
  const firstView = useMemo(() => (first ? firstLikesView(first.answer) : null), [first]);
  // With no database on the device, nothing stored can win: the page's likes draw at once.
  const nothingStored = useNothingStored();
  const unstored = stored ? !stored.stored : nothingStored;
  const view = unstored && firstView ? firstView : stored;
  // The server's drawing of this screen stays up until the app knows what it shows.
  useRevealHold(view === undefined);

  // The leader tab polls every minute; a member opening the list wants it fresh now. Likes the
  // page came with are handed over instead, once the worker has stored their member.
  useEffect(() => {
    const refresh = async () => {
      if (first && memberId !== null) await memberStored(memberId);
      await getSync().refreshLikes(first && memberId !== null ? { ...first, memberId } : undefined);
    };
    refresh().catch((error: unknown) => console.warn('Likes refresh failed', error));
  }, [first, memberId]);

  return (
    <div className="likes-screen container py-4">
      <PageTitle title={t('likes.title')} />
      <h1 className="h2 mb-1">{t('likes.title')}</h1>
      <p className="text-body-secondary">{t('likes.intro')}</p>
      <LikesTabs
        types={shown}
        active={active}
        counts={
          view
            ? {
                received: view.received.length + view.hidden,
                given: view.given.length,
                mutual: view.mutual.length,
              }
            : {}
        }
        newCount={view?.newCount ?? 0}
      />
      {!online && (
        <p className="offline-note small" role="status">
          {t('likes.offline_note')}
        </p>
      )}
      {view === undefined ? (
        <ProfileGridSkeleton count={SEARCH_PAGE_SIZE / 2} actions={false} />
      ) : view[active].length === 0 && !(active === 'received' && view.hidden > 0) ? (
        <div className="empty-state text-center text-body-secondary py-5">
          <p>{t(`likes.empty_${active}`)}</p>
          <Link to="/members" className="btn btn-primary">
            {t('likes.find_members')}
          </Link>
        </div>
      ) : (
        <LikesList entries={view[active]} cdnPrefix={settings?.cdn_prefix ?? ''} />
      )}
      {view !== undefined && active === 'received' && view.hidden > 0 && (
        <LikesHiddenCard count={view.hidden} fresh={view.hiddenNew} />
      )}
    </div>
  );
}
