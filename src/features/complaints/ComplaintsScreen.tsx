import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { memberIdFromRef } from '../../shared/contract/moderation';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { getSync } from '../../bridges/worker-bridge';
import { ComplaintForm, type ComplaintResult } from './ComplaintForm';
import { ComplaintQueued } from './ComplaintQueued';
import { ComplaintSent } from './ComplaintSent';
import '../account/account.scss';
import './complaints.scss';

/**
 * `/complaints` (public): members and visitors tell a person on our team what is wrong; the
 * answer's reference number is shown and mailed. `?member=ID` (from a profile) names the member.
 */
export default function ComplaintsScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params] = useSearchParams();
  const given = memberIdFromRef(params.get('member') ?? '');
  const [sent, setSent] = useState<ComplaintResult | null>(null);
  // A new key empties the form after "send another".
  const [round, setRound] = useState(0);
  const memberId = user?.id ?? null;

  // A member's complaints saved without a connection go as soon as this page sees one.
  useEffect(() => {
    if (memberId === null) return undefined;
    const flush = () =>
      void getSync()
        .flushComplaints()
        .catch(() => undefined);
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [memberId]);

  const again = () => {
    if (sent && 'queued' in sent)
      void getSync()
        .dismissComplaint(sent.queued)
        .catch(() => undefined);
    setSent(null);
    setRound((n) => n + 1);
  };

  return (
    <div className="container page-pad">
      <PageTitle title={t('complaints.title')} />
      <div className="auth-card complaint-card card mx-auto">
        <div className="card-body">
          {sent && 'queued' in sent ? (
            <ComplaintQueued clientId={sent.queued} email={sent.email} onAgain={again} />
          ) : sent ? (
            <ComplaintSent reference={sent.reference} email={sent.email} onAgain={again} />
          ) : (
            <>
              <h1 className="h3 mb-2">{t('complaints.heading')}</h1>
              <p className="text-body-secondary mb-4">{t('complaints.intro')}</p>
              <ComplaintForm
                key={round}
                user={user}
                initialMember={given === null ? '' : String(given)}
                onSent={setSent}
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
