// Recognises a violated database constraint in an error from either driver (node:sqlite or pg), so
// callers can answer "already exists" or "refers to nothing" instead of failing. The handlers check
// first; this is the backstop for races and for checks a handler does not make.
export type ConstraintViolation = { kind: "unique" | "reference" | "check" | "not_null"; column?: string };

const sqliteKinds: [RegExp, ConstraintViolation["kind"]][] = [
  [/^UNIQUE constraint failed: (?:\w+\.)?(\w+)/, "unique"],
  [/^FOREIGN KEY constraint failed/, "reference"],
  [/^CHECK constraint failed: (\w+)?/, "check"],
  [/^NOT NULL constraint failed: (?:\w+\.)?(\w+)/, "not_null"],
];

const postgresKinds: Record<string, ConstraintViolation["kind"]> = { "23505": "unique", "23503": "reference", "23514": "check", "23502": "not_null" };

export function constraintViolation(error: unknown): ConstraintViolation | undefined {
  const { code, message, detail, column } = (error ?? {}) as { code?: string; message?: string; detail?: string; column?: string };
  if (code === "ERR_SQLITE_ERROR" && typeof message === "string") {
    for (const [pattern, kind] of sqliteKinds) {
      const match = pattern.exec(message);
      if (match) return { kind, ...(match[1] ? { column: match[1] } : {}) };
    }
    return undefined;
  }
  const kind = typeof code === "string" ? postgresKinds[code] : undefined;
  if (!kind) return undefined;
  // pg: "Key (name)=(x) already exists." / "Key (group_id)=(x) is not present in table …".
  const named = column ?? /^Key \((\w+)/.exec(detail ?? "")?.[1];
  return { kind, ...(named ? { column: named } : {}) };
}
