/**
 * A card or chat avatar whose photo cannot load (offline, and not among the photos the service worker kept)
 * shows the placeholder, not the browser's broken-image box; a new address tries again.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatAvatar } from '../../src/features/chats/ChatAvatar';
import { ProfileCard } from '../../src/features/members/ProfileCard';
import { profile } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';

beforeAll(() => setupI18n());
afterEach(cleanup);

function card(cdnPrefix: string) {
  return (
    <MemoryRouter>
      <ProfileCard profile={profile(3, { name: 'Cleo' })} cdnPrefix={cdnPrefix} member={false} />
    </MemoryRouter>
  );
}

describe('a card’s photo', () => {
  it('gives way to the placeholder when it cannot load, and is tried again at a new address', () => {
    const { rerender } = render(card('/uploads/'));
    const article = screen.getByRole('article');
    const photo = article.querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/uploads/m3.jpg');
    expect(within(article).queryByTestId('photo-placeholder')).toBeNull();

    fireEvent.error(photo!);
    expect(article.querySelector('img')).toBeNull();
    expect(within(article).getByTestId('photo-placeholder')).toBeTruthy();

    rerender(card('https://cdn.example/'));
    expect(article.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/m3.jpg');
    expect(within(article).queryByTestId('photo-placeholder')).toBeNull();
  });
});

describe('a chat avatar', () => {
  it('gives way to the person icon when its photo cannot load', () => {
    const { container } = render(
      <ChatAvatar profile={{ main_image: { thumb_filename: 'm4.jpg' } }} cdnPrefix="/uploads/" />,
    );
    const photo = container.querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/uploads/m4.jpg');
    fireEvent.error(photo!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.chat-avatar svg')).not.toBeNull();
  });
});
