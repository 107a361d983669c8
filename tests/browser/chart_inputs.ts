/**
 * Chart inputs for browser checks: one example per chart kind (a golden case) and stress inputs
 * (long names, right-to-left labels, one point, many categories, 200 points, negative values).
 * The chart layout lint (chart_layout_test.ts) and the screenshots (chart_test.ts) use them; a
 * layout check of every card kind can too.
 */
const dir = new URL("../cards/chart/", import.meta.url);

/** A golden case's arguments. */
export const golden = (name: string): Args => JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, dir)));

export type Args = Record<string, unknown>;

/** The golden case that shows each kind as a user would first meet it. */
export const EXAMPLES: Record<string, string> = {
  bar: "bar_basic",
  horizontal_bar: "horizontal_bar",
  grouped_bar: "grouped_bar",
  stacked_bar: "stacked_bar",
  line: "example",
  area: "area",
  stacked_area: "stacked_area",
  pie: "pie",
  donut: "donut",
  scatter: "scatter_numeric",
  histogram: "histogram",
  funnel: "funnel",
  waterfall: "waterfall",
  heatmap: "heatmap",
  box: "box",
  candlestick: "candlestick",
  bar_line: "bar_line",
  radar: "radar",
  bubble: "bubble",
  bullet: "bullet",
};

/** Most labels a kind takes, where it is below what the stress inputs use (render/svg/kinds.ts). */
const MOST: Record<string, number> = {
  funnel: 30,
  waterfall: 100,
  heatmap: 60,
  candlestick: 100,
  bar_line: 100,
  radar: 12,
  bullet: 30,
};

const LONG = [
  "Integrations (API, webhooks and the SDK)",
  "Mobile app for iOS and Android",
  "Data export and scheduled reports",
  "Single sign-on with SAML and SCIM",
  "Audit log",
];
const RTL = ["ירושלים", "תל אביב-יפו", "חיפה", "القاهرة", "الإسكندرية"];
const SERIES = ["Revenue from enterprise customers", "Revenue from self-serve plans", "Partner revenue"];

/** A wavy series of `n` values, the `k`-th of a chart, shifted down by `low` (negatives). */
const wave = (n: number, k: number, low = 0) =>
  Array.from({ length: n }, (_, i) => Math.round((40 + 25 * Math.sin(i / 3 + k) + 8 * k - low) * 10) / 10);

/** Open, high, low and close of `n` periods whose closes are a wave: every period valid. */
function ohlc(n: number, low: number): Args[] {
  const close = wave(n, 0, low);
  const open = close.map((_, i) => close[Math.max(0, i - 1)] + (i ? 0 : 1));
  const high = close.map((c, i) => Math.max(c, open[i]) + 2);
  const bottom = close.map((c, i) => Math.min(c, open[i]) - 2);
  return [["Open", open], ["High", high], ["Low", bottom], ["Close", close]].map(([name, values]) => ({
    name,
    values,
  }));
}

function chart(type: string, labels: string[], names: string[], low = 0, extra: Args = {}): Args {
  const pie = type === "pie" || type === "donut";
  const waves = (pie ? names.slice(0, 1) : names).map((name, k) => ({
    name,
    values: wave(labels.length, k, pie || type === "stacked_area" ? 0 : low),
  }));
  // a box plot's series are raw values: its groups are the series, named on the axis
  if (type === "box") return { title: `${type} stress`, type, series: waves, ...extra };
  // a bubble chart's series come in pairs: each group's y values, then its sizes (never negative)
  const series = type === "candlestick"
    ? ohlc(labels.length, low)
    : type === "bubble"
    ? waves.flatMap((s, k) => [s, { name: "Deals", values: wave(labels.length, k + 1) }])
    : waves;
  return { title: `${type} stress`, type, labels, series, ...extra };
}

/** Stress inputs for one kind: [case name, arguments]. */
export function stress(type: string): [string, Args][] {
  const pie = type === "pie" || type === "donut";
  const multi = /grouped|stacked|line|area|scatter|box|radar|bubble|bullet/.test(type) && type !== "area";
  const names = multi ? SERIES : SERIES.slice(0, 1);
  const seq = (n: number) =>
    Array.from({ length: n }, (_, i) => `2024-${String(1 + (i % 12)).padStart(2, "0")}-${i + 1}`);
  const cases: [string, Args][] = [
    [
      "long names",
      chart(type, LONG, names, 0, {
        xTitle: "Product area, as filed by the customer",
        yTitle: "Requests per month (all plans)",
      }),
    ],
    ["right-to-left", chart(type, RTL, multi ? ["הכנסות", "مصاريف", "רווח"] : ["הכנסות"])],
    // a radar's fewest: three axes
    ["one point", chart(type, type === "radar" ? ["Only", "Two", "Three"] : ["Only"], names)],
    [
      "many categories",
      chart(
        type,
        pie
          ? LONG.concat(["Other", "Billing", "Search"])
          : Array.from({ length: Math.min(50, MOST[type] ?? 50) }, (_, i) => `Category ${i + 1}`),
        names,
      ),
    ],
  ];
  // one series: 200 horizontal bars, or 200 points of several series, pass the 40,000-character
  // result ceiling (they did before charts were laid out per width too)
  const many = Math.min(type === "horizontal_bar" ? 100 : 200, MOST[type] ?? 200);
  // a bar_line chart needs its bars and a line, a bullet its values and targets
  if (!pie) {
    cases.push([
      `${many} points`,
      chart(type, seq(many), names.slice(0, type === "bar_line" || type === "bullet" ? 2 : 1)),
    ]);
  }
  // counts (funnel stages, a histogram's given bins), stacked areas and radars take no negatives
  if (!pie && !["stacked_area", "funnel", "histogram", "radar"].includes(type)) {
    cases.push(["negative values", chart(type, seq(12), names, 45, { valueStyle: "currency" })]);
  }
  // ISO dates make a time axis (time_axis.ts): 60 weekdays, weekends left as gaps
  if (/^(line|area|stacked_area|bar|grouped_bar|stacked_bar|candlestick|bar_line)$/.test(type)) {
    cases.push(["dates", chart(type, weekdays(60), names)]);
  }
  return cases;
}

/** `n` ISO dates from Monday 2026-01-05, Saturdays and Sundays left out. */
function weekdays(n: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(2026, 0, 5); out.length < n; t += 86_400_000) {
    if (new Date(t).getUTCDay() % 6) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}
