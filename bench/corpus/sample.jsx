import { useMemo, useState } from "react";

export function TodoList({ initial = [] }) {
  const [items, setItems] = useState(initial);
  const [draft, setDraft] = useState("");
  const remaining = useMemo(() => items.filter((i) => !i.done).length, [items]);

  function add(event) {
    event.preventDefault();
    if (!draft.trim()) return;
    setItems([...items, { id: Date.now(), text: draft.trim(), done: false }]);
    setDraft("");
  }

  return (
    <section className="todo">
      <h2>Todo ({remaining} left)</h2>
      <form onSubmit={add}>
        <input value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Next thing" />
        <button type="submit" disabled={!draft}>Add</button>
      </form>
      <ul>
        {items.map((item) => (
          <li key={item.id} className={item.done ? "done" : undefined}>
            <label>
              <input
                type="checkbox"
                checked={item.done}
                onChange={() => setItems(items.map((i) => (i.id === item.id ? { ...i, done: !i.done } : i)))}
              />
              {item.text}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
