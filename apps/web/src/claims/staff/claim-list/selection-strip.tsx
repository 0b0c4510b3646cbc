import { LIMITS } from '@switchyard/domain/claims/limits';
import { pageFullySelected, selectedCount, togglePage, NOTHING_SELECTED, type ClaimSelection } from './claim-selection.ts';

type SelectionStripProps = {
  selection: ClaimSelection;
  onSelection: (selection: ClaimSelection) => void;
  page: readonly string[];
  total: number;
};

/** "Select all on this page", then the offer to take every claim the filters match. */
export const SelectionStrip = ({ selection, onSelection, page, total }: SelectionStripProps) => {
  const allOnPage = pageFullySelected(selection, page);
  const count = selectedCount(selection, total);
  const canTakeAll = total > page.length && allOnPage && selection.kind === 'some';

  return (
    <div className="selection-strip" aria-label="Selection">
      <label className="selection-strip__check" htmlFor="select-page">
        <input
          id="select-page"
          type="checkbox"
          checked={allOnPage}
          disabled={selection.kind === 'matching'}
          onChange={(event) => onSelection(togglePage(selection, page, event.target.checked))}
        />
        Select all {page.length} on this page
      </label>
      {canTakeAll ? (
        total <= LIMITS.bulkChangeMax ? (
          <button type="button" className="button button--small" onClick={() => onSelection({ kind: 'matching' })}>
            Select all {total} matching the filters
          </button>
        ) : (
          <span className="selection-strip__note">
            {total} claims match; narrow the filters to change them together (at most {LIMITS.bulkChangeMax}).
          </span>
        )
      ) : null}
      {count > 0 ? (
        <span className="selection-strip__count" role="status">
          {selection.kind === 'matching' ? `All ${total} matching claims selected` : `${count} selected`}
          <button type="button" className="button button--small" onClick={() => onSelection(NOTHING_SELECTED)}>
            Clear selection
          </button>
        </span>
      ) : null}
    </div>
  );
};
