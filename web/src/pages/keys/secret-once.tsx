// The new key's secret, shown exactly once, with a copy button and the warning.
import { useEffect, useRef } from "preact/hooks";
import type { Schemas } from "../../api.ts";
import { CopyButton } from "../../components/ui.tsx";

export function SecretOnce({ created, onDone }: { created: Schemas["CreatedApiKey"]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus here so keyboard and screen-reader users meet the secret and its warning first.
  useEffect(() => heading.current?.focus(), [created.id]);
  return (
    <div class="card secret" role="region" aria-labelledby="secret-heading">
      <h2 id="secret-heading" ref={heading} tabIndex={-1}>
        Copy your new key now
      </h2>
      <p class="warn">
        This is the only time the secret of <strong>{created.name}</strong> is shown. Tollgate stores only its hash: if you lose it, revoke the key and create a new one.
      </p>
      <div class="secret-row">
        <code class="secret-value" data-secret>
          {created.secret}
        </code>
        <CopyButton text={created.secret} label="Copy key" class="button-primary" />
      </div>
      <p class="small muted">
        {created.group_name ? `Bound to ${created.group_name}. ` : "Bound to no group yet: choose one in the Group column below. "}
        Set it as <code>TOLLGATE_KEY</code> to run the Call Guide's snippets as they are.
      </p>
      <button type="button" class="button button-small" onClick={onDone}>
        I have stored it
      </button>
    </div>
  );
}
