import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings } from '../../shared/contract/account';
import { getSync } from '../../bridges/worker-bridge';

const SWITCHES = ['email_messages', 'email_likes'] as const;

/**
 * E-mail notification switches, kept on the server per member; each change is saved at once. The
 * server mails only members who are not on the site (services/notification-mails.ts).
 */
export function EmailSettings() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<'saved' | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    getSync()
      .notificationSettings()
      .then((loaded) => live && setSettings(loaded))
      .catch((error: unknown) => {
        console.warn('Loading e-mail notification settings failed', error);
        if (live) setResult('failed');
      });
    return () => {
      live = false;
    };
  }, []);

  const change = async (name: (typeof SWITCHES)[number], value: boolean) => {
    if (!settings) return;
    setSettings({ ...settings, [name]: value });
    setSaving(true);
    try {
      setSettings(await getSync().saveNotificationSettings({ [name]: value }));
      setResult('saved');
    } catch (error) {
      console.warn('Saving e-mail notification settings failed', error);
      setSettings(settings);
      setResult('failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="notifications-card" aria-labelledby="email-title">
      <h2 id="email-title" className="h5">
        {t('notifications.email_title')}
      </h2>
      <p id="email-help" className="small text-body-secondary">
        {t('notifications.email_help')}
      </p>
      {SWITCHES.map((name) => (
        <div key={name} className="form-check form-switch notifications-switch">
          <input
            id={`switch-${name}`}
            className="form-check-input"
            type="checkbox"
            role="switch"
            aria-describedby="email-help"
            checked={settings?.[name] ?? false}
            disabled={!settings || saving}
            onChange={(event) => void change(name, event.target.checked)}
          />
          <label className="form-check-label" htmlFor={`switch-${name}`}>
            {t(`notifications.${name}`)}
          </label>
        </div>
      ))}
      <p className="notifications-result small mb-0" role="status" aria-live="polite">
        {result === 'saved' && (
          <span className="text-success">{t('notifications.email_saved')}</span>
        )}
        {result === 'failed' && (
          <span className="text-danger">{t('notifications.email_failed')}</span>
        )}
      </p>
    </section>
  );
}
