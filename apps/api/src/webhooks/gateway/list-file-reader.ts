import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseListFile } from '@switchyard/domain/webhooks/filters';

/**
 * Reads the lists of `in_file` filters: relative paths are taken from SWITCHYARD_HOME. Each file is
 * parsed again only when it changed; an unreadable file is an empty list, so the filter fails.
 */
export const createListFileReader = (home: string) => {
  const cache = new Map<string, { version: string; items: readonly unknown[] }>();

  return (path: string): readonly unknown[] => {
    const file = isAbsolute(path) ? path : resolve(home, path);
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats === undefined || !stats.isFile()) {
      return [];
    }
    const version = `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
    const cached = cache.get(file);
    if (cached?.version === version) {
      return cached.items;
    }
    try {
      const items = parseListFile(readFileSync(file, 'utf8'));
      cache.set(file, { version, items });

      return items;
    } catch {
      return [];
    }
  };
};
