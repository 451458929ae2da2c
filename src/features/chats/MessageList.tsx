import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/interface-language';
import { prerenderedCopyShown } from '../../prerender/reveal';
import { isAtBottom, shouldStickToBottom, TOP_LOAD_PX } from './chat-scroll';
import { formatDayLabel } from './chat-time';
import { lastOwnKey, messageState, type ChatItem } from './chat-view';
import { ChatIcon } from './ChatIcon';
import { MessageBubble } from './MessageBubble';

type Row = ChatItem | { kind: 'top'; key: 'top' };

/**
 * Whether the pane has a height: not in the server's render, nor while the app renders out of
 * sight behind it (src/prerender/reveal.ts); from the first layout once it is in the page.
 */
function usePaneSized(pane: RefObject<HTMLDivElement | null>): boolean {
  // In the app's own page a mounted pane has its size at once: virtual from the first render.
  const [sized, setSized] = useState(
    () => typeof document !== 'undefined' && !prerenderedCopyShown(),
  );
  useLayoutEffect(() => {
    const el = pane.current;
    if (sized || !el || typeof ResizeObserver === 'undefined') return;
    // Told once observed, and again when the page puts the pane in place.
    const observer = new ResizeObserver(() => {
      if (el.clientHeight > 0) setSized(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [pane, sized]);
  return sized;
}

export interface MessageListProps {
  items: ChatItem[];
  memberId: number | null;
  online: boolean;
  otherName: string;
  failures: Record<string, string | null>;
  loadingOlder: boolean;
  historyComplete: boolean;
  onNearTop: () => void;
}

/**
 * The messages, virtualized (long histories stay fast), oldest at the top: follows the newest
 * message on open and on news while at the bottom, keeps its place when older pages arrive.
 */
export function MessageList(props: MessageListProps) {
  const { items, memberId, online, otherName, failures, onNearTop } = props;
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const pane = useRef<HTMLDivElement>(null);
  const rows: Row[] = [{ kind: 'top', key: 'top' }, ...items];
  // The app does not run the React Compiler; the virtualizer's fresh functions are what we want.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => pane.current,
    estimateSize: (i) => (rows[i]?.kind === 'message' ? 64 : 44),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 8,
    paddingEnd: 8,
  });
  const [atBottom, setAtBottom] = useState(true);
  const last = useRef({ first: null as string | null, last: null as string | null, total: 0 });
  const stuck = useRef(true);
  // A pane without a size (the server's render, or the app's render out of sight behind it) cannot
  // be virtualized: it draws every row, newest at the bottom, until it has one.
  const sized = usePaneSized(pane);
  const wasSized = useRef(sized);

  const tail = items.at(-1);
  const latestOwn = lastOwnKey(items);
  const lastKey = tail?.key ?? null;
  const firstKey = items[0]?.key ?? null;
  useLayoutEffect(() => {
    const el = pane.current;
    const before = last.current;
    // Coming into view with a size is an opening too: the virtual list starts at the newest.
    const opened = before.last === null || (sized && !wasSized.current);
    wasSized.current = sized;
    const total = virtualizer.getTotalSize();
    if (
      el &&
      !opened &&
      before.first !== firstKey &&
      before.last === lastKey &&
      el.scrollTop < el.clientHeight
    ) {
      // Older messages came in above: keep the ones on screen where they were.
      virtualizer.scrollToOffset(el.scrollTop + total - before.total);
    } else if (
      shouldStickToBottom({
        opened,
        previousLastKey: before.last,
        lastKey,
        lastIsOwn: tail?.kind === 'message' && tail.own,
        wasAtBottom: stuck.current,
      })
    ) {
      virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    }
    last.current = { first: firstKey, last: lastKey, total };
  });

  const onScroll = () => {
    const el = pane.current;
    if (!el) return;
    stuck.current = isAtBottom(el);
    setAtBottom(stuck.current);
    if (el.scrollTop < TOP_LOAD_PX) onNearTop();
  };

  const draw = (row: Row) => {
    if (row.kind === 'top') {
      return (
        <p className="chat-top small text-body-secondary">
          {props.loadingOlder ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {t('chat.loading_older')}
            </>
          ) : props.historyComplete ? (
            t('chat.history_start', { name: otherName })
          ) : (
            '\u00a0'
          )}
        </p>
      );
    }
    if (row.kind === 'day') {
      return (
        <p className="chat-day" role="separator">
          <span>{formatDayLabel(row.day, lng)}</span>
        </p>
      );
    }
    if (row.kind === 'unread') {
      return (
        <p className="chat-unread-divider" role="separator">
          <span>{t('chat.unread_divider')}</span>
        </p>
      );
    }
    return (
      <MessageBubble
        message={row.message}
        own={row.own}
        groupStart={row.groupStart}
        state={messageState(row.message, memberId, online)}
        latestOwn={row.key === latestOwn}
        otherName={otherName}
        failure={failures[row.key] ?? null}
      />
    );
  };

  const shown = virtualizer.getVirtualItems();
  return (
    <div className="chat-pane-wrap">
      <div
        ref={pane}
        className={sized ? 'chat-pane' : 'chat-pane chat-pane-unsized'}
        role="region"
        aria-label={t('chat.messages_label', { name: otherName })}
        tabIndex={0}
        onScroll={onScroll}
      >
        {!sized ? (
          <div className="chat-unsized">
            {rows.map((row) => (
              <div key={row.key} className="chat-virtual-row">
                {draw(row)}
              </div>
            ))}
          </div>
        ) : (
          <div className="chat-virtual" style={{ height: virtualizer.getTotalSize() }}>
            <div
              className="chat-virtual-window"
              style={{ transform: `translateY(${shown[0]?.start ?? 0}px)` }}
            >
              {shown.map((item) => {
                const row = rows[item.index];
                if (!row) return null;
                return (
                  <div
                    key={item.key}
                    ref={virtualizer.measureElement}
                    data-index={item.index}
                    className="chat-virtual-row"
                  >
                    {draw(row)}
                  </div>
                );
              })}
            </div>
          </div>
        )}
      </div>
      {!atBottom && (
        <button
          type="button"
          className="btn btn-icon chat-jump"
          aria-label={t('chat.jump_latest')}
          title={t('chat.jump_latest')}
          onClick={() => virtualizer.scrollToIndex(rows.length - 1, { align: 'end' })}
        >
          <ChatIcon name="down" />
        </button>
      )}
    </div>
  );
}
