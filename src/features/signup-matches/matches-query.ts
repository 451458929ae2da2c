/**
 * Who the members shown right after sign-up should be (issue 14): what the match-finder answers
 * asked for, else for a visitor from a gay- lander members of their own gender, else the server's
 * choice (the other gender, around the member's age).
 */
import type { Gender } from '../../shared/contract/fields';
import type { LanderNiche, SignupMatchesQuery } from '../../shared/contract/landers';
import { matchesQuery, type StoredAnswers } from '../match-finder/match-answers';

/** The niche of the gay- landers (SPEC §2.5). */
const GAY_NICHE: LanderNiche = 7;

export function signupMatchesQuery(
  answers: StoredAnswers | null,
  landerNiche: LanderNiche | null,
  ownGender: Gender | null,
): SignupMatchesQuery {
  if (answers) return matchesQuery(answers.answers);
  if (landerNiche === GAY_NICHE && ownGender) return { gender: ownGender };
  return {};
}
