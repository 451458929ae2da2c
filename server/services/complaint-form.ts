/**
 * The public complaint form (/complaints): checks the fields, the member named and the screenshot,
 * stores the complaint with its confirmation mail in one transaction and starts sending the mail.
 * Every refusal is a 4xx with a `complaints.errors.*` key the page shows next to its field.
 */
import type { FastifyInstance } from 'fastify';
import {
  ComplaintFormFields,
  memberIdFromRef,
  type ComplaintFormResult,
} from '../../src/shared/contract/moderation';
import { HttpError } from '../lib/http-error';
import { COMPLAINT_ACTION, type ClientAnswer } from '../repositories/complaints.repository';
import { objectKey, type ObjectStore } from '../storage/object-store';
import { checkUpload, storeScreenshot } from './images';
import { CATEGORY_NAMES, COMPLAINT_MAIL, COMPLAINT_TEXTS } from './complaint-mail-texts';
import { fill } from './mailer';

/** What the route read from the request. */
export interface ComplaintFormInput {
  fields: Record<string, unknown>;
  /** The screenshot's bytes, or null when none was sent. */
  screenshot: Buffer | null;
}

/** Photo upload keys → the form's screenshot keys, so the page can place them on the picker. */
const SCREENSHOT_KEYS: Record<string, string> = {
  'upload.unsupported_type': 'complaints.errors.screenshot_type',
  'upload.unreadable': 'complaints.errors.screenshot_unreadable',
  'upload.too_many_pixels': 'complaints.errors.screenshot_pixels',
};

/** Validated fields, or a 400 naming the first problem's key. */
function parseFields(raw: Record<string, unknown>) {
  const parsed = ComplaintFormFields.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue?.message.startsWith('complaints.errors.')
    ? issue.message
    : 'complaints.errors.invalid';
  const field = issue?.path.join('.') ?? '';
  throw new HttpError(400, `Invalid complaint${field ? ` (${field})` : ''}: ${key}`, key);
}

/** The member named, as a visible member's id; hidden, deleted and unknown read the same. */
async function reportedMember(
  app: FastifyInstance,
  ref: string | undefined,
  memberId: number | null,
): Promise<number | null> {
  if (ref === undefined) return null;
  const id = memberIdFromRef(ref);
  if (id === null) {
    throw new HttpError(400, 'Give a member id or a profile link', 'complaints.errors.member_ref');
  }
  if (id === memberId) {
    throw new HttpError(400, 'You cannot complain about yourself', 'complaints.errors.self');
  }
  if (!(await app.repos.complaints.visibleMember(id))) {
    throw new HttpError(404, 'No member has this id', 'complaints.errors.unknown_member');
  }
  return id;
}

/** Where the confirmation and replies go: the account's address, or the visitor's. */
async function replyAddress(
  app: FastifyInstance,
  memberId: number | null,
  given: string | undefined,
): Promise<string> {
  if (memberId !== null) {
    const email = await app.repos.complaints.memberEmail(memberId);
    if (email) return email;
  }
  if (!given) {
    throw new HttpError(400, 'An e-mail address is required', 'complaints.errors.email_required');
  }
  return given;
}

/** Checks and re-encodes the screenshot into the store; answers its stored name. */
async function keepScreenshot(data: Buffer, store: ObjectStore): Promise<string> {
  try {
    await checkUpload(data);
    return await storeScreenshot(data, store);
  } catch (err) {
    const key = err instanceof HttpError && err.key ? SCREENSHOT_KEYS[err.key] : undefined;
    if (err instanceof HttpError && key) throw new HttpError(err.statusCode, err.message, key);
    throw err;
  }
}

/** The answer a repeated client id gets; an id first used for another action is a 409. */
function firstResult(first: ClientAnswer): ComplaintFormResult {
  if (first.kind !== COMPLAINT_ACTION || first.id === undefined || first.reference === undefined) {
    throw new HttpError(
      409,
      'This client id was used for another action',
      'complaints.errors.client_id_reused',
    );
  }
  return { id: first.id, reference: first.reference };
}

/** Files a complaint from the form for a member (`memberId`) or a visitor (null). */
export async function fileFormComplaint(
  app: FastifyInstance,
  memberId: number | null,
  input: ComplaintFormInput,
): Promise<ComplaintFormResult> {
  const fields = parseFields(input.fields);
  // A queued complaint sent again (a lost answer, another tab): the first answer, nothing new.
  const clientId = memberId === null ? null : (fields.client_id ?? null);
  const first =
    memberId !== null && clientId !== null
      ? await app.repos.complaints.repeated(memberId, clientId)
      : undefined;
  if (first) return firstResult(first);
  const reportedId = await reportedMember(app, fields.member, memberId);
  const email = await replyAddress(app, memberId, fields.email);
  const screenshot = input.screenshot ? await keepScreenshot(input.screenshot, app.storage) : null;
  /** Drops a stored screenshot no complaint names; a storage failure only leaves unused bytes. */
  const dropScreenshot = async () => {
    if (!screenshot) return;
    await app.storage.delete(objectKey('complaints', screenshot)).catch((err: unknown) => {
      app.log.error({ err }, 'complaint form: unused screenshot not removed');
    });
  };
  const { language } = fields;
  const texts = COMPLAINT_TEXTS[language];
  try {
    const saved = await app.repos.complaints.createFromForm(
      {
        reporterId: memberId,
        reportedId,
        email,
        category: fields.category,
        language,
        message: fields.message,
        screenshot,
        clientId,
        now: Date.now(),
      },
      (reference) => {
        const values = {
          site: app.site.config.name,
          reference,
          category: CATEGORY_NAMES[language][fields.category],
          message: fields.message,
        };
        return {
          memberId,
          to: email,
          kind: COMPLAINT_MAIL,
          subject: fill(texts.subject, values),
          text: fill(texts.body, values),
          html: null,
        };
      },
    );
    if (saved.repeat) {
      // A concurrent twin stored it first; this screenshot copy is not needed.
      await dropScreenshot();
      return firstResult(saved);
    }
    app.mail.dispatch(saved.mailId, saved.mail);
    return { id: saved.id, reference: saved.reference };
  } catch (err) {
    // Nothing was stored: the screenshot must not stay behind without its complaint.
    await dropScreenshot();
    throw err;
  }
}
