/**
 * /api/chat.php: start a conversation (GET ?profile=ID), read one page by page (GET
 * ?conversation=ID), send a message exactly once (POST), acknowledge delivery (PUT ?delivered=1)
 * and delete it from my list (DELETE).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_MESSAGE_MAX,
  CHAT_PAGE_SIZE,
  ChatDeliveredBody,
  ChatDeliveredQuery,
  ChatDeliveredResult,
  ChatMessagesQuery,
  ChatMessagesResponse,
  DeleteChatBody,
  DeleteChatResponse,
  SendMessageBody,
  SendMessageResponse,
  StartChatQuery,
  StartChatResponse,
} from '../../src/shared/contract/chat';
import { ApiError } from '../../src/shared/contract/fields';
import { HttpError } from '../lib/http-error';
import { DEFAULT_RATE_LIMITS } from '../config';
import { memberLimit } from '../plugins/rate-limit';
import { requireMember } from '../plugins/session';
import {
  acknowledgeDelivery,
  deleteChat,
  readMessages,
  sendMessage,
  startChat,
} from '../services/chat';
import { DEFAULT_MESSAGE_CREDITS } from '../services/chat-credits';

/** Both GET shapes in one query: exactly one of profile and conversation. */
const ChatGetQuery = StartChatQuery.partial().extend(ChatMessagesQuery.partial().shape);

const chatRoute: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;

  app.get(
    '/api/chat.php',
    {
      schema: {
        summary: 'Start a conversation, or read its messages',
        description:
          '?profile=ID answers {id}: my conversation with that member, created when missing (one ' +
          'per pair). Yourself 400 chat.self, unknown 404 chat.unknown_profile, a member I blocked ' +
          '403 chat.blocked, a member who left or blocked me 410 chat.profile_gone. ' +
          `?conversation=ID[&before=MESSAGE_ID] answers ${CHAT_PAGE_SIZE} messages, oldest first, ` +
          'with has_more when older ones exist (page on with before = the first id). The newest ' +
          "page marks the conversation read (unread 0, the other member's messages get read_at) " +
          "and sends them a read event; read=0 skips that. Any page marks the other member's " +
          'messages it holds delivered (delivered_at) and sends them a delivered event. ' +
          'Not my conversation: 404 ' +
          'chat.unknown_conversation; either of us blocked the other: 403; the other member is ' +
          'banned: 410 chat.profile_gone. Answers with an ETag.',
        tags: ['chats'],
        querystring: ChatGetQuery,
        response: {
          200: z.union([StartChatResponse, ChatMessagesResponse]),
          400: ApiError,
          403: ApiError,
          404: ApiError,
          410: ApiError,
        },
      },
      config: { etag: true },
    },
    async (request) => {
      const me = requireMember(request);
      const { profile, conversation, before, read } = request.query;
      if ((profile === undefined) === (conversation === undefined)) {
        throw new HttpError(
          400,
          'Give exactly one of profile (start a chat) and conversation (read messages)',
          'chat.bad_query',
        );
      }
      if (profile !== undefined) return startChat(app, me.id, profile);
      return readMessages(app, me.id, {
        conversation: conversation ?? 0,
        before: before ?? null,
        markRead: read !== '0',
      });
    },
  );

  app.post(
    '/api/chat.php',
    {
      schema: {
        summary: 'Send a message',
        description:
          `message: 1 to ${CHAT_MESSAGE_MAX} characters after trimming. client_id (UUID) makes ` +
          'the send exactly-once: a repeat answers the first message and charges nothing; the same ' +
          'id in another conversation is 409 chat.client_id_reused. A message costs the sender ' +
          "their country's minimum_message_costs rounded up to whole credits (" +
          `${DEFAULT_MESSAGE_CREDITS} without an entry); too few credits: 402 chat.no_credits, ` +
          'nothing stored. Blocked either way 403, receiver gone 410, not my conversation 404. ' +
          'Both members get a message event. A receiver with no open event stream and ' +
          'email_messages on gets one mail per conversation until they read it.',
        tags: ['chats'],
        body: SendMessageBody,
        response: {
          200: SendMessageResponse,
          400: ApiError,
          402: ApiError,
          403: ApiError,
          404: ApiError,
          409: ApiError,
          410: ApiError,
          429: ApiError,
        },
      },
      config: memberLimit(limits.chatSend ?? DEFAULT_RATE_LIMITS.chatSend, limits.windowMs),
    },
    async (request) => sendMessage(app, requireMember(request).id, request.body, app.siteOrigin()),
  );

  app.put(
    '/api/chat.php',
    {
      schema: {
        summary: 'Acknowledge delivery of messages',
        description:
          "?delivered=1 with {conversation, up_to}: my device got the other member's messages " +
          'up to message up_to (the worker sends it for messages that came over the event ' +
          'stream). Those without delivered_at get it, in one statement, and the other member ' +
          'gets a delivered event {conversation, by, up_to, delivered_at}. Idempotent: a repeat ' +
          'marks 0 and sends nothing. Not my conversation 404 chat.unknown_conversation, a ' +
          'message of another conversation 404 chat.unknown_message, blocked either way 403, ' +
          'the other member banned 410.',
        tags: ['chats'],
        querystring: ChatDeliveredQuery,
        body: ChatDeliveredBody,
        response: {
          200: ChatDeliveredResult,
          400: ApiError,
          403: ApiError,
          404: ApiError,
          410: ApiError,
          429: ApiError,
        },
      },
      config: memberLimit(limits.chatSend ?? DEFAULT_RATE_LIMITS.chatSend, limits.windowMs),
    },
    async (request) => acknowledgeDelivery(app, requireMember(request).id, request.body),
  );

  app.delete(
    '/api/chat.php',
    {
      schema: {
        summary: 'Delete a conversation from my list',
        description:
          'Hides the conversation on my side only; a new message brings it back. 404 when it ' +
          'is not my conversation.',
        tags: ['chats'],
        body: DeleteChatBody,
        response: { 200: DeleteChatResponse, 400: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request) => deleteChat(app, requireMember(request).id, request.body.conversation),
  );
};

export default chatRoute;
