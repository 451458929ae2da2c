import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import { useCurrentRoute } from '../../app/route-handle';

/** Area titles per screen key of the route table. */
const AREA_TITLES = {
  signup: 'pending.areas.signup',
  completeSignup: 'pending.areas.signup',
  signupMatches: 'pending.areas.signup_matches',
  chats: 'pending.areas.chats',
  chat: 'pending.areas.chats',
  member: 'pending.areas.member',
  memberChat: 'pending.areas.chats',
  memberLander: 'pending.areas.lander',
  lander: 'pending.areas.lander',
  premium: 'pending.areas.premium',
  profile: 'pending.areas.profile',
  complaints: 'pending.areas.complaints',
  likes: 'pending.areas.likes',
  matchFinder: 'pending.areas.match_finder',
  notifications: 'pending.areas.notifications',
  activateDone: 'pending.areas.activation',
  activateError: 'pending.areas.activation',
  mailChange: 'pending.areas.mail_change',
  resetPassword: 'pending.areas.reset_password',
  resetPasswordDo: 'pending.areas.reset_password',
  accountDeleted: 'pending.areas.account_deleted',
  credits: 'pending.areas.credits',
  transaction: 'pending.areas.transactions',
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
