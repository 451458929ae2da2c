import { getSync } from '../../bridges/worker-bridge';
import { ProfileCard } from '../members/ProfileCard';
import { FIRST_SCREEN_CARDS, ProfileGrid } from '../members/ProfileGrid';
import type { LikeEntry } from './likes-view';

/** Opening a new received like marks it seen (SPEC §4); a failure is only logged (SPEC §8). */
function markSeen(entry: LikeEntry) {
  if (!entry.isNew) return;
  getSync()
    .openLikedBy(entry.profile.id)
    .catch((error: unknown) => console.warn('Marking a like as seen failed', error));
}

/**
 * A likes list as cards. On the likes route the message and visit buttons are hidden (SPEC
 * §2.3): the photo and the name open the profile under `/likes/m/{memberId}`.
 */
export function LikesList({ entries, cdnPrefix }: { entries: LikeEntry[]; cdnPrefix: string }) {
  return (
    <ProfileGrid items={entries} keyOf={(entry) => entry.profile.id}>
      {(entry, index) => (
        <ProfileCard
          eager={index < FIRST_SCREEN_CARDS}
          profile={entry.profile}
          cdnPrefix={cdnPrefix}
          member
          hideContactButtons
          href={`/likes/m/${entry.profile.id}`}
          isNew={entry.isNew}
          onOpen={() => markSeen(entry)}
        />
      )}
    </ProfileGrid>
  );
}
