// Debounced search box for a static page.
const DELAY_MS = 250;

export function debounce(fn, delay = DELAY_MS) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), delay);
  };
}

async function search(query, { signal } = {}) {
  const url = new URL("/api/search", location.origin);
  url.searchParams.set("q", query.trim());
  const res = await fetch(url, { signal, headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`search failed: ${res.status}`);
  return (await res.json()).results ?? [];
}

class ResultList {
  #root;
  constructor(root) {
    this.#root = root;
  }
  render(items) {
    this.#root.replaceChildren(
      ...items.map(({ title, href }) => {
        const a = Object.assign(document.createElement("a"), { href, textContent: title });
        return a;
      }),
    );
  }
}

let controller;
const list = new ResultList(document.querySelector("#results"));
document.querySelector("#q")?.addEventListener("input", debounce(async (event) => {
  controller?.abort();
  controller = new AbortController();
  try {
    list.render(await search(event.target.value, controller));
  } catch (err) {
    if (err.name !== "AbortError") console.error(err);
  }
}));
