import type { ProviderHandler } from './provider-call.ts';

/** GET /health: what GoTrue answers, so a client can tell a provider is there. */
export const health: ProviderHandler = async () => ({
  status: 200,
  body: { version: '1.0.0', name: 'switchyard', description: 'Built-in GoTrue-compatible identity provider' },
});
