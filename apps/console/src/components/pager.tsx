export function Pager({
  page,
  pages,
  total,
  noun,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="pager" aria-label="Pages">
      <span className="muted num">
        {total.toLocaleString("en-GB")} {noun}
        {total === 1 ? "" : "s"} · page {page.toLocaleString("en-GB")} of {pages.toLocaleString("en-GB")}
      </span>
      <div className="row">
        <button type="button" className="small" onClick={() => onPage(1)} disabled={page <= 1}>
          First
        </button>
        <button type="button" className="small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          Previous
        </button>
        <button type="button" className="small" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          Next
        </button>
        <button type="button" className="small" onClick={() => onPage(pages)} disabled={page >= pages}>
          Last
        </button>
      </div>
    </nav>
  );
}
