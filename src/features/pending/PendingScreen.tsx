import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import { useCurrentRoute } from '../../app/route-handle';

/** Area titles per screen key of the route table, for the screens not built yet. */
const AREA_TITLES = {
  signupMatches: 'pending.areas.signup_matches',
  memberLander: 'pending.areas.lander',
  lander: 'pending.areas.lander',
  matchFinder: 'pending.areas.match_finder',
} as const;

function isArea(key: string): key is keyof typeof AREA_TITLES {
  return key in AREA_TITLES;
}

/** Honest stand-in for parts of the product that later issues build. */
export default function PendingScreen() {
  const { t } = useTranslation();
  const screen = useCurrentRoute()?.screen ?? '';
  const title = t(isArea(screen) ? AREA_TITLES[screen] : 'pending.areas.default');

  return (
    <div className="container py-5">
      <PageTitle title={title} />
      <section className="pending-screen text-center mx-auto" aria-labelledby="pending-title">
        <div className="pending-icon mx-auto mb-3" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48">
            <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
            <path
              d="M24 13v12l8 5"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
            />
          </svg>
        </div>
        <h1 id="pending-title" className="h2">
          {title}
        </h1>
        <p className="lead text-body-secondary">{t('pending.text')}</p>
        <Link className="btn btn-primary" to="/">
          {t('pending.home')}
        </Link>
      </section>
    </div>
  );
}
