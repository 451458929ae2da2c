/**
 * The message lane: the sync worker hands the messages it receives to every open page at once,
 * beside its IndexedDB write, on one BroadcastChannel. The conversation screen shows them without
 * waiting for that write (the other member's message is on screen a disk commit sooner), and still
 * shows them when the device has no room left to store them.
 */
import type { MessageRow } from '../db/db';

/** BroadcastChannel from the sync workers to the pages of this origin. */
export const MESSAGES_CHANNEL = 'amora-messages';

/** Messages of one conversation as the worker got them from the server. */
export interface MessagesArrival {
  type: 'messages';
  /** The session member the worker fetched them for: pages of anyone else ignore them. */
  memberId: number;
  conversation: number;
  rows: MessageRow[];
}
