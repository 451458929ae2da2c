import { Outlet } from 'react-router-dom';

/** Full-bleed pages (landers with media, match finder) that bring their own chrome. */
export function EmptyLayout() {
  return (
    <main id="main" className="app-main" tabIndex={-1}>
      <Outlet />
    </main>
  );
}
