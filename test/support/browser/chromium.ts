import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REQUIRE_BROWSER = process.env.REQUIRE_BROWSER === '1';

/**
 * Browser tests skip, loudly, on a machine without Chromium; with REQUIRE_BROWSER=1 they run
 * anyway and fail at launch, so a CI that promises a browser cannot pass without one.
 */
export const skipWithoutBrowser = (): boolean => {
  if (existsSync(CHROMIUM_PATH) || REQUIRE_BROWSER) {
    return false;
  }
  console.warn(
    `\n⚠ Browser tests SKIPPED: no Chromium at ${CHROMIUM_PATH}. Install it (apt-get install chromium) or set CHROMIUM_PATH; REQUIRE_BROWSER=1 turns this into a failure.\n`,
  );

  return true;
};

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type TestBrowser = { context: BrowserContext; close(): Promise<void> };

/** A fresh profile per test file, so no storage or cache carries over between files. */
export const launchChromium = async (
  options: { viewport?: { width: number; height: number }; extraHTTPHeaders?: Record<string, string>; touch?: boolean } = {},
): Promise<TestBrowser> => {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`REQUIRE_BROWSER=1 but there is no Chromium at ${CHROMIUM_PATH}`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'switchyard-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ARGS,
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    acceptDownloads: true,
    extraHTTPHeaders: options.extraHTTPHeaders,
    // A phone: touch events, and the page sees a coarse pointer.
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });

  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
};
