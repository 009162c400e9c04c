"use client";

import { toast } from "sonner";

import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";

/**
 * Takes an activity off sale (partners no longer see it; its bookings stay valid) or puts it
 * back: both are `Active` on the activity, so one click either way loses nothing.
 */
export function ArchiveButton({ activityId, name, active }: { activityId: string; name: string; active: boolean }) {
  const utils = trpc.useUtils();
  const patch = trpc.catalog.patchActivity.useMutation({
    onSuccess: (result) => {
      void utils.catalog.invalidate();
      void utils.console.activities.invalidate();
      toast.success(result.data.Active ? `${name} is on sale again` : `${name} is archived: partners no longer see it`);
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  return (
    <button
      type="button"
      className="small"
      disabled={patch.isPending}
      onClick={() => patch.mutate({ ActivityID: activityId, Active: !active })}
    >
      {active ? "Archive" : "Unarchive"}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
