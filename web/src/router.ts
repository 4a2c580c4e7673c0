// Hash routes: the server serves one index.html; the page lives after `#`.
import { useEffect, useState } from "preact/hooks";

export function useRoute(): string {
  const [route, setRoute] = useState(location.hash.slice(1) || "/");
  useEffect(() => {
    const onChange = () => setRoute(location.hash.slice(1) || "/");
    addEventListener("hashchange", onChange);
    return () => removeEventListener("hashchange", onChange);
  }, []);
  return route;
}

export const go = (route: string) => {
  location.hash = route;
};
