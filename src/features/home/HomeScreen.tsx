import { lazy, Suspense } from 'react';
import { useSession } from '../../app/session/session-context';
import { LandingPage } from './LandingPage';

// Visitors are the ones who land here cold; a member's start page loads only for members.
const MemberStart = lazy(async () => ({ default: (await import('./MemberStart')).MemberStart }));

const placeholder = <div className="home-placeholder" aria-busy="true" />;

/** `/`: the landing page for visitors, a start page for members. */
export default function HomeScreen() {
  const { user, status } = useSession();
  // Waiting for the user call avoids flashing the sales page at a member.
  if (status === 'loading') return placeholder;
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={placeholder}>
      <MemberStart name={user.profile.name} />
    </Suspense>
  );
}
