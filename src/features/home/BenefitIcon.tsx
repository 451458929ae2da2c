/** Line icons for the landing page benefits, inline so they cost no requests. */
const PATHS = {
  people:
    'M16 14a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm-9 14v-2a7 7 0 0 1 7-7h4a7 7 0 0 1 7 7v2M24 4.5a5 5 0 0 1 0 9.5M27 19a7 7 0 0 1 4 6.3V28',
  chat: 'M5 7h22v15H13l-6 5v-5H5Z M10 13h12M10 17h8',
  shield: 'M16 3 5 7v8c0 7 4.7 11.7 11 14 6.3-2.3 11-7 11-14V7Z M11 16l4 4 7-8',
  phone: 'M10 3h12a2 2 0 0 1 2 2v22a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z M14 25h4',
} as const;

export function BenefitIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
