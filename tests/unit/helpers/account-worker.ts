/** A fake sync worker for the account screens: named calls are spies, anything else never settles. */
import { vi } from 'vitest';
import type { User } from '../../../src/shared/contract/account';
import { demoUser } from './fixtures';

export function accountWorker(user: User = demoUser()) {
  const calls = {
    updateUser: vi.fn(async (body: { profile?: Partial<User['profile']> }) => ({
      ...user,
      profile: { ...user.profile, ...body.profile },
    })),
    profileFields: vi.fn(async () => ({
      relationship: { type: 'select' as const, allowed_values: ['single', 'married'] },
      eyes: { type: 'select' as const, allowed_values: ['blue', 'green'] },
    })),
    uploadProfileImage: vi.fn(async (_photo: unknown, progress?: (f: number) => void) => {
      progress?.(0.5);
      progress?.(1);
      return user;
    }),
    deleteProfileImage: vi.fn(async () => user),
    setMainProfileImage: vi.fn(async () => user),
    requestPasswordReset: vi.fn(async () => undefined),
    resetPassword: vi.fn(async () => user),
    changePassword: vi.fn(async (_current: string, _next: string) => user),
    changeEmail: vi.fn(async (email: string, _password?: string) => ({
      user: { ...user, email },
      pending_email: null as string | null,
    })),
    confirmMailChange: vi.fn(async () => ({ email: 'new@example.com' })),
    deleteAccount: vi.fn(async () => undefined),
  };
  const never = () => new Promise<never>(() => undefined);
  // Screens around the account pages (members, notifications) ask for more; those calls just wait.
  const remote = new Proxy(calls, {
    get: (target, key) =>
      key === 'then' ? undefined : (target[key as keyof typeof calls] ?? never),
  });
  return { calls, remote };
}
