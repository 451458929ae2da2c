/** Boot: styles, session fetch, router and messages in parallel, then the first render. */
import './styles/main.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppErrorBoundary } from './app/error/AppErrorBoundary';
import { startStorageCare } from './app/storage/storage-care';
import { SessionProvider } from './app/session/SessionProvider';
import { createSessionStore } from './app/session/session-store';
import { applyDevQuery } from './app/template/template-prefs';
import { TemplateProvider } from './app/template/TemplateProvider';
import { getSwBridge, startSwBridge } from './bridges/sw-bridge';
import { onSyncNotice } from './bridges/worker-bridge';
import { createI18n } from './i18n/i18n';
import { trafficSource } from './lib/tracking';
import { createRoutes } from './routes';

async function boot(): Promise<void> {
  applyDevQuery(location.search);
  // A visitor who lands with ?network= anywhere keeps it for a later sign-up (SPEC §6).
  trafficSource(new URLSearchParams(location.search));
  const session = createSessionStore();
  startSwBridge();
  // The service worker replays queued actions only for the member it was last told about.
  let toldMember: number | null | undefined;
  session.subscribe(() => {
    const { status, user } = session.getState();
    const member = user?.id ?? null;
    if (status !== 'ready' || member === toldMember) return;
    toldMember = member;
    getSwBridge().setSession(member);
  });
  void session.refresh();
  // The leader tab's poll got an answer: what the service worker queued can go now.
  onSyncNotice((notice) => {
    if (notice.type === 'server-reached') getSwBridge().serverReached();
  });
  const router = createBrowserRouter(createRoutes(session));
  const i18n = await createI18n();
  // A device out of space says so plainly; installing the app asks for persistent storage.
  startStorageCare({ onNotice: onSyncNotice, translate: (key) => i18n.t(key), target: window });

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(
    <StrictMode>
      <SessionProvider store={session}>
        <TemplateProvider>
          <AppErrorBoundary>
            <RouterProvider router={router} />
          </AppErrorBoundary>
        </TemplateProvider>
      </SessionProvider>
    </StrictMode>,
  );
}

void boot();
