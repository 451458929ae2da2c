import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_MESSAGE_MAX, COMPLAINT_REASONS } from '../../shared/contract/limits';
import type { ReportReason } from '../../bridges/worker-bridge';
import './chat-dialogs.scss';

/** The reasons offered, in the contract's order. */
const REASONS: readonly ReportReason[] = COMPLAINT_REASONS;

export interface ReportDialogProps {
  show: boolean;
  name: string;
  busy: boolean;
  onSubmit: (reason: ReportReason, message: string) => void;
  onCancel: () => void;
}

/** A report to the moderators: a reason (required) and what happened (optional). */
export function ReportDialog({ show, name, busy, onSubmit, onCancel }: ReportDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [message, setMessage] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason !== '' && !busy) onSubmit(reason, message);
  };
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={`${id}-title`}>
      <form onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('chat.close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t('chat.report_title', { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <label htmlFor={`${id}-reason`} className="form-label">
            {t('chat.report_reason')}
          </label>
          <select
            id={`${id}-reason`}
            className="form-select mb-3"
            required
            value={reason}
            onChange={(event) => setReason(event.target.value as ReportReason)}
          >
            <option value="" disabled>
              {t('chat.report_choose')}
            </option>
            {REASONS.map((value) => (
              <option key={value} value={value}>
                {t(`chat.reasons.${value}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-message`} className="form-label">
            {t('chat.report_message')}
          </label>
          <textarea
            id={`${id}-message`}
            className="form-control"
            rows={4}
            maxLength={COMPLAINT_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('chat.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={reason === '' || busy}
            aria-busy={busy || undefined}
          >
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('chat.report_send')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
