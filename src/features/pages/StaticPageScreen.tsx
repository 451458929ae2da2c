import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../app/error/ErrorPage';
import { NOT_FOUND_MESSAGE } from '../../app/error/page-error';
import { PageTitle } from '../../app/PageTitle';
import { useCurrentRoute } from '../../app/route-handle';
import { useSession } from '../../app/session/session-context';
import { currentLanguage } from '../../i18n/interface-language';
import type { Settings } from '../../shared/contract/settings';
import { usePrerendering } from '../../prerender/prerender-context';
import { prerenderedSiteValues } from '../../prerender/site-values';
import { slotMarker } from '../../shared/prerender/slots';
import { useRevealHold } from '../../prerender/RevealWhenMounted';
import {
  loadedStaticPage,
  loadStaticPage,
  placeholderValues,
  type StaticPageDoc,
} from './page-content';
import { SETTINGS_PLACEHOLDERS } from '../../shared/page-placeholders';
import { StaticPageView } from './StaticPageView';

/** Only the ban page reads the device's database, so only its chunk pulls it in. */
const BanCard = lazy(() => import('./BanCard'));

interface Loaded {
  page: string;
  doc: StaticPageDoc | null;
}

/** `/pages/*`: the legal and help texts in the interface language; /pages/ban adds the ban's reason. */
export default function StaticPageScreen() {
  const { i18n } = useTranslation();
  const { settings } = useSession();
  const page = (useCurrentRoute()?.name ?? '').replace(/^pages-/, '');
  const lng = currentLanguage(i18n);
  const prerendering = usePrerendering();
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const doc = loadedStaticPage(lng, page);
    return doc === undefined ? null : { page, doc };
  });
  const waiting = !loaded || loaded.page !== page;
  useRevealHold(waiting);

  useEffect(() => {
    let live = true;
    loadStaticPage(lng, page)
      .catch((error: unknown) => {
        console.warn('Page text failed to load', error);
        return null;
      })
      .then((doc) => live && setLoaded({ page, doc }));
    return () => {
      live = false;
    };
  }, [lng, page]);

  // While another language loads, the current text stays; another page shows a blank page.
  if (waiting) {
    return <div className="container py-5 static-page-placeholder" aria-busy="true" />;
  }
  if (!loaded.doc) {
    return (
      <div className="container py-4">
        <ErrorPage status={404} message={NOT_FOUND_MESSAGE} path={`/pages/${page}`} />
      </div>
    );
  }
  return (
    <>
      <PageTitle title={loaded.doc.title} />
      <StaticPageView
        doc={loaded.doc}
        lng={lng}
        values={prerendering ? prerenderValues() : pageValues(settings)}
        notice={
          page === 'ban' && (
            <Suspense fallback={null}>
              <BanCard lng={lng} />
            </Suspense>
          )
        }
      />
    </>
  );
}

/** The settings' values; until they load, those the server filled into a prerendered page. */
function pageValues(settings: Settings | null): Record<string, string> {
  const values = placeholderValues(settings);
  const site = settings ? null : prerenderedSiteValues();
  if (site) for (const name of SETTINGS_PLACEHOLDERS) values[name] = site[`site.${name}`] ?? '';
  return values;
}

/** The server fills the operator's details into a prerendered page when it sends it. */
function prerenderValues(): Record<string, string> {
  const values = placeholderValues(null);
  for (const name of SETTINGS_PLACEHOLDERS) values[name] = slotMarker(`site.${name}`);
  return values;
}
