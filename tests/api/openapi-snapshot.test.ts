/**
 * The OpenAPI document is part of what the site promises: moving the contract between files must not
 * change a byte of it. The stored copy is the document as served; a deliberate change to the API
 * updates it with `OPENAPI_SNAPSHOT=write`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const SNAPSHOT = fileURLToPath(new URL('./openapi.snapshot.json', import.meta.url));

for (const engine of ENGINES) {
  describe(`the OpenAPI document (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(async () => {
      await t.close();
    });

    it('is byte for byte the stored copy', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      if (process.env.OPENAPI_SNAPSHOT === 'write') writeFileSync(SNAPSHOT, res.body);
      expect(res.body).toBe(readFileSync(SNAPSHOT, 'utf8'));
    });
  });
}
