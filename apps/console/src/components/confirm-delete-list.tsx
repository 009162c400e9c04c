"use client";

import { useState, type ReactNode } from "react";

import { problemMessage } from "../lib/problem";
import { Dialog } from "./confirm-dialog";
import { ErrorState, Loading, SkeletonRows } from "./states";

export type Column<T> = { header: ReactNode; cell: (item: T) => ReactNode; className?: string };

/** What the remove button and its confirmation say, for one item. */
export type RemoveWords<T> = {
  /** The button in the row: "Revoke", "Delete". */
  action: string;
  /** The button's accessible name, naming the item: "Revoke key sw_ab12…". */
  label: (item: T) => string;
  title: (item: T) => string;
  body: (item: T) => ReactNode;
  keep: string;
  confirm: string;
  pending: string;
};

/**
 * A table of what a query lists, each row with a remove button that asks before it acts:
 * removing a key, an endpoint or a definition cannot be undone, so one click never does it.
 * Loading, error and empty states are shown as on every list of the console.
 */
export function ConfirmDeleteList<T>({
  caption,
  query,
  rowKey,
  rowProps,
  columns,
  actions,
  canRemove = () => true,
  words,
  onRemove,
  removing,
  empty,
}: {
  caption: string;
  query: { data: T[] | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  rowKey: (item: T) => string | number;
  /** Attributes of the row, such as a `data-` handle for tests. */
  rowProps?: (item: T) => Record<string, string | number | undefined>;
  columns: Column<T>[];
  /** Buttons before the remove button, such as Edit. */
  actions?: (item: T) => ReactNode;
  canRemove?: (item: T) => boolean;
  words: RemoveWords<T>;
  /** Runs the removal; the caller closes the confirmation with `done` when it settles. */
  onRemove: (item: T, done: () => void) => void;
  removing: boolean;
  empty: ReactNode;
}) {
  const [asked, setAsked] = useState<T | null>(null);
  return (
    <>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={i} scope="col" className={c.className}>
                  {c.header}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          {query.isPending ? (
            <SkeletonRows rows={3} columns={columns.length + 1} />
          ) : (
            <tbody>
              {query.data?.map((item) => (
                <tr key={rowKey(item)} {...rowProps?.(item)}>
                  {columns.map((c, i) => (
                    <td key={i} className={c.className}>
                      {c.cell(item)}
                    </td>
                  ))}
                  <td className="right">
                    <div className="row" style={{ justifyContent: "flex-end" }}>
                      {actions?.(item)}
                      {canRemove(item) && (
                        <button
                          type="button"
                          className="small danger-outline"
                          onClick={() => setAsked(item)}
                          aria-label={words.label(item)}
                        >
                          {words.action}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          )}
        </table>
      </div>
      {query.isPending && <Loading label={`Loading ${caption.toLowerCase()}`} />}
      {query.error != null && <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.data?.length === 0 && empty}
      <Dialog
        open={asked !== null}
        onClose={() => setAsked(null)}
        title={asked === null ? "" : words.title(asked)}
        footer={
          <>
            <button type="button" onClick={() => setAsked(null)}>
              {words.keep}
            </button>
            <button
              type="button"
              className="danger"
              disabled={removing}
              onClick={() => asked !== null && onRemove(asked, () => setAsked(null))}
            >
              {removing ? words.pending : words.confirm}
            </button>
          </>
        }
      >
        <p style={{ margin: 0 }}>{asked !== null && words.body(asked)}</p>
      </Dialog>
    </>
  );
}
