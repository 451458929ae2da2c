/**
 * Sentence fragments an about-me text is composed from, written per language. `{city}` is the
 * member's city; `[[male form|female form]]` agrees with the member's gender.
 */
export interface AboutMeTexts {
  /** First sentence: a greeting or an introduction. */
  openings: readonly string[];
  /** Hobbies, work and weekends; two of them per text. */
  interests: readonly string[];
  /** How the member describes their character. */
  personality: readonly string[];
  /** Last sentence: an invitation to write. */
  closings: readonly string[];
  /** The `looking_for` profile note. */
  lookingFor: readonly string[];
  /** The `ideal_date` profile note. */
  idealDate: readonly string[];
}
