// Data for a view: loaded when its key changes, with the loading state and the API's error kept where the view
// shows them. Requests a view needs together are made together (Promise.all), one round trip.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";

export type Loaded<T> =
  | { state: "loading"; data?: T; error?: undefined; reload(): void }
  | { state: "ready"; data: T; error?: undefined; reload(): void }
  | { state: "failed"; data?: T; error: unknown; reload(): void };

export function useLoad<T>(load: () => Promise<T>, key: readonly unknown[]): Loaded<T> {
  const [result, setResult] = useState<{ state: "loading" | "ready" | "failed"; data?: T; error?: unknown }>({
    state: "loading",
  });
  const run = useRef(0);
  const latest = useRef(load);
  latest.current = load;
  // A new key starts empty (never another resource's data); a reload keeps what is shown until it answers.
  const start = useCallback((keep = false) => {
    const id = ++run.current;
    setResult((previous) => ({ state: "loading", data: keep ? previous.data : undefined }));
    latest.current().then(
      (data) => id === run.current && setResult({ state: "ready", data }),
      (error) => id === run.current && setResult((previous) => ({ state: "failed", data: previous.data, error })),
    );
  }, key);
  useEffect(() => {
    start();
  }, [start]);
  return { ...result, reload: () => start(true) } as Loaded<T>;
}
