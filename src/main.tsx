/** Boot: styles, session fetch, router and messages in parallel, then the first render. */
import './styles/main.scss';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  RouterProvider,
  type DataRouter,
  type RouteObject,
} from 'react-router-dom';
import { AppErrorBoundary } from './app/error/AppErrorBoundary';
import { SessionProvider } from './app/session/SessionProvider';
import { createSessionStore, type SessionStore } from './app/session/session-store';
import { applyDevQuery } from './app/template/template-prefs';
import { TemplateProvider } from './app/template/TemplateProvider';
import { I18nextProvider } from 'react-i18next';
import { activeI18n, shellLanguage, startI18n, useActiveI18n } from './i18n/active-i18n';
import { askNothingStored } from './db/nothing-stored';
import { loadWithRetries } from './lib/load-with-retries';
import { nextTask } from './lib/next-task';
import { trafficSource } from './lib/tracking';
import {
  appRootElement,
  keepVisitorScroll,
  prerenderedLanguage,
  prerenderedMemberScreen,
  revealed,
} from './prerender/reveal';
import { keepStoredHint } from './app/session/stored-hint';
import { afterFirstScreen } from './prerender/after-first-screen';
import { routerInitialized } from './prerender/router-ready';
import { runTakeOverPreparations } from './prerender/take-over-preparations';
import { createRoutes, preloadScreen } from './routes';

/** How often, and how far apart, the parts loaded after first paint are asked for again. */
const LATER_PARTS_TRIES = 3;
const LATER_PARTS_RETRY_MS = 5000;

/**
 * The shell's parts that load once the page shows, and the map of screens the next page needs. A
 * page that lost its connection before they arrived (a first visit, not yet under the service
 * worker) asks again a little later.
 */
function laterParts() {
  return loadWithRetries(
    () =>
      Promise.all([
        import('./bridges/sw-bridge'),
        import('./bridges/worker-bridge'),
        import('./app/storage/storage-care'),
        import('./features/chats/unsent-recovery'),
        // The map of every screen, so the visitor's next page asks for all its files at once.
        import('./screens'),
      ]),
    LATER_PARTS_TRIES,
    LATER_PARTS_RETRY_MS,
  );
}

/**
 * The service worker, the install offer, the page-hidden beacon and the storage care. Behind a
 * prerendered page they start once the app's page is on screen and the browser is idle, so they
 * never compete with the first paint; in the app shell (a member's screens) once the first screen
 * has mounted and the browser is idle, at most a second later: the sync worker they start would
 * otherwise compile and run beside the screen's render (an offline reload of /members painted its
 * photos about 100 ms later for it), and the offline queue's replays can wait that long.
 */
async function startServiceWorker(session: SessionStore, afterFirstPaint: boolean): Promise<void> {
  if (afterFirstPaint) {
    // A page that never reveals (its screen failed) still gets its worker, for the next deploy.
    await Promise.race([revealed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await new Promise<void>((resolve) =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 200),
    );
  } else await afterFirstScreen();
  const [
    { getSwBridge, startSwBridge },
    { getSync, onSyncNotice },
    { startStorageCare },
    { recoverUnsent },
  ] = await laterParts();
  startSwBridge();
  // The leader tab's poll got an answer: what the service worker queued can go now.
  onSyncNotice((notice) => {
    if (notice.type === 'server-reached') getSwBridge().serverReached();
  });
  // A device out of space says so plainly; installing the app asks for persistent storage.
  startStorageCare({
    onNotice: onSyncNotice,
    translate: (key) => activeI18n().t(key),
    target: window,
  });
  // The service worker replays queued actions only for the member it was last told about.
  let toldMember: number | null | undefined;
  const tell = () => {
    const { status, user } = session.getState();
    const member = user?.id ?? null;
    if (status !== 'ready' || member === toldMember) return;
    toldMember = member;
    getSwBridge().setSession(member);
    // Messages a reload took from this member before the worker stored them go out now.
    if (member !== null) {
      recoverUnsent(member, { sync: getSync() }).catch((error: unknown) =>
        console.warn('Kept messages could not be handed over', error),
      );
    }
  };
  session.subscribe(tell);
  tell();
}

/** A page left open this long loads the settings anyway. */
const SETTINGS_LATER_MS = 10_000;

/**
 * A prerendered page shows the operator's details the server filled in, so the settings (and the
 * contract's schemas that check them) load once the visitor moves on, not while the page starts.
 */
function loadSettingsLater(session: SessionStore, router: DataRouter): void {
  const first = router.state.location.pathname;
  let unsubscribe: () => void = () => undefined;
  const load = () => {
    clearTimeout(timer);
    unsubscribe();
    void session.refreshSettings();
  };
  const timer = setTimeout(load, SETTINGS_LATER_MS);
  unsubscribe = router.subscribe((state) => {
    if (state.location.pathname !== first) load();
  });
}

/**
 * The app shell's first screen: its files are asked for now, beside i18next and the session. Left
 * to the router, they waited for the map of screens and then for the main thread, busy evaluating
 * i18next and the database code; an offline reload of /members asked for them 60–180 ms later.
 * The router's own import later gets the same modules.
 */
function loadFirstScreen(routes: RouteObject[]): void {
  // A failure here is the router's to report, when it imports the same screen.
  preloadScreen(routes, location.pathname)?.catch(() => undefined);
}

/** Renders with whichever translator is active, and again when i18next takes over. */
function ActiveI18nProvider({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={useActiveI18n()}>{children}</I18nextProvider>;
}

async function boot(): Promise<void> {
  keepVisitorScroll();
  applyDevQuery(location.search);
  // A visitor who lands with ?network= anywhere keeps it for a later sign-up (SPEC §6).
  trafficSource(new URLSearchParams(location.search));
  const session = createSessionStore();
  // A prerendered page names its language; the app draws the same page in the same words.
  const language = prerenderedLanguage();
  // A member's first screen the server drew starts as the app shell does, from the same answers;
  // a visitor's public page defers what it does not show.
  const visitorPage = language !== undefined && !prerenderedMemberScreen();
  // The visitor already reads that page: each step of the take-over gets a task of its own, so
  // none of them (evaluating the code, making the router, the first render) holds a tap back long.
  const breathe = () => (language ? nextTask() : undefined);
  const i18nReady = startI18n(language ?? shellLanguage());
  // Only a member's page comes with first answers to draw; asked before the session or a screen
  // opens IndexedDB, which creates the database.
  keepStoredHint(session, visitorPage ? null : askNothingStored());
  void session.refreshUser();
  // A visitor's page loads the settings once the visitor moves on (loadSettingsLater).
  if (!visitorPage) void session.refreshSettings({ afterFirstScreen: true });
  // The route objects here, the router in a task of its own: together they were one long task.
  const routes = createRoutes(session);
  if (!language) loadFirstScreen(routes);
  await breathe();
  const router = createBrowserRouter(routes);
  if (visitorPage) loadSettingsLater(session, router);
  await i18nReady;
  // The screen's module and the loaders first: a sliced render must not race the router.
  if (language) await routerInitialized(router);
  // The Intl objects the screen asked for, each in a task of its own (take-over-preparations.ts).
  if (language) await runTakeOverPreparations(language);
  await breathe();

  const root = appRootElement();
  if (!root) throw new Error('index.html lacks #root');
  const app = (
    <StrictMode>
      <SessionProvider store={session}>
        <ActiveI18nProvider>
          <TemplateProvider>
            <AppErrorBoundary>
              <RouterProvider router={router} />
            </AppErrorBoundary>
          </TemplateProvider>
        </ActiveI18nProvider>
      </SessionProvider>
    </StrictMode>
  );
  // Out of sight behind the prerendered copy, React renders in slices and yields to the visitor's
  // taps in between; the app shell has nothing on screen yet, so it renders at once.
  if (language) startTransition(() => createRoot(root).render(app));
  else createRoot(root).render(app);
  // A page left before these parts arrived aborts their loading: not an error of the app.
  startServiceWorker(session, language !== undefined).catch((error: unknown) =>
    console.warn('The service worker could not be started on this page', error),
  );
}

void boot();
