import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { SafetyDialogs, type SafetyDialog } from '../chats/SafetyDialogs';
import { CardIcon } from './CardIcon';
import type { LikeState } from './use-like';

export interface MemberActionsProps {
  id: number;
  /** The member's name, for the block and report dialogs. */
  name: string;
  like: LikeState;
  /** On the likes route the message button is hidden (SPEC §2.3). */
  hideMessage: boolean;
}

/** Like / Remove like with a spinner, Start conversation (SPEC §2.6 card actions), block, report. */
export function MemberActions({ id, name, like, hideMessage }: MemberActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<SafetyDialog>(null);
  return (
    <div className="member-actions">
      <div className="member-actions-row">
        <button
          type="button"
          className={`btn ${like.liked ? 'btn-outline-primary' : 'btn-primary'} member-action`}
          aria-pressed={like.liked}
          aria-busy={like.busy || undefined}
          onClick={() => void like.toggle()}
        >
          {like.busy ? (
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          ) : (
            <CardIcon name="heart" filled={like.liked} size={20} />
          )}
          <span>{like.liked ? t('member.remove_like') : t('member.like')}</span>
        </button>
        {!hideMessage && (
          <Link to={`/members/${id}/chat`} className="btn btn-outline-secondary member-action">
            <CardIcon name="chat" size={20} />
            <span>{t('member.message')}</span>
          </Link>
        )}
      </div>
      {like.queued && (
        <p className="member-hint small mb-0" role="status">
          {t('member.queued')}
        </p>
      )}
      <div className="member-safety">
        <button type="button" className="btn btn-sm btn-link" onClick={() => setDialog('report')}>
          {t('chat.report')}
        </button>
        <button type="button" className="btn btn-sm btn-link" onClick={() => setDialog('block')}>
          {t('chat.block')}
        </button>
      </div>
      <SafetyDialogs
        profile={{ id, name }}
        open={dialog}
        onClose={() => setDialog(null)}
        onBlocked={() => navigate('/members', { replace: true })}
      />
    </div>
  );
}

/** What visitors see instead of the buttons (SPEC §6): a call to sign up or log in. */
export function MemberVisitorInvite({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const back = encodeURIComponent(`/members/${id}`);
  return (
    <div className="member-invite">
      <h2 className="h5 mb-1">{t('member.visitor_heading', { name })}</h2>
      <p className="text-body-secondary mb-3">{t('member.visitor_text', { name })}</p>
      <div className="member-actions-row">
        <Link to={`/signup?profile=${id}`} className="btn btn-primary member-action">
          {t('member.signup')}
        </Link>
        <Link to={`/login?redirect=${back}`} className="btn btn-outline-primary member-action">
          {t('member.login')}
        </Link>
      </div>
      {/* A visitor whose photo is used here can complain without an account. */}
      <Link to={`/complaints?member=${id}`} className="d-inline-block small mt-3">
        {t('complaints.report_profile')}
      </Link>
    </div>
  );
}
