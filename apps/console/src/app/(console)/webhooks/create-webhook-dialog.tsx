"use client";

import { useState, type SyntheticEvent } from "react";
import { toast } from "sonner";

import { Dialog } from "../../../components/confirm-dialog";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc, type RouterInputs } from "../../../lib/trpc";

type EventType = RouterInputs["console"]["webhooks"]["create"]["events"][number];

const EVENTS: { value: EventType; help: string }[] = [
  { value: "booking.confirmed", help: "A booking of the partner is made or its hold confirmed" },
  { value: "booking.changed", help: "Its date, time or places change" },
  { value: "booking.cancelled", help: "It is cancelled" },
  { value: "booking.expired", help: "Its hold lapses" },
  { value: "availability.changed", help: "Any of your timeslots' free places, capacity or closing" },
];

/** Registers a partner's endpoint and shows its signing secret once, with a copy button. */
export function CreateWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const partners = trpc.console.bookings.filterOptions.useQuery(undefined, { enabled: open, staleTime: 300_000 });
  const [partner, setPartner] = useState("");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<EventType[]>(EVENTS.map((e) => e.value));
  const [secret, setSecret] = useState<string | null>(null);
  const create = trpc.console.webhooks.create.useMutation({
    onSuccess: (result) => {
      setSecret(result.secret);
      void utils.console.webhooks.list.invalidate();
      toast.success(`Endpoint for ${result.endpoint.partner.name} created`);
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  const problems = fieldProblems(create.error);

  const close = () => {
    setSecret(null);
    setPartner("");
    setUrl("");
    setEvents(EVENTS.map((e) => e.value));
    create.reset();
    onClose();
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    create.mutate({ partner, url, events });
  };
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success("Secret copied");
    } catch {
      toast.error("Copying is blocked here: select the secret and copy it by hand");
    }
  };

  if (secret) {
    return (
      <Dialog
        open={open}
        onClose={close}
        title="The endpoint's signing secret"
        footer={
          <button type="button" className="primary" onClick={close}>
            Done
          </button>
        }
      >
        <p className="notice" style={{ margin: 0 }}>
          Give it to the partner now: it is shown only this once. Every delivery is signed with it in the{" "}
          <code>Slotwise-Signature</code> header.
        </p>
        <div className="secret">
          <span data-testid="new-webhook-secret" style={{ flex: 1 }}>
            {secret}
          </span>
          <button type="button" className="small" onClick={() => void copy()}>
            Copy
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add a webhook endpoint"
      footer={
        <>
          <button type="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" form="create-webhook" className="primary" disabled={create.isPending}>
            {create.isPending ? "Adding…" : "Add endpoint"}
          </button>
        </>
      }
    >
      <form id="create-webhook" onSubmit={submit} className="stack" style={{ gap: 12 }}>
        <label className="field">
          Partner
          <select
            value={partner}
            onChange={(e) => setPartner(e.target.value)}
            aria-invalid={Boolean(problems.partner)}
            required
          >
            <option value="">Choose the partner to tell</option>
            {partners.data?.partners.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
          {problems.partner && <span className="field-error">{problems.partner}</span>}
        </label>
        <label className="field">
          URL
          <input
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://hooks.partner.example/slotwise"
            maxLength={2048}
            aria-invalid={Boolean(problems.url)}
            required
          />
          {problems.url && <span className="field-error">{problems.url}</span>}
        </label>
        <fieldset>
          <legend>Events</legend>
          {EVENTS.map((e) => (
            <label key={e.value} className="check">
              <input
                type="checkbox"
                checked={events.includes(e.value)}
                onChange={(change) =>
                  setEvents(change.target.checked ? [...events, e.value] : events.filter((x) => x !== e.value))
                }
              />
              <span>
                <code>{e.value}</code> <span className="muted small">{e.help}</span>
              </span>
            </label>
          ))}
          {problems.events && <p className="field-error">{problems.events}</p>}
        </fieldset>
      </form>
    </Dialog>
  );
}
