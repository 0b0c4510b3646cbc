import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import {
  actorOf,
  authorNameOf,
  ensureCanDeactivate,
  ensureCanManageStaff,
  staffMemberAddInput,
  staffSessionExpiry,
  type StaffCaller,
} from './staff-members.ts';

const key: StaffCaller = { kind: 'key' };
const member = (overrides: Partial<Extract<StaffCaller, { kind: 'member' }>> = {}): StaffCaller => ({
  kind: 'member',
  id: '00000000-0000-4000-8000-000000000001',
  email: 'rita@agency.test',
  name: 'Rita Ross',
  isAdmin: false,
  sessionId: '00000000-0000-4000-8000-0000000000aa',
  ...overrides,
});

const codeOf = (run: () => void): string | null => {
  try {
    run();

    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
};

describe('staff callers', () => {
  it('records the shared key as "API key" and a member by their e-mail', () => {
    expect(actorOf(key)).toBe('API key');
    expect(actorOf(member())).toBe('rita@agency.test');
    expect(authorNameOf(key)).toBe('Staff');
    expect(authorNameOf(member())).toBe('Rita Ross');
  });

  it('lets the key and administrators manage members, and no one else', () => {
    expect(codeOf(() => ensureCanManageStaff(key))).toBeNull();
    expect(codeOf(() => ensureCanManageStaff(member({ isAdmin: true })))).toBeNull();
    expect(codeOf(() => ensureCanManageStaff(member()))).toBe('forbidden');
  });

  it('refuses an administrator deactivating themselves', () => {
    const admin = member({ isAdmin: true });
    expect(codeOf(() => ensureCanDeactivate(admin, { id: '00000000-0000-4000-8000-000000000001', active: true }))).toBe('conflict');
    expect(codeOf(() => ensureCanDeactivate(admin, { id: '00000000-0000-4000-8000-000000000002', active: true }))).toBeNull();
    expect(codeOf(() => ensureCanDeactivate(member(), { id: '00000000-0000-4000-8000-000000000002', active: true }))).toBe('forbidden');
  });

  it('ends a staff session eight hours after it starts', () => {
    expect(staffSessionExpiry(new Date('2026-05-01T09:00:00Z')).toISOString()).toBe('2026-05-01T17:00:00.000Z');
  });

  it('lower-cases the e-mail, trims the name and refuses unknown fields and line breaks', () => {
    expect(staffMemberAddInput.parse({ email: ' Rita@Agency.TEST ', name: ' Rita ' })).toEqual({
      email: 'rita@agency.test',
      name: 'Rita',
      is_admin: false,
    });
    expect(staffMemberAddInput.safeParse({ email: 'rita@agency.test', name: 'Rita', role: 'owner' }).success).toBe(false);
    expect(staffMemberAddInput.safeParse({ email: 'rita@agency.test', name: 'Rita\nRoss' }).success).toBe(false);
    expect(staffMemberAddInput.safeParse({ email: 'not-an-email', name: 'Rita' }).success).toBe(false);
    expect(staffMemberAddInput.safeParse({ email: 'rita@agency.test', name: '   ' }).success).toBe(false);
  });
});
