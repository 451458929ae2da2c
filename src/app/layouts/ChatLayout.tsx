import { Outlet } from 'react-router-dom';
import { ActivateReminderSlot } from '../activate/ActivateReminderSlot';
import { TopNav } from '../nav/TopNav';

/** Chat and sign-up pages: navigation and a content area that fills the screen, no footer. */
export function ChatLayout() {
  return (
    <>
      <TopNav />
      <ActivateReminderSlot />
      <main id="main" className="app-main app-main-fill" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
