/** The state of an own message: icon, words for screen readers and tooltip, spelled out on the newest. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MessageState } from '../../src/features/chats/chat-view';
import { MessageStatus } from '../../src/features/chats/MessageStatus';
import { setupI18n } from './helpers/i18n';

beforeAll(() => setupI18n());
afterEach(cleanup);

function status(state: MessageState, labelled = false) {
  const { container } = render(<MessageStatus state={state} labelled={labelled} />);
  const root = container.querySelector('.chat-status');
  if (!root) throw new Error('no status');
  return root;
}

describe('message status', () => {
  it.each<[MessageState, string, string]>([
    ['queued', 'Waiting for connection', 'clock'],
    ['sent', 'Sent', 'check'],
    ['delivered', 'Delivered', 'checks'],
    ['read', 'Read', 'checks'],
  ])('%s: says %s and shows the %s icon', (state, words, icon) => {
    const root = status(state);
    expect(root.getAttribute('title')).toBe(words);
    expect(root.textContent).toBe(words);
    expect(root.classList.contains(`is-${state}`)).toBe(true);
    expect(root.querySelector(`svg.chat-icon-${icon}`)?.getAttribute('aria-hidden')).toBe('true');
    // Without `labelled` the words are for screen readers only.
    expect(screen.getByText(words).className).toBe('visually-hidden');
  });

  it('spells the state out on the newest own message, but not a failure (its notice does)', () => {
    status('delivered', true);
    expect(screen.getByText('Delivered').className).toBe('chat-status-label');
    cleanup();
    status('failed', true);
    expect(screen.getByText('Not sent').className).toBe('visually-hidden');
  });

  it('tells delivered from read by more than colour: read gets its own class for the disc', () => {
    expect(status('delivered').classList.contains('is-read')).toBe(false);
    cleanup();
    expect(status('read').classList.contains('is-read')).toBe(true);
  });
});
