import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context';
import { useTemplate } from '../template/template-context';
import { toast } from '../toasts/toast-store';
import { forgetSkippedSiteEntryWarning, switchDesign, zeroCredits } from './dev-actions';

/** Developer panel (SPEC §1), only mounted while the stored dev flag is on. */
export default function DevPanel() {
  const { t } = useTranslation();
  const { refresh } = useSession();
  const { config, setDevPanelOpen } = useTemplate();
  const [busy, setBusy] = useState(false);

  const onZeroCredits = async () => {
    setBusy(true);
    try {
      await zeroCredits();
      await refresh();
      toast.success(t('dev.credits_zeroed'));
    } catch (error) {
      console.error(error);
      toast.error(t('dev.action_failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside className="dev-panel card shadow" aria-label={t('dev.panel')}>
      <details open>
        <summary className="card-header small fw-semibold">
          {t('dev.panel')} · {config.templateName}
        </summary>
        <div className="card-body d-grid gap-2 p-2">
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={busy}
            onClick={() => void onZeroCredits()}
          >
            {t('dev.zero_credits')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              forgetSkippedSiteEntryWarning();
              toast.info(t('dev.warning_forgotten'));
            }}
          >
            {t('dev.forget_warning')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => switchDesign(config.templateName)}
          >
            {t('dev.switch_design')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-link"
            onClick={() => setDevPanelOpen(false)}
          >
            {t('dev.close_panel')}
          </button>
        </div>
      </details>
    </aside>
  );
}
