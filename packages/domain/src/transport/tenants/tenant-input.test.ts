import { describe, expect, it } from 'vitest';
import { newTenantInput, newUserInput } from './tenant-input.ts';

describe('new tenant input', () => {
  it('defaults the tier and parses the theme JSON', () => {
    expect(newTenantInput.parse({ slug: 'Acme', name: ' Acme ', theme: '{"primary_color":"#000"}', domain: 'Buses.Acme.com' })).toEqual({
      slug: 'acme',
      name: 'Acme',
      tier: 'starter',
      theme: { primary_color: '#000' },
      domain: 'buses.acme.com',
    });
  });

  it('refuses bad slugs, tiers, domains and themes', () => {
    for (const input of [
      { slug: 'a b', name: 'x' },
      { slug: 'ok', name: 'x', tier: 'gold' },
      { slug: 'ok', name: 'x', domain: 'not a host' },
      { slug: 'ok', name: 'x', theme: '[1]' },
      { slug: 'ok', name: 'x', theme: '{bad' },
      { slug: 'ok', name: '' },
    ]) {
      expect(newTenantInput.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});

describe('new user input', () => {
  it('takes a known role and a tenant slug', () => {
    expect(newUserInput.parse({ email: 'A@B.co', password: 'secret1', role: 'operator', tenant: 'demo' })).toEqual({
      email: 'a@b.co',
      password: 'secret1',
      role: 'operator',
      tenant: 'demo',
    });
    expect(newUserInput.safeParse({ email: 'a@b.co', password: 'secret1', role: 'root' }).success).toBe(false);
    expect(newUserInput.safeParse({ email: 'a@b.co', password: '123', role: 'parent' }).success).toBe(false);
  });

  it('requires a tenant for the roles that act within one, and not for platform administrators', () => {
    for (const role of ['operator', 'parent']) {
      const refused = newUserInput.safeParse({ email: 'a@b.co', password: 'secret1', role });
      expect(refused.success, role).toBe(false);
      expect(refused.error?.issues[0]?.message, role).toBe(`--tenant is required for the role ${role}`);
    }
    for (const role of ['admin', 'platform_admin']) {
      expect(newUserInput.safeParse({ email: 'a@b.co', password: 'secret1', role }).success, role).toBe(true);
    }
  });
});
