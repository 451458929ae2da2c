/**
 * The sign-up wizard's state machine (SPEC §2.4, §4): which step shows, how each step moves on,
 * and the offline rules. The step is kept in the worker's draft, so a reload resumes where the
 * member was; the rules themselves live in signup-steps.ts.
 */
import * as Comlink from 'comlink';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { SignupBody, User } from '../../shared/contract/account';
import type { Settings } from '../../shared/contract/settings';
import { useSession, useSessionStore } from '../../app/session/session-context';
import { useTemplate } from '../../app/template/template-context';
import { getPushBridge } from '../../bridges/push-bridge';
import { askPersistentStorage } from '../../bridges/storage-bridge';
import { getSync, type SyncApi } from '../../bridges/worker-bridge';
import type { SignupDraftRow, SignupPart } from '../../db/db';
import { currentUser } from '../../db/queries';
import { pushState, type PushState } from '../../shared/push-state';
import { useSiteSettings } from '../members/use-site-settings';
import { ownDraft, signupDraftRow } from './signup-queries';
import {
  initialStep,
  isSignupStep,
  LAST_STEP,
  nextStep,
  type SignupStep,
  type StepContext,
} from './signup-steps';

/** What a step may put into the draft (workers/signup.ts DraftPatch). */
export type DraftPatch = Parameters<SyncApi['saveSignupDraft']>[0];
export type Refusal = NonNullable<SignupDraftRow['refused']>;

/** The event other parts of the app hear when the flow is complete (SPEC §4). */
export const SIGNUP_COMPLETE_EVENT = 'amora:signup-complete';

/** How a step's save ended: sent, kept on this device for later, or refused by the server. */
export type SaveOutcome =
  { kind: 'sent' } | { kind: 'queued' } | { kind: 'refused'; refused: Refusal } | { kind: 'busy' };

export interface SignupWizard {
  /** `finished`: a member whose wizard is done (nothing to resume) is sent on to the members. */
  status: 'loading' | 'ready' | 'finished';
  step: SignupStep;
  /** True once the member moved between steps: the new step's heading takes the focus. */
  moved: boolean;
  user: User | null;
  settings: Settings | null;
  draft: SignupDraftRow | null;
  ctx: StepContext;
  /** A submit is running; another one is ignored (SPEC §4). */
  busy: boolean;
  /** Parts saved on this device wait for a connection. */
  queued: boolean;
  /** Runs `action` unless another one is running; resolves false when it was ignored. */
  run: (action: () => Promise<void>) => Promise<boolean>;
  /** Step 0: creates the account, then moves to the step after it. Rejects with the worker error. */
  createAccount: (body: SignupBody) => Promise<void>;
  /** Steps 2–5: keeps `patch` in the draft, tries to send it, and moves on unless refused. */
  save: (
    patch: DraftPatch,
    part: SignupPart,
    onProgress?: (fraction: number) => void,
  ) => Promise<SaveOutcome>;
  /** Moves to the next step (SPEC §4 skip rules apply). */
  next: () => Promise<void>;
  /** Goes to a step directly (back to a refused part). */
  goTo: (step: SignupStep) => Promise<void>;
  /** Email and name of step 0, kept so a reload or a lost connection does not lose them. */
  keepAccountFields: (email: string, name: string) => void;
}

const sync = () => getSync();

/** Logs a failed draft write: the wizard goes on, only resuming after a reload is affected. */
function logDraftFailure(error: unknown) {
  console.warn('The sign-up draft could not be stored', error);
}

export function useSignupWizard(): SignupWizard {
  const session = useSession();
  const store = useSessionStore();
  const settings = useSiteSettings();
  const { config } = useTemplate();
  const bridge = getPushBridge();
  const pushStatus = useSyncExternalStore(bridge.status.subscribe, bridge.status.get);
  const [pushChecked, setPushChecked] = useState(false);
  const stored = useLiveQuery(() => currentUser(), []);
  const rawDraft = useLiveQuery(() => signupDraftRow(), []);
  const [step, setStep] = useState<SignupStep | null>(null);
  const [moved, setMoved] = useState(false);
  // The step whose submit is running: a step entered by that submit is not shown busy.
  const [busyRun, setBusyRun] = useState<{ step: SignupStep; token: object } | null>(null);
  const [queued, setQueued] = useState(false);
  /** The submit in progress; a step change ends it, so the new step takes clicks at once. */
  const running = useRef<object | null>(null);

  // The stored user follows the worker's writes (photo, living area) before the next user poll.
  const user =
    session.user && stored && stored.id === session.user.id ? stored : (session.user ?? null);
  const draft = rawDraft === undefined ? undefined : ownDraft(rawDraft, user?.id ?? null);

  const ctx = useMemo<StepContext>(
    () => ({
      pushStep: config.signup.pushStep,
      pushCapable: pushStatus.isCapable,
      push: pushState(pushStatus),
      autoSkip: config.signup.autoSkip,
      profile: user?.profile ?? null,
    }),
    [config.signup.pushStep, config.signup.autoSkip, pushStatus, user],
  );

  // Settings in IndexedDB give the push bridge the site's key; then the browser state is read.
  useEffect(() => {
    let live = true;
    sync()
      .refreshSettings()
      .catch(() => undefined)
      .then(() => bridge.refresh())
      .catch(() => undefined)
      .finally(() => live && setPushChecked(true));
    return () => {
      live = false;
    };
  }, [bridge]);

  // Where the wizard opens, decided once everything it depends on is known.
  const ready = session.status === 'ready' && draft !== undefined && (user === null || pushChecked);
  let opening: SignupStep | 'finished' | null = null;
  if (ready && step === null) {
    if (!user) opening = 0;
    else if (draft && isSignupStep(draft.step) && draft.step >= 1) opening = draft.step;
    else if (user.profile.lastSignupStep) opening = 'finished';
    else opening = initialStep(true, ctx);
  }
  if (typeof opening === 'number') setStep(opening);

  /** Sends what waits in the draft; remembers whether something is still waiting. */
  const flush = useCallback(async (onProgress?: (fraction: number) => void) => {
    try {
      const result = await sync().flushSignupDraft(
        onProgress ? Comlink.proxy(onProgress) : undefined,
      );
      setQueued(result.pending.length > 0);
      return result;
    } catch (error) {
      console.warn('The sign-up draft could not be sent', error);
      setQueued(true);
      return null;
    }
  }, []);

  /** Finishing (SPEC §4): the event, then the draft goes once nothing in it waits any more. */
  const finish = useCallback(async (pending: number) => {
    window.dispatchEvent(new CustomEvent(SIGNUP_COMPLETE_EVENT));
    const api = sync();
    await (pending > 0 ? api.saveSignupDraft({ step: LAST_STEP }) : api.clearSignupDraft()).catch(
      logDraftFailure,
    );
  }, []);

  const pendingCount = draft?.pending.length ?? 0;
  const goTo = useCallback(
    async (to: SignupStep) => {
      running.current = null;
      setStep(to);
      setMoved(true);
      if (to === LAST_STEP) await finish(pendingCount);
      else await sync().saveSignupDraft({ step: to }).catch(logDraftFailure);
    },
    [finish, pendingCount],
  );

  const current: SignupStep = step ?? 0;
  const next = useCallback(() => goTo(nextStep(current, ctx)), [goTo, current, ctx]);

  const run = useCallback(
    async (action: () => Promise<void>) => {
      if (running.current) return false;
      const token = {};
      running.current = token;
      setBusyRun({ step: current, token });
      try {
        await action();
      } finally {
        if (running.current === token) running.current = null;
        setBusyRun((was) => (was?.token === token ? null : was));
      }
      return true;
    },
    [current],
  );

  const createAccount = useCallback(
    async (body: SignupBody) => {
      const created = await sync().signup(body);
      store.setUser(created);
      // The account exists: its unsent wizard parts and queued actions deserve durable storage.
      void askPersistentStorage('signup');
      void store.refreshUser();
      // Logged in now: an existing subscription is sent to the account (SPEC §4).
      const push: PushState = await bridge.refresh().catch(() => pushState(bridge.status.get()));
      const after = nextStep(0, { ...ctx, push, profile: created.profile });
      await goTo(after);
    },
    [bridge, ctx, goTo, store],
  );

  const save = useCallback(
    async (patch: DraftPatch, part: SignupPart, onProgress?: (fraction: number) => void) => {
      let outcome = { kind: 'busy' } as SaveOutcome;
      await run(async () => {
        await sync().saveSignupDraft(patch);
        const result = await flush(onProgress);
        if (result?.refused?.part === part) {
          outcome = { kind: 'refused', refused: result.refused };
          return;
        }
        outcome = result && !result.pending.includes(part) ? { kind: 'sent' } : { kind: 'queued' };
        await next();
      });
      return outcome;
    },
    [flush, next, run],
  );

  // Parts saved offline are sent on mount and when the connection returns.
  const loggedIn = user !== null;
  const waiting = pendingCount > 0;
  useEffect(() => {
    if (!loggedIn || !waiting) return;
    const retry = () => {
      if (!running.current) void flush();
    };
    retry();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [loggedIn, waiting, flush]);

  // Finished while something still waited: the draft goes once it has been sent.
  const doneAndSent = step === LAST_STEP && draft != null && draft.pending.length === 0;
  useEffect(() => {
    if (doneAndSent) void sync().clearSignupDraft().catch(logDraftFailure);
  }, [doneAndSent]);

  const keepAccountFields = useCallback((email: string, name: string) => {
    void sync().saveSignupDraft({ email, name }).catch(logDraftFailure);
  }, []);

  // Logged out in another tab mid-way: only the account step makes sense again.
  const shown: SignupStep = !user && current > 0 && current < LAST_STEP ? 0 : current;

  return {
    status: opening === 'finished' ? 'finished' : step === null ? 'loading' : 'ready',
    step: shown,
    moved,
    user,
    settings,
    draft: draft ?? null,
    ctx,
    busy: busyRun !== null && busyRun.step === shown,
    queued: queued && pendingCount > 0,
    run,
    createAccount,
    save,
    next,
    goTo,
    keepAccountFields,
  };
}
