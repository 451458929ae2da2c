/** One line icon drawn in currentColor, inline so it costs no request. */
export interface LineIconProps {
  /** SVG path data on a `grid`×`grid` square. */
  path: string;
  /** The side of the square the path is drawn on: 24 (the default), or 32 for the page icons. */
  grid?: number;
  size?: number;
  className?: string;
  strokeWidth?: number;
}

/** Decorative: the text or the control around it carries the meaning. */
export function LineIcon({
  path,
  grid = 24,
  size = 20,
  className,
  strokeWidth = 1.75,
}: LineIconProps) {
  return (
    <svg
      viewBox={`0 0 ${grid} ${grid}`}
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
