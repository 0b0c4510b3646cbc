import { useQuery } from '@tanstack/react-query';
import type { SelectOption } from '../../../shared/forms/select-field.tsx';
import { staffTrpc } from '../staff-client.ts';

/** The value of a select that gives claims to nobody (the API's `null`). */
export const NOBODY = 'none';

/**
 * The team as the assignee selects offer it: `members` the active ones (only they can be given
 * claims), `filter` every member for the list filter (a deactivated member may still hold claims),
 * `isMember` whether the signed-in caller is a person (the shared key has no claims of its own).
 */
export const useAssigneeOptions = (): { members: SelectOption[]; filter: SelectOption[]; isMember: boolean } => {
  const members = useQuery(staffTrpc.staff.members.list.queryOptions());
  const me = useQuery(staffTrpc.staff.auth.me.queryOptions());
  const all = members.data?.members ?? [];
  const isMember = me.data?.kind === 'member';

  return {
    members: all.filter((member) => member.active).map((member) => ({ value: member.id, label: member.name })),
    filter: [
      ...(isMember ? [{ value: 'me', label: 'Mine' }] : []),
      { value: NOBODY, label: 'Nobody' },
      ...all.map((member) => ({ value: member.id, label: member.active ? member.name : `${member.name} (inactive)` })),
    ],
    isMember,
  };
};

/** Every member's name by id, for the audit trail's assignments. */
export const useMemberNames = (): ReadonlyMap<string, string> => {
  const members = useQuery(staffTrpc.staff.members.list.queryOptions());

  return new Map((members.data?.members ?? []).map((member) => [member.id, member.name]));
};
