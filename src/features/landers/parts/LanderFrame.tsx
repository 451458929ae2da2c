import type { ReactNode } from 'react';
import { Footer } from '../../../app/footer/Footer';
import type { LanderViewProps } from '../lander-view';

/**
 * The composition every lander design shares: its own hero and members (the children), then the
 * sign-up section, then, for the full-bleed designs, the short footer. A design differs only in
 * what it puts in front of the sign-up.
 */
export function LanderFrame({
  view,
  design,
  footer = false,
  children,
}: {
  view: LanderViewProps;
  /** The design's class (`lander-video`), which scopes its styles. */
  design: string;
  /** The designs that cover the whole screen end with the short footer of their own. */
  footer?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`lander ${design}`}>
      {children}
      {view.join}
      {footer && <Footer minimal />}
    </div>
  );
}
