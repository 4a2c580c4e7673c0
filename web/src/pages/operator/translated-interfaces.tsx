// Which other interfaces a group accepts: each call on one is translated to the format of the
// channel that serves it (README: translation matrix). The family's own interfaces need no opt-in.
import type { Schemas } from "../../api.ts";
import { interfaceNames } from "../../format.ts";

type Group = Schemas["Group"];
export type RelayInterface = Group["translated_interfaces"][number];

const relayInterfaces: RelayInterface[] = ["messages", "chat", "responses", "generate-content"];

/** The seed's rule: the interfaces each family serves natively. */
const nativeInterfaces: Record<Group["family"], RelayInterface[]> = {
  A: ["messages"],
  B: ["chat", "responses"],
  C: ["generate-content"],
  domestic: ["chat"],
  compatible: ["chat"],
};

export function TranslatedInterfacesField({ family, value, onChange }: { family: Group["family"]; value: RelayInterface[]; onChange: (next: RelayInterface[]) => void }) {
  const native = nativeInterfaces[family];
  return (
    <fieldset class="checks" aria-label="Translated interfaces">
      <legend>Also accept, translated</legend>
      {relayInterfaces.map((iface) => (
        <label class="check">
          <input
            type="checkbox"
            name={`translate-${iface}`}
            disabled={native.includes(iface)}
            checked={native.includes(iface) || value.includes(iface)}
            onChange={(e) => onChange(e.currentTarget.checked ? relayInterfaces.filter((name) => name === iface || value.includes(name)) : value.filter((name) => name !== iface))}
          />
          <span>
            {interfaceNames[iface]}
            {native.includes(iface) && <span class="muted small"> · native</span>}
          </span>
        </label>
      ))}
      <span class="field-hint block">Lets Claude Code, Codex or Gemini CLI use this group's models: calls are translated to the channel's format, reasoning and tool calls kept.</span>
    </fieldset>
  );
}

/** "Also: Anthropic Messages, Gemini generateContent" for a group card, or nothing. */
export function translatedText(group: Pick<Group, "translated_interfaces">): string | null {
  return group.translated_interfaces.length === 0 ? null : `Translates ${group.translated_interfaces.map((iface) => interfaceNames[iface]).join(", ")}`;
}
