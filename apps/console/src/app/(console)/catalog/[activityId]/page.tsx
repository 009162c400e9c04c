import type { Metadata } from "next";

import { ActivityEditor } from "./activity-editor";

export const metadata: Metadata = { title: "Activity" };

export default async function ActivityPage({ params }: { params: Promise<{ activityId: string }> }) {
  return <ActivityEditor activityId={(await params).activityId} />;
}
