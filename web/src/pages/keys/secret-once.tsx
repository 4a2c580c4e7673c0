// The new key's secret, shown exactly once, with where it is bound and how to use it.
import type { Schemas } from "../../api.ts";
import { SecretOnce as Secret } from "../../components/secret-once.tsx";

export function SecretOnce({ created, onDone }: { created: Schemas["CreatedApiKey"]; onDone: () => void }) {
  return (
    <Secret id={created.id} name={created.name} secret={created.secret} what="key" onDone={onDone}>
      {created.group_name ? `Bound to ${created.group_name}. ` : "Bound to no group yet: choose one in the Group column below. "}
      Set it as <code>TOLLGATE_KEY</code> to run the Call Guide's snippets as they are.
    </Secret>
  );
}
