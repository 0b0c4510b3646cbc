import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A real S3-compatible server on loopback (s3rver, from the registry: the S3 REST API over files in
 * a temporary folder), with what the tests ask of it. `stop` and `start` take it down and bring it
 * back on the same port with the same objects, for the store-is-down cases.
 */
export type TestS3 = {
  endpoint: string;
  /** The variables a service needs to keep its documents in `bucket`. */
  env(bucket: string): Record<string, string>;
  createBucket(bucket: string): Promise<void>;
  /** Keys and bytes of every object in the bucket. */
  objects(bucket: string): Promise<Map<string, Buffer>>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export const startTestS3 = async (): Promise<TestS3> => {
  const directory = mkdtempSync(join(tmpdir(), 'switchyard-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ port, address: '127.0.0.1', directory, silent: true });
    port = (await server.run()).port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: TEST_S3_CREDENTIALS });
  const stop = async () => {
    await server?.close();
    server = null;
  };

  return {
    endpoint,
    env: (bucket) => ({
      UPLOAD_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
    }),
    createBucket: async (bucket) => {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    },
    objects: async (bucket) => {
      const found = new Map<string, Buffer>();
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      for (const object of listed.Contents ?? []) {
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: object.Key }));
        found.set(object.Key ?? '', Buffer.from(await got.Body!.transformToByteArray()));
      }

      return found;
    },
    stop,
    start,
    close: async () => {
      await stop();
      client.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
