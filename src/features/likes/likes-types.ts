/** The lists of the likes screen (route /likes/{type}, SPEC §2.3) and which the design shows. */
import type { TemplateConfig } from '../../app/template-config';

export const LIKE_TYPES = ['received', 'given', 'mutual'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

/** The route's type; /likes without one opens the first list shown. */
export function likeTypeOf(param: string | undefined, shown: readonly LikeType[]): LikeType {
  const type = LIKE_TYPES.find((t) => t === param);
  return type ?? shown[0] ?? 'received';
}

/** Lists the template shows: mutual needs both sides. */
export function shownLikeTypes(config: TemplateConfig['likes']): LikeType[] {
  return LIKE_TYPES.filter((type) =>
    type === 'received'
      ? config.showReceived
      : type === 'given'
        ? config.showGiven
        : config.showReceived && config.showGiven,
  );
}
