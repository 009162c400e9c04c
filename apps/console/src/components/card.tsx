import type { ReactNode } from "react";

/** A titled panel; `flush` for content (a table) that runs to its edges. */
export function Card({
  id,
  title,
  actions,
  flush = false,
  children,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  flush?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {flush ? children : <div className="card-body">{children}</div>}
    </section>
  );
}
