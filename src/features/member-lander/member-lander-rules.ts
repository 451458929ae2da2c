/** Pure rules of the member landers (issue 14): which variant a route shows, where sign-up leads. */

/** card: photo beside the form (lander layout); photo: full-bleed photo; chat: a conversation to start. */
export type MemberLanderVariant = 'card' | 'photo' | 'chat';

/** The variant of a route-table name (`members-memberId-landing2-slug` → photo). */
export function memberLanderVariant(routeName: string | undefined): MemberLanderVariant {
  if (routeName?.endsWith('landing2-slug')) return 'photo';
  if (routeName?.endsWith('landing3-slug')) return 'chat';
  return 'card';
}

/** After sign-up: the conversation with the member, or the rest of the wizard without one. */
export function afterSignup(memberId: number | null, signupHref: string): string {
  return memberId === null ? signupHref : `/members/${memberId}/chat`;
}
