"use client";

import { toast } from "sonner";

import { problemMessage } from "../../../../lib/problem";
import { trpc } from "../../../../lib/trpc";

/** PATCH of some of the activity's fields; the saved activity replaces the cached one. */
export function usePatchActivity(saved: string) {
  const utils = trpc.useUtils();
  return trpc.catalog.patchActivity.useMutation({
    onSuccess: (result) => {
      utils.catalog.activity.setData({ ActivityID: result.data.ActivityID }, result);
      void utils.catalog.activities.invalidate();
      void utils.console.activities.invalidate();
      toast.success(saved);
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
}
