import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterBillingChange, afterOperationsChange } from '../../shared/transport-invalidation.ts';

type School = { id: string; name: string };
type RemoveSchoolDialogProps = {
  school: School;
  others: readonly School[];
  onDone: (outcome: { tone: 'success' | 'error'; text: string } | null) => void;
};

/**
 * Removing a school after a confirmation. While children attend it the server refuses (409 naming
 * how many); the dialog then offers to move them to another school first, and removes it after.
 */
export const RemoveSchoolDialog = ({ school, others, onDone }: RemoveSchoolDialogProps) => {
  const deleteSchool = useMutation(transportTrpc.operations.deleteSchool.mutationOptions({ onSuccess: afterOperationsChange }));
  const moveChildren = useMutation(transportTrpc.operations.moveSchoolChildren.mutationOptions({ onSuccess: afterBillingChange }));
  // The server's refusal while children attend: the move is offered from then on.
  const [attended, setAttended] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async () => {
    setFailure(null);
    try {
      if (attended !== null) {
        const moved = await moveChildren.mutateAsync({ school_id: school.id, to_school_id: target });
        const to = others.find((other) => other.id === moved.to_school_id)?.name ?? moved.to_school_id;
        await deleteSchool.mutateAsync({ school_id: school.id });
        onDone({
          tone: 'success',
          text: `${String(moved.moved)} ${moved.moved === 1 ? 'child' : 'children'} moved to ${to}; ${school.name} was removed.`,
        });

        return;
      }
      await deleteSchool.mutateAsync({ school_id: school.id });
      onDone({ tone: 'success', text: `${school.name} was removed.` });
    } catch (error) {
      const info = readAppError(error);
      if (info.code === 'conflict' && attended === null) {
        setAttended(info.message);
      } else {
        setFailure(info.message);
      }
    }
  };

  const busy = deleteSchool.isPending || moveChildren.isPending;

  return (
    <ConfirmDialog
      title={attended === null ? `Remove ${school.name}?` : `Move ${school.name}'s children first`}
      confirmLabel={attended === null ? `Remove ${school.name}` : 'Move and remove'}
      busyLabel={attended === null ? 'Removing…' : 'Moving…'}
      isBusy={busy}
      canConfirm={attended === null || target !== ''}
      onConfirm={() => void remove()}
      onCancel={() => onDone(null)}
    >
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {attended === null ? (
        <p>Families no longer see it when they register. Routes that stop there keep their stops.</p>
      ) : others.length === 0 ? (
        <p>{attended} Add the school they go to now first.</p>
      ) : (
        <>
          <p>{attended}</p>
          <SelectField
            id={`move-${school.id}-to`}
            label="Move them to"
            value={target}
            options={[{ value: '', label: 'Choose a school…' }, ...others.map((other) => ({ value: other.id, label: other.name }))]}
            onValueChange={setTarget}
          />
          <p className="muted">Each move and the removal are recorded in the audit log.</p>
        </>
      )}
    </ConfirmDialog>
  );
};
