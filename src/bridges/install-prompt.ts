/** The browser's install offer (SPEC §2.8): kept when it comes, cleared on install or cancel. */
import { createStore, type Store } from './store';

/** Chromium's `beforeinstallprompt` event, which TypeScript's DOM lib does not describe. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallPromptState {
  /** The browser offered installation and the offer was not used yet. */
  available: boolean;
  /** The app was installed during this visit. */
  installed: boolean;
}

export interface InstallPrompt {
  state: Store<InstallPromptState>;
  /** The saved event, for code that wants its details (platforms). */
  event(): BeforeInstallPromptEvent | null;
  /** Shows the browser's dialog; the offer is used up whatever the user answers. */
  prompt(): Promise<'accepted' | 'dismissed' | 'unavailable'>;
  dispose(): void;
}

/** Listens on `target` (the window) for the offer and for `appinstalled`. */
export function createInstallPrompt(target: EventTarget): InstallPrompt {
  const state = createStore<InstallPromptState>({ available: false, installed: false });
  let saved: BeforeInstallPromptEvent | null = null;

  const onOffer = (event: Event) => {
    event.preventDefault(); // no mini-infobar: the app shows its own unobtrusive button
    saved = event as BeforeInstallPromptEvent;
    state.patch({ available: true });
  };
  const onInstalled = () => {
    saved = null;
    state.patch({ available: false, installed: true });
  };
  target.addEventListener('beforeinstallprompt', onOffer);
  target.addEventListener('appinstalled', onInstalled);

  return {
    state,
    event: () => saved,
    async prompt() {
      const offer = saved;
      if (!offer) return 'unavailable';
      saved = null; // prompt() works once per event
      state.patch({ available: false });
      await offer.prompt();
      return (await offer.userChoice).outcome;
    },
    dispose() {
      target.removeEventListener('beforeinstallprompt', onOffer);
      target.removeEventListener('appinstalled', onInstalled);
    },
  };
}
