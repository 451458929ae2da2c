/** The sync worker's changePassword: the body on the wire, the returned user stored, refusals. */
import { describe, expect, it } from 'vitest';
import { kvGet } from '../../src/db/kv';
import { demoUser } from './helpers/fixtures';
import { createHarness } from './helpers/sync-harness';

const ROUTE = 'PUT /api/password.php';

async function member() {
  const h = createHarness();
  h.backend.user = demoUser();
  await h.api.refreshUser();
  return h;
}

describe('changePassword', () => {
  it('sends the current and the new password and stores the user it gets back', async () => {
    const h = await member();
    const after = demoUser({ pending_email: 'later@example.com' });
    h.backend.override(ROUTE, { body: { user: after } });
    expect(await h.api.changePassword('old secret', 'new secret 42')).toEqual(after);
    expect(h.backend.last(ROUTE)?.body).toEqual({
      current_password: 'old secret',
      password: 'new secret 42',
    });
    expect(await kvGet(h.db, 'user')).toEqual(after);
  });

  it('rejects with the server key and keeps the member logged in', async () => {
    const h = await member();
    h.backend.override(ROUTE, {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The password is not correct',
        key: 'account_errors.wrong_password',
      },
    });
    await expect(h.api.changePassword('nope', 'new secret 42')).rejects.toMatchObject({
      status: 400,
      key: 'account_errors.wrong_password',
    });
    expect(await kvGet(h.db, 'user')).toEqual(demoUser());
  });
});
