import { LineIcon } from '../../../app/icons/LineIcon';

/** Line icons the landers' selling points use (24×24 path data). */
export const LANDER_ICONS = {
  gift: 'M4 11h16v9H4ZM3 7h18v4H3ZM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21ZM12 12.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  chat: 'M4 5h16v11H9l-5 4V5ZM8 9.5h8M8 12.5h5',
  shield: 'M12 3 5 6v5c0 4.6 3 8.3 7 10 4-1.7 7-5.4 7-10V6ZM9 12l2 2 4-4',
  heart: 'M12 20 4.6 12.8a4.6 4.6 0 0 1 6.5-6.5l.9.9.9-.9a4.6 4.6 0 0 1 6.5 6.5Z',
  phone:
    'M8 3h8a1.5 1.5 0 0 1 1.5 1.5v15A1.5 1.5 0 0 1 16 21H8a1.5 1.5 0 0 1-1.5-1.5v-15A1.5 1.5 0 0 1 8 3ZM11 18h2',
  bolt: 'M13 3 5 13.5h6L10 21l8-10.5h-6Z',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z',
  star: 'm12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12ZM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  bell: 'M6 17V11a6 6 0 0 1 12 0v6l1.5 2h-15ZM10 21h4',
} as const;

export type LanderIconName = keyof typeof LANDER_ICONS;

export interface Point {
  icon: LanderIconName;
  title: string;
  text?: string;
}

/** Selling points as an icon list; `title` only keeps it to one line each. */
export function PointList({ points, className = '' }: { points: Point[]; className?: string }) {
  return (
    <ul className={`lander-points list-unstyled ${className}`.trim()}>
      {points.map((point) => (
        <li key={point.title} className="lander-point">
          <span className="lander-point-icon">
            <LineIcon path={LANDER_ICONS[point.icon]} size={24} />
          </span>
          <span>
            <strong className="lander-point-title">{point.title}</strong>
            {point.text && <span className="lander-point-text">{point.text}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
