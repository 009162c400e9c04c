"use client";

import { toast } from "sonner";

import { DateInput } from "../../../components/date-input";
import { EmptyState, ErrorState, Loading } from "../../../components/states";
import { downloadCsv } from "../../../lib/download-csv";
import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { useUrlState } from "../../../lib/use-url-state";
import { ScanInput } from "./scan-input";
import { TimeslotManifest } from "./timeslot-manifest";

/** How often the counts follow check-ins made elsewhere (another guide's phone, a scanner key). */
const LIVE_MS = 5_000;

export function ManifestView() {
  const url = useUrlState();
  const date = url.get("date") ?? undefined;
  const utils = trpc.useUtils();
  const day = trpc.console.manifest.day.useQuery({ date }, { refetchInterval: LIVE_MS });
  const checkIn = trpc.console.manifest.checkIn.useMutation({
    onSuccess: (scan) =>
      scan.firstScan
        ? toast.success(`Checked in: ${scan.reference} (${scan.unitId})`)
        : toast.info(`Already checked in: ${scan.reference} (${scan.unitId})`),
    onError: (error) => toast.error(problemMessage(error)),
    onSettled: () => utils.console.manifest.day.invalidate(),
  });
  const noShows = trpc.console.manifest.markNoShows.useMutation({
    onSuccess: (result) => toast.success(`${result.marked} booking${result.marked === 1 ? "" : "s"} marked no-show`),
    onError: (error) => toast.error(problemMessage(error)),
    onSettled: () => utils.console.manifest.day.invalidate(),
  });
  const busy = checkIn.isPending || noShows.isPending;
  const exportCsv = async () => {
    try {
      const file = await utils.console.manifest.csv.fetch({ date });
      downloadCsv(file.filename, file.csv);
    } catch (error) {
      toast.error(problemMessage(error));
    }
  };
  return (
    <div className="stack manifest">
      <section className="card">
        <div className="card-body manifest-tools">
          <ScanInput onScan={(code) => checkIn.mutate({ code })} busy={checkIn.isPending} />
          <label className="field">
            Day
            <DateInput
              value={day.data?.date ?? date ?? ""}
              onCommit={(value) => url.set({ date: value || undefined })}
            />
          </label>
          <div className="row">
            <button type="button" onClick={() => void exportCsv()}>
              Download CSV
            </button>
            <button type="button" onClick={() => window.print()}>
              Print
            </button>
          </div>
        </div>
      </section>
      {day.isPending && <Loading label="Loading the manifest" />}
      {day.error && <ErrorState message={problemMessage(day.error)} onRetry={() => void day.refetch()} />}
      {day.data?.timeslots.length === 0 && <EmptyState title="No timeslots on this day" />}
      {day.data?.timeslots.map((slot) => (
        <TimeslotManifest
          key={slot.id}
          slot={slot}
          busy={busy}
          onCheckIn={(code) => checkIn.mutate({ code })}
          onMarkNoShows={(timeslotId) => noShows.mutate({ timeslotId })}
        />
      ))}
    </div>
  );
}
