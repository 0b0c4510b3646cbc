import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env.ts';

const envWith = (values: Record<string, string>) => parseEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp', ...values });

describe('TRANSPORT_PUBLIC_URL', () => {
  it('defaults to the local transport service', () => {
    expect(envWith({}).TRANSPORT_PUBLIC_URL).toBe('http://localhost:3002');
  });

  it('is kept without a trailing slash, so links can append a path', () => {
    expect(envWith({ TRANSPORT_PUBLIC_URL: 'https://buses.example.com/' }).TRANSPORT_PUBLIC_URL).toBe('https://buses.example.com');
    expect(envWith({ TRANSPORT_PUBLIC_URL: 'https://example.com/transport//' }).TRANSPORT_PUBLIC_URL).toBe('https://example.com/transport');
  });

  it('refuses anything but an http or https URL without query or fragment', () => {
    for (const value of ['buses.example.com', 'ftp://buses.example.com', 'https://buses.example.com/?x=1', 'https://buses.example.com/#top']) {
      expect(() => envWith({ TRANSPORT_PUBLIC_URL: value }), value).toThrow(EnvError);
    }
  });
});
