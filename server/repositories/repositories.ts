/** All repositories over one database, built once and shared by the routes. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HealthRepository } from './health.repository';
import { MemberRepository } from './member.repository';
import { SearchRepository } from './search.repository';
import { SessionRepository } from './session.repository';

/** The repositories routes reach through `app.repos`. */
export interface Repositories {
  health: HealthRepository;
  members: MemberRepository;
  sessions: SessionRepository;
  search: SearchRepository;
}

/** Builds every repository over one database. */
export function createRepositories(db: Kysely<Database>): Repositories {
  return {
    health: new HealthRepository(db),
    members: new MemberRepository(db),
    sessions: new SessionRepository(db),
    search: new SearchRepository(db),
  };
}
