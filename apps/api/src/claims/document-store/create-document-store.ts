import type { Env } from '../../env.ts';
import type { DocumentStore } from './document-store.ts';
import { createLocalDocumentStore } from './local-store.ts';
import { createS3DocumentStore } from './s3-store.ts';

/** The one store of this process, as UPLOAD_STORE chooses; env.ts has checked what s3 needs. */
export const createDocumentStore = (
  env: Pick<
    Env,
    | 'UPLOAD_STORE'
    | 'UPLOAD_DIR'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_FORCE_PATH_STYLE'
    | 'AWS_ACCESS_KEY_ID'
    | 'AWS_SECRET_ACCESS_KEY'
    | 'AWS_SESSION_TOKEN'
  >,
): DocumentStore => {
  if (env.UPLOAD_STORE === 'local') {
    return createLocalDocumentStore(env.UPLOAD_DIR);
  }

  return createS3DocumentStore({
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN }
        : undefined,
  });
};
