import type { OwnerRecord } from './owner-lock.ts';

/** Another live process owns the embedded database, and this one may not become its client. */
export class EmbeddedDatabaseInUse extends Error {
  override name = 'EmbeddedDatabaseInUse';
  readonly ownerPid: number;

  constructor(dataDir: string, owner: OwnerRecord) {
    super(`the embedded database in ${dataDir} is open in process ${owner.pid} (${owner.role}: ${owner.command}); stop that process first`);
    this.ownerPid = owner.pid;
  }
}
