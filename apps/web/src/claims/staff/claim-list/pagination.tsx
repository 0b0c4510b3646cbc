type PaginationProps = { page: number; pageSize: number; total: number; onPage: (page: number) => void };

export const Pagination = ({ page, pageSize, total, onPage }: PaginationProps) => {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);

  return (
    <nav className="pagination" aria-label="Pages">
      <p className="pagination__status" aria-live="polite">
        {total === 0 ? 'No claims' : `Showing ${first}–${last} of ${total}`}
      </p>
      <div className="pagination__buttons">
        <button type="button" className="button button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span className="pagination__page">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <button type="button" className="button button--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
};
