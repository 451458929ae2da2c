/** Members' uploaded photos and which one is their main image. All image SQL lives here. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A stored photo pair as the upload made it. */
export interface NewImage {
  memberId: number;
  filename: string;
  thumbFilename: string;
  width: number;
  height: number;
  now: number;
  /** `pending` when the site has new photos reviewed before others see them. */
  review: 'approved' | 'pending';
}

/** The files behind one image row, so a deletion can remove them from disk. */
export interface ImageFiles {
  filename: string;
  thumbFilename: string;
}

/** Reads and writes the `images` table and `members.main_image_id`. */
export class ImageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the image and makes it the main one when the member has none; returns its id. */
  async add(image: NewImage): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('images')
        .values({
          member_id: image.memberId,
          filename: image.filename,
          thumb_filename: image.thumbFilename,
          width: image.width,
          height: image.height,
          created_at: image.now,
          review: image.review,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('members')
        .set({ main_image_id: id })
        .where('id', '=', image.memberId)
        .where('main_image_id', 'is', null)
        .execute();
      return id;
    });
  }

  /** Number of images a member has (uploads stop at a maximum). */
  async countFor(memberId: number): Promise<number> {
    const row = await this.db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Makes one of the member's images the main one; false when it is not theirs. */
  async setMain(memberId: number, imageId: number): Promise<boolean> {
    const owned = await this.owned(this.db, memberId, imageId);
    if (!owned) return false;
    await this.db
      .updateTable('members')
      .set({ main_image_id: imageId })
      .where('id', '=', memberId)
      .execute();
    return true;
  }

  /**
   * Deletes one of the member's images (the oldest remaining one becomes main when it was main);
   * returns its files, or undefined when it is not theirs.
   */
  async remove(memberId: number, imageId: number): Promise<ImageFiles | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.owned(trx, memberId, imageId);
      if (!row) return undefined;
      await trx
        .updateTable('members')
        .set({ main_image_id: null })
        .where('id', '=', memberId)
        .where('main_image_id', '=', imageId)
        .execute();
      await trx.deleteFrom('images').where('id', '=', imageId).execute();
      const next = await trx
        .selectFrom('images')
        .select('id')
        .where('member_id', '=', memberId)
        .orderBy('id')
        .executeTakeFirst();
      if (next) {
        await trx
          .updateTable('members')
          .set({ main_image_id: next.id })
          .where('id', '=', memberId)
          .where('main_image_id', 'is', null)
          .execute();
      }
      return { filename: row.filename, thumbFilename: row.thumb_filename };
    });
  }

  private owned(db: Kysely<Database>, memberId: number, imageId: number) {
    return db
      .selectFrom('images')
      .select(['filename', 'thumb_filename'])
      .where('id', '=', imageId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }
}
