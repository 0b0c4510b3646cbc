import { correctionFieldLabel, showCorrectionValue } from './correction-values.ts';

export type Change = { field: string; before: string | number | null; after: string | number | null };

/** Each changed field, from what the claim said to what it says after: the review before saving and the audit trail show it alike. */
export const CorrectionChanges = ({ changes }: { changes: readonly Change[] }) => (
  <ul className="correction-changes">
    {changes.map((change) => (
      <li key={change.field} className="correction-changes__item">
        <span className="correction-changes__field">{correctionFieldLabel(change.field)}</span>
        <span className="correction-changes__values">
          <del className="correction-changes__before">{showCorrectionValue(change.field, change.before)}</del>
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden"> becomes </span>
          <ins className="correction-changes__after">{showCorrectionValue(change.field, change.after)}</ins>
        </span>
      </li>
    ))}
  </ul>
);
