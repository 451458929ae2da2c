/** /api/profileimage.php: upload (POST, multipart), delete (DELETE) and pick the main (PUT) photo. */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileImageBody, UserResponse } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { DEFAULT_RATE_LIMITS } from '../config';
import { HttpError } from '../lib/http-error';
import { memberLimit } from '../plugins/rate-limit';
import { requireMember } from '../plugins/session';
import { checkUpload, MAX_UPLOAD_BYTES, removeImageFiles, storeUpload } from '../services/images';
import { loadUser } from '../services/user-loader';

/** Files one request may carry; the wizard sends one. */
const MAX_FILES_PER_REQUEST = 4;
/** Photos one member may keep. */
const MAX_IMAGES_PER_MEMBER = 20;

/** Every file part of a multipart request, read fully (each capped at MAX_UPLOAD_BYTES). */
async function readFiles(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) {
    throw new HttpError(
      400,
      'Send the photo as multipart/form-data with a file field',
      'upload.missing_file',
    );
  }
  const files: Buffer[] = [];
  try {
    for await (const part of request.files()) files.push(await part.toBuffer());
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(
        413,
        `The file is too large: at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
        'upload.too_large',
      );
    }
    if (code === 'FST_FILES_LIMIT') {
      throw new HttpError(
        413,
        `At most ${MAX_FILES_PER_REQUEST} files per upload`,
        'upload.too_many_files',
      );
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'The upload has too many parts', 'upload.too_many_parts');
    }
    // Anything else comes from parsing what the client sent (no boundary, a cut-off body).
    throw new HttpError(
      400,
      'The upload is not readable multipart/form-data',
      'upload.invalid_form',
    );
  }
  const sent = files.filter((file) => file.length > 0);
  if (sent.length === 0) throw new HttpError(400, 'No file was sent', 'upload.missing_file');
  return sent;
}

const profileImageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so only this route parses multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_FILES_PER_REQUEST,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
    },
  });
  const { rateLimits } = app.config;
  const uploadLimit = memberLimit(
    rateLimits.uploads ?? DEFAULT_RATE_LIMITS.uploads,
    rateLimits.windowMs,
  );

  app.post(
    '/api/profileimage.php',
    {
      schema: {
        summary: 'Upload profile photos',
        description:
          'multipart/form-data with one or more file fields (any names). PNG and JPEG only, decided ' +
          'by the magic bytes: the file name and declared type are ignored, so a PNG named .jpg is ' +
          'accepted as a PNG and a text file named .png is refused (415). At most 10 MB (413) and ' +
          '40 megapixels (422) each. Stored re-encoded as JPEG (EXIF orientation applied, all ' +
          'metadata removed, long side at most 1600 px) with a 300 px square thumbnail, under ' +
          'server-made names. The first photo becomes the main image. When the site reviews ' +
          'photos (site config photo_review) a new photo is pending: others see it once a ' +
          'moderator approved it, and the user lists it with review "pending". Answers the user. ' +
          'When the file storage cannot be reached: 503 storage.unavailable, nothing saved.',
        tags: ['account'],
        consumes: ['multipart/form-data'],
        response: {
          200: UserResponse,
          400: ApiError,
          403: ApiError,
          409: ApiError,
          413: ApiError,
          415: ApiError,
          422: ApiError,
          429: ApiError,
          503: ApiError,
        },
      },
      config: uploadLimit,
    },
    async (request) => {
      const { id } = requireMember(request);
      const files = await readFiles(request);
      const have = await app.repos.images.countFor(id);
      if (have + files.length > MAX_IMAGES_PER_MEMBER) {
        throw new HttpError(
          409,
          `At most ${MAX_IMAGES_PER_MEMBER} photos per profile`,
          'upload.too_many_images',
        );
      }
      for (const file of files) await checkUpload(file);
      const review = app.site.config.photo_review ? 'pending' : 'approved';
      for (const file of files) {
        // Files first, then the row: a failure in between leaves unused files, never a row
        // that names a missing file.
        const stored = await storeUpload(file, app.storage);
        try {
          await app.repos.images.add({ memberId: id, ...stored, now: Date.now(), review });
        } catch (err) {
          await removeImageFiles(app.storage, [stored.filename, stored.thumbFilename]).catch(
            () => undefined,
          );
          throw err;
        }
      }
      return { user: await loadUser(app, id) };
    },
  );

  app.delete(
    '/api/profileimage.php',
    {
      schema: {
        summary: 'Delete a profile photo',
        description:
          'Removes one of your photos and its files; when it was the main image the oldest ' +
          'remaining one becomes main. 404 when the image is not yours.',
        tags: ['account'],
        body: ProfileImageBody,
        response: { 200: UserResponse, 400: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request) => {
      const { id } = requireMember(request);
      const files = await app.repos.images.remove(id, request.body.image);
      if (!files) throw new HttpError(404, 'No such photo', 'upload.unknown_image');
      // The row is gone, so the photo is deleted for everyone; files the storage could not
      // remove now are only unused bytes, not worth a failed answer.
      await removeImageFiles(app.storage, [files.filename, files.thumbFilename]).catch(
        (err: unknown) => request.log.error({ err, member: id }, 'photo files not removed'),
      );
      return { user: await loadUser(app, id) };
    },
  );

  app.put(
    '/api/profileimage.php',
    {
      schema: {
        summary: 'Make a photo the main image',
        description:
          'The main image is the one search cards show. 404 when the image is not yours.',
        tags: ['account'],
        body: ProfileImageBody,
        response: { 200: UserResponse, 400: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request) => {
      const { id } = requireMember(request);
      if (!(await app.repos.images.setMain(id, request.body.image))) {
        throw new HttpError(404, 'No such photo', 'upload.unknown_image');
      }
      return { user: await loadUser(app, id) };
    },
  );
};

export default profileImageRoutes;
