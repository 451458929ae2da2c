import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';

/**
 * `/members/{memberId}/chat` (SPEC §2.3, §7): asks the worker for the conversation with that
 * member and replaces the address with `/chats/{id}`; a failure is a danger notice (SPEC §8).
 */
export default function MemberChatScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const memberId = Number(useParams().memberId);
  const { user, status } = useSession();
  const loggedIn = Boolean(user);
  const started = useRef<number | null>(null);

  useEffect(() => {
    if (!loggedIn || started.current === memberId) return;
    started.current = memberId;
    getSync()
      .startChat(memberId)
      .then((id) => navigate(`/chats/${id}`, { replace: true, state: { profileId: memberId } }))
      .catch((error: unknown) => {
        console.warn('Starting the chat failed', error);
        toast.error(t('chat.start_failed'), t('chat.error_title'));
        navigate(`/members/${memberId}`, { replace: true });
      });
  }, [loggedIn, memberId, navigate, t]);

  const back = encodeURIComponent(`/members/${memberId}/chat`);
  return (
    <div className="chat-start container py-5 text-center">
      <PageTitle title={t('chat.title')} />
      <h1 className="visually-hidden">{t('chat.title')}</h1>
      {status === 'ready' && !loggedIn ? (
        <div className="chat-invite">
          <p className="mb-3">{t('chat.login_required')}</p>
          <div className="d-flex flex-wrap justify-content-center gap-2">
            <Link to={`/login?redirect=${back}`} className="btn btn-primary">
              {t('chat.login')}
            </Link>
            <Link to={`/signup?profile=${memberId}`} className="btn btn-outline-primary">
              {t('chat.signup')}
            </Link>
          </div>
        </div>
      ) : (
        <p role="status" className="text-body-secondary">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('chat.starting')}
        </p>
      )}
    </div>
  );
}
