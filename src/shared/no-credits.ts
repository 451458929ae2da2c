/**
 * Whether a refused message was refused for lack of credits. Pure and import-free, so the chat
 * bubble (page) and the resend after a purchase (worker) read a refusal the same way.
 */

/** The server's key (`chat.no_credits`), its English text, or a bare 402 from a replay. */
const NO_CREDITS = /no_credits|credit|\b402\b/i;

/** True when a stored refusal (ActionRow.error) means "buy credits to send this". */
export function isNoCreditsRefusal(error: string | null | undefined): boolean {
  return Boolean(error) && NO_CREDITS.test(error ?? '');
}
