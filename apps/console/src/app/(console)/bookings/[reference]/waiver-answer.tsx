/** A waiver answer as the operator reads it; uploaded files open from their URL. */
export function WaiverAnswer({ type, value }: { type: string; value: unknown }) {
  if (value === null || value === undefined || value === "") return <span className="muted">Not answered</span>;
  if (type === "FILE" && typeof value === "string") {
    return (
      <a href={value} target="_blank" rel="noopener noreferrer">
        {decodeURIComponent(value.split("/").pop() ?? value)}
      </a>
    );
  }
  if (typeof value === "boolean") return <>{value ? "Yes" : "No"}</>;
  if (Array.isArray(value)) return <>{value.map(String).join(", ")}</>;
  return <>{typeof value === "string" ? value : JSON.stringify(value)}</>;
}
