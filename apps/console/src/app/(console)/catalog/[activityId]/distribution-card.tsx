"use client";

import { useState, type SyntheticEvent } from "react";

import { Card } from "../../../../components/card";
import { TextField } from "../../../../components/form-field";
import { itemProblem, wholeNumberOf } from "../../../../lib/activity-form";
import { fieldProblems } from "../../../../lib/problem";
import { trpc } from "../../../../lib/trpc";
import type { Activity } from "./details-card";
import { usePatchActivity } from "./use-patch-activity";

type PolicyMode = "none" | "tiers";
interface Tier {
  hoursBefore: string;
  refundPercent: string;
}

/**
 * Who may sell the activity (every partner, or those chosen: the others see nothing of it)
 * and its cancellation policy: refund tiers by hours before the start; no tier at all means
 * partners cannot cancel, and no policy lets them cancel until the start with a full refund.
 */
export function DistributionCard({ activity }: { activity: Activity }) {
  const partners = trpc.catalog.partners.useQuery({}, { staleTime: 300_000 });
  const [everyone, setEveryone] = useState(activity.Partners === "all");
  const [chosen, setChosen] = useState<string[]>(activity.Partners === "all" ? [] : activity.Partners);
  const [mode, setMode] = useState<PolicyMode>(activity.CancellationPolicy === null ? "none" : "tiers");
  const [tiers, setTiers] = useState<Tier[]>(
    (activity.CancellationPolicy ?? []).map((t) => ({
      hoursBefore: String(t.HoursBefore),
      refundPercent: String(t.RefundPercent),
    })),
  );
  const patch = usePatchActivity("Distribution and policy saved");
  const problems = fieldProblems(patch.error);
  const setTier = (index: number, next: Partial<Tier>) =>
    setTiers(tiers.map((t, i) => (i === index ? { ...t, ...next } : t)));

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    patch.mutate({
      ActivityID: activity.ActivityID,
      Partners: everyone ? "all" : chosen,
      CancellationPolicy:
        mode === "none"
          ? null
          : tiers.map((t) => ({
              HoursBefore: wholeNumberOf(t.hoursBefore),
              RefundPercent: wholeNumberOf(t.refundPercent),
            })),
    });
  };
  return (
    <Card id="distribution-heading" title="Partners and cancellation policy">
      <form onSubmit={submit} className="stack" style={{ gap: 16 }} aria-label="Partners and cancellation policy">
        <fieldset>
          <legend>Partners who may sell it</legend>
          <label className="check">
            <input type="radio" name="partners" checked={everyone} onChange={() => setEveryone(true)} />
            <span>Every partner</span>
          </label>
          <label className="check">
            <input type="radio" name="partners" checked={!everyone} onChange={() => setEveryone(false)} />
            <span>Only the partners chosen here</span>
          </label>
          {!everyone &&
            partners.data?.data.map((p) => (
              <label key={p.Slug} className="check" style={{ marginLeft: 24 }}>
                <input
                  type="checkbox"
                  checked={chosen.includes(p.Slug)}
                  onChange={(e) =>
                    setChosen(e.target.checked ? [...chosen, p.Slug] : chosen.filter((s) => s !== p.Slug))
                  }
                />
                <span>
                  {p.Name} <span className="mono small muted">{p.Slug}</span>
                </span>
              </label>
            ))}
          {problems.Partners && <p className="field-error">{problems.Partners}</p>}
        </fieldset>
        <fieldset className="stack" style={{ gap: 8 }}>
          <legend>Cancellation policy</legend>
          <label className="check">
            <input type="radio" name="policy" checked={mode === "none"} onChange={() => setMode("none")} />
            <span>No policy: partners may cancel until the start, with a full refund</span>
          </label>
          <label className="check">
            <input type="radio" name="policy" checked={mode === "tiers"} onChange={() => setMode("tiers")} />
            <span>Refund tiers (later than every tier refunds nothing; no tier: partners cannot cancel)</span>
          </label>
          {mode === "tiers" &&
            tiers.map((t, i) => (
              <div key={i} className="row" style={{ alignItems: "flex-end" }}>
                <TextField
                  label="Hours before the start"
                  type="number"
                  min={0}
                  max={8784}
                  value={t.hoursBefore}
                  onValueChange={(hoursBefore) => setTier(i, { hoursBefore })}
                  problem={itemProblem(problems, "CancellationPolicy", i, "HoursBefore")}
                  required
                />
                <TextField
                  label="Refund %"
                  type="number"
                  min={0}
                  max={100}
                  value={t.refundPercent}
                  onValueChange={(refundPercent) => setTier(i, { refundPercent })}
                  problem={itemProblem(problems, "CancellationPolicy", i, "RefundPercent")}
                  required
                />
                <button type="button" className="small" onClick={() => setTiers(tiers.filter((_, j) => j !== i))}>
                  Remove tier<span className="visually-hidden"> {i + 1}</span>
                </button>
              </div>
            ))}
          {mode === "tiers" && (
            <div className="row">
              <button
                type="button"
                className="small"
                onClick={() => setTiers([...tiers, { hoursBefore: "24", refundPercent: "100" }])}
              >
                Add tier
              </button>
            </div>
          )}
          {problems.CancellationPolicy && <p className="field-error">{problems.CancellationPolicy}</p>}
        </fieldset>
        <div className="row">
          <button type="submit" className="primary" disabled={patch.isPending}>
            {patch.isPending ? "Saving…" : "Save partners and policy"}
          </button>
        </div>
      </form>
    </Card>
  );
}
