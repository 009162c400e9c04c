"use client";

import { useSearchParams } from "next/navigation";
import { useState, type SyntheticEvent } from "react";

import { problemMessage } from "../../lib/problem";
import { safeNext } from "../../lib/safe-url";
import { trpc } from "../../lib/trpc";

export function SignInForm() {
  const params = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const signIn = trpc.console.session.signIn.useMutation({
    onSuccess: () => window.location.assign(safeNext(params.get("next"))),
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    signIn.mutate({ email, password });
  };
  return (
    <form onSubmit={submit} aria-describedby={signIn.error ? "sign-in-error" : undefined}>
      <div className="brand" style={{ color: "var(--text)", padding: 0 }}>
        <span className="brand-mark" style={{ color: "#fff" }} aria-hidden="true">
          S
        </span>
        Slotwise
      </div>
      <div>
        <h1>Sign in to the console</h1>
        <p className="muted" style={{ margin: "4px 0 0" }}>
          Bookings, usage and availability of your activities.
        </p>
      </div>
      <label className="field">
        E-mail
        <input
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
      </label>
      <label className="field">
        Password
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {signIn.error && (
        <p id="sign-in-error" role="alert" className="field-error" style={{ margin: 0 }}>
          {problemMessage(signIn.error)}
        </p>
      )}
      <button type="submit" className="primary" disabled={signIn.isPending}>
        {signIn.isPending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
