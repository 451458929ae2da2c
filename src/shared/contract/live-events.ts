/**
 * The live event stream of the wire contract: each `data:` line is a LiveEvent.
 */
import { z } from 'zod';
import { ChatMessage } from './chat';

/**
 * One message of the GET /api/events.php stream (the SSE `data:` line). An event names what
 * changed; the worker fetches or applies it, and polling stays the truth. `by` liked `profile`.
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('like'), by: z.number().int(), profile: z.number().int() }),
  z.object({ type: z.literal('unlike'), by: z.number().int(), profile: z.number().int() }),
  z.object({ type: z.literal('chat'), conversation: z.number().int() }),
  z.object({
    type: z.literal('message'),
    conversation: z.number().int(),
    message: ChatMessage.optional(),
  }),
  z.object({
    type: z.literal('read'),
    conversation: z.number().int(),
    /** Who read: the other member's messages up to message `up_to` now have read_at `read_at`. */
    by: z.number().int().optional(),
    up_to: z.number().int().optional(),
    read_at: z.string().optional(),
  }),
  z.object({
    type: z.literal('delivered'),
    conversation: z.number().int(),
    /** The receiver: the other member's messages up to message `up_to` reached a device of theirs. */
    by: z.number().int().optional(),
    up_to: z.number().int(),
    delivered_at: z.string(),
  }),
  z.object({ type: z.literal('user') }),
  /** This member was banned: every open tab shows /pages/ban; the stream then closes. */
  z.object({ type: z.literal('banned'), reason: z.string(), since: z.string() }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
