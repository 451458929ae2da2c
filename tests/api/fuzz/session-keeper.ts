/**
 * Keeps the fuzzing member and moderator logged in: a generated logout, sign-up or login ends
 * their session, so a fresh one is made straight in the store (no password hashing per request).
 */
import type { FastifyInstance } from 'fastify';
import { randomToken, sha256Hex } from '../../../server/lib/tokens';
import { SESSION_COOKIE } from '../../../server/plugins/session';
import type { Identity } from './request-arbitrary';

const DAY_MS = 86_400_000;

/** Session cookies of the logged-in identities. */
export class SessionKeeper {
  private readonly tokens = new Map<Identity, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly members: Partial<Record<Identity, number>>,
  ) {}

  /** Opens a session for every identity that has a member. */
  async start(): Promise<void> {
    for (const identity of Object.keys(this.members) as Identity[]) await this.renew(identity);
  }

  /** `amora_sid=…` for the identity, or undefined for a visitor. */
  cookie(identity: Identity): string | undefined {
    const token = this.tokens.get(identity);
    return token ? `${SESSION_COOKIE}=${token}` : undefined;
  }

  /** A new session for `identity` when an answer set or cleared its session cookie. */
  async afterAnswer(identity: Identity, setCookie: string | undefined): Promise<void> {
    if (!this.tokens.has(identity) || !setCookie?.includes(`${SESSION_COOKIE}=`)) return;
    await this.renew(identity);
  }

  private async renew(identity: Identity): Promise<void> {
    const memberId = this.members[identity];
    if (memberId === undefined) return;
    const token = randomToken();
    const now = Date.now();
    await this.app.repos.sessions.create({
      tokenHash: sha256Hex(token),
      memberId,
      now,
      expiresAt: now + 30 * DAY_MS,
      userAgent: 'fuzz',
    });
    this.tokens.set(identity, token);
  }
}
