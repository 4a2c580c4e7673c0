import { useState } from "preact/hooks";

/** Runs a user action, keeping its error (with the server's remedy text) to show beside the form. */
export function useAction() {
  const [error, setError] = useState<unknown>(null);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    try {
      setError(null);
      await action();
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    }
  };
  return { error, run };
}
