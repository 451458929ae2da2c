/**
 * Template configuration (SPEC §1): the feature flags of one site design. The template name picks
 * the design; the page wrapper carries `template-<name>` so each design's CSS variables apply.
 */

export const TEMPLATE_NAMES = ['amora', 'nightfall'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];
export const DEFAULT_TEMPLATE: TemplateName = 'amora';

export interface TemplateConfig {
  templateName: TemplateName;
  navigation: {
    /** Links shown to members in the top bar. */
    showChats: boolean;
    showLikes: boolean;
    showLanguageSwitcher: boolean;
  };
  ui: {
    /** Bootstrap colour mode the design is drawn in. */
    colorMode: 'light' | 'dark';
    /** Browser chrome colour (`<meta name="theme-color">`). */
    themeColor: string;
  };
  signup: {
    /** Skip wizard steps the member already completed (SPEC §4). */
    autoSkip: boolean;
    pushStep: boolean;
    showMembersButton: boolean;
  };
  profileSearch: {
    /** Load-more button or numbered pages (SPEC §2.6). */
    paging: 'load-more' | 'pages';
    showLanguageBadge: boolean;
  };
  profileSearchProfile: {
    /** Field under the name on a card; SPEC §2.6 default is city. */
    detailField: 'city' | 'country';
    showLikeButton: boolean;
    showMessageButton: boolean;
    showVisitButton: boolean;
  };
  memberDetails: { showGallery: boolean };
  chat: { showMessageCosts: boolean };
  likes: { showReceived: boolean; showGiven: boolean };
  myProfile: { showNotes: boolean };
  notifications: { offerPush: boolean };
  footer: { showCompanyLine: boolean };
  /** Developer panel (SPEC §1); off unless a developer turns it on. */
  isDevPanelOpen: boolean;
}

const BASE: Omit<TemplateConfig, 'templateName' | 'ui'> = {
  navigation: { showChats: true, showLikes: true, showLanguageSwitcher: true },
  signup: { autoSkip: true, pushStep: true, showMembersButton: true },
  profileSearch: { paging: 'load-more', showLanguageBadge: true },
  profileSearchProfile: {
    detailField: 'city',
    showLikeButton: true,
    showMessageButton: true,
    showVisitButton: true,
  },
  memberDetails: { showGallery: true },
  chat: { showMessageCosts: true },
  likes: { showReceived: true, showGiven: true },
  myProfile: { showNotes: true },
  notifications: { offerPush: true },
  footer: { showCompanyLine: true },
  isDevPanelOpen: false,
};

/** The designs: "amora" is light with a warm rose accent, "nightfall" is dark with violet. */
export const TEMPLATES: Record<TemplateName, TemplateConfig> = {
  amora: { ...BASE, templateName: 'amora', ui: { colorMode: 'light', themeColor: '#b8324f' } },
  nightfall: {
    ...BASE,
    templateName: 'nightfall',
    ui: { colorMode: 'dark', themeColor: '#16131f' },
  },
};

/** Guards stored values, which may come from an older release or by hand. */
export function isTemplateName(value: unknown): value is TemplateName {
  return typeof value === 'string' && (TEMPLATE_NAMES as readonly string[]).includes(value);
}

/** The config of a stored template name (unknown names give the default) with the dev flag applied. */
export function resolveTemplate(name: unknown, isDevPanelOpen = false): TemplateConfig {
  const base = TEMPLATES[isTemplateName(name) ? name : DEFAULT_TEMPLATE];
  return { ...base, isDevPanelOpen };
}

/** The design after `name` in the list; the developer panel's "switch the design version". */
export function nextTemplate(name: TemplateName): TemplateName {
  const i = TEMPLATE_NAMES.indexOf(name);
  return TEMPLATE_NAMES[(i + 1) % TEMPLATE_NAMES.length] ?? DEFAULT_TEMPLATE;
}
