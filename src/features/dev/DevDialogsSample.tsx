import { useState } from 'react';
import './dialogs.scss';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

/** A Bootstrap modal as the app uses them (SPEC §9: base z-index 1055). */
export function DevDialogsSample() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className="card card-body" aria-label={t('dev.dialogs')}>
      <p className="text-body-secondary">{t('dev.dialogs_text')}</p>
      <div>
        <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
          {t('dev.open_dialog')}
        </button>
      </div>
      <Modal show={open} onHide={() => setOpen(false)} centered aria-labelledby="dev-dialog-title">
        <Modal.Header closeButton closeLabel={t('toast.close')}>
          <Modal.Title id="dev-dialog-title">{t('dev.dialog_title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('dev.dialog_body')}</Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => setOpen(false)}
          >
            {t('dev.dialog_close')}
          </button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
