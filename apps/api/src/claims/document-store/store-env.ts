import { z } from 'zod';

/**
 * Where claims documents are kept. `local` (the default) is the folder UPLOAD_DIR; `s3` is a bucket
 * of any S3-compatible store, reached with the standard AWS credential variables (or, when they
 * are unset, the SDK's own chain: instance role, shared config). Parsed by env.ts with the rest.
 */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const documentStoreEnvShape = {
  UPLOAD_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted S3-compatible stores need. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) => value === 'true' || value === '1' || value === 'yes'),
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
};

type StoreEnv = {
  UPLOAD_STORE: 'local' | 's3';
  S3_BUCKET?: string | undefined;
  AWS_ACCESS_KEY_ID?: string | undefined;
  AWS_SECRET_ACCESS_KEY?: string | undefined;
};

/** What the shape alone cannot say: the bucket is needed for s3, and a key id comes with its secret. */
export const documentStoreEnvProblems = (env: StoreEnv): string[] => {
  const problems: string[] = [];
  if (env.UPLOAD_STORE === 's3' && !env.S3_BUCKET) {
    problems.push('S3_BUCKET: required when UPLOAD_STORE=s3');
  }
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set both or neither');
  }

  return problems;
};
