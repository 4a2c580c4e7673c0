// A new secret (an API key's or an automation token's), shown exactly once, with a copy button,
// the warning, and what to do with it (`children`).
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { CopyButton } from "./ui.tsx";

export function SecretOnce(props: { id: string; name: string; secret: string; what: "key" | "token" | "signing secret"; onDone: () => void; children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus here so keyboard and screen-reader users meet the secret and its warning first.
  useEffect(() => heading.current?.focus(), [props.id]);
  return (
    <div class="card secret" role="region" aria-labelledby="secret-heading">
      <h2 id="secret-heading" ref={heading} tabIndex={-1}>
        Copy your new {props.what} now
      </h2>
      <p class="warn">
        This is the only time the secret of <strong>{props.name}</strong> is shown.{" "}
        {props.what === "signing secret"
          ? "If you lose it, make a new signing secret (the old one stops verifying at once)."
          : `Tollgate stores only its hash: if you lose it, revoke the ${props.what} and create a new one.`}
      </p>
      <div class="secret-row">
        <code class="secret-value" data-secret>
          {props.secret}
        </code>
        <CopyButton text={props.secret} label={`Copy ${props.what}`} class="button-primary" />
      </div>
      <p class="small muted">{props.children}</p>
      <button type="button" class="button button-small" onClick={props.onDone}>
        I have stored it
      </button>
    </div>
  );
}
