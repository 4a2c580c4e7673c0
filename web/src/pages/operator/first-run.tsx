// The operator's first steps: until an enabled channel exists no model can be called, so every
// operator page opens with what to do first. It checks again when channels change.
import { useEffect } from "preact/hooks";
import { api, ok } from "../../api.ts";
import { useLoad } from "../../components/use-load.ts";

/** Dispatched on `window` by the Channels page after any change. */
export const channelsChanged = "tollgate:channels-changed";

export function FirstRun({ route }: { route: string }) {
  const channels = useLoad(() => ok(api.GET("/api/admin/channels")), [route]);
  useEffect(() => {
    const again = () => void channels.reload();
    addEventListener(channelsChanged, again);
    return () => removeEventListener(channelsChanged, again);
  }, [channels.reload]);
  if (!channels.data || channels.data.data.some((channel) => channel.enabled)) return null;
  const disabled = channels.data.data.length > 0;
  return (
    <aside class="card first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">Start here: {disabled ? "every channel is disabled" : "add a channel"}</h2>
      <p>
        No enabled channel serves any group, so every model in the Marketplace and the Call Guide is marked unavailable and calls are answered 503.
      </p>
      <ol class="steps">
        <li>
          <a href="#/operator/channels">{disabled ? "Enable a channel" : "Add a channel"}</a> with a provider's API key (Anthropic, OpenAI, Gemini, or an OpenAI-compatible
          provider) and choose the groups it serves. Test it from its card.
        </li>
        <li>
          Check the <a href="#/operator/groups">groups</a>' models and prices.
        </li>
        <li>
          <a href="#/operator/organizations">Create an organization</a> with its owner, and top up its balance. The owner then creates keys and follows the Call Guide.
        </li>
      </ol>
    </aside>
  );
}
