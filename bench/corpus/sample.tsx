import { type ReactNode, useEffect, useState } from "react";

interface Props<T> {
  load: () => Promise<T[]>;
  render: (item: T) => ReactNode;
  empty?: string;
}

type State<T> = { status: "loading" } | { status: "ready"; items: T[] } | { status: "failed"; error: string };

export function AsyncList<T extends { id: string }>({ load, render, empty = "Nothing yet" }: Props<T>) {
  const [state, setState] = useState<State<T>>({ status: "loading" });

  useEffect(() => {
    let live = true;
    load()
      .then((items) => live && setState({ status: "ready", items }))
      .catch((e: unknown) => live && setState({ status: "failed", error: String(e) }));
    return () => {
      live = false;
    };
  }, [load]);

  if (state.status === "loading") return <p aria-busy="true">Loading…</p>;
  if (state.status === "failed") return <p role="alert">{state.error}</p>;
  if (state.items.length === 0) return <p>{empty}</p>;
  return (
    <ul className="async-list">
      {state.items.map((item) => <li key={item.id}>{render(item)}</li>)}
    </ul>
  );
}
