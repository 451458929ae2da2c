import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';

const MemberPreviewGrid = lazy(() => import('../members/MemberPreviewGrid'));

const SHORTCUTS = [
  { to: '/members', title: 'start.search_title', text: 'start.search_text' },
  { to: '/chats', title: 'start.chats_title', text: 'start.chats_text' },
  { to: '/likes', title: 'start.likes_title', text: 'start.likes_text' },
  { to: '/profile', title: 'start.profile_title', text: 'start.profile_text' },
] as const;

/** The member's start page: a greeting, the main places to go and some people to meet. */
export function MemberStart({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="container py-4">
      <PageTitle title={t('start.meta_title')} />
      <h1 className="h2">{t('start.greeting', { name })}</h1>
      <p className="text-body-secondary">{t('start.intro')}</p>
      <ul className="row row-cols-2 row-cols-md-4 g-2 g-sm-3 list-unstyled my-4">
        {SHORTCUTS.map((s) => (
          <li className="col" key={s.to}>
            <Link to={s.to} className="shortcut card h-100 text-decoration-none">
              <span className="card-body">
                <span className="d-block h6 mb-1">{t(s.title)}</span>
                <span className="d-block small text-body-secondary">{t(s.text)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="d-flex align-items-baseline justify-content-between mb-3">
        <h2 className="h4 mb-0">{t('start.members_title')}</h2>
        <Link to="/members">{t('start.see_all')}</Link>
      </div>
      <Suspense fallback={null}>
        <MemberPreviewGrid count={8} />
      </Suspense>
    </div>
  );
}
