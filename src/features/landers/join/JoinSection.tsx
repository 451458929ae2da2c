/**
 * Where every acquisition page ends (issue 14): the sign-up. First a plain link to /signup that
 * keeps the tracking query (what a page without JavaScript offers); once the visitor nears it and
 * has used the page, the wizard's own account form in its place. Members see a way on instead.
 */
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../../app/session/session-context';
import { nextTask } from '../../../lib/next-task';
import { JOIN_ID } from '../lander-rules';
import type { InlineSignupProps } from './InlineSignup';
import { pageUsed, subscribePageUse } from './page-use';

/**
 * The form with the contract's schemas evaluated first, in a task of their own: building them
 * takes long on a phone, and together with the rest of the form's modules it would be one long
 * task while the visitor is reading the page.
 */
const InlineSignup = lazy(async () => {
  await import('../../../shared/contract/account');
  await nextTask();
  return import('./InlineSignup');
});

/**
 * The account step's heart (SignupIcon's `heart`), drawn here: the wizard's icon set is a file of
 * its own, which a lander's first route would otherwise load for this one icon.
 */
function JoinHeart() {
  return (
    <svg viewBox="0 0 32 32" width={28} height={28} aria-hidden="true" focusable="false">
      <path
        d="M16 27S4 19.6 4 11.5A6.5 6.5 0 0 1 16 8a6.5 6.5 0 0 1 12 3.5C28 19.6 16 27 16 27Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface JoinSectionProps extends InlineSignupProps {
  /** /signup with the page's tracking query, for the plain link. */
  signupHref: string;
  /** Where a logged-in member goes on instead of signing up, and the button's words. */
  memberTo?: string;
  memberButton?: string;
  title?: string;
  text?: string;
}

/** True once the element is within a screen of the viewport (or the browser cannot tell). */
function useNear(target: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(
    () =>
      typeof window !== 'undefined' &&
      (typeof IntersectionObserver === 'undefined' || window.location.hash === `#${JOIN_ID}`),
  );
  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, target]);
  return near;
}

export function JoinSection({
  signupHref,
  memberTo = '/members',
  memberButton,
  title,
  text,
  profile,
  onCreated,
}: JoinSectionProps) {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const section = useRef<HTMLElement>(null);
  const near = useNear(section);
  const used = useSyncExternalStore(subscribePageUse, pageUsed, () => false);
  // Decided once: the member a sign-up just created must keep the form until it navigates on.
  const [visitor, setVisitor] = useState<boolean | null>(null);
  if (visitor === null && status === 'ready') setVisitor(user === null);

  const link = (
    <div className="lander-join-intro">
      <div className="signup-icon" aria-hidden="true">
        <JoinHeart />
      </div>
      <h2 className="signup-title">{title ?? t('landers.join.title')}</h2>
      <p className="signup-intro">{text ?? t('landers.join.text')}</p>
      <Link className="btn btn-primary btn-lg w-100" to={signupHref}>
        {t('landers.cta')}
      </Link>
      <p className="signup-switch">
        {t('signup.account.have_account')} <Link to="/login">{t('signup.account.login')}</Link>
      </p>
    </div>
  );

  let content: ReactNode = link;
  if (visitor === false) {
    content = (
      <div className="lander-join-intro">
        <h2 className="signup-title">{t('landers.member.title')}</h2>
        <p className="signup-intro">{t('landers.member.text')}</p>
        <Link className="btn btn-primary btn-lg w-100" to={memberTo}>
          {memberButton ?? t('landers.member.button')}
        </Link>
      </div>
    );
  } else if (visitor && near && used) {
    content = (
      <Suspense fallback={link}>
        <InlineSignup profile={profile} onCreated={onCreated} />
      </Suspense>
    );
  }

  return (
    <section
      ref={section}
      id={JOIN_ID}
      className="lander-join"
      tabIndex={-1}
      aria-label={t('landers.join.label')}
    >
      <div className="signup-card lander-join-card">{content}</div>
    </section>
  );
}
