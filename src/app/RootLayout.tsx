import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { authDecision } from './auth-redirect';
import { InstallPrompt } from './install/InstallPrompt';
import { LoadingBar } from './loading-bar/LoadingBar';
import { pageWrapperClasses } from './page-wrapper';
import { useCurrentRoute } from './route-handle';
import { useSession } from './session/session-context';
import { useBanRedirect } from './session/use-ban-redirect';
import { useTemplate } from './template/template-context';
import { ToastHost } from './toasts/ToastHost';
import { UpdateBanner } from './update/UpdateBanner';

const DevPanel = lazy(() => import('./dev/DevPanel'));

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
      <UpdateBanner />
      <InstallPrompt />
      {config.isDevPanelOpen && (
        <Suspense fallback={null}>
          <DevPanel />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
