import type { Page } from 'playwright-core';

/** How far the page scrolls sideways, and the tables that are wider than the screen or scroll inside their region. */
export const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const tables = [...document.querySelectorAll('table')];

    return {
      page: document.documentElement.scrollWidth - width,
      tables: tables.length,
      tooWide: tables
        .filter((table) => {
          const box = table.getBoundingClientRect();
          const region = table.parentElement;

          return box.left < 0 || box.right > width || (region !== null && region.scrollWidth > region.clientWidth);
        })
        .map((table) => table.closest('[aria-label]')?.getAttribute('aria-label') ?? 'table'),
    };
  });
