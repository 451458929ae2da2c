/** The complaint form's own checks and the member references it understands. */
import { describe, expect, it } from 'vitest';
import { memberIdFromRef } from '../../src/shared/contract/moderation';
import {
  checkComplaint,
  fieldOfKey,
  screenshotProblem,
} from '../../src/features/complaints/complaint-fields';

const filled = { category: 'abuse' as const, member: '', message: 'Threats', email: '' };

describe('complaint fields', () => {
  it('reads ids, #ids and profile links, and nothing else', () => {
    expect(memberIdFromRef('123')).toBe(123);
    expect(memberIdFromRef(' #77 ')).toBe(77);
    expect(memberIdFromRef('/members/55')).toBe(55);
    expect(memberIdFromRef('https://amora.test/members/9/chat?x=1')).toBe(9);
    expect(memberIdFromRef('https://amora.test/members/9abc')).toBeNull();
    expect(memberIdFromRef('0')).toBeNull();
    expect(memberIdFromRef('99999999999')).toBeNull();
    expect(memberIdFromRef('someone')).toBeNull();
  });

  it('needs an e-mail from visitors only and checks its form', () => {
    expect(checkComplaint(filled, false)).toEqual({});
    expect(checkComplaint(filled, true)).toEqual({ email: 'complaints.errors.email_required' });
    expect(checkComplaint({ ...filled, email: 'nope' }, true)).toEqual({
      email: 'complaints.errors.email_invalid',
    });
    expect(checkComplaint({ ...filled, email: 'A@Example.org' }, true)).toEqual({});
  });

  it('refuses blank text, a missing category and a reference that is no member', () => {
    expect(checkComplaint({ ...filled, category: '', message: '  ', member: 'x' }, false)).toEqual({
      category: 'complaints.errors.category',
      message: 'complaints.errors.message_required',
      member: 'complaints.errors.member_ref',
    });
    expect(checkComplaint({ ...filled, message: 'x'.repeat(2001) }, false)).toEqual({
      message: 'complaints.errors.message_too_long',
    });
  });

  it('places server keys on their fields and applies the photo rules to screenshots', () => {
    expect(fieldOfKey('complaints.errors.unknown_member')).toBe('member');
    expect(fieldOfKey('complaints.errors.screenshot_pixels')).toBe('screenshot');
    expect(fieldOfKey('error.too_many_requests')).toBeNull();
    expect(screenshotProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(
      'complaints.errors.screenshot_type',
    );
    expect(screenshotProblem({ name: 'a.png', type: 'image/png', size: 11 * 1024 * 1024 })).toBe(
      'complaints.errors.screenshot_too_large',
    );
    expect(screenshotProblem({ name: 'a.jpg', type: '', size: 10 })).toBeNull();
  });
});
