/** Classes on the page wrapper (SPEC §1): template, logged-in marker and current route name. */

export interface PageWrapperInput {
  templateName: string;
  loggedIn: boolean;
  /** Route table name of the current page, or null before a route matched. */
  routeName: string | null;
}

export function pageWrapperClasses({
  templateName,
  loggedIn,
  routeName,
}: PageWrapperInput): string {
  const classes = [
    'page-wrapper',
    `template-${templateName}`,
    loggedIn ? 'is-logged-in' : 'is-logged-out',
  ];
  if (routeName) classes.push(`route-${routeName}`);
  if (routeName === 'index') classes.push('is-index');
  return classes.join(' ');
}
