import { Outlet } from 'react-router-dom';
import { ActivateReminderSlot } from '../activate/ActivateReminderSlot';
import { Footer } from '../footer/Footer';
import { TopNav } from '../nav/TopNav';

/** Navigation, page content and footer: the layout of most pages. */
export function DefaultLayout() {
  return (
    <>
      <TopNav />
      <ActivateReminderSlot />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
