import type { Page } from 'playwright-core';
import { startTestTransport, type TestTransport } from '../transport-server.ts';
import { launchChromium, type TestBrowser } from './chromium.ts';
import { ensureWebBuild, WEB_DIST_DIR } from './ensure-web-build.ts';
import { startFakeTransportProviders } from './fake-transport-providers.ts';

export const ADMIN = { email: 'root@platform.test', password: 'admin-password-1' };
export const OPERATOR = { email: 'dispatch@demo.test', password: 'operator-password-1' };
const SERVICE_KEY = 'browser-test-service-key-0123456789';

export type TransportApp = {
  server: TestTransport;
  /** How many map tiles the fake tile server has answered. */
  tiles: { served: number };
  /** One browser per person: each keeps its own signed-in session in its own storage; `touch` makes it a phone. */
  open(options?: { touch?: boolean }): Promise<Page>;
  close(): Promise<void>;
};

/**
 * The built web app served by a real transport service (built-in identity provider, fresh
 * database, the demo tenant with one school), its outside providers faked on loopback, a platform
 * administrator from the bootstrap variables and an operator of `demo` made through the provider.
 * `env` replaces any of these settings (another provider's URL, a webhook secret).
 */
export const startTransportApp = async (env: Record<string, string> = {}): Promise<TransportApp> => {
  await ensureWebBuild();
  const providers = await startFakeTransportProviders();
  const server = await startTestTransport({
    WEB_DIST_DIR,
    IDENTITY_SERVICE_KEY: SERVICE_KEY,
    BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    TOMTOM_URL: providers.url,
    TOMTOM_API_KEY: 'fake-tomtom-key',
    WEATHER_URL: providers.url,
    STRIPE_URL: providers.url,
    STRIPE_SECRET_KEY: 'sk_test_fake',
    // The maps' tiles from the fake too: no test page reaches outside.
    MAP_TILE_URL: `${providers.url}/tiles/{z}/{x}/{y}.png`,
    ...env,
  });
  await server.db
    .fork()
    .execute(
      "insert into transport_school (tenant_id, id, name, address, start_time, end_time) values ('demo', 'oak-elementary', 'Oak Elementary', '1 Oak St', '08:00', '14:30')",
    );
  const created = await fetch(`${server.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SERVICE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...OPERATOR, app_metadata: { role: 'operator', tenant_id: 'demo' } }),
  });
  if (!created.ok) {
    throw new Error(`could not create the operator: ${created.status} ${await created.text()}`);
  }
  const browsers: TestBrowser[] = [];

  return {
    server,
    tiles: providers.tiles,
    open: async (options = {}) => {
      const browser = await launchChromium(options.touch ? { touch: true, viewport: { width: 390, height: 844 } } : {});
      browsers.push(browser);
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      page.setDefaultTimeout(10_000);

      return page;
    },
    close: async () => {
      await Promise.all(browsers.map((browser) => browser.close()));
      await server.close();
      await providers.close();
    },
  };
};
