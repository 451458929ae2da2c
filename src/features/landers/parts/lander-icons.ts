/** Line icons of the lander designs (24×24 path data), one look across the pages. */
export const LANDER_ICONS = {
  gift: 'M4 11h16v9H4ZM3 7h18v4H3ZM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21ZM12 12.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  chat: 'M4 5h16v11H9l-5 4V5ZM8 9.5h8M8 12.5h5',
  shield: 'M12 3 5 6v5c0 4.6 3 8.3 7 10 4-1.7 7-5.4 7-10V6ZM9 12l2 2 4-4',
  heart: 'M12 20 4.6 12.8a4.6 4.6 0 0 1 6.5-6.5l.9.9.9-.9a4.6 4.6 0 0 1 6.5 6.5Z',
  phone:
    'M8 3h8a1.5 1.5 0 0 1 1.5 1.5v15A1.5 1.5 0 0 1 16 21H8a1.5 1.5 0 0 1-1.5-1.5v-15A1.5 1.5 0 0 1 8 3ZM11 18h2',
  star: 'm12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z',
} as const;

export type LanderIconName = keyof typeof LANDER_ICONS;
