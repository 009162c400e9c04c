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

const STATUS_TONE = { CONFIRMED: "ok", ON_HOLD: "warn", CANCELLED: "bad", EXPIRED: "bad" } as const;

/** A hold says until when, in the activity's zone: the desk may be asked whether the places are still held. */
export function BookingStatusBadge({
  status,
  expiresAt,
  timeZone,
}: {
  status: keyof typeof STATUS_TONE;
  expiresAt?: string | null;
  timeZone?: string;
}) {
  const until =
    status === "ON_HOLD" && expiresAt
      ? ` until ${new Intl.DateTimeFormat("en-GB", { timeStyle: "short", ...(timeZone ? { timeZone } : {}) }).format(new Date(expiresAt))}`
      : "";
  return (
    <span className={`badge ${STATUS_TONE[status]}`}>
      {humanize(status)}
      {until}
    </span>
  );
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
