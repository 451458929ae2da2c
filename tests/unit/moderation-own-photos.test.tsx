/** /profile: the member's own photos say when others cannot see them (yet). */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '../../src/shared/contract/fields';
import { PhotoTile } from '../../src/features/profile/PhotoTile';
import { setupI18n } from './helpers/i18n';

function tile(photo: Image) {
  const noop = () => undefined;
  return render(
    <ul>
      <PhotoTile
        photo={photo}
        src={`/uploads/${photo.thumb_filename}`}
        n={1}
        isMain={false}
        busy={false}
        onMain={noop}
        onDelete={noop}
      />
    </ul>,
  );
}

beforeAll(() => setupI18n());
afterEach(cleanup);

describe('review marks on the member’s own photos', () => {
  it('marks a photo waiting for review', () => {
    tile({ id: 1, thumb_filename: 'a.jpg', review: 'pending' });
    expect(screen.getByRole('listitem').textContent).toContain('Waiting for review');
  });

  it('marks a photo a moderator hid', () => {
    tile({ id: 2, thumb_filename: 'b.jpg', review: 'hidden' });
    expect(screen.getByText('Hidden by a moderator').className).toContain('is-hidden');
  });

  it('marks nothing on a photo others see', () => {
    tile({ id: 3, thumb_filename: 'c.jpg' });
    expect(screen.queryByText('Waiting for review')).toBeNull();
    expect(screen.queryByText('Hidden by a moderator')).toBeNull();
  });
});
