import { z } from 'zod';

/** The archive's table of contents, its last entry: what a restore checks before it changes anything. */
export const MANIFEST_NAME = 'manifest.json';
export const ARCHIVE_FORMAT = 'switchyard-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

const column = z.object({ name: z.string().min(1), type: z.string().min(1) });

export const archiveManifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  productVersion: z.string(),
  createdAt: z.string(),
  /** The engine the backup was read from; the archive restores into either. */
  database: z.enum(['postgresql', 'pglite']),
  lastMigration: z.string().min(1),
  migrations: z.array(z.string().min(1)).min(1),
  tables: z.array(
    z.object({ name: z.string().min(1), part: z.string().min(1), rows: z.number().int().min(0), columns: z.array(column).min(1) }),
  ),
  sequences: z.array(z.object({ name: z.string().min(1), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  parts: z.array(z.object({ name: z.string().min(1), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export type ArchiveManifest = z.infer<typeof archiveManifest>;

/** Where each kind of content lives inside the archive. */
export const PART_PREFIX = { database: 'db/', uploads: 'uploads/', home: 'home/' } as const;
