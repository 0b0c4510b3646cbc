import { formatDateTime } from '../../shared/format/format-date.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { describeAuditDetails } from './audit-details.ts';

const AuditDetails = ({ details }: { details: Record<string, unknown> }) => {
  const lines = describeAuditDetails(details);

  return lines.length === 0 ? null : (
    <dl className="audit-details">
      {lines.map((line) => (
        <div key={line.field} className="audit-details__line">
          <dt>{line.field}</dt>
          <dd>
            {line.before !== undefined ? (
              <>
                <span className="audit-details__before">{line.before}</span>
                <span aria-label="changed to"> → </span>
              </>
            ) : null}
            <span>{line.value}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
};

/** One audit row as both logs answer it; the platform log names the tenant, the tenant log marks administrators. */
export type AuditEntryRow = {
  id: string;
  action: string;
  resource: string | null;
  actor: string;
  created_at: string | null;
  details: Record<string, unknown>;
  tenant_id?: string | null;
  admin_actor?: boolean | null;
};

/** The entries of an audit log, newest first, as a list that reads on phones as well as on desks. */
export const AuditEntryList = ({
  rows,
  emptyTitle,
  showTenant = false,
}: {
  rows: AuditEntryRow[];
  emptyTitle: string;
  showTenant?: boolean;
}) =>
  rows.length === 0 ? (
    <EmptyState title={emptyTitle} />
  ) : (
    <section aria-label="Audit entries">
      <ol className="audit-list">
        {rows.map((row) => (
          <li key={row.id} className="audit-entry">
            <p className="audit-entry__head">
              <strong>{row.action}</strong>
              {row.resource ? <span className="muted"> · {row.resource}</span> : null}
              {row.admin_actor ? <span className="badge badge--warning"> Platform administrator</span> : null}
            </p>
            <p className="audit-entry__meta muted">
              {formatDateTime(row.created_at)}
              {showTenant ? ` · ${row.tenant_id ?? ''}` : null} · <span className="audit-entry__actor">{row.actor}</span>
            </p>
            <AuditDetails details={row.details} />
          </li>
        ))}
      </ol>
    </section>
  );
