/**
 * Step 0 as a visitor without a draft first sees it, for the build's prerender of /signup
 * (src/prerender): no device state, no session, nothing to run. The app's own wizard takes over
 * once it has read the draft; what the visitor typed meanwhile is carried across.
 */
import type { SignupWizard } from './use-signup-wizard';

const idle = async () => undefined;

export const PRERENDER_WIZARD: SignupWizard = {
  status: 'ready',
  step: 0,
  moved: false,
  user: null,
  settings: null,
  draft: null,
  ctx: { pushStep: false, pushCapable: false, push: 'unknown', autoSkip: false, profile: null },
  busy: false,
  queued: false,
  run: async () => false,
  createAccount: idle,
  save: async () => ({ kind: 'busy' }),
  next: idle,
  goTo: idle,
  keepAccountFields: () => undefined,
};
