import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isCrawler } from '../../src/app/error/crawler';
import { ErrorPage } from '../../src/app/error/ErrorPage';
import { setupI18n } from './helpers/i18n';

const CRAWLERS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
  'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
  'Mozilla/5.0 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)',
  'Mozilla/5.0 (compatible; SomeCrawler/1.0)',
  'Mozilla/5.0 (compatible; AcmeSpider/2.1)',
];

const PEOPLE = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 9; CUBOT KING KONG 3) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
];

beforeAll(() => setupI18n());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('crawler detection', () => {
  it.each(CRAWLERS)('recognises %s', (ua) => expect(isCrawler(ua)).toBe(true));
  it.each(PEOPLE)('lets people through: %s', (ua) => expect(isCrawler(ua)).toBe(false));
  it('treats a missing user agent as a person', () => expect(isCrawler('')).toBe(false));
});

describe('error page', () => {
  it('shows heading, status and message to people, with a sign-up invitation when anonymous', () => {
    render(<ErrorPage status={404} message="Page Not Found" path="/nowhere" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Error');
    expect(screen.getByTestId('error-status').textContent).toBe('404');
    expect(screen.getByTestId('error-message').textContent).toBe('Page Not Found');
    expect(screen.getByText('/nowhere')).toBeTruthy();
    expect(screen.getByText('Sign up for free!').getAttribute('href')).toBe('/signup');
  });

  it('is not rendered for crawlers', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CRAWLERS[0] ?? '');
    const { container } = render(<ErrorPage status={404} message="Page Not Found" />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.textContent).toBe('');
  });
});
