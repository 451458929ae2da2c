/** The composer's limits (SendMessageBody: 1–2000 characters after trimming). */

/** Longest message the server accepts. */
export const MAX_MESSAGE_LENGTH = 2000;
/** The counter shows from this many characters on, so it does not distract before. */
export const COUNTER_FROM = 1800;

/** What the composer shows and allows for `text`. */
export interface ComposerState {
  remaining: number;
  showCounter: boolean;
  tooLong: boolean;
  canSend: boolean;
}

/** Counter near the limit; sending needs some non-blank text within the limit. */
export function composerState(text: string): ComposerState {
  const length = text.trim().length;
  const remaining = MAX_MESSAGE_LENGTH - length;
  return {
    remaining,
    showCounter: length >= COUNTER_FROM,
    tooLong: remaining < 0,
    canSend: length > 0 && remaining >= 0,
  };
}

/** Enter sends, Shift+Enter (and Enter while an IME composes) is a new line. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }) {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}
