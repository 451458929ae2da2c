import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ErrorPage } from '../../app/error/ErrorPage';
import { NOT_FOUND_MESSAGE } from '../../app/error/page-error';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { useTemplate } from '../../app/template/template-context';
import { getSync } from '../../bridges/worker-bridge';
import { LikeButton } from './LikeButton';
import { MemberActions, MemberVisitorInvite } from './MemberActions';
import { MemberDetails } from './MemberDetails';
import { MemberHeader } from './MemberHeader';
import { MemberNotice, MemberSkeleton } from './MemberNotice';
import { MemberPhotos } from './MemberPhotos';
import { useLike } from './use-like';
import { shownMember, useMemberProfile } from './use-member-profile';
import { useSiteSettings } from './use-site-settings';

/**
 * A member's profile page (SPEC §2.3 members-memberId, alias /likes/m/:memberId): drawn at once
 * from IndexedDB (the full profile, or the card from search and likes) while the worker fetches.
 */
export default function MemberScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const id = Number(useParams().memberId);
  const onLikesRoute = pathname.startsWith('/likes/');
  const { user, status: sessionStatus } = useSession();
  const viewer = user ? user.id : sessionStatus === 'ready' ? null : undefined;
  const settings = useSiteSettings();
  const { showGallery } = useTemplate().config.memberDetails;
  const { view, status, retry } = useMemberProfile(id, viewer);
  const like = useLike(id);
  const member = shownMember(view);
  const likeIsNew = view?.likedBy?.like_new === true;
  const loggedIn = Boolean(user);

  // SPEC §4: opening a received like from the likes list marks it seen.
  useEffect(() => {
    if (!onLikesRoute || !loggedIn || !likeIsNew) return;
    getSync()
      .openLikedBy(id)
      .catch((error: unknown) => console.warn('Marking the like seen failed', error));
  }, [onLikesRoute, loggedIn, likeIsNew, id]);

  if (status === 'not-found') {
    return <ErrorPage status={404} message={NOT_FOUND_MESSAGE} path={pathname} />;
  }

  const back = (
    <Link to={onLikesRoute ? '/likes' : '/members'} className="member-back">
      <span aria-hidden="true">‹ </span>
      {onLikesRoute ? t('member.back_likes') : t('member.back_members')}
    </Link>
  );

  if (!member || status === 'login-required') {
    return (
      <div className="member-screen container py-4">
        <PageTitle title={t('member.title')} />
        {back}
        <h1 className="visually-hidden">{t('member.title')}</h1>
        {status === 'loading' || status === 'ready' || view === undefined ? (
          <MemberSkeleton />
        ) : (
          <MemberNotice status={status} onRetry={retry} memberPath={pathname} />
        )}
      </div>
    );
  }

  const own = viewer === id;
  const asMember = loggedIn && !own;
  const likesYou = asMember && (view?.likedBy != null || view?.details?.did_like_profile === true);

  return (
    <article className="member-screen container py-4" aria-labelledby="member-name">
      <PageTitle title={member.name} />
      {back}
      {status === 'offline' && (
        <p className="offline-note small" role="status">
          {t('member.offline_note')}
        </p>
      )}
      {status === 'failed' && (
        <div
          className="alert alert-warning d-flex flex-wrap align-items-center gap-2"
          role="status"
        >
          <span className="me-auto">{t('member.failed')}</span>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={retry}>
            {t('member.retry')}
          </button>
        </div>
      )}
      <div className="row g-4 member-layout">
        <div className="col-lg-5">
          <div className="member-media">
            <MemberPhotos
              key={member.id}
              name={member.name}
              photos={member.photos}
              cdnPrefix={settings?.cdn_prefix ?? ''}
              showGallery={showGallery}
              overlay={asMember ? <LikeButton name={member.name} like={like} /> : null}
            />
          </div>
        </div>
        <div className="col-lg-7">
          <div className="member-info">
            <MemberHeader member={member} likesYou={likesYou} mutual={likesYou && like.liked} />
            {asMember && (
              <MemberActions id={id} name={member.name} like={like} hideMessage={onLikesRoute} />
            )}
            {!loggedIn && <MemberVisitorInvite id={id} name={member.name} />}
            {own && <p className="member-hint mb-0">{t('member.own')}</p>}
            {member.complete ? (
              <MemberDetails
                member={member}
                visibleFields={settings?.visible_profile_fields ?? Object.keys(member.fields)}
                visibleNotes={settings?.visible_profile_notes ?? Object.keys(member.notes)}
              />
            ) : (
              status === 'loading' && (
                <div className="member-section" aria-hidden="true">
                  <span className="skeleton-line w-25" />
                  <span className="skeleton-line w-100" />
                  <span className="skeleton-line w-75" />
                </div>
              )
            )}
          </div>
        </div>
      </div>
    </article>
  );
}
