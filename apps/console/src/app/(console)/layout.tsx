"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { toast } from "sonner";

import { ClientOnly } from "../../components/client-only";
import { Icon, type IconName } from "../../components/icons";
import { SkeletonBlock } from "../../components/states";
import { problemMessage } from "../../lib/problem";
import { trpc } from "../../lib/trpc";

const NAV: { href: string; label: string; icon: IconName }[] = [
  { href: "/bookings", label: "Bookings", icon: "bookings" },
  { href: "/manifest", label: "Manifest", icon: "manifest" },
  { href: "/usage", label: "Usage", icon: "usage" },
  { href: "/meters", label: "Meters", icon: "meters" },
  { href: "/activities", label: "Activities", icon: "activities" },
  { href: "/catalog", label: "Catalogue", icon: "catalog" },
  { href: "/pos", label: "Point of sale", icon: "pos" },
  { href: "/keys", label: "API keys", icon: "keys" },
  { href: "/webhooks", label: "Webhooks", icon: "webhooks" },
  { href: "/outbox", label: "Outbox", icon: "outbox" },
];

export default function ConsoleLayout({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const me = trpc.console.session.me.useQuery(undefined, { staleTime: 60_000 });
  const signOut = trpc.console.session.signOut.useMutation({
    onSuccess: () => window.location.assign("/sign-in"),
    onError: (error) => toast.error(problemMessage(error)),
  });
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            S
          </span>
          Slotwise
        </div>
        <nav className="nav" aria-label="Console">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} aria-current={pathname.startsWith(item.href) ? "page" : undefined}>
              <Icon name={item.icon} />
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="sidebar-foot">
          <ClientOnly fallback={<span className="skeleton" style={{ height: 14, width: 120 }} aria-hidden="true" />}>
            {me.data ? (
              <>
                <span className="who">{me.data.name}</span>
                <span className="org">{me.data.operator.name}</span>
              </>
            ) : (
              <span className="skeleton" style={{ height: 14, width: 120 }} aria-hidden="true" />
            )}
          </ClientOnly>
          <button type="button" className="small" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </button>
        </div>
      </aside>
      <main id="main" className="main">
        <ClientOnly
          fallback={
            <div className="stack" aria-hidden="true">
              <SkeletonBlock height={52} />
              <SkeletonBlock height={480} />
            </div>
          }
        >
          {children}
        </ClientOnly>
      </main>
    </div>
  );
}
