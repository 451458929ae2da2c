import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { authDecision } from './auth-redirect';
import { LoadingBar } from './loading-bar/LoadingBar';
import { lazyOptional } from './optional-part';
import { pageWrapperClasses } from './page-wrapper';
import { useCurrentRoute } from './route-handle';
import { useSession } from './session/session-context';
import { useBanRedirect } from './session/use-ban-redirect';
import { useTemplate } from './template/template-context';
import { ToastHost } from './toasts/ToastHost';

const DevPanel = lazyOptional(
  'The developer panel',
  async () => (await import('./dev/DevPanel')).default,
);
// Both follow the service worker, which starts after the first paint; so do they.
const UpdateBanner = lazyOptional(
  'The update banner',
  async () => (await import('./update/UpdateBanner')).UpdateBanner,
);
const InstallPrompt = lazyOptional(
  'The install offer',
  async () => (await import('./install/InstallPrompt')).InstallPrompt,
);

/**
 * The page wrapper around every route: design and state classes (SPEC §1), skip link, loading
 * bar, toasts, developer panel, and the auth check that follows logouts, expired sessions and bans.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const session = useSession();
  const { config } = useTemplate();
  const location = useLocation();
  const decision = route ? authDecision(route.auth, session, location) : null;
  useBanRedirect();

  return (
    <div
      className={pageWrapperClasses({
        templateName: config.templateName,
        loggedIn: Boolean(session.user),
        routeName: route?.name ?? null,
      })}
      data-bs-theme={config.ui.colorMode}
    >
      <a className="skip-link visually-hidden-focusable" href="#main">
        {t('nav.skip')}
      </a>
      <LoadingBar />
      {decision?.type === 'redirect' ? <Navigate to={decision.to} replace /> : <Outlet />}
      <ToastHost />
      {/* They follow the service worker and the browser's install event: not in a server render. */}
      {typeof window !== 'undefined' && (
        <Suspense fallback={null}>
          <UpdateBanner />
          <InstallPrompt />
        </Suspense>
      )}
      {config.isDevPanelOpen && (
        <Suspense fallback={null}>
          <DevPanel />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
