/** Inline icons (no icon font, nothing fetched). Decorative: the link text names the page. */
const paths = {
  bookings:
    "M8 2v3M16 2v3M3.5 9h17M5 4.5h14a1.5 1.5 0 0 1 1.5 1.5v13A1.5 1.5 0 0 1 19 20.5H5A1.5 1.5 0 0 1 3.5 19V6A1.5 1.5 0 0 1 5 4.5zM8 13h3M8 16.5h6",
  manifest: "M9 3.5h6v3H9zM7 5H5v15.5h14V5h-2M8.5 13l2.5 2.5 4.5-4.5",
  usage: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  meters: "M4 16a8 8 0 1 1 16 0M12 16l4-5M3 20h18",
  keys: "M15.5 8.5a4 4 0 1 1-8 0 4 4 0 0 1 8 0zM11.5 12.5V22M11.5 17h3M11.5 20h2",
  activities: "M3 12h4l3-8 4 16 3-8h4",
  catalog: "M4 4.5h7v7H4zM13 4.5h7v7h-7zM4 13.5h7v7H4zM13 13.5h7v7h-7z",
  pos: "M4 7h16v10H4zM4 11h16M8 15h3",
  outbox: "M3 6.5h18v11H3zM3 7l9 6 9-6",
  webhooks: "M9 6.5a3 3 0 1 1 4.5 2.6L16 14M6.5 19a3 3 0 1 1 .5-5.9L10 8M17.5 19.5a3 3 0 1 1 0-6H9",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
