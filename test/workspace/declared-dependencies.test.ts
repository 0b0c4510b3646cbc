import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every workspace package lists in its own package.json each package it imports: the other
 * workspace packages (`"@switchyard/domain": "*"`) and the npm packages. Unit tests beside the
 * code may also use the root's development tools (vitest), since the root runs them.
 */
const root = join(import.meta.dirname, '..', '..');
const workspaceDirs = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, group, entry.name)),
);
const sourceFolders = ['src', 'bin'];
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

type Manifest = {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
const declared = (manifest: Manifest) =>
  new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

/** `@scope/name/sub/path` -> `@scope/name`, `name/sub` -> `name`; relative paths and built-ins -> undefined. */
export const packageOf = (specifier: string): string | undefined => {
  if (specifier.startsWith('.') || specifier.startsWith('/') || builtins.has(specifier) || builtins.has(specifier.split('/')[0] ?? ''))
    return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

/** The packages a file imports: static imports and re-exports, `import type`, `import()` and `require`. */
const importedPackages = (file: string): string[] =>
  ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((ref) => packageOf(ref.fileName))
    .filter((name): name is string => name !== undefined);

const rootDeclared = declared(readManifest(root));

describe('workspace packages declare what they import', () => {
  it('finds the workspace packages and their sources', () => {
    expect(workspaceDirs.map((dir) => readManifest(dir).name)).toEqual(
      expect.arrayContaining(['@switchyard/domain', '@switchyard/db', '@switchyard/rest-adapter', '@switchyard/api', '@switchyard/web']),
    );
  });

  it('reads every import form, including type-only and dynamic imports', () => {
    const file = join(import.meta.dirname, 'declared-dependencies.test.ts');
    expect(importedPackages(file)).toEqual(expect.arrayContaining(['typescript', 'vitest']));
    expect(packageOf('@switchyard/db/transport/tenants')).toBe('@switchyard/db');
    expect(packageOf('node:fs')).toBeUndefined();
    expect(packageOf('fs/promises')).toBeUndefined();
    expect(packageOf('tsx/esm/api')).toBe('tsx');
  });

  for (const dir of workspaceDirs) {
    const manifest = readManifest(dir);
    it(`${manifest.name} lists every package it imports`, () => {
      const own = declared(manifest);
      const missing = new Map<string, string>(); // package -> the first file importing it
      for (const folder of sourceFolders) {
        let files: string[];
        try {
          files = sourceFiles(join(dir, folder));
        } catch {
          continue; // the package has no such folder
        }
        for (const file of files) {
          const isTest = /\.test\.tsx?$/.test(file);
          for (const name of importedPackages(file)) {
            if (name === manifest.name || own.has(name) || (isTest && rootDeclared.has(name))) continue;
            if (!missing.has(name)) missing.set(name, relative(root, file));
          }
        }
      }
      expect([...missing].map(([name, file]) => `${name} (imported by ${file})`).sort()).toEqual([]);
    });
  }
});
