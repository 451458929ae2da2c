/** The three developer actions of SPEC §1. */
import { send } from '../../api/http';
import { PREF_KEYS, removePref } from '../../lib/prefs';
import { nextTemplate, type TemplateName } from '../template-config';
import { storeTemplateName } from '../template/template-prefs';

/** Development-only server endpoint; production servers answer 404. */
export const DEV_ENDPOINT = '/api/dev.php';

/** Sets the logged-in member's credits to zero on the server. */
export async function zeroCredits(): Promise<void> {
  await send('POST', DEV_ENDPOINT, { body: { action: 'zero-credits' } });
}

/** Forgets that the member skipped the site-entry warning, so it shows again. */
export function forgetSkippedSiteEntryWarning(): void {
  removePref(PREF_KEYS.skippedSiteEntryWarning);
}

/** Stores and returns the next design. */
export function switchDesign(current: TemplateName): TemplateName {
  const next = nextTemplate(current);
  storeTemplateName(next);
  return next;
}
