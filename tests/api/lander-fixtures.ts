/** Members for the acquisition-page tests: photos in a review state, hidden, opted out, fictional. */
import type { FastifyInstance } from 'fastify';
import type { ImageReview } from '../../server/db/schema';
import { insertMember, type MemberFixture } from './fixtures';

/** A fixture member plus what the acquisition pages care about. */
export interface LanderMemberFixture extends MemberFixture {
  /** A main photo in this review state; absent: no photo. */
  photo?: ImageReview;
  search_hidden?: boolean;
  lander_opt_out?: boolean;
  fictional?: boolean;
}

/** Inserts a member with the given photo and flags; returns their id. */
export async function insertLanderMember(
  app: FastifyInstance,
  m: LanderMemberFixture,
): Promise<number> {
  const { photo, search_hidden, lander_opt_out, fictional, ...member } = m;
  const id = await insertMember(app, member);
  let mainImage: number | null = null;
  if (photo) {
    const image = await app.db
      .insertInto('images')
      .values({
        member_id: id,
        filename: `p${id}.jpg`,
        thumb_filename: `p${id}_thumb.jpg`,
        width: 600,
        height: 600,
        created_at: Date.now(),
        review: photo,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    mainImage = image.id;
  }
  await app.db
    .updateTable('members')
    .set({
      main_image_id: mainImage,
      search_hidden: search_hidden ?? false,
      lander_opt_out: lander_opt_out ?? false,
      fictional: fictional ?? false,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/** Inserts labelled members whose activity falls in list order (the first is the most recent). */
export async function insertPeople(
  app: FastifyInstance,
  people: Record<string, LanderMemberFixture>,
  startAt = Date.now(),
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  let i = 0;
  for (const [label, m] of Object.entries(people)) {
    i += 1;
    ids[label] = await insertLanderMember(app, {
      name: `Person ${label}`,
      city: `City ${label}`,
      last_active: startAt - i * 1000,
      ...m,
    });
  }
  return ids;
}

/** The label of each id, for readable expectations. */
export function labeller(ids: Record<string, number>) {
  return (list: ReadonlyArray<{ id: number }>) =>
    list.map((p) => Object.keys(ids).find((k) => ids[k] === p.id) ?? `#${p.id}`);
}
