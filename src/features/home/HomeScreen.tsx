import { useSession } from '../../app/session/session-context';
import { LandingPage } from './LandingPage';
import { MemberStart } from './MemberStart';

/** `/`: the landing page for visitors, a start page for members. */
export default function HomeScreen() {
  const { user, status } = useSession();
  // Waiting for the user call avoids flashing the sales page at a member.
  if (status === 'loading') return <div className="home-placeholder" aria-busy="true" />;
  return user ? <MemberStart name={user.profile.name} /> : <LandingPage />;
}
