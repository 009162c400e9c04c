import { humanize } from "../lib/format";

export function SourceBadge({
  source,
  partner,
}: {
  source: "PARTNER" | "ONLINE" | "POS";
  partner?: { name: string } | null;
}) {
  if (source === "PARTNER") return <span className="badge partner">Partner · {partner?.name ?? "unknown"}</span>;
  if (source === "ONLINE") return <span className="badge online">Online</span>;
  return <span className="badge pos">Point of sale</span>;
}

export function BookingStatusBadge({ status }: { status: "CONFIRMED" | "CANCELLED" }) {
  return <span className={`badge ${status === "CONFIRMED" ? "ok" : "bad"}`}>{humanize(status)}</span>;
}

export function WaiverBadge({ status }: { status: "COMPLETE" | "PENDING" }) {
  return <span className={`badge ${status === "COMPLETE" ? "ok" : "warn"}`}>Waiver {status.toLowerCase()}</span>;
}

export function EmailStatusBadge({ status }: { status: "QUEUED" | "SENT" | "FAILED" }) {
  return (
    <span className={`badge ${status === "SENT" ? "ok" : status === "FAILED" ? "bad" : "warn"}`}>
      {humanize(status)}
    </span>
  );
}
