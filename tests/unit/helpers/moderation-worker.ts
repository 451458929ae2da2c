/** A stand-in for the sync worker's console calls, for the moderation screen tests. */
import { vi } from 'vitest';
import type {
  ModerationActionResult,
  ModerationMemberResponse,
  ModerationQueueResponse,
} from '../../../src/shared/contract/moderation';
import type { ModerationRequest } from '../../../workers/moderation';
import { memberFile, queue } from './moderation-fixtures';

/** The console calls as spies; any other worker call never settles (it is not under test). */
export function consoleWorker(
  answers: { queue?: ModerationQueueResponse; member?: ModerationMemberResponse } = {},
) {
  const calls = {
    moderationQueue: vi.fn(async () => answers.queue ?? queue()),
    moderatedMember: vi.fn(async (_id: number) => answers.member ?? memberFile()),
    moderate: vi.fn(async (request: ModerationRequest): Promise<ModerationActionResult> => ({
      member: memberFile().member,
      entry: {
        ...memberFile().audit[0]!,
        action: request.action,
        reason: request.reason ?? '',
      },
    })),
  };
  const never = () => new Promise<never>(() => undefined);
  const remote = new Proxy(calls, {
    get: (target, key) =>
      key === 'then' ? undefined : (target[key as keyof typeof calls] ?? never),
  });
  return { calls, remote };
}
