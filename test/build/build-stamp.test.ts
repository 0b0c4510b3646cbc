import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentInputs, staleReason, writeStamp } from '../../scripts/build-stamp.mjs';

/** How `npm start` tells a current build from a stale one, on a scratch copy of the layout. */
let root = '';

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

const OUTPUTS = ['apps/api/dist/main.js', 'apps/api/dist/cli.js', 'apps/web/dist/index.html', 'apps/web/dist/transport.html'];

/** A tree with sources, a lock file and a build recorded as made from them. */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'switchyard-stamp-'));
  write('apps/api/src/main.ts', 'export {};\n');
  write('apps/api/src/main.test.ts', 'export {};\n');
  write('apps/web/src/app.tsx', 'export {};\n');
  write('packages/domain/src/rules.ts', 'export {};\n');
  write('packages/domain/node_modules/dep/index.js', '');
  write('package-lock.json', '{"lockfileVersion":3}\n');
  for (const output of OUTPUTS) {
    write(output, '');
  }
  writeStamp(root, currentInputs(root));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const reasonNow = () => staleReason(root, currentInputs(root));

describe('the record of what the build was made from', () => {
  it('finds a build made from the current sources current', () => {
    expect(reasonNow()).toBeNull();
  });

  it('finds it stale when a source is newer, new or gone', () => {
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, 'packages/domain/src/rules.ts'), later, later);
    expect(reasonNow()).toBe('packages/domain/src/rules.ts changed');
    writeStamp(root, currentInputs(root));
    write('apps/web/src/new-page.tsx', 'export {};\n');
    expect(reasonNow()).toBe('apps/web/src/new-page.tsx is new');
    writeStamp(root, currentInputs(root));
    rmSync(join(root, 'apps/web/src/new-page.tsx'));
    expect(reasonNow()).toBe('apps/web/src/new-page.tsx was removed');
  });

  it('finds it stale when package-lock.json changed, and not when only its time did', () => {
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, 'package-lock.json'), later, later);
    expect(reasonNow()).toBeNull();
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}\n');
    expect(reasonNow()).toBe('package-lock.json changed');
  });

  it('ignores tests and installed packages, which the build does not read', () => {
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, 'apps/api/src/main.test.ts'), later, later);
    write('packages/domain/node_modules/dep/index.js', 'changed');
    expect(reasonNow()).toBeNull();
  });

  it('finds it stale without an output or without a readable record', () => {
    rmSync(join(root, 'apps/web/dist/transport.html'));
    expect(reasonNow()).toBe('apps/web/dist/transport.html is missing');
    write('apps/web/dist/transport.html', '');
    write('apps/api/dist/.build-stamp.json', 'not json');
    expect(reasonNow()).toBe('the record of the build is unreadable');
    rmSync(join(root, 'apps/api/dist/.build-stamp.json'));
    expect(reasonNow()).toBe('the build has no record of its sources');
  });
});
