/**
 * Answers are written without a second zod parse in production; development and tests refuse an
 * answer that the parse would change, so the production JSON is the contract's JSON.
 */
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from '../../server/lib/response-serializer';

const Answer = z.object({ id: z.number(), name: z.string(), note: z.string().optional() });

async function appAnswering(nodeEnv: 'production' | 'test', answer: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(nodeEnv));
  app.get('/answer', { schema: { response: { 200: Answer } } }, async () => answer as never);
  await app.ready();
  return app;
}

describe('response serializer', () => {
  it('writes an answer of exactly the schema’s shape the same in production and in tests', async () => {
    const answer = { id: 7, name: 'Alex', note: undefined };
    for (const env of ['production', 'test'] as const) {
      const app = await appAnswering(env, answer);
      const res = await app.inject('/answer');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 7, name: 'Alex' });
      await app.close();
    }
  });

  it('refuses in tests an answer carrying a key the schema does not know', async () => {
    const app = await appAnswering('test', { id: 7, name: 'Alex', password_hash: 'secret' });
    const res = await app.inject('/answer');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('refuses in tests an answer that does not parse', async () => {
    const app = await appAnswering('test', { id: '7', name: 'Alex' });
    expect((await app.inject('/answer')).statusCode).toBe(500);
    await app.close();
  });

  it('writes the handler’s value as it is in production', async () => {
    const app = await appAnswering('production', { id: 7, name: 'Alex', extra: 1 });
    const res = await app.inject('/answer');
    expect(res.json()).toEqual({ id: 7, name: 'Alex', extra: 1 });
    await app.close();
  });
});
