/** The Amora mark: a heart made of two speech bubbles, drawn inline so it needs no request. */
export function Logo({ withName = true }: { withName?: boolean }) {
  return (
    <span className="app-logo d-inline-flex align-items-center gap-2">
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="16" fill="var(--amora-accent)" />
        <path
          d="M32 50 15.8 34.2a10 10 0 0 1 14.1-14.1L32 22.2l2.1-2.1a10 10 0 0 1 14.1 14.1Z"
          fill="var(--amora-on-accent)"
        />
      </svg>
      {withName && <span className="app-logo-name">Amora</span>}
    </span>
  );
}
