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
