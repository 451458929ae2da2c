/** When the conversation follows the newest message (pure, so the rule is unit-tested). */

/** Within this many pixels of the end counts as "at the bottom". */
export const BOTTOM_SLACK_PX = 48;

/** Scrolling up to within this many pixels of the top loads the older page. */
export const TOP_LOAD_PX = 200;

/** Scroll metrics of the message pane. */
export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** The member reads the newest messages (or the pane does not scroll at all). */
export function isAtBottom(m: ScrollMetrics, slack = BOTTOM_SLACK_PX): boolean {
  return m.scrollHeight - m.scrollTop - m.clientHeight <= slack;
}

/** What changed at the end of the list since the last render. */
export interface TailChange {
  /** Nothing was shown before: the conversation just opened. */
  opened: boolean;
  /** The key of the last row before and now; equal when only older rows were prepended. */
  previousLastKey: string | null;
  lastKey: string | null;
  /** The new last message is the member's own (just sent). */
  lastIsOwn: boolean;
  /** The pane was at the bottom before the change. */
  wasAtBottom: boolean;
}

/**
 * Scroll to the newest message on open, after sending, and on a new message when the member was
 * already at the bottom; never when older pages were prepended or while reading further up.
 */
export function shouldStickToBottom(change: TailChange): boolean {
  if (change.lastKey === null) return false;
  if (change.opened) return true;
  if (change.lastKey === change.previousLastKey) return false;
  return change.lastIsOwn || change.wasAtBottom;
}
