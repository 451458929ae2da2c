import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { MODERATION_REASON_MAX, REASON_REQUIRED_ACTIONS } from '../../shared/contract/moderation';
import { reasonProblem, type DialogAction, type ModerationErrorKey } from './moderation-view';

export interface ActionDialogProps {
  /** The dialog is open for this action. */
  action: DialogAction;
  name: string;
  busy: boolean;
  /** The server's refusal of the last try, shown in the dialog. */
  problem: ModerationErrorKey | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks why before a member-level action: warn and ban need a reason (the member reads it), the
 * others take an optional note for the audit log. A ban is confirmed once more, reason in view.
 */
export function ActionDialog({
  action,
  name,
  busy,
  problem,
  onSubmit,
  onCancel,
}: ActionDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<ModerationErrorKey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const required = REASON_REQUIRED_ACTIONS.includes(action);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = reasonProblem(action, reason);
    setInvalid(found);
    if (found) return;
    if (action === 'ban' && !confirming) setConfirming(true);
    else onSubmit(reason.trim());
  };

  return (
    <Modal show onHide={onCancel} centered aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('moderation.close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t(`moderation.dialog.${action}_title`, { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {confirming ? (
            <div className="moderation-confirm">
              <p className="fw-bold">{t('moderation.dialog.ban_confirm', { name })}</p>
              <p className="mb-1 small text-body-secondary">{t('moderation.dialog.ban_shown')}</p>
              <blockquote className="moderation-quote mb-0">{reason.trim()}</blockquote>
            </div>
          ) : (
            <>
              <p>{t(`moderation.dialog.${action}_text`, { name })}</p>
              <label htmlFor={`${id}-reason`} className="form-label">
                {t(required ? 'moderation.dialog.reason' : 'moderation.dialog.note')}
              </label>
              <textarea
                id={`${id}-reason`}
                className={`form-control${invalid ? ' is-invalid' : ''}`}
                rows={4}
                required={required}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={`${id}-help${invalid ? ` ${id}-error` : ''}`}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (invalid) setInvalid(reasonProblem(action, event.target.value));
                }}
              />
              <div className="d-flex justify-content-end gap-2 mt-1">
                {invalid && (
                  <p id={`${id}-error`} className="invalid-feedback d-block mb-0 me-auto">
                    {t(invalid)}
                  </p>
                )}
                <p id={`${id}-help`} className="form-text mb-0">
                  {t('moderation.dialog.length', {
                    used: reason.trim().length,
                    max: MODERATION_REASON_MAX,
                  })}
                </p>
              </div>
            </>
          )}
          {problem && !invalid && (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {t(problem)}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          {confirming ? (
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setConfirming(false)}
            >
              {t('moderation.dialog.back')}
            </button>
          ) : (
            <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
              {t('moderation.dialog.cancel')}
            </button>
          )}
          <button
            type="submit"
            className={`btn ${action === 'ban' ? 'btn-danger' : 'btn-primary'}`}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {confirming ? t('moderation.dialog.ban_now') : t(`moderation.actions.${action}`)}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
