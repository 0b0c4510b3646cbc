import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { DomainError } from '@switchyard/domain/errors';
import type { DocumentStore, OpenedDocument, StoredName } from './document-store.ts';

export type S3StoreOptions = {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (instance role, shared config) finds them. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined } | undefined;
};

/** Every document's key starts with this, so the bucket may hold other things beside them. */
export const S3_KEY_PREFIX = 'claims-documents/';

/**
 * Multipart parts of 5 MiB (the smallest S3 allows), one in flight: a file of any size costs at most
 * about one part of memory while it streams in. A file smaller than one part goes as one PutObject.
 */
const PART_BYTES = 5 * 1024 * 1024;

const unavailable = (cause: unknown) =>
  new DomainError('service_unavailable', 'The document store is not answering right now; try again shortly.', {
    retryAfterSeconds: 5,
    cause,
  });

const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Documents as objects of one bucket of an S3-compatible store, through the AWS SDK. */
export const createS3DocumentStore = (options: S3StoreOptions): DocumentStore => {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // A store that does not answer is reported (503) within seconds rather than holding a request.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    maxAttempts: 2,
  };
  if (options.endpoint) {
    config.endpoint = options.endpoint;
  }
  if (options.credentials) {
    config.credentials = options.credentials;
  }
  // The SDK is loaded on first use: a process keeping documents in a folder never pays its start-up
  // time and memory.
  let loaded:
    | Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3'); Upload: typeof import('@aws-sdk/lib-storage').Upload }>
    | undefined;
  const load = () =>
    (loaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([sdk, storage]) => ({
      client: new sdk.S3Client(config),
      sdk,
      Upload: storage.Upload,
    })));
  const key = (name: string) => `${S3_KEY_PREFIX}${name}`;

  return {
    kind: 's3',
    location: `s3://${options.bucket}/${S3_KEY_PREFIX}`,
    put: async (name: string, source: Readable) => {
      const { client, Upload } = await load();
      const upload = new Upload({
        client,
        params: { Bucket: options.bucket, Key: key(name), Body: source },
        partSize: PART_BYTES,
        queueSize: 1,
        // A failed multipart upload is aborted, so the store keeps none of its parts.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // A refusal of the source's own (the size limit) is the one to report. Anything else is
        // the store's: the SDK also ends the source with the store's error when it gives up.
        if (source.errored instanceof DomainError) {
          throw source.errored;
        }
        throw error instanceof DomainError ? error : unavailable(error);
      }
    },
    open: async (name: string): Promise<OpenedDocument> => {
      const { client, sdk } = await load();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: key(name) }));

        return { stream: answer.Body as Readable, sizeBytes: answer.ContentLength ?? 0 };
      } catch (error) {
        if (statusOf(error) === 404) {
          throw new DomainError('not_found', 'Document not found.');
        }
        throw unavailable(error);
      }
    },
    remove: async (name: string) => {
      const { client, sdk } = await load();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: key(name) }));
      } catch (error) {
        if (statusOf(error) !== 404) {
          throw unavailable(error);
        }
      }
    },
    list: async function* (): AsyncIterable<StoredName> {
      const { client, sdk } = await load();
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new sdk.ListObjectsV2Command({ Bucket: options.bucket, Prefix: S3_KEY_PREFIX, ContinuationToken: token }),
          );
        } catch (error) {
          throw unavailable(error);
        }
        for (const object of page.Contents ?? []) {
          if (object.Key) {
            yield { name: object.Key.slice(S3_KEY_PREFIX.length), modifiedAt: object.LastModified ?? new Date(0) };
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
};
