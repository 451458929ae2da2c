/**
 * A conversation's message rows made from the server's messages: what the sync worker stores, and
 * what a conversation draws from the page's first answers before it has. Pure, so both say the same.
 */
import type { ChatMessage } from '../shared/contract/chat';
import type { MessageRow } from './db';

/** A message as the server sent it, keyed by the client's id when it has one. */
export const messageRowOf = (message: ChatMessage): MessageRow => ({
  ...message,
  key: message.client_id ?? `id:${message.id}`,
  status: 'sent',
});
