import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { CheckboxField } from '../../../shared/forms/checkbox-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { staffTrpc } from '../staff-client.ts';

const AddMemberForm = () => {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const add = useMutation(staffTrpc.staff.members.add.mutationOptions());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setAdded(null);
    try {
      const member = await add.mutateAsync({ email: email.trim(), name: name.trim(), is_admin: isAdmin });
      setAdded(`${member.name} can now sign in with ${member.email}.`);
      setEmail('');
      setName('');
      setIsAdmin(false);
      await queryClient.invalidateQueries({ queryKey: staffTrpc.staff.members.list.queryKey() });
    } catch (failure) {
      setError(readAppError(failure).message);
    }
  };

  return (
    <form className="form card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="add-member-title">
      <h2 id="add-member-title" className="card__title">
        Invite a staff member
      </h2>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {added ? (
        <p className="notice" role="status">
          {added}
        </p>
      ) : null}
      <TextField id="member-name" label="Name" required value={name} onValueChange={setName} />
      <TextField id="member-email" label="Email" type="email" required value={email} onValueChange={setEmail} />
      <CheckboxField
        id="member-admin"
        name="administrator"
        label="Administrator (may invite and deactivate staff)"
        checked={isAdmin}
        onCheckedChange={setIsAdmin}
      />
      <button type="submit" className="button button--primary" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add staff member'}
      </button>
    </form>
  );
};

export const StaffMembersPage = () => {
  useDocumentTitle('Staff');
  const queryClient = useQueryClient();
  const me = useQuery(staffTrpc.staff.auth.me.queryOptions());
  const members = useQuery(staffTrpc.staff.members.list.queryOptions());
  const deactivate = useMutation(staffTrpc.staff.members.deactivate.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const canManage = me.data?.is_admin === true;

  const end = async (memberId: string, name: string) => {
    if (!window.confirm(`Deactivate ${name}? Their sessions end at once.`)) {
      return;
    }
    setError(null);
    try {
      await deactivate.mutateAsync({ member_id: memberId });
      await queryClient.invalidateQueries({ queryKey: staffTrpc.staff.members.list.queryKey() });
    } catch (failure) {
      setError(readAppError(failure).message);
    }
  };

  return (
    <>
      <header className="page-header">
        <p className="page-header__eyebrow">Staff console</p>
        <h1 className="page-header__title">Staff</h1>
      </header>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="staff-members">
        <QueryView query={members} loadingLabel="Loading staff…" errorTitle="The staff list could not be loaded">
          {(list) => (
            <ul className="member-list" aria-label="Staff members">
              {list.members.map((member) => (
                <li key={member.id} className={`member-list__item card${member.active ? '' : ' member-list__item--inactive'}`}>
                  <div>
                    <p className="member-list__name">
                      {member.name}
                      {member.is_admin ? <span className="badge">Administrator</span> : null}
                      {member.active ? null : <span className="badge badge--muted">Deactivated</span>}
                    </p>
                    <p className="muted">{member.email}</p>
                  </div>
                  {canManage && member.active && member.email !== me.data?.email ? (
                    <button type="button" className="button" onClick={() => void end(member.id, member.name)}>
                      Deactivate
                    </button>
                  ) : null}
                </li>
              ))}
              {list.members.length === 0 ? <li className="muted">No staff members yet. Invite the first below.</li> : null}
            </ul>
          )}
        </QueryView>
        {canManage ? <AddMemberForm /> : <p className="muted">Only administrators invite and deactivate staff members.</p>}
      </div>
    </>
  );
};
