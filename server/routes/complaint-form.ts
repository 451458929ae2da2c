/** POST /api/complaint_form.php: the public complaint form, for members and visitors. */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, COMPLAINT_MESSAGE_MAX, LANGUAGES } from '../../src/shared/contract/fields';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_FORM_PATH,
  ComplaintFormResult,
} from '../../src/shared/contract/moderation';
import { DEFAULT_RATE_LIMITS } from '../config';
import { HttpError } from '../lib/http-error';
import { memberLimit } from '../plugins/rate-limit';
import { fileFormComplaint, type ComplaintFormInput } from '../services/complaint-form';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from '../services/images';

/** Multipart stream errors → a 4xx the page can explain; nothing the client sends becomes a 500. */
function readError(err: unknown): HttpError {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(
      413,
      `The screenshot is too large: at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
      'complaints.errors.screenshot_too_large',
    );
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(
      413,
      'Too many parts: one screenshot at most',
      'complaints.errors.invalid',
    );
  }
  return new HttpError(400, 'The form could not be read', 'complaints.errors.invalid');
}

/** The text fields and the screenshot of a multipart form; a JSON body is read as fields only. */
async function readForm(request: FastifyRequest): Promise<ComplaintFormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    return { fields, screenshot: null };
  }
  const fields: Record<string, unknown> = {};
  let screenshot: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0) screenshot = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw err instanceof HttpError ? err : readError(err);
  }
  return { fields, screenshot };
}

const complaintFormRoute: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin only, like the photo route's.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: 12,
    },
  });
  const limits = app.config.rateLimits;

  app.post(
    COMPLAINT_FORM_PATH,
    {
      schema: {
        summary: 'Send a complaint (form)',
        description:
          'The /complaints page, for members and visitors. multipart/form-data (or JSON without ' +
          `a screenshot) with category (${COMPLAINT_CATEGORIES.join(', ')}), message (required, ` +
          `trimmed, up to ${COMPLAINT_MESSAGE_MAX} characters), member (optional: an id or a ` +
          "profile link such as /members/123), email (required for visitors; a member's " +
          'replies go to the account address), language (' +
          `${LANGUAGES.join(', ')}; the confirmation mail's language) and an optional file ` +
          'part (any field name, e.g. `screenshot`): PNG or JPEG by its magic bytes, at most 10 MB (413) and ' +
          `${MAX_UPLOAD_PIXELS / 1_000_000} megapixels (422), other types 415; stored ` +
          're-encoded without metadata, never public. A hidden, deleted or unknown member is ' +
          '404 complaints.errors.unknown_member alike. Answers {id, reference}; the reference ' +
          '(CP-000123) is also mailed. Errors carry complaints.errors.* keys. Rate limited per ' +
          'member, and per IP for visitors (429). When the file storage cannot be reached: 503 ' +
          'storage.unavailable, nothing filed.',
        tags: ['block'],
        consumes: ['multipart/form-data', 'application/json'],
        response: {
          200: ComplaintFormResult,
          400: ApiError,
          404: ApiError,
          413: ApiError,
          415: ApiError,
          422: ApiError,
          429: ApiError,
          503: ApiError,
        },
      },
      config: memberLimit(limits.complaints ?? DEFAULT_RATE_LIMITS.complaints, limits.windowMs),
    },
    async (request) => {
      const input = await readForm(request);
      return fileFormComplaint(app, request.member?.id ?? null, input);
    },
  );
};

export default complaintFormRoute;
