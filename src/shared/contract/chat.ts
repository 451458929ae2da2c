/**
 * Chat calls of the wire contract: conversations, messages, blocks and reports.
 */
import { z } from 'zod';
import { bodyId, id, Profile } from './fields';
import { COMPLAINT_MESSAGE_MAX, COMPLAINT_REASONS } from './limits';

export const ChatListEntry = z.object({
  conversation: z.object({
    id: z.number().int(),
    last_message: z.string().nullable(),
    updated_at: z.string(),
  }),
  profile: Profile,
  num_unread_messages: z.number().int().nonnegative(),
});
export type ChatListEntry = z.infer<typeof ChatListEntry>;
export const ChatsResponse = z.object({ chats: z.array(ChatListEntry) });
export type ChatsResponse = z.infer<typeof ChatsResponse>;

export const StartChatQuery = z.object({ profile: id });
export const StartChatResponse = z.object({ id: z.number().int() });
/** Longest chat message, counted after trimming. */
export const CHAT_MESSAGE_MAX = 2000;
/** Messages per page of GET /api/chat.php?conversation=ID. */
export const CHAT_PAGE_SIZE = 30;
/**
 * GET /api/chat.php?conversation=ID: the newest page, or the page before message `before`.
 * `read=0` fetches without marking the conversation read (a background refresh).
 */
export const ChatMessagesQuery = z.object({
  conversation: id,
  before: id.optional(),
  read: z.enum(['0', '1']).optional(),
});
export const ChatMessage = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  sender: z.number().int(),
  msg: z.string(),
  client_id: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  /** When a device of the receiver got it; read implies delivered. Absent from older servers. */
  delivered_at: z.string().nullable().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;
/** One page of messages, oldest first; has_more says older messages exist (page on with before). */
export const ChatMessagesResponse = z.object({
  conversation: z.number().int(),
  msg: z.array(ChatMessage),
  has_more: z.boolean().optional(),
});
export type ChatMessagesResponse = z.infer<typeof ChatMessagesResponse>;
export const SendMessageBody = z.object({
  conversation: bodyId,
  message: z.string().trim().min(1).max(CHAT_MESSAGE_MAX),
  client_id: z.uuid(),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;
/** POST /api/chat.php answers the stored message (the first one again for a repeated client_id). */
export const SendMessageResponse = ChatMessage;
export const DeleteChatBody = z.object({ conversation: bodyId });
/** DELETE /api/chat.php: the conversation left my list (it comes back with a new message). */
export const DeleteChatResponse = z.object({
  conversation: z.number().int(),
  deleted: z.literal(true),
});
/** PUT /api/chat.php?delivered=1: the device got the other member's messages up to `up_to`. */
export const ChatDeliveredQuery = z.object({ delivered: z.literal('1') });
export const ChatDeliveredBody = z.object({ conversation: bodyId, up_to: bodyId });
export type ChatDeliveredBody = z.infer<typeof ChatDeliveredBody>;
/** How many messages this call marked delivered (0 on a repeat: the call is idempotent). */
export const ChatDeliveredResult = z.object({
  conversation: z.number().int(),
  up_to: z.number().int(),
  marked: z.number().int().nonnegative(),
});

/** POST / DELETE /api/block.php: block or unblock a member. */
export const BlockBody = z.object({ profile: bodyId });
export const BlockResult = z.object({ profile: z.number().int(), blocked: z.boolean() });
export type BlockResult = z.infer<typeof BlockResult>;
/** GET /api/block.php: the members I blocked, newest block first. */
export const BlockListResponse = z.object({ profiles: z.array(Profile) });
export const ComplaintReason = z.enum(COMPLAINT_REASONS);
/** POST /api/complaints.php: report a member. */
export const ComplaintBody = z.object({
  profile: bodyId,
  reason: ComplaintReason,
  message: z.string().trim().max(COMPLAINT_MESSAGE_MAX).optional(),
});
export type ComplaintBody = z.infer<typeof ComplaintBody>;
export const ComplaintResult = z.object({ id: z.number().int() });
