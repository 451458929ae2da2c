/**
 * The site config's `postbacks`: per traffic network, the address a conversion is reported to,
 * the events the network wants and an optional signing secret. Checked at start, so a typo in a
 * placeholder stops the server instead of sending partners a literal `{sub1}`.
 */
import { z } from 'zod';
import { PostbackEvent } from '../../src/shared/contract/stats';

/** What a postback address may carry; each is filled in URL-encoded. */
export const POSTBACK_PLACEHOLDERS = [
  'ref',
  'sub1',
  'sub2',
  'sub3',
  'event',
  'event_id',
  'amount',
  'currency',
  'transaction',
] as const;
/** One placeholder's name. */
export type PostbackPlaceholder = (typeof POSTBACK_PLACEHOLDERS)[number];

const KNOWN = new Set<string>(POSTBACK_PLACEHOLDERS);

/** The names between braces in a template, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
}

/** Where a template goes wrong, or null when it is a usable postback address. */
export function templateProblem(template: string): string | null {
  const unknown = placeholdersOf(template).filter((name) => !KNOWN.has(name));
  if (unknown.length > 0) {
    return `Unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}; allowed: ${POSTBACK_PLACEHOLDERS.map((n) => `{${n}}`).join(' ')}`;
  }
  if (/[{}]/.test(template.replace(/\{[^{}]*\}/g, ''))) return 'Unmatched { or }';
  const origin = /^https?:\/\/[^/?#]*/i.exec(template)?.[0];
  if (!origin) return 'Must be an http:// or https:// address';
  // Values come from visitors' links: they may fill the path and query, never choose the host.
  if (origin.includes('{')) return 'Placeholders may not stand in the scheme, host or port';
  try {
    const url = new URL(template.replace(/\{[^{}]*\}/g, 'x'));
    if (url.username || url.password) return 'Must not carry credentials';
  } catch {
    return 'Not a valid address';
  }
  return null;
}

/** A postback address template, checked as templateProblem describes. */
const PostbackUrl = z
  .string()
  .max(2000)
  .superRefine((value, ctx) => {
    const problem = templateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** How one network hears of conversions. */
export const PostbackTarget = z.object({
  url: PostbackUrl,
  /** The events sent; the network's other conversions are marked skipped. */
  events: z
    .array(PostbackEvent)
    .min(1)
    .refine((events) => new Set(events).size === events.length, 'Each event once'),
  /** With it every request carries X-Amora-Signature (postback-url.ts). */
  secret: z.string().min(16).max(200).optional(),
});
/** One network's postback settings. */
export type PostbackTarget = z.infer<typeof PostbackTarget>;

/** Per network name (as it arrives in the tracking query's `network`). */
export const PostbackTargets = z.record(z.string().min(1).max(100), PostbackTarget);
/** Every network's postback settings. */
export type PostbackTargets = z.infer<typeof PostbackTargets>;
