/**
 * The prerendered /signup (step 0 of the wizard) is sent only to a visitor who may sign up, by
 * the rule the sign-up itself applies (services/signup.ts): open sign-ups, or a traffic source
 * naming a network in the address. Anyone else gets the app shell, which shows the invitation-only
 * message or, for a source remembered from an earlier page, the wizard.
 */
import { parseTrafficSource, trafficSourceOf } from '../../src/shared/tracking-query';
import type { SiteConfig } from '../config';
import type { SlotFiller } from '../lib/prerendered-pages';

/** The filler named `signup` in the prerender registry; it has no slots of its own. */
export function signupOpenFiller(config: Pick<SiteConfig, 'signups'>): SlotFiller {
  return async (request) => {
    if (config.signups === 'all') return {};
    if (config.signups === 'off') return null;
    const source = trafficSourceOf(new URLSearchParams(request.url.split('?')[1] ?? ''));
    return source && parseTrafficSource(source).network !== undefined ? {} : null;
  };
}
