import type { TestClaims } from './claims-server.ts';
import { call } from './claims-client.ts';

let memberCounter = 0;

/** Adds a staff member with the shared key; answers the member as the API gave it. */
export const addStaffMember = async (claims: TestClaims, options: { name?: string; admin?: boolean; email?: string } = {}) => {
  const email = options.email ?? `staff${Date.now()}-${memberCounter++}@agency.test`;
  const added = await call(claims, 'POST', '/api/staff/members', {
    staff: true,
    body: { email, name: options.name ?? 'Rita Ross', is_admin: options.admin ?? false },
  });
  if (added.status !== 201) {
    throw new Error(`adding a staff member failed: ${JSON.stringify(added.body)}`);
  }

  return added.body as { id: string; email: string; name: string; is_admin: boolean };
};

/** Signs a staff member in through the mailed link; answers the session token. */
export const signInStaff = async (claims: TestClaims, email: string): Promise<string> => {
  const before = claims.smtp.messages.length;
  const request = await call(claims, 'POST', '/api/staff/auth/request', { body: { email } });
  if (request.status !== 200) {
    throw new Error(`staff sign-in request failed: ${JSON.stringify(request.body)}`);
  }
  const mail = await claims.smtp.waitFor(
    (message) =>
      message.to.includes(email) &&
      message.subject === 'Your staff console sign-in link' &&
      claims.smtp.messages.indexOf(message) >= before,
  );
  const token = /\/staff\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) {
    throw new Error('no token in the staff sign-in mail');
  }
  const verify = await call(claims, 'POST', '/api/staff/auth/verify', { body: { token } });
  if (verify.status !== 200) {
    throw new Error(`staff verify failed: ${JSON.stringify(verify.body)}`);
  }

  return verify.body.session_token as string;
};

/** A staff member, added and signed in. */
export const staffMemberSession = async (claims: TestClaims, options: { name?: string; admin?: boolean } = {}) => {
  const member = await addStaffMember(claims, options);

  return { member, token: await signInStaff(claims, member.email) };
};
