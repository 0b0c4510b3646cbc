import { describe, expect, it } from 'vitest';
import { describeAuditDetails } from './audit-details.ts';

describe('describeAuditDetails', () => {
  it('reads a change as field: old → new, only for the fields that changed', () => {
    expect(
      describeAuditDetails({
        from: { name: 'Sam', phone: '555', email: 'a@x.test' },
        to: { name: 'Samantha', phone: '555', email: 'a@x.test' },
      }),
    ).toEqual([{ field: 'Name', before: 'Sam', value: 'Samantha' }]);
  });

  it('reads a first value without a before, and nested fields by their path', () => {
    expect(describeAuditDetails({ to: { first_pickup_date: '2026-09-01', stop: { lat: 32.1 } } })).toEqual([
      { field: 'First pickup date', value: '2026-09-01' },
      { field: 'Stop › lat', value: '32.1' },
    ]);
  });

  it('reads other details as a key: value list', () => {
    expect(describeAuditDetails({ email: 'op@acme.test', role: 'operator', approved: true, children: ['Ann', 'Bo'], note: null })).toEqual([
      { field: 'Email', value: 'op@acme.test' },
      { field: 'Role', value: 'operator' },
      { field: 'Approved', value: 'yes' },
      { field: 'Children', value: 'Ann, Bo' },
      { field: 'Note', value: '—' },
    ]);
    expect(describeAuditDetails({ removed: { name: 'Old payer', share: 50 } })).toEqual([
      { field: 'Removed › name', value: 'Old payer' },
      { field: 'Removed › share', value: '50' },
    ]);
  });

  it('reads a field holding {from, to} as that field changing, and lists records one per line', () => {
    expect(describeAuditDetails({ reason: 'Moved school', status: { from: 'sent', to: 'void' } })).toEqual([
      { field: 'Reason', value: 'Moved school' },
      { field: 'Status', before: 'sent', value: 'void' },
    ]);
    expect(
      describeAuditDetails({
        invoices: [
          { id: 'a', amount: 175 },
          { id: 'b', amount: 50 },
        ],
      }),
    ).toEqual([{ field: 'Invoices', value: 'Id: a; Amount: 175\nId: b; Amount: 50' }]);
  });

  it('keeps a `to` that is not an object as an ordinary value', () => {
    expect(describeAuditDetails({ to: 'approved', from: 'pending' })).toEqual([
      { field: 'From', value: 'pending' },
      { field: 'To', value: 'approved' },
    ]);
  });
});
