import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getPushBridge } from '../../bridges/push-bridge';
import { canToggle, pushState } from '../../shared/push-state';

/** The "Enable notifications on this device" switch, with what to do when push cannot work. */
export function PushSetting() {
  const { t } = useTranslation();
  const bridge = getPushBridge();
  const status = useSyncExternalStore(bridge.status.subscribe, bridge.status.get);
  const state = pushState(status);

  useEffect(() => {
    void bridge.refresh();
  }, [bridge]);

  const on = state === 'subscribed';
  const unsupported = !status.isCapable && state !== 'unknown';
  const toggle = () => void (on ? bridge.unsubscribe() : bridge.subscribe());

  return (
    <section className="notifications-card" aria-labelledby="push-title">
      <h2 id="push-title" className="h5">
        {t('notifications.push_title')}
      </h2>
      <div className="form-check form-switch notifications-switch">
        <input
          id="push-switch"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={on}
          disabled={!canToggle(status) || state === 'unknown'}
          aria-describedby="push-help"
          onChange={toggle}
        />
        <label className="form-check-label" htmlFor="push-switch">
          {t('notifications.push_switch')}
        </label>
      </div>
      <p id="push-help" className="small text-body-secondary mb-0">
        {on ? t('notifications.push_on') : t('notifications.push_help')}
      </p>
      {unsupported && (
        <p className="notifications-notice alert alert-secondary small mb-0" role="status">
          {t('notifications.push_unsupported')}
        </p>
      )}
      {state === 'denied' && (
        <p className="notifications-notice alert alert-warning small mb-0" role="status">
          {t('notifications.push_denied')}
        </p>
      )}
      {status.failed && (
        <p className="notifications-notice alert alert-danger small mb-0" role="alert">
          {t('notifications.push_failed')}
        </p>
      )}
    </section>
  );
}
