import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getInstallPrompt } from '../../bridges/sw-bridge';
import type { InstallPrompt as InstallOffer } from '../../bridges/install-prompt';

/** A small card offering installation while the browser allows it (SPEC §2.8); hidden otherwise. */
export function InstallPrompt({ offer = getInstallPrompt() }: { offer?: InstallOffer }) {
  const { t } = useTranslation();
  const { available } = useSyncExternalStore(offer.state.subscribe, offer.state.get);
  const [notNow, setNotNow] = useState(false);
  if (!available || notNow) return null;

  return (
    <aside className="install-prompt card shadow-sm" aria-labelledby="install-prompt-title">
      <div className="card-body d-flex flex-wrap align-items-center gap-2 py-2">
        <div className="me-auto">
          <strong id="install-prompt-title">{t('install.title')}</strong>
          <div>{t('install.text')}</div>
        </div>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void offer.prompt()}
        >
          {t('install.button')}
        </button>
        <button type="button" className="btn btn-link btn-sm" onClick={() => setNotNow(true)}>
          {t('install.later')}
        </button>
      </div>
    </aside>
  );
}
