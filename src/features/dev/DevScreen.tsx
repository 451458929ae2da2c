import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ActivateReminder } from '../../app/activate/ActivateReminder';
import { TopNav } from '../../app/nav/TopNav';
import { PageTitle } from '../../app/PageTitle';
import { useCurrentRoute } from '../../app/route-handle';
import { DevDialogsSample } from './DevDialogsSample';
import { DevSettings } from './DevSettings';

const CHILDREN = [
  { to: '/_dev/dialogs', label: 'dev.dialogs' },
  { to: '/_dev/top-nav', label: 'dev.top_nav' },
  { to: '/_dev/activate-reminder', label: 'dev.activate_reminder' },
] as const;

/** `/_dev` and its children: shell components in isolation, for design and testing work. */
export default function DevScreen() {
  const { t } = useTranslation();
  const name = useCurrentRoute()?.name ?? 'dev';

  return (
    <div className="container py-4">
      <PageTitle title={t('dev.title')} />
      <nav aria-label={t('dev.title')} className="mb-4">
        <h1 className="h3 mb-2">
          <Link to="/_dev" className="text-reset text-decoration-none">
            {t('dev.title')}
          </Link>
        </h1>
        <ul className="nav nav-pills gap-1">
          {CHILDREN.map((c) => (
            <li className="nav-item" key={c.to}>
              <Link
                className={`nav-link${`dev-${c.to.slice(6)}` === name ? ' active' : ''}`}
                to={c.to}
              >
                {t(c.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {name === 'dev' && <DevSettings />}
      {name === 'dev-dialogs' && <DevDialogsSample />}
      {name === 'dev-top-nav' && (
        <section
          aria-label={t('dev.top_nav')}
          className="dev-sample border rounded overflow-hidden"
        >
          <TopNav />
        </section>
      )}
      {name === 'dev-activate-reminder' && (
        <section aria-label={t('dev.activate_reminder')} className="d-grid gap-3">
          <div className="dev-sample border rounded overflow-hidden">
            <ActivateReminder email="new.member@gmail.com" mailprovider={2} />
          </div>
          <div className="dev-sample border rounded overflow-hidden">
            <ActivateReminder email="new.member@example.org" mailprovider={0} />
          </div>
        </section>
      )}
    </div>
  );
}
