import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePrerendering } from '../../prerender/prerender-context';
import { prerenderedSiteValues } from '../../prerender/site-values';
import { slotMarker } from '../../shared/prerender/slots';
import { STATIC_PAGES } from '../../shared/route-table';
import { useSession } from '../session/session-context';
import { useTemplate } from '../template/template-context';
import { companyLine } from '../../shared/company-line';

const YEAR = new Date().getFullYear();

/** Links to the legal and help pages, and who runs the site (from settings.company). */
export function Footer({ minimal = false }: { minimal?: boolean }) {
  const { t } = useTranslation();
  const { settings } = useSession();
  const { footer } = useTemplate().config;
  const prerendering = usePrerendering();
  // Until the settings load, a prerendered page's own values (filled in by the server) stand in.
  const site = settings ? null : prerenderedSiteValues();
  const company = !footer.showCompanyLine
    ? null
    : prerendering
      ? slotMarker('site.company_line')
      : settings
        ? companyLine(settings.company)
        : (site?.['site.company_line'] ?? null);
  const year = prerendering ? slotMarker('site.year') : (site?.['site.year'] ?? YEAR);

  return (
    <footer className="app-footer mt-auto">
      <div className="container py-4">
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links list-unstyled d-flex flex-wrap column-gap-3 row-gap-1 mb-3">
            {STATIC_PAGES.map((page) => (
              <li key={page}>
                <Link to={`/pages/${page}`}>{t(`footer.pages.${page}`)}</Link>
              </li>
            ))}
            {!minimal && (
              <li>
                <Link to="/complaints">{t('footer.complaints')}</Link>
              </li>
            )}
          </ul>
        </nav>
        <p className="footer-company small text-body-secondary mb-0">
          © {year} {company ?? 'Amora'}
        </p>
      </div>
    </footer>
  );
}
