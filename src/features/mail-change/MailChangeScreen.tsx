import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { MailChangeConfirmBody } from '../../shared/contract/account';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { isSyncError } from '../../bridges/worker-bridge';
import { confirmOnce } from './confirm-once';
import '../account/account.scss';

type State =
  | { kind: 'confirming' }
  | { kind: 'done'; email: string }
  | { kind: 'invalid' }
  | { kind: 'failed'; offline: boolean };

/** A failure that another try may fix (connection, server trouble), or a bad link. */
function outcome(error: unknown): State {
  if (isSyncError(error) && error.kind === 'network') return { kind: 'failed', offline: true };
  if (isSyncError(error) && (error.status ?? 0) >= 500) return { kind: 'failed', offline: false };
  return { kind: 'invalid' };
}

/** `/mail-change/do?token=…` (public): the link mailed to a new address confirms the change. */
export default function MailChangeScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const plausible = MailChangeConfirmBody.safeParse({ token }).success;
  const { user } = useSession();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ kind: 'confirming' });

  useEffect(() => {
    if (!plausible) return;
    let live = true;
    confirmOnce(token).then(
      ({ email }) => live && setState({ kind: 'done', email }),
      (error: unknown) => {
        console.warn('Confirming the new e-mail address failed', error);
        if (live) setState(outcome(error));
      },
    );
    return () => {
      live = false;
    };
  }, [token, plausible, attempt]);

  const shown: State = plausible ? state : { kind: 'invalid' };
  const title =
    shown.kind === 'done'
      ? t('mail_change.done_title')
      : shown.kind === 'invalid'
        ? t('mail_change.invalid_title')
        : shown.kind === 'failed'
          ? t('mail_change.failed_title')
          : t('mail_change.confirming');

  return (
    <div className="container page-pad">
      <PageTitle title={title} />
      <section
        className="account-result text-center mx-auto"
        aria-labelledby="mail-change-title"
        aria-busy={shown.kind === 'confirming'}
      >
        <div
          className={`account-result-icon mx-auto mb-3 is-${shown.kind === 'done' ? 'done' : shown.kind === 'confirming' ? 'busy' : 'warning'}`}
          aria-hidden="true"
        >
          {shown.kind === 'confirming' ? (
            <span className="spinner-border" />
          ) : (
            <svg viewBox="0 0 48 48" width="48" height="48">
              <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
              <path
                d={shown.kind === 'done' ? 'M15 24.5l6 6 12-13' : 'M24 14v13M24 33v1'}
                fill="none"
                stroke="currentColor"
                strokeWidth="3.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          )}
        </div>
        <h1 id="mail-change-title" className="h2">
          {title}
        </h1>
        <div role="status" aria-live="polite">
          {shown.kind === 'done' && (
            <p className="lead text-body-secondary">
              {t('mail_change.done_text', { email: shown.email })}
            </p>
          )}
          {shown.kind === 'invalid' && (
            <p className="lead text-body-secondary">{t('mail_change.invalid_text')}</p>
          )}
          {shown.kind === 'failed' && (
            <p className="lead text-body-secondary">
              {shown.offline ? t('errors.offline') : t('errors.server')}
            </p>
          )}
        </div>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          {shown.kind === 'failed' && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setState({ kind: 'confirming' });
                setAttempt((n) => n + 1);
              }}
            >
              {t('mail_change.retry')}
            </button>
          )}
          {shown.kind !== 'confirming' && shown.kind !== 'failed' && (
            <Link className="btn btn-primary" to={user ? '/profile' : '/login'}>
              {user ? t('mail_change.to_profile') : t('mail_change.login')}
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
