import type { ReactNode } from 'react';
import { Footer } from '../../../app/footer/Footer';

/**
 * The composition every lander design and the member landers share: their own hero and members
 * (the children), then the sign-up section, then, for the full-bleed designs, the short footer. A
 * design differs only in what it puts in front of the sign-up.
 */
export function LanderFrame({
  design,
  join,
  footer = false,
  children,
}: {
  /** The design's classes (`lander-video`), which scope its styles. */
  design: string;
  join: ReactNode;
  /** The designs that cover the whole screen end with the short footer of their own. */
  footer?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`lander ${design}`}>
      {children}
      {join}
      {footer && <Footer minimal />}
    </div>
  );
}
