import type { Readable } from 'node:stream';

/** One stored document's bytes, opened for reading, and its size as the store knows it. */
export type OpenedDocument = { stream: Readable; sizeBytes: number };

/** A stored name and when its bytes were last written: what the sweep of interrupted uploads reads. */
export type StoredName = { name: string; modifiedAt: Date };

/**
 * Where the bytes of claims documents live, by the name the database row gives them
 * (`claims_document.storage_name`). Chosen once at start from UPLOAD_STORE; every reader and writer
 * (uploads, downloads, the sweeps, erasure, backup and restore) goes through it.
 */
export type DocumentStore = {
  readonly kind: 'local' | 's3';
  /** Where the documents are, for log lines and errors: a folder or `s3://bucket/prefix`. */
  readonly location: string;
  /**
   * Streams `source` to `name`, never holding the whole file in memory. Whole or nothing: when the
   * source fails (a size limit, a cut connection) or the store does, no object is left behind and
   * the promise rejects, with the source's error when it was the source that failed.
   */
  put(name: string, source: Readable): Promise<void>;
  /** Opens a document for streaming; `not_found` when there is none, `service_unavailable` when the store is down. */
  open(name: string): Promise<OpenedDocument>;
  /** Removes a document; removing one that is not there is no error. */
  remove(name: string): Promise<void>;
  /** Every stored name, in pages as the store gives them. */
  list(): AsyncIterable<StoredName>;
};
