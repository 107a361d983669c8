/**
 * What the layout lint (layout_lint_test.ts) paints: every card kind's golden example, then stress
 * inputs written the way a model writes them: long names, many categories, one and 200 points,
 * right-to-left text, empty optional fields, realistic documents and forms. Each case names the
 * kind whose inline height cap it is held to.
 */
import { KINDS } from "./samples.ts";

type Json = Record<string, unknown>;

/** One card to paint: a tool call, or (web_form) a fixture result made in the test. */
export interface LintCase {
  name: string;
  kind: string;
  tool: string;
  args: Json;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const HEBREW = "מחיר ממוצע לחודש";
const ARABIC = "متوسط السعر الشهري";

/** Every card kind's golden example, in registry order. */
export const EXAMPLES: LintCase[] = Object.entries(KINDS).map(([kind, { tool, args }]) => ({
  name: `${kind}/example`,
  kind,
  tool,
  args,
}));

const chart = (name: string, args: Json): LintCase => ({
  name: `chart/${name}`,
  kind: "chart",
  tool: "create_chart_card",
  args: { title: name.replaceAll("-", " "), ...args },
});

/** Charts: the layouts that broke at chat width (issue 21 items 1-3) and the data extremes. */
const CHARTS: LintCase[] = [
  chart("rates-end-labels", {
    type: "line",
    labels: range(24).map((i) => `${2001 + i}`),
    series: [
      { name: "30-year mortgage rate", values: range(24).map((i) => 6 + Math.sin(i / 3) * 1.5) },
      { name: "10-year Treasury yield", values: range(24).map((i) => 3.5 + Math.cos(i / 4)) },
    ],
    yTitle: "Percent",
    valueStyle: "percent",
    digits: 1,
  }),
  chart("area-24-months", {
    type: "area",
    labels: range(24).map((i) => `${["Jan", "Apr", "Jul", "Oct"][i % 4]} ${2023 + Math.floor(i / 4)}`),
    series: [{ name: "Active users", values: range(24).map((i) => 1200 + i * 85 + (i % 3) * 40) }],
    valueStyle: "compact",
  }),
  chart("stacked-long-categories", {
    type: "stacked_bar",
    labels: ["Integrations (API, webhooks, SSO)", "Mobile app", "Data export", "Reporting", "Billing"],
    series: [
      { name: "Requested", values: [42, 31, 18, 25, 9] },
      { name: "Planned", values: [12, 20, 6, 9, 4] },
      { name: "Shipped", values: [5, 8, 11, 3, 2] },
    ],
  }),
  chart("donut-budget", {
    type: "donut",
    labels: ["Rent", "Groceries", "Transport", "Utilities", "Savings", "Eating out", "Other"],
    series: [{ name: "Monthly budget", values: [1450, 520, 180, 160, 600, 240, 150] }],
    valueStyle: "currency",
    digits: 0,
  }),
  chart("many-categories", {
    type: "bar",
    labels: range(40).map((i) => `Region ${i + 1}`),
    series: [{ name: "Sales", values: range(40).map((i) => 100 + ((i * 37) % 90)) }],
  }),
  chart("one-point", { type: "line", labels: ["Today"], series: [{ name: "Reading", values: [42] }] }),
  chart("two-hundred-points", {
    type: "line",
    labels: range(200).map((i) => `Day ${i + 1}`),
    series: [{ name: "Visitors", values: range(200).map((i) => 500 + Math.round(Math.sin(i / 9) * 200)) }],
  }),
  chart("long-names", {
    type: "horizontal_bar",
    labels: [
      "Department of Environmental Protection and Natural Resources",
      "Ministry of Transport",
      "Office of the Chief Information Security Officer",
    ],
    series: [{ name: "Budget requested for the next fiscal year", values: [1.2e9, 8.4e8, 3.1e7] }],
    valueStyle: "compact",
  }),
  chart("right-to-left", {
    type: "bar",
    labels: ["ירושלים", "תל אביב", "حيفا", "الناصرة"],
    series: [{ name: HEBREW, values: [4200, 5100, 3300, 2100] }],
    yTitle: ARABIC,
  }),
  chart("bullet-scorecard", {
    type: "bullet",
    labels: ["Revenue this quarter (thousands of dollars)", "Profit margin", "New customers", "NPS"],
    series: [
      { name: "Actual", values: [270, 22.5, 1650, 41] },
      { name: "Target", values: [250, 27, 2100, null] },
      { name: "Poor", values: [150, 20, 1400, 0] },
      { name: "Fair", values: [225, 25, 2000, 30] },
      { name: "Good", values: [300, 30, 2500, 70] },
    ],
  }),
  chart("bullet-shared-negatives", {
    type: "bullet",
    labels: ["North", "East", "South", "West", "ירושלים"],
    series: [
      { name: "Sales", values: [182000, 120000, -15000, 150000, 1e9] },
      { name: "Quota", values: [160000, 150000, 140000, null, 150000] },
      { name: "Below plan", values: [100000, 100000, 100000, 100000, 100000] },
      { name: "On plan", values: [180000, 170000, 175000, 160000, 170000] },
    ],
    valueStyle: "currency",
    currency: "EUR",
  }),
];

/** Each label sits just under the next gridline: the line crosses it (issue 25's craft review). */
const ON_GRIDLINES = chart("values-over-gridlines", {
  type: "bar",
  labels: ["North", "East", "South", "West"],
  series: [{ name: "Orders", values: [17, 37, 57, 77] }],
});

const cardFile = (dir: string, name: string) =>
  JSON.parse(Deno.readTextFileSync(new URL(`../cards/${dir}/${name}.json`, import.meta.url))) as Json;

/** Issue 25's newest kinds at their widest and tallest: maps fill the card, wide diagrams scroll and say so, bubbles and sunbursts. */
const MAPS_AND_DIAGRAMS: LintCase[] = [
  ...["us_states_diverging", "europe_categories", "world_bubbles_200"].map((name) => ({
    name: `map/${name.replaceAll("_", "-")}`,
    kind: "map",
    tool: "create_map_card",
    args: cardFile("map", name),
  })),
  // bubbles of three groups over negative and positive x; a sunburst three levels deep
  {
    name: "chart/bubble-groups",
    kind: "chart",
    tool: "create_chart_card",
    args: cardFile("chart", "bubble_groups"),
  },
  {
    name: "structure/sunburst-budget",
    kind: "structure",
    tool: "create_structure_card",
    args: cardFile("structure", "sunburst_budget"),
  },
  {
    name: "diagram/wide-flowchart",
    kind: "diagram",
    tool: "create_diagram_card",
    args: cardFile("diagram", "flowchart_lr_shapes"),
  },
];

/** The other kinds, with the inputs issue 21 found awkward and the usual extremes. */
const OTHERS: LintCase[] = [
  {
    name: "tab/long-labels-rtl",
    kind: "tab",
    tool: "create_tab_card",
    args: {
      title: "Deploy to each cloud provider with the same configuration file",
      tabs: [
        { label: "Amazon Web Services (us-east-1)", code: "aws deploy --config app.yaml", language: "bash" },
        { label: "Google Cloud Platform", code: "gcloud deploy app.yaml" },
        { label: "Microsoft Azure", text: "Use the portal, or the CLI:", code: "az webapp up" },
        { label: "עברית", text: `${HEBREW}: 1,200 ₪. ${ARABIC}.` },
        { label: "Self-hosted", text: "Run the container behind your own proxy." },
      ],
    },
  },
  {
    name: "table/prices-missing",
    kind: "table",
    tool: "create_table_card",
    args: {
      title: "Rent by city",
      headers: ["City", "Studio", "1 bedroom", "2 bedrooms", "Notes"],
      rows: range(12).map((i) => [
        `City ${i + 1}`,
        i === 3 ? "—" : `$${(900 + i * 75).toLocaleString("en-US")}`,
        i === 5 ? "n/a" : `$${(1300 + i * 90).toLocaleString("en-US")}`,
        i === 7 ? "" : `$${(1800 + i * 120).toLocaleString("en-US")}`,
        i % 4 ? "" : "Prices from the city's own survey",
      ]),
    },
  },
  {
    name: "table/long-names-rtl",
    kind: "table",
    tool: "create_table_card",
    args: {
      title: "Suppliers",
      headers: ["Supplier", "Contact", "Country", "Lead time (days)"],
      rows: [
        ["International Business Machines Corporation", "procurement@example.com", "United States", "14"],
        ["שופרסל בע״מ", "רכש@example.co.il", "ישראל", "7"],
        ["شركة الاتصالات السعودية", "supply@example.sa", "السعودية", "21"],
        ["Kühne + Nagel", "—", "Switzerland", "n/a"],
      ],
    },
  },
  {
    name: "video/no-caption",
    kind: "video",
    tool: "create_video_card",
    args: { title: "Clip", url: (KINDS.video.args as { url: string }).url },
  },
  {
    name: "animation/long-text-rtl",
    kind: "animation",
    tool: "create_animation_card",
    args: {
      title: "How a pull request is merged",
      scenes: [
        {
          type: "text",
          heading: "Review",
          text:
            "A reviewer reads the change, leaves comments and approves it once every comment is answered. Continuous integration runs the tests on every push, and a required check blocks the merge until it passes.",
        },
        {
          type: "bullets",
          heading: "Merge strategies",
          bullets: [
            "Merge commit: keeps every commit and adds one that joins the branches",
            "Squash: one commit on main with the whole change",
            "Rebase: replays each commit on top of main, one by one",
            `${HEBREW}: ${ARABIC}`,
          ],
        },
        {
          type: "diagram",
          heading: "The path of a change",
          nodes: ["Feature branch", "Pull request", "Continuous integration", "Review", "Main"],
        },
      ],
    },
  },
  {
    name: "reveal/faq",
    kind: "reveal",
    tool: "create_reveal_card",
    args: {
      title: "Frequently asked questions about the new billing system",
      sections: [
        {
          title: "Why was I charged twice this month, and how do I get the second charge refunded?",
          text:
            "The old and new systems overlapped for one cycle. The second charge is refunded automatically within five business days; no action is needed.",
          open: true,
        },
        { title: "Can I change my billing date?", text: "Yes: Settings, Billing, Billing date." },
        { title: "هل يمكنني الدفع بعملة أخرى؟", text: "نعم، من صفحة الفوترة." },
      ],
    },
  },
  {
    name: "list/long-items",
    kind: "list",
    tool: "create_list_card",
    args: {
      title: "Moving house checklist",
      intro: "Eight weeks out to moving day.",
      items: [
        {
          text:
            "Eight weeks before: book the removal company and ask for a written quote that includes insurance for breakages",
          detail: "Get three quotes; the cheapest often leaves out packing materials.",
          children: [
            { text: "Measure large furniture and check it fits through the new doors" },
            { text: "Start using up frozen food", detail: "Freezers travel empty." },
          ],
        },
        { text: "Four weeks before: redirect post and tell the bank, employer and doctor" },
        ...range(10).map((i) => ({ text: `Box ${i + 1}: label it by room on two sides` })),
      ],
    },
  },
  {
    name: "markdown/cheat-sheet",
    kind: "markdown",
    tool: "create_markdown_card",
    args: {
      title: "Git rebase cheat sheet",
      markdown: [
        "## Start",
        "",
        "`git rebase -i main` opens the todo list. Keep merges with `--rebase-merges`.",
        "",
        "## Edit the list",
        "",
        "- `pick` keeps a commit",
        "- `squash` folds it into the previous one",
        "- `drop` removes it",
        "",
        "## Finish",
        "",
        "```",
        "git rebase --continue",
        "git push --force-with-lease",
        "```",
      ].join("\n"),
    },
  },
  {
    name: "markdown/long-document",
    kind: "markdown",
    tool: "create_markdown_card",
    args: {
      title: "Operations handbook",
      markdown: range(9).map((i) =>
        [
          `## Section ${i + 1}: ${
            [
              "Alerts",
              "On call",
              "Deploys",
              "Rollbacks",
              "Backups",
              "Access",
              "Costs",
              "Vendors",
              "Glossary",
            ][i]
          }`,
          "",
          range(3).map((p) =>
            `Paragraph ${
              p + 1
            }. Every alert names its owner and a runbook; pages that do not need a human at night go to the daytime queue instead. Review the thresholds monthly.`
          ).join("\n\n"),
        ].join("\n")
      ).join("\n\n"),
    },
  },
  {
    name: "code_tour/archive-folder",
    kind: "code_tour",
    tool: "create_code_tour_card",
    args: {
      title: "weather-cli",
      files: [
        {
          path: "weather-cli/README.md",
          content: "# weather-cli\n\nRun it:\n\n```\nweather --city Oslo\n```\n",
        },
        { path: "weather-cli/src/main.ts", content: 'import { fetchForecast } from "./api.ts";\n' },
        { path: "weather-cli/src/api.ts", content: "export async function fetchForecast() {}\n" },
        { path: "weather-cli/src/format.ts", content: "export const celsius = (k: number) => k - 273.15;\n" },
        { path: "weather-cli/deno.json", content: '{ "tasks": { "start": "deno run main.ts" } }\n' },
      ],
    },
  },
  {
    name: "form/eight-fields",
    kind: "form",
    tool: "create_form_card",
    args: {
      title: "Plan a weekend trip",
      intro: "A few questions so the plan fits you.",
      promptTemplate:
        "Plan a weekend in {{city}} for {{people}} people. Interests: {{interests}}. Budget: {{budget}}. Pace: {{pace}}. Dates: {{date}}. Dietary needs: {{diet}}. Notes: {{notes}}.",
      fields: [
        { name: "city", label: "City", required: true, placeholder: "Lisbon" },
        { name: "people", label: "People", type: "number", min: 1, max: 12, default: 2 },
        {
          name: "interests",
          label: "Interests",
          type: "checkboxes",
          options: ["Museums", "Food", "Nightlife", "Nature", "Shopping", "Architecture"],
        },
        { name: "budget", label: "Budget", type: "radio", options: ["Low", "Mid-range", "Luxury"] },
        { name: "pace", label: "Pace", type: "select", options: ["Relaxed", "Balanced", "Packed"] },
        { name: "date", label: "Start date", type: "date" },
        {
          name: "diet",
          label: "Dietary needs",
          type: "checkboxes",
          options: ["Vegetarian", "Vegan", "Gluten-free", "Halal", "Kosher"],
          other: "Something else",
        },
        { name: "notes", label: "Notes", type: "textarea", help: "Anything we should know." },
      ],
    },
  },
  {
    name: "form/rtl-empty-optional",
    kind: "form",
    tool: "create_form_card",
    args: {
      title: "טופס הרשמה",
      fields: [
        { name: "name", label: "שם מלא", required: true },
        { name: "email", label: "דוא״ל", type: "email" },
        { name: "agree", label: "אני מסכים לתנאים", type: "checkbox" },
      ],
    },
  },
  {
    name: "prompt_refine/three-questions",
    kind: "prompt_refine",
    tool: "create_prompt_refine_card",
    args: {
      round: 1,
      intro: "Three quick questions before I write the migration plan.",
      questions: [
        {
          name: "scope",
          question: "Which databases are in scope?",
          options: ["Only production", "Production and staging", "Every environment"],
        },
        {
          name: "downtime",
          question: "How much downtime is acceptable?",
          options: ["None", "Under five minutes", "An hour at night", "A weekend window"],
        },
        {
          name: "deliverable",
          question: "What should the plan include?",
          options: ["Step-by-step runbook", "Rollback plan", "Timeline", "Risk table"],
          multiple: true,
        },
      ],
    },
  },
  {
    name: "prompt_gist/no-context",
    kind: "prompt_gist",
    tool: "create_prompt_gist_card",
    args: {},
  },
  {
    name: "efficient_prompt/long",
    kind: "efficient_prompt",
    tool: "create_efficient_prompt_card",
    args: {
      prompt: range(12).map((i) =>
        `${i + 1}. Review module ${
          i + 1
        } for error paths that are caught and dropped; list file, line and the fix.`
      ).join("\n"),
    },
  },
];

/**
 * Mirrored website forms: the test serves these pages from a loopback site and mirrors them with a
 * real client (`args.url` is the page's path there).
 */
export const WEB_PAGES: Record<string, string> = {
  "/login-he":
    `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><title>כניסה לחשבון</title></head><body>
<form id="login" action="/login" method="post">
<label for="u">שם משתמש</label><input id="u" name="user" required>
<label for="p">סיסמה</label><input id="p" name="pass" type="password">
<label><input type="checkbox" name="remember"> זכור אותי במחשב הזה</label>
<button>כניסה</button>
</form></body></html>`,
};

const WEB_FORMS: LintCase[] = [
  { name: "web_form/rtl-password", kind: "web_form", tool: "mirror_web_form", args: { url: "/login-he" } },
];

/** The stress cases, charts first. */
export const STRESS: LintCase[] = [...CHARTS, ON_GRIDLINES, ...OTHERS, ...MAPS_AND_DIAGRAMS, ...WEB_FORMS];
