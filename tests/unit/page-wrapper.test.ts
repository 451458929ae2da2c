import { describe, expect, it } from 'vitest';
import { pageWrapperClasses } from '../../src/app/page-wrapper';

describe('page wrapper classes', () => {
  it('marks the index route specially', () => {
    expect(pageWrapperClasses({ templateName: 'amora', loggedIn: false, routeName: 'index' })).toBe(
      'page-wrapper template-amora is-logged-out route-index is-index',
    );
  });

  it('carries template, logged-in marker and route name', () => {
    expect(
      pageWrapperClasses({
        templateName: 'nightfall',
        loggedIn: true,
        routeName: 'members-memberId',
      }),
    ).toBe('page-wrapper template-nightfall is-logged-in route-members-memberId');
  });

  it('leaves the route out before one matched', () => {
    expect(pageWrapperClasses({ templateName: 'amora', loggedIn: true, routeName: null })).toBe(
      'page-wrapper template-amora is-logged-in',
    );
  });
});
