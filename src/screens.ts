/**
 * The module of every screen key of the route table (src/shared/route-table.ts). Kept out of the
 * entry: each import here carries the list of files its screen needs, so that a navigation asks
 * for them together rather than one import level at a time, and those lists are no business of
 * a page's first paint. `src/routes.tsx` loads this module when a route first needs a screen; a
 * prerendered page loads it once it is on screen (src/main.tsx).
 */
import type { ComponentType } from 'react';

export interface ScreenModule {
  default: ComponentType;
}

export const SCREENS: Record<string, () => Promise<ScreenModule>> = {
  home: () => import('./features/home/HomeScreen'),
  login: () => import('./features/login/LoginScreen'),
  signup: () => import('./features/signup/SignupScreen'),
  completeSignup: () => import('./features/signup/CompleteSignupScreen'),
  members: () => import('./features/members/MembersScreen'),
  member: () => import('./features/members/MemberScreen'),
  likes: () => import('./features/likes/LikesScreen'),
  activateDone: () => import('./features/activate/ActivateResultScreen'),
  activateError: () => import('./features/activate/ActivateResultScreen'),
  notifications: () => import('./features/notifications/NotificationsScreen'),
  chats: () => import('./features/chats/ChatsScreen'),
  chat: () => import('./features/chats/ChatScreen'),
  memberChat: () => import('./features/chats/MemberChatScreen'),
  staticPage: () => import('./features/pages/StaticPageScreen'),
  dev: () => import('./features/dev/DevScreen'),
  profile: () => import('./features/profile/ProfileScreen'),
  premium: () => import('./features/premium/PremiumScreen'),
  resetPassword: () => import('./features/reset-password/ResetPasswordScreen'),
  resetPasswordDo: () => import('./features/reset-password/ResetPasswordDoScreen'),
  mailChange: () => import('./features/mail-change/MailChangeScreen'),
  accountDeleted: () => import('./features/account/AccountDeletedScreen'),
  credits: () => import('./features/credits/CreditsScreen'),
  transaction: () => import('./features/transactions/TransactionScreen'),
  complaints: () => import('./features/complaints/ComplaintsScreen'),
  videoLander: () => import('./features/landers/designs/VideoLander'),
  galleryLander: () => import('./features/landers/designs/GalleryLander'),
  maplandingLander: () => import('./features/landers/designs/MapLander'),
  alonetonightLander: () => import('./features/landers/designs/AloneTonightLander'),
  iconslandingLander: () => import('./features/landers/designs/IconsLander'),
  socialnetworkLander: () => import('./features/landers/designs/SocialLander'),
  collagelandingLander: () => import('./features/landers/designs/CollageLander'),
  transitionsvideolandingLander: () => import('./features/landers/designs/TransitionsLander'),
  memberLander: () => import('./features/member-lander/MemberLanderScreen'),
  matchFinder: () => import('./features/match-finder/MatchFinderScreen'),
  signupMatches: () => import('./features/signup-matches/SignupMatchesScreen'),
  moderation: () => import('./features/moderation/ModerationScreen'),
  stats: () => import('./features/stats/StatsScreen'),
};

/** Loads one screen's module; a key the map lacks is a mistake in the route table. */
export function loadScreen(screen: string): Promise<ScreenModule> {
  const load = SCREENS[screen];
  if (!load) throw new Error(`The route table names a screen with no module: ${screen}`);
  return load();
}
