import type { Metadata } from "next";

import { BookingDetail } from "./booking-detail";

export async function generateMetadata({ params }: { params: Promise<{ reference: string }> }): Promise<Metadata> {
  return { title: `Booking ${(await params).reference}` };
}

export default async function BookingPage({ params }: { params: Promise<{ reference: string }> }) {
  return <BookingDetail reference={(await params).reference} />;
}
