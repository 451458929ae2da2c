/** Site data calls: settings, regions, company info, profile fields, health and the API docs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompanyInfoResponse,
  ProfileFieldsResponse,
  RegionsResponse,
  Settings,
} from '../../src/shared/contract/settings';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const COUNTRIES = [
  'NL',
  'BE',
  'DE',
  'AT',
  'GB',
  'IE',
  'US',
  'CA',
  'FR',
  'IT',
  'ES',
  'PL',
  'AU',
  'NZ',
  'CH',
  'FI',
];

for (const engine of ENGINES) {
  describe(`site data (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    it('GET /api/settings.php returns the Settings entity', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/settings.php' });
      expect(res.statusCode).toBe(200);
      const settings = Settings.parse(res.json());
      expect(settings.name).toBe('Amora');
      expect(settings.signups).toBe('all');
      expect(settings.countries).toEqual(COUNTRIES);
      expect(settings.cdn_prefix).toBe('/uploads/');
      expect(settings.geoip_country).toBeNull();
      expect(settings.member_resell).toEqual(['cams', 'camads']);
      expect(settings.company.name).toBe('Amora Online B.V.');
      expect(settings.minimum_message_costs.GB).toEqual({ costs: 1.79, currency: 'GBP' });
      expect(Object.keys(settings.region_data)).toEqual(COUNTRIES);
    });

    it('GET /api/regions.php numbers regions from 1 within each country', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/regions.php' });
      expect(res.statusCode).toBe(200);
      const regions = RegionsResponse.parse(res.json());
      expect(regions.NL?.[0]).toEqual({ id: 1, name: 'Drenthe' });
      expect(regions.NL).toHaveLength(12);
      expect(regions.BE?.map((r) => r.id)).toEqual([1, 2, 3]);
      expect(regions.XX).toBeUndefined();
    });

    it('GET /api/companyinfo.php returns the company with phone and site name', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/companyinfo.php' });
      expect(res.statusCode).toBe(200);
      const info = CompanyInfoResponse.parse(res.json());
      expect(info).toMatchObject({ name: 'Amora Online B.V.', country: 'NL', site_name: 'Amora' });
      expect(info.kvk).toMatch(/^\d{8}$/);
      expect(info.vat_numbers[0]).toMatch(/^NL\d{9}B\d{2}$/);
    });

    it('GET /api/profile_fields.php lists value keys per field', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/profile_fields.php' });
      expect(res.statusCode).toBe(200);
      const fields = ProfileFieldsResponse.parse(res.json());
      expect(Object.keys(fields)).toEqual(
        expect.arrayContaining([
          'relationship',
          'height',
          'eyes',
          'hair',
          'smoking',
          'children',
          'education',
        ]),
      );
      expect(fields.eyes).toEqual({
        type: 'select',
        allowed_values: expect.arrayContaining(['blue', 'brown']),
      });
      for (const field of Object.values(fields)) {
        for (const value of field.allowed_values) expect(value).toMatch(/^[a-z0-9_]+$/);
      }
    });

    it('GET /api/health reports the engine', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', engine });
    });

    it('the site calls take no query or body worth validating, and ignore stray parameters', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/settings.php?x=%ZZ&y=1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('name', 'Amora');
    });

    it('serves an OpenAPI document describing every implemented call', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as {
        openapi: string;
        paths: Record<string, Record<string, { summary?: string }>>;
      };
      expect(doc.openapi).toMatch(/^3\./);
      for (const [path, method] of [
        ['/api/settings.php', 'get'],
        ['/api/user.php', 'get'],
        ['/api/user.php', 'post'],
        ['/api/user.php', 'put'],
        ['/api/login.php', 'post'],
        ['/api/logout.php', 'get'],
        ['/api/validate_email.php', 'get'],
        ['/api/search.php', 'get'],
        ['/api/profile_fields.php', 'get'],
        ['/api/regions.php', 'get'],
        ['/api/companyinfo.php', 'get'],
        ['/api/health', 'get'],
        ['/api/likes.php', 'get'],
        ['/api/likes.php', 'post'],
        ['/api/likes.php', 'delete'],
        ['/api/chats.php', 'get'],
        ['/api/events.php', 'get'],
        ['/api/page-hidden.php', 'post'],
        ['/api/dev.php', 'post'],
        ['/api/reset_password.php', 'post'],
        ['/api/reset_password.php', 'put'],
        ['/api/mail_change.php', 'post'],
        ['/api/mail_change.php', 'put'],
        ['/api/account.php', 'delete'],
      ] as const) {
        expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
      }
      const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(ui.statusCode).toBe(200);
      expect(ui.body).toContain('swagger-ui');
    });
  });
}
