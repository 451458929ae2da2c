import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { storedBan } from '../../db/queries';
import { formatDate } from '../../shared/dates';

/**
 * On /pages/ban, above the general text: the reason and date of the ban that ended this device's
 * session (stored by the worker), and where to object. Nothing when no ban is stored here.
 */
export default function BanCard({ lng }: { lng: string }) {
  const { t } = useTranslation();
  const ban = useLiveQuery(() => storedBan(), []);
  if (!ban) return null;
  return (
    <section className="card ban-card mb-4" aria-labelledby="ban-card-title">
      <div className="card-body">
        <h2 id="ban-card-title" className="h5">
          {t('pages.ban_card_title')}
        </h2>
        <p className="ban-card-reason">{ban.reason}</p>
        <p className="small text-body-secondary">
          {t('pages.ban_card_since', { date: formatDate(ban.since, lng) })}
        </p>
        <Link to="/complaints" className="btn btn-outline-primary">
          {t('pages.ban_card_appeal')}
        </Link>
      </div>
    </section>
  );
}
