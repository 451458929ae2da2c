import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../app/session/session-context';
import { getSync } from '../../bridges/worker-bridge';
import { PasswordInput } from './PasswordInput';
import { useAccountAction } from './use-account-action';

const WRONG_PASSWORD = 'account_errors.wrong_password';

export interface DeleteAccountDialogProps {
  show: boolean;
  onClose: () => void;
}

/**
 * Asks for the password before deleting the account for good (DELETE /api/account.php). The
 * worker then forgets the member on this device; the page goes to the goodbye page.
 */
export function DeleteAccountDialog({ show, onClose }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const { busy, problem, setProblem, run } = useAccountAction();

  const close = () => {
    if (busy) return;
    setPassword('');
    setMissing(false);
    setProblem(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMissing(!password);
    if (!password) return;
    const done = await run(async () => {
      await getSync().deleteAccount(password);
      return true;
    });
    if (!done) return;
    // Leave the login-only page first, so the cleared session does not send us to /login.
    await navigate('/account-deleted', { replace: true });
    setUser(null);
  };

  const passwordError = missing
    ? t('delete_account.password_required')
    : problem?.key === WRONG_PASSWORD
      ? problem.text
      : null;
  const formError = problem && problem.key !== WRONG_PASSWORD ? problem.text : null;

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={`${id}-title`} backdrop="static">
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header closeButton={!busy} closeLabel={t('delete_account.cancel')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t('delete_account.dialog_title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('delete_account.dialog_text')}</p>
          <PasswordInput
            id={`${id}-password`}
            label={t('delete_account.password')}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            error={passwordError}
            autoFocus
          />
          <p className="small mb-0">
            <Link to="/reset-password">{t('delete_account.forgot')}</Link>
          </p>
          {formError && (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {formError}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={close}
            disabled={busy}
          >
            {t('delete_account.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {busy ? t('delete_account.deleting') : t('delete_account.confirm')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
