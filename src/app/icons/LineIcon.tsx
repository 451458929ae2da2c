/** One 24×24 line icon drawn in currentColor, inline so it costs no request. */
export interface LineIconProps {
  /** SVG path data on a 24×24 grid. */
  path: string;
  size?: number;
  className?: string;
  strokeWidth?: number;
}

/** Decorative: the text or the control around it carries the meaning. */
export function LineIcon({ path, size = 20, className, strokeWidth = 1.75 }: LineIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
