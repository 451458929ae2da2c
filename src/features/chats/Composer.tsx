import { memo, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../app/session/session-context';
import { getSync, isSyncError } from '../../bridges/worker-bridge';
import { ChatIcon } from './ChatIcon';
import { composerState, isSendKey } from './composer-rules';
import { holdUnsent, releaseUnsent } from './unsent-messages';
import { recoverBefore } from './unsent-recovery';

/** The client ids this load of the page sent: its own worker is sending them, none is recovered. */
const sentByThisLoad = new Set<string>();

/**
 * The message box at the bottom: Enter sends, Shift+Enter breaks the line, a counter near 2000.
 * Memoised: every arriving message renders the screen, and the box need not follow.
 */
export const Composer = memo(function Composer({
  conversation,
  name,
}: {
  conversation: number;
  name: string;
}) {
  const { t } = useTranslation();
  const session = useSessionStore();
  const id = useId();
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const state = composerState(text);

  const send = () => {
    if (!state.canSend) return;
    const sent = text;
    setText('');
    field.current?.focus();
    // Kept in the page until the worker's send settles: a reload before the worker stored the
    // message hands it back on the next load (unsent-recovery.ts), under the same client id.
    const member = session.getState().user?.id;
    // Outside a secure context there is no randomUUID: the worker picks the id, nothing is kept.
    const clientId = window.isSecureContext ? crypto.randomUUID() : undefined;
    const at = Date.now();
    // What an earlier load kept goes first: this message must not overtake it.
    const earlier =
      member === undefined
        ? Promise.resolve()
        : recoverBefore(member, at, sentByThisLoad, { sync: getSync() });
    if (member !== undefined && clientId !== undefined) {
      sentByThisLoad.add(clientId);
      holdUnsent({ member, conversation, text: sent, clientId, at });
    }
    earlier
      .then(() => getSync().sendMessage(conversation, sent, clientId))
      .finally(() => clientId && releaseUnsent(clientId))
      .catch((error: unknown) => {
        // Refused before a row was written (no status): give the text back; otherwise the
        // failed bubble shows why and offers Retry.
        if (isSyncError(error) && error.status === undefined && error.kind !== 'network') {
          setText((current) => (current === '' ? sent : current));
        }
        console.warn('Sending failed', error);
      });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey({ ...event, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    send();
  };

  return (
    <form className="chat-composer" onSubmit={submit}>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {t('chat.composer_label', { name })}
      </label>
      <textarea
        ref={field}
        id={`${id}-text`}
        className={`form-control chat-input${state.tooLong ? ' is-invalid' : ''}`}
        rows={1}
        placeholder={t('chat.placeholder')}
        aria-describedby={`${id}-hint ${id}-count`}
        aria-invalid={state.tooLong || undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="submit"
        className="btn btn-primary chat-send"
        disabled={!state.canSend}
        aria-label={t('chat.send')}
        title={t('chat.send')}
      >
        <ChatIcon name="send" />
      </button>
      <p id={`${id}-hint`} className="visually-hidden">
        {t('chat.enter_hint')}
      </p>
      <p
        id={`${id}-count`}
        className={`chat-count small${state.tooLong ? ' is-over' : ''}`}
        aria-live="polite"
      >
        {state.showCounter &&
          (state.tooLong
            ? t('chat.too_long', { count: -state.remaining })
            : t('chat.remaining', { count: state.remaining }))}
      </p>
    </form>
  );
});
