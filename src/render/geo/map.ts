/**
 * A map card's figure: regions coloured by value (sequential or diverging bins) or by category,
 * pins or bubbles by latitude and longitude, a legend, a note naming every key the map could not
 * place, and a collapsible data table of the exact values. The SVG is an image with a title and a
 * description; each coloured region and pin carries its table row (`data-i`) and its centre
 * (`data-c`), so the runtime adds names, tooltips and arrow-key movement between them without
 * recomputing anything. Regions without data are one path: they cost no attributes.
 */
import { invalidInput } from "../../errors.ts";
import { escape, type Html, raw } from "../../html/html.ts";
import { idMaker } from "../../html/ids.ts";
import { quoteLine } from "../../quote.ts";
import { plural } from "../summary.ts";
import { MAX_CHART_VALUE } from "../svg/spec.ts";
import { formatter, type NumberFormat } from "../svg/format.ts";
import { MAX_SERIES, seriesClass } from "../svg/palette.ts";
import { niceStep, niceTicks } from "../svg/scale.ts";
import { clip } from "../svg/text.ts";
import type { BaseMap, MapName } from "./atlas.ts";
import { resolveKey } from "./regions.ts";

/** Most data rows a map takes (the world has about 250 countries and territories). */
export const MAX_MAP_ROWS = 300;
/** Most pins a map takes; the result ceiling may refuse fewer when their labels are long. */
export const MAX_PINS = 300;
/** Most categories (region colours) or pin groups: one palette colour each. */
export const MAX_GROUPS = MAX_SERIES;

/** Colour steps of a sequential scale (map.css `.mcc-q0` … `.mcc-q6`). */
const SEQ_STEPS = 7;
/** Colour steps on each side of a diverging scale's midpoint (`.mcc-v0` … `.mcc-v7`). */
const DIV_STEPS = 4;
/** Radius of a pin and the largest bubble, and of the dot that stands for a region too small to draw. */
const PIN_R = 4;
const BUBBLE_R = 16;
const SPECK_R = 3;
/** Tallest a map is drawn inline, in CSS px: it fills the card's width up to the width at this height. */
const MAX_HEIGHT = 500;

export interface MapRow {
  key: string;
  value?: number | null;
  category?: string;
}

export interface MapPin {
  lat: number;
  lon: number;
  label: string;
  value?: number;
  group?: string;
}

/** A map as its caller describes it. */
export interface MapSpec {
  title: string;
  map: MapName;
  data?: MapRow[];
  pins?: MapPin[];
  valueName?: string;
  midpoint?: number;
}

const BY_COUNTRY = "countries are matched by ISO 3166 code or name";
const MAP_LABEL: Record<MapName, [string, string, string, string]> = {
  world: ["World map", "country", "countries", BY_COUNTRY],
  europe: ["Map of Europe", "country", "countries", BY_COUNTRY],
  "us-states": [
    "Map of US states",
    "state",
    "states",
    "states are matched by name, postal code or FIPS code",
  ],
};

/** One data row, resolved against the map. */
interface Placed {
  row: MapRow;
  name: string;
  id?: string;
  /** Why the row is not drawn: unknown key, ambiguous, or off this map. */
  missing?: string;
}

/** Bins of a numeric scale, lowest first: each one's colour class, bounds and range label. */
interface Scale {
  classOf: (v: number) => string;
  legend: { cls: string; lo: string; hi: string; label: string }[];
}

/** A bin of the legend: its bounds as written and its range label ("10–20", "-4 to -2"). */
function legendBin(cls: string, lo: string, hi: string) {
  return { cls, lo, hi, label: range(lo, hi) };
}

const q = (text: string) => quoteLine(text, 80);

/** Refuses a value beyond ±MAX_CHART_VALUE, where bins and bubble sizes overflow. */
function checkMagnitude(v: number | null | undefined, field: string): void {
  if (typeof v !== "number" || Math.abs(v) <= MAX_CHART_VALUE) return;
  throw invalidInput(
    field,
    `${v} is beyond ±${MAX_CHART_VALUE}, the largest value a map colours`,
    "Scale the values (e.g. in billions) and say so in valueName",
  );
}

/** Checks what the schema cannot; throws a ToolError naming the field. */
export function checkMap(spec: MapSpec): { format: NumberFormat } {
  const data = spec.data ?? [];
  const pins = spec.pins ?? [];
  if (!data.length && !pins.length) {
    throw invalidInput("data", "give data rows or pins", 'Add data: [{ key: "FR", value: 12 }] or pins');
  }
  // every row like the first: numbers, or category names
  const categorical = data[0]?.category !== undefined;
  data.forEach((r, i) => {
    if (categorical !== (r.category !== undefined)) {
      throw invalidInput(
        `data[${i}].value`,
        categorical
          ? "is a number where data[0].value names a category"
          : "names a category where data[0].value is a number",
        "Give every row a number (null for none), or every row a category name",
      );
    }
  });
  data.forEach((r, i) => checkMagnitude(r.value, `data[${i}].value`));
  pins.forEach((p, i) => checkMagnitude(p.value, `pins[${i}].value`));
  checkMagnitude(spec.midpoint, "midpoint");
  if (categorical && spec.midpoint !== undefined) {
    throw invalidInput("midpoint", "only applies to values, not categories", "Drop midpoint");
  }
  const categories = new Set(data.map((r) => r.category).filter((c) => c !== undefined));
  if (categories.size > MAX_GROUPS) {
    throw invalidInput(
      "data",
      `${categories.size} categories is more than ${MAX_GROUPS}`,
      "Merge categories, or give values instead",
    );
  }
  const groups = new Set(pins.map((p) => p.group ?? ""));
  if (groups.size > MAX_GROUPS) {
    throw invalidInput("pins", `${groups.size} groups is more than ${MAX_GROUPS}`, "Merge pin groups");
  }
  const sized = pins.filter((p) => p.value !== undefined).length;
  if (sized && sized < pins.length) {
    const at = pins.findIndex((p) => p.value === undefined);
    throw invalidInput(
      `pins[${at}]`,
      "has no value where other pins have one",
      "Give every pin a value, or none",
    );
  }
  const negative = pins.findIndex((p) => p.value !== undefined && p.value < 0);
  if (negative >= 0) {
    throw invalidInput(
      `pins[${negative}].value`,
      "a bubble's size cannot be negative",
      "Use values of 0 or more",
    );
  }
  return { format: { locale: "en-US", style: "number" } };
}

/** Resolves every row; refuses two rows that name one region. */
function place(data: readonly MapRow[], base: BaseMap): Placed[] {
  const seen = new Map<string, number>();
  return data.map((row, i) => {
    const r = resolveKey(base.index, row.key);
    if ("unknown" in r) return { row, name: row.key, missing: "unknown" };
    if ("ambiguous" in r) {
      const names = r.ambiguous.map((id) => base.index.names.get(id) ?? id);
      return { row, name: row.key, missing: `ambiguous: ${names.join(" or ")}` };
    }
    const before = seen.get(r.id);
    const name = base.index.names.get(r.id) ?? row.key;
    if (before !== undefined) {
      throw invalidInput(
        `data[${i}].key`,
        `${q(row.key)} and data[${before}].key ${q(data[before].key)} both name ${q(name)}`,
        "Give each region one row",
      );
    }
    seen.set(r.id, i);
    return base.centre(r.id) ? { row, name, id: r.id } : { row, name, missing: "not on this map" };
  });
}

/** A bin's label: "10–20", or "-4% to -2%" where a dash would read as a minus. */
function range(lo: string, hi: string): string {
  return /^[-−]/.test(lo) || /^[-−]/.test(hi) ? `${lo} to ${hi}` : `${lo}–${hi}`;
}

/** Spreads `n` bins over `steps` colour steps, lightest to strongest. */
function step(i: number, n: number, steps: number): number {
  return n <= 1 ? steps - 1 : Math.round(i * (steps - 1) / (n - 1));
}

function sequential(values: number[], f: (v: number, s?: number) => string): Scale {
  let t = niceTicks(Math.min(...values), Math.max(...values), 4);
  if (t.ticks.length - 1 > SEQ_STEPS) t = niceTicks(t.min, t.max, 3);
  const bins = t.ticks.length - 1;
  const at = (v: number) => Math.min(bins - 1, Math.max(0, Math.floor((v - t.min) / t.step + 1e-9)));
  const legend = t.ticks.slice(0, -1).map((lo, i) =>
    legendBin(`mcc-q${step(i, bins, SEQ_STEPS)}`, f(lo, t.step), f(t.ticks[i + 1], t.step))
  );
  return { classOf: (v) => legend[at(v)].cls, legend };
}

function diverging(values: number[], mid: number, f: (v: number, s?: number) => string): Scale {
  const dev = Math.max(...values.map((v) => Math.abs(v - mid))) || 1;
  let s = niceStep(dev / 3);
  while (Math.ceil(dev / s - 1e-9) > DIV_STEPS) s = niceStep(s * 2);
  const k = Math.max(1, Math.ceil(dev / s - 1e-9));
  const bin = (v: number) => Math.min(k - 1, Math.floor(Math.abs(v - mid) / s + 1e-9));
  const cls = (v: number) => {
    const j = step(bin(v), k, DIV_STEPS);
    return v < mid ? `mcc-v${DIV_STEPS - 1 - j}` : `mcc-v${DIV_STEPS + j}`;
  };
  const legend = [];
  for (let j = k - 1; j >= 0; j--) {
    legend.push(
      legendBin(`mcc-v${DIV_STEPS - 1 - step(j, k, DIV_STEPS)}`, f(mid - (j + 1) * s, s), f(mid - j * s, s)),
    );
  }
  for (let j = 0; j < k; j++) {
    legend.push(
      legendBin(`mcc-v${DIV_STEPS + step(j, k, DIV_STEPS)}`, f(mid + j * s, s), f(mid + (j + 1) * s, s)),
    );
  }
  return { classOf: cls, legend };
}

/** A rendered map. */
export interface RenderedMap {
  html: Html;
  summary: string;
}

/** Renders a checked spec on one detail level of its base map. */
export function renderMap(spec: MapSpec, base: BaseMap, format: NumberFormat, coarse: boolean): RenderedMap {
  const data = spec.data ?? [];
  const pins = spec.pins ?? [];
  const fmt = (v: number, s?: number) => formatter(format, s)(v);
  const exact = formatter(format);
  const placed = place(data, base);
  const valueName = spec.valueName ?? (data.some((r) => r.category !== undefined) ? "Category" : "Value");
  const [mapLabel, one, many, matching] = MAP_LABEL[spec.map];
  const categories = [...new Set(data.flatMap((r) => (r.category === undefined ? [] : [r.category])))];
  const numbers = placed.flatMap((p) => (p.id && typeof p.row.value === "number" ? [p.row.value] : []));
  const scale = categories.length || !numbers.length
    ? undefined
    : spec.midpoint !== undefined
    ? diverging(numbers, spec.midpoint, fmt)
    : sequential(numbers, fmt);
  const classOf = (r: MapRow) =>
    r.category !== undefined
      ? seriesClass(categories.indexOf(r.category))
      : typeof r.value === "number" && scale
      ? scale.classOf(r.value)
      : "mcc-none";

  // The regions with data first as their own marks, the rest as one path.
  const coloured = new Set(placed.flatMap((p) => (p.id ? [p.id] : [])));
  let land = "";
  for (const [id, shape] of base.shapes) if (!coloured.has(id)) land += shape.d;
  let regions = "";
  placed.forEach((p, i) => {
    if (!p.id) return;
    const shape = base.shapes.get(p.id);
    const [cx, cy] = shape?.c ?? base.centre(p.id)!;
    const attrs = `class="${classOf(p.row)}${shape ? "" : " mcc-speck"}" data-i="${i}"`;
    regions += shape
      ? `<path ${attrs} data-c="${cx} ${cy}" d="${shape.d}"/>`
      : `<circle ${attrs} cx="${cx}" cy="${cy}" r="${SPECK_R}"/>`;
  });

  const groups = [...new Set(pins.map((p) => p.group ?? ""))];
  const maxValue = Math.max(0, ...pins.map((p) => p.value ?? 0));
  const spots = pins.map((p) => base.project(p.lon, p.lat));
  const offMap = spots.flatMap((at, i) => (at ? [] : [i]));
  // Pins are many and small: a pin's row is its position unless some pins are off the map, and its
  // colour comes from its group only when there are several.
  let pinMarks = "";
  pins.forEach((p, i) => {
    const at = spots[i];
    if (!at) return;
    const r = p.value === undefined
      ? PIN_R
      : Math.max(1.5, Math.round(Math.sqrt(p.value / (maxValue || 1)) * BUBBLE_R * 10) / 10);
    const cls = groups.length > 1 ? ` class="${seriesClass(groups.indexOf(p.group ?? ""))}"` : "";
    const row = offMap.length ? ` data-i="${i}"` : "";
    pinMarks += `<circle${cls}${row} cx="${at[0]}" cy="${at[1]}" r="${r}"/>`;
  });

  const summary = mapSummary(spec, placed, offMap, { mapLabel, one, many, valueName, categories, exact });
  const id = idMaker(
    JSON.stringify([spec.map, spec.title, data.length, pins.length, data[0]?.key, pins[0]?.label]),
  );
  const tid = id("map-title");
  const did = id("map-desc");
  const svg =
    `<svg class="mcc-svg mcc-map-svg" viewBox="0 0 ${base.width} ${base.height}" width="${base.width}" height="${base.height}" style="--mcc-map-w:${
      Math.round(base.width * MAX_HEIGHT / base.height)
    }px" role="img" aria-labelledby="${tid} ${did}">` +
    `<title id="${tid}">${escape(clip(spec.title, 200))}</title><desc id="${did}">${escape(summary)}</desc>` +
    `<path class="mcc-land" d="${land}"/>` +
    (regions ? `<g class="mcc-regions">${regions}</g>` : "") +
    (pinMarks
      ? `<g class="mcc-pins ${seriesClass(0)}${maxValue > 0 ? " mcc-bubbles" : ""}">${pinMarks}</g>`
      : "") +
    `</svg>`;

  const legend = legendHtml(valueName, scale, categories, groups, data.length > 0);
  const notes = missingNote(placed, offMap, pins, matching) +
    (coarse
      ? `<p class="mcc-chart-note">Borders drawn at reduced detail so the card fits its size limit.</p>`
      : "");
  const html = `<figure class="mcc-map mcc-chart" data-mcc-map="${spec.map}">` + legend +
    `<div class="mcc-plot">${svg}</div>` + notes + tables(placed, pins, valueName, exact, one) + `</figure>`;
  return { html: raw(html), summary };
}

function legendHtml(
  valueName: string,
  scale: Scale | undefined,
  categories: string[],
  groups: string[],
  hasData: boolean,
): string {
  const item = (cls: string, label: string) => `<li><span class="mcc-sw ${cls}"></span>${escape(label)}</li>`;
  // bins touch, like a scale: each shows its lower bound under its colour (the last both bounds),
  // and reads and selects as its range
  let items = scale
    ? scale.legend.map((b, i, all) =>
      `<li class="mcc-step ${b.cls}" data-lo="${escape(b.lo)}"${
        i === all.length - 1 ? ` data-hi="${escape(b.hi)}"` : ""
      }><span class="mcc-sr">${escape(b.label)}</span></li>`
    ).join("")
    : categories.map((c, i) => item(seriesClass(i), c)).join("");
  if (hasData) items += item("mcc-none", "No data");
  const pinItems = groups.length > 1
    ? groups.map((g, i) => item(`${seriesClass(i)} mcc-sw-pin`, g || "Other")).join("")
    : "";
  const title = hasData ? `<li class="mcc-legend-title">${escape(clip(valueName, 100))}</li>` : "";
  return items || pinItems ? `<ul class="mcc-legend">${hasData ? title + items : ""}${pinItems}</ul>` : "";
}

function missingNote(placed: Placed[], offMap: number[], pins: MapPin[], matching: string): string {
  const rows = placed.filter((p) => p.missing);
  if (!rows.length && !offMap.length) return "";
  const parts = [
    ...rows.map((p) => `${q(p.row.key)} (${p.missing})`),
    ...offMap.map((i) => `pin ${q(pins[i].label)} (outside this map)`),
  ];
  return `<p class="mcc-chart-note mcc-map-missing">Not on the map: ${
    escape(parts.join(", "))
  }. The data table lists them; ${matching}.</p>`;
}

function tables(
  placed: Placed[],
  pins: MapPin[],
  valueName: string,
  f: (v: number) => string,
  one: string,
): string {
  const th = (cells: string[]) =>
    `<thead><tr>${cells.map((c) => `<th scope="col">${escape(c)}</th>`).join("")}</tr></thead>`;
  // the raw value only where the printed one differs (a 200-row table pays for every attribute)
  const num = (v: number | null | undefined) =>
    typeof v !== "number"
      ? "<td>—</td>"
      : f(v) === String(v)
      ? `<td>${v}</td>`
      : `<td data-v="${v}">${escape(f(v))}</td>`;
  let out = "";
  if (placed.length) {
    const rows = placed.map((p) =>
      `<tr><th scope="row">${escape(p.name)}${
        p.missing ? `<span class="mcc-muted"> (${escape(p.missing)})</span>` : ""
      }</th>` +
      (p.row.category !== undefined ? `<td>${escape(p.row.category)}</td>` : num(p.row.value)) + `</tr>`
    ).join("");
    out += `<table class="mcc-table" data-mcc-rows="regions">${
      th([one[0].toUpperCase() + one.slice(1), valueName])
    }<tbody>${rows}</tbody></table>`;
  }
  if (pins.length) {
    const sized = pins.some((p) => p.value !== undefined);
    const grouped = pins.some((p) => p.group !== undefined);
    const head = [
      "Pin",
      "Latitude",
      "Longitude",
      ...(sized ? [valueName] : []),
      ...(grouped ? ["Group"] : []),
    ];
    const rows = pins.map((p) =>
      `<tr><th scope="row">${escape(p.label)}</th><td>${p.lat}</td><td>${p.lon}</td>` +
      (sized ? num(p.value) : "") + (grouped ? `<td>${escape(p.group ?? "")}</td>` : "") + `</tr>`
    ).join("");
    out += `<table class="mcc-table" data-mcc-rows="pins">${th(head)}<tbody>${rows}</tbody></table>`;
  }
  return `<details class="mcc-data"><summary>Data table</summary><div class="mcc-table-wrap" tabindex="0" role="region" aria-label="Data table">${out}</div></details>`;
}

interface SummaryWords {
  mapLabel: string;
  one: string;
  many: string;
  valueName: string;
  categories: string[];
  exact: (v: number) => string;
}

/** What a reader would conclude: extremes, how many regions have data, what could not be placed. */
export function mapSummary(spec: MapSpec, placed: Placed[], offMap: number[], w: SummaryWords): string {
  const out: string[] = [];
  const drawn = placed.filter((p) => p.id);
  const pins = spec.pins ?? [];
  if (placed.length) {
    const head = `${w.mapLabel}: ${q(w.valueName)} for ${plural(drawn.length, w.one, w.many)}`;
    if (w.categories.length) {
      const counts = w.categories.map((c) => {
        const members = drawn.filter((p) => p.row.category === c);
        const names = members.slice(0, 4).map((p) => q(p.name)).join(", ") +
          (members.length > 4 ? ", …" : "");
        return `${q(c)} ${members.length}${members.length ? ` (${names})` : ""}`;
      });
      out.push(`${head} in ${plural(w.categories.length, "category", "categories")}: ${counts.join("; ")}.`);
    } else {
      const valued = drawn.filter((p) => typeof p.row.value === "number")
        .sort((a, b) => (b.row.value as number) - (a.row.value as number));
      const line = (p: Placed) => `${q(p.name)} ${w.exact(p.row.value as number)}`;
      if (!valued.length) out.push(`${head}, none with a value.`);
      else if (valued.length <= 6) {
        out.push(`${head}, from highest to lowest: ${valued.map(line).join(", ")}.`);
      } else {
        out.push(
          `${head}. Highest: ${valued.slice(0, 3).map(line).join(", ")}. Lowest: ${
            valued.slice(-3).reverse().map(line).join(", ")
          }.`,
        );
      }
      const empty = drawn.length - valued.length;
      if (empty) out.push(`${plural(empty, w.one, w.many)} with no value.`);
    }
    const missing = placed.filter((p) => p.missing);
    if (missing.length) {
      const listed = missing.slice(0, 10).map((p) => `${q(p.row.key)} (${p.missing})`).join(", ");
      out.push(
        `Not on the map: ${plural(missing.length, "key", "keys")}: ${listed}${
          missing.length > 10 ? `, and ${missing.length - 10} more` : ""
        }.`,
      );
    }
  }
  if (pins.length) {
    const shown = pins.length - offMap.length;
    let line = `${plural(pins.length, "pin", "pins")}${offMap.length ? ` (${shown} on the map)` : ""}`;
    const groups = [...new Set(pins.map((p) => p.group).filter((g) => g !== undefined))];
    if (groups.length) {
      line += ` in ${plural(groups.length, "group", "groups")}: ${
        groups.map((g) => `${q(g)} ${pins.filter((p) => p.group === g).length}`).join(", ")
      }`;
    }
    const sized = pins.filter((p) => p.value !== undefined).sort((a, b) => b.value! - a.value!);
    if (sized.length) {
      line += `; largest ${q(sized[0].label)} ${w.exact(sized[0].value!)}, smallest ${
        q(sized.at(-1)!.label)
      } ${w.exact(sized.at(-1)!.value!)}`;
    }
    out.push(line + ".");
    if (offMap.length) {
      out.push(
        `Outside this map: ${offMap.slice(0, 10).map((i) => q(pins[i].label)).join(", ")}${
          offMap.length > 10 ? ", …" : ""
        }.`,
      );
    }
  }
  return out.join(" ");
}
