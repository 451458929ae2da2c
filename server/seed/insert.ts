/**
 * Writes one batch of generated members: reserves member and image ids, then inserts members
 * (already pointing at their image), their own image rows, and optionally fields and notes.
 */
import type { BulkMember, BulkNameValue, SeedRepository } from '../repositories/seed.repository';
import type { AvatarPool } from './avatars';
import { emailSlug, type SeedMember } from './generate';

/** A generated member plus what only some members have: a fixed login and credits. */
export interface BatchMember extends SeedMember {
  email?: string;
  passwordHash?: string;
  credits?: number;
}

export interface BatchOptions {
  /** Hash for members without their own password: nobody knows the password behind it. */
  passwordHash: string;
  pool: AvatarPool;
  now: number;
  /** Profile fields and notes are optional data; very large runs skip them for speed. */
  withDetails: boolean;
}

/** Inserts the batch and returns the new member ids, in batch order. */
export async function insertBatch(
  repo: SeedRepository,
  batch: readonly BatchMember[],
  opts: BatchOptions,
): Promise<number[]> {
  const ids = await repo.reserveIds('members', batch.length);
  const imageIds = await repo.reserveIds('images', batch.length);
  const members: BulkMember[] = [];
  const fields: BulkNameValue[] = [];
  const notes: BulkNameValue[] = [];
  batch.forEach((m, i) => {
    const id = ids[i] as number;
    members.push({
      id,
      email: m.email ?? `${emailSlug(m.name)}.${id}@example.com`,
      password_hash: m.passwordHash ?? opts.passwordHash,
      name: m.name,
      status: m.status,
      gender: m.gender,
      date_of_birth: m.date_of_birth,
      country: m.country,
      countryregion: m.countryregion,
      city: m.city,
      language: m.language,
      personal: m.personal,
      main_image_id: imageIds[i] as number,
      last_signup_step: true,
      credits: m.credits ?? 0,
      signup_date: m.signup_date,
      last_active: m.last_active,
    });
    if (!opts.withDetails) return;
    for (const [name, value] of m.fields) fields.push({ member_id: id, name, value });
    for (const [name, value] of m.notes) notes.push({ member_id: id, name, value });
  });
  await repo.insertMembers(members);
  await repo.insertImages(
    batch.map((m, i) => {
      const avatar = opts.pool[m.gender][m.avatar % opts.pool[m.gender].length];
      if (!avatar) throw new Error('The avatar pool is empty');
      return {
        id: imageIds[i] as number,
        member_id: ids[i] as number,
        ...avatar,
        created_at: m.signup_date,
      };
    }),
  );
  await repo.insertFields(fields);
  await repo.insertNotes(notes);
  return ids;
}
