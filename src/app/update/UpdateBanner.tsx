import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getSwBridge, type SwBridge } from '../../bridges/sw-bridge';

/** Pinned above the page bottom, above content but below modals (z-index 1055). */
const BANNER_STYLE = {
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: 1040,
  pointerEvents: 'none',
} as const;

/** Tells the user a new version is ready; Refresh lets the waiting worker take over (SPEC §2.8). */
export function UpdateBanner({ bridge = getSwBridge() }: { bridge?: SwBridge }) {
  const { t } = useTranslation();
  const status = useSyncExternalStore(bridge.status.subscribe, bridge.status.get);
  const [later, setLater] = useState(false);
  const shown = status.refreshNeeded && !later;

  // The live region stays mounted so screen readers announce the banner when it appears.
  return (
    <div className="update-banner" role="status" aria-live="polite" style={BANNER_STYLE}>
      {shown && (
        <div className="container py-3" style={{ pointerEvents: 'auto' }}>
          <div className="alert alert-info d-flex flex-wrap align-items-center gap-2 mb-0 shadow">
            <span className="me-auto">{t('update.available')}</span>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={status.updating}
              onClick={() => bridge.update()}
            >
              {status.updating ? t('update.refreshing') : t('update.refresh')}
            </button>
            <button
              type="button"
              className="btn btn-link btn-sm"
              disabled={status.updating}
              onClick={() => setLater(true)}
            >
              {t('update.later')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
