/**
 * The selectable profile fields and their value keys. The client translates a key
 * (`profile_fields.<field>.<value>`); the server stores and validates only the keys.
 */

/** Allowed value keys per select field, in display order. */
export const PROFILE_FIELDS = {
  relationship: ['single', 'divorced', 'widowed', 'separated', 'relationship', 'married'],
  height: ['under_150', '150_159', '160_169', '170_179', '180_189', '190_199', '200_plus'],
  eyes: ['blue', 'brown', 'green', 'grey', 'hazel', 'other'],
  hair: ['black', 'brown', 'blond', 'red', 'grey', 'bald', 'other'],
  smoking: ['no', 'occasionally', 'yes'],
  children: ['none', 'living_with_me', 'not_living_with_me', 'want_children'],
  education: ['secondary', 'vocational', 'bachelor', 'master', 'doctorate', 'other'],
} as const satisfies Record<string, readonly string[]>;

/** Name of a select profile field. */
export type ProfileFieldName = keyof typeof PROFILE_FIELDS;

/** True when `name` is a known field and `value` one of its keys. */
export function isAllowedFieldValue(name: string, value: string): boolean {
  const allowed = (PROFILE_FIELDS as Record<string, readonly string[] | undefined>)[name];
  return allowed !== undefined && allowed.includes(value);
}
