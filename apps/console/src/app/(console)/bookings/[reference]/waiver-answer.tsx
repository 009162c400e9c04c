import { fileLinkOf } from "../../../../lib/safe-url";

/** A waiver answer as the operator reads it; uploaded files open from their URL when it is a safe one. */
export function WaiverAnswer({ type, value }: { type: string; value: unknown }) {
  if (value === null || value === undefined || value === "") return <span className="muted">Not answered</span>;
  if (type === "FILE" && typeof value === "string") {
    const file = fileLinkOf(value);
    if (!file) return <>{value}</>;
    return (
      <a href={file.href} target="_blank" rel="noopener noreferrer">
        {file.name}
      </a>
    );
  }
  if (typeof value === "boolean") return <>{value ? "Yes" : "No"}</>;
  if (Array.isArray(value)) return <>{value.map(String).join(", ")}</>;
  return <>{typeof value === "string" ? value : JSON.stringify(value)}</>;
}
