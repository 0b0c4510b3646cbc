import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const ARTIFACTS = fileURLToPath(new URL('../../artifacts/', import.meta.url));

/** Full-page screenshots under test/artifacts/ (gitignored), for a person to look at. */
export const saveScreenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(ARTIFACTS, { recursive: true });
  // Sticky parts would otherwise be drawn where the scroll position left them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
};

export const MOBILE_VIEWPORT = { width: 390, height: 844 };

export const DESKTOP_VIEWPORT = { width: 1280, height: 900 };

/**
 * The page at desktop and at phone width, each checked by `check` before its screenshot
 * (`<name>.png`, `<name>-mobile.png`), then back at desktop width for the next step.
 */
export const shootAtBothWidths = async (
  page: Page,
  name: string,
  check: (where: { label: string; phone: boolean }) => Promise<void>,
): Promise<void> => {
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await check({ label: 'desktop', phone: false });
  await saveScreenshot(page, name);
  await page.setViewportSize(MOBILE_VIEWPORT);
  await check({ label: 'phone', phone: true });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP_VIEWPORT);
};
