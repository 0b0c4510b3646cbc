import DataLoader from 'dataloader';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AuditRow, ClaimRow, ClientRow, DebtorRow, DocumentRow, NoteRow } from '@switchyard/db/claims/claim-reads';
import {
  findClientsByIds,
  findDebtorsByIds,
  listAuditOfClaims,
  listDocumentsOfClaims,
  listNotesOfClaims,
  listRecentClaimsOfClients,
} from '@switchyard/db/claims/reporting-reads';
import { byId, groupedBy, MAX_BATCH } from '../../graphql-common/batch-loaders.ts';

type RecentClaimsKey = { clientId: string; perClient: number };

const recentClaimsLoader = (em: SqlEntityManager) =>
  new DataLoader<RecentClaimsKey, ClaimRow[], string>(
    async (keys) => {
      // One statement per distinct page size asked for; in practice a query asks for one.
      const sizes = [...new Set(keys.map((key) => key.perClient))];
      const results = new Map<string, ClaimRow[]>();
      for (const size of sizes) {
        const clientIds = [...new Set(keys.filter((key) => key.perClient === size).map((key) => key.clientId))];
        for (const row of await listRecentClaimsOfClients(em, clientIds, size)) {
          const slot = `${row.client_id}:${size}`;
          results.set(slot, [...(results.get(slot) ?? []), row]);
        }
      }

      return keys.map((key) => results.get(`${key.clientId}:${key.perClient}`) ?? []);
    },
    { cacheKeyFn: (key) => `${key.clientId}:${key.perClient}`, maxBatchSize: MAX_BATCH },
  );

export const createLoaders = (em: SqlEntityManager) => ({
  client: byId<ClientRow>((ids) => findClientsByIds(em, ids)),
  debtor: byId<DebtorRow>((ids) => findDebtorsByIds(em, ids)),
  documents: groupedBy<DocumentRow>(
    (ids) => listDocumentsOfClaims(em, ids),
    (row) => row.claim_id,
  ),
  notes: groupedBy<NoteRow>(
    (ids) => listNotesOfClaims(em, ids),
    (row) => row.claim_id,
  ),
  audit: groupedBy<AuditRow & { claim_id: string }>(
    (ids) => listAuditOfClaims(em, ids),
    (row) => row.claim_id,
  ),
  recentClaims: recentClaimsLoader(em),
});

export type Loaders = ReturnType<typeof createLoaders>;
