import { strictEqual as assertEquals } from "node:assert/strict";
import { idMaker } from "../../src/html/ids.ts";
import type { ToolError } from "../../src/errors.ts";
import {
  checkFormFields,
  type FormField,
  rangeStart,
  renderFormFields,
} from "../../src/render/form_fields.ts";

/** Renders with a fixed id maker whose prefix is easy to read in the expectations. */
function render(fields: FormField[]): string {
  let n = 0;
  return renderFormFields(fields, (name) => `c-${name}-${++n}`).value;
}

Deno.test("text-like inputs get a label, attributes and help tied by aria-describedby", async (t) => {
  await t.step("a plain text field", () => {
    assertEquals(
      render([{ name: "topic", label: "Topic" }]),
      `<div class="mcc-field" data-mcc-field="text"><label class="mcc-label" for="c-topic-1">Topic</label><input type="text" id="c-topic-1" name="topic"></div>`,
    );
  });
  await t.step("required, placeholder, default, maxLength and help", () => {
    assertEquals(
      render([{
        name: "email",
        label: "Email",
        type: "email",
        required: true,
        placeholder: "you@example.com",
        default: "a@b.c",
        maxLength: 80,
        help: "We reply here",
      }]),
      `<div class="mcc-field" data-mcc-field="email"><label class="mcc-label" for="c-email-1">Email<span class="mcc-req" aria-hidden="true"> *</span></label><input type="email" id="c-email-1" name="email" required aria-describedby="c-email-1-help" value="a@b.c" placeholder="you@example.com" maxlength="80"><p class="mcc-help" id="c-email-1-help">We reply here</p></div>`,
    );
  });
  await t.step("number and date take bounds; the label defaults to the name", () => {
    assertEquals(
      render([{ name: "n", type: "number", min: 1, max: 9, step: 2, default: 3 }]),
      `<div class="mcc-field" data-mcc-field="number"><label class="mcc-label" for="c-n-1">n</label><input type="number" id="c-n-1" name="n" value="3" min="1" max="9" step="2"></div>`,
    );
    assertEquals(
      render([{ name: "when", type: "date", min: "2024-01-01" }]),
      `<div class="mcc-field" data-mcc-field="date"><label class="mcc-label" for="c-when-1">when</label><input type="date" id="c-when-1" name="when" min="2024-01-01"></div>`,
    );
  });
  await t.step("url and textarea", () => {
    assertEquals(
      render([{ name: "site", type: "url" }, {
        name: "notes",
        type: "textarea",
        default: "a\nb",
        maxLength: 500,
      }]),
      `<div class="mcc-field" data-mcc-field="url"><label class="mcc-label" for="c-site-1">site</label><input type="url" id="c-site-1" name="site"></div>
<div class="mcc-field" data-mcc-field="textarea"><label class="mcc-label" for="c-notes-2">notes</label><textarea id="c-notes-2" name="notes" rows="4" maxlength="500">
a
b</textarea></div>`,
    );
  });
});

Deno.test("choice fields", async (t) => {
  await t.step("select keeps an empty first option and selects the default", () => {
    assertEquals(
      render([{
        name: "tone",
        label: "Tone",
        type: "select",
        options: ["Formal", { value: "casual", label: "Casual" }],
        default: "casual",
      }]),
      `<div class="mcc-field" data-mcc-field="select"><label class="mcc-label" for="c-tone-1">Tone</label><select id="c-tone-1" name="tone"><option value="">Choose…</option><option value="Formal">Formal</option><option value="casual" selected>Casual</option></select></div>`,
    );
  });
  await t.step("a radio group is a fieldset whose radios carry required", () => {
    assertEquals(
      render([{
        name: "size",
        label: "Size",
        type: "radio",
        options: ["S", "M"],
        default: "M",
        required: true,
        help: "Pick one",
      }]),
      `<fieldset class="mcc-field mcc-group" id="c-size-1" data-mcc-field="radio" aria-describedby="c-size-1-help"><legend>Size<span class="mcc-req" aria-hidden="true"> *</span></legend><label class="mcc-choice"><input type="radio" id="c-opt-2" name="size" value="S" required> <span>S</span></label><label class="mcc-choice"><input type="radio" id="c-opt-3" name="size" value="M" checked required> <span>M</span></label><p class="mcc-help" id="c-size-1-help">Pick one</p></fieldset>`,
    );
  });
  await t.step("a required checkbox group says so in words and marks itself for the runtime", () => {
    assertEquals(
      render([{
        name: "langs",
        label: "Languages",
        type: "checkboxes",
        options: ["Go", "Rust", "Zig"],
        default: ["Go", "Zig"],
        required: true,
      }]),
      `<fieldset class="mcc-field mcc-group" id="c-langs-1" data-mcc-field="checkboxes" data-mcc-required><legend>Languages<span class="mcc-req" aria-hidden="true"> *</span><span class="mcc-sr"> (required)</span></legend><label class="mcc-choice"><input type="checkbox" id="c-opt-2" name="langs" value="Go" checked> <span>Go</span></label><label class="mcc-choice"><input type="checkbox" id="c-opt-3" name="langs" value="Rust"> <span>Rust</span></label><label class="mcc-choice"><input type="checkbox" id="c-opt-4" name="langs" value="Zig" checked> <span>Zig</span></label></fieldset>`,
    );
  });
  await t.step("a single checkbox submits yes when ticked", () => {
    assertEquals(
      render([{ name: "ok", label: "Include tests", type: "checkbox", default: true }]),
      `<div class="mcc-field" data-mcc-field="checkbox"><label class="mcc-choice"><input type="checkbox" id="c-ok-1" name="ok" value="yes" checked> <span>Include tests</span></label></div>`,
    );
  });
});

Deno.test("a choice field's Other input shares its name, inside the group", () => {
  assertEquals(
    render([{
      name: "depth",
      label: "How much detail?",
      type: "radio",
      options: ["Overview"],
      other: "Other",
      maxLength: 300,
    }]),
    `<fieldset class="mcc-field mcc-group" id="c-depth-1" data-mcc-field="radio"><legend>How much detail?</legend><label class="mcc-choice"><input type="radio" id="c-opt-2" name="depth" value="Overview"> <span>Overview</span></label><label class="mcc-other">Other<input type="text" id="c-other-3" name="depth" maxlength="300"></label></fieldset>`,
  );
  assertEquals(
    render([{ name: "s", type: "select", options: ["a"], other: "Or type one" }]),
    `<div class="mcc-field" data-mcc-field="select"><label class="mcc-label" for="c-s-1">s</label><select id="c-s-1" name="s"><option value="">Choose…</option><option value="a">a</option></select><label class="mcc-other">Or type one<input type="text" id="c-other-2" name="s"></label></div>`,
  );
});

Deno.test("range shows its value; hidden has no label", () => {
  assertEquals(
    render([{ name: "level", label: "Level", type: "range", min: 1, max: 10 }, {
      name: "src",
      type: "hidden",
      default: "card",
    }]),
    `<div class="mcc-field" data-mcc-field="range"><label class="mcc-label" for="c-level-1">Level</label><div class="mcc-range"><input type="range" id="c-level-1" name="level" min="1" max="10" step="1" value="6"><output for="c-level-1" aria-hidden="true">6</output></div></div>
<input type="hidden" name="src" value="card">`,
  );
});

Deno.test("rangeStart snaps the midpoint to the step and honours a default", () => {
  assertEquals(rangeStart({ name: "r", type: "range" }), 50);
  assertEquals(rangeStart({ name: "r", type: "range", min: 0, max: 10, step: 4 }), 4);
  assertEquals(rangeStart({ name: "r", type: "range", min: 0, max: 10, default: 7 }), 7);
  assertEquals(rangeStart({ name: "r", type: "range", min: 5, max: 5 }), 5);
});

Deno.test("hostile labels, names, options and help are inert text", () => {
  const evil = `"><script>alert(1)</script><img src=x onerror=alert(1)>`;
  const out = render([
    { name: evil, label: evil, help: evil, placeholder: evil, default: evil },
    { name: "c", label: evil, type: "radio", options: [evil, { value: evil, label: evil }] },
  ]);
  assertEquals(out.includes("<script"), false);
  assertEquals(out.includes("<img"), false);
  const tags = new Set([...out.matchAll(/<\/?([a-z]+)/g)].map((m) => m[1]));
  assertEquals([...tags].sort().join(" "), "div fieldset input label legend p span");
  assertEquals(out.includes(`value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;`), true);
  // The id fragment is a slug of the name, never the name itself.
  for (const [, id] of out.matchAll(/ id="([^"]*)"/g)) {
    assertEquals(/^c-[a-z0-9-]+-\d+(-help)?$/.test(id), true);
  }
});

Deno.test("ids come from the card's id maker, so two cards never clash and output is stable", () => {
  const fields: FormField[] = [{ name: "a" }, { name: "a", type: "radio", options: ["x"] }];
  const one = renderFormFields(fields, idMaker("card one")).value;
  assertEquals(one, renderFormFields(fields, idMaker("card one")).value);
  assertEquals(one === renderFormFields(fields, idMaker("card two")).value, false);
  const ids = [...one.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  assertEquals(new Set(ids).size, ids.length);
});

Deno.test("checkFormFields refuses broken forms with the field, the problem and a fix", async (t) => {
  const refusal = (fields: FormField[]) => {
    try {
      checkFormFields(fields);
      return "accepted";
    } catch (e) {
      return (e as ToolError).toText();
    }
  };
  const cases: [string, FormField[], string][] = [
    [
      "a choice field without options",
      [{ name: "a", type: "select" }],
      `Invalid "fields[0].options": a select field needs options\nAdd options, or make "a" a text field`,
    ],
    [
      "a repeated option",
      [{ name: "a", type: "radio", options: ["x", { value: "x", label: "X" }] }],
      `Invalid "fields[0].options": "x" is listed twice\nGive every option of a field a different value`,
    ],
    ["a default outside the options", [{
      name: "a",
      type: "checkboxes",
      options: ["x"],
      default: ["x", "y"],
    }], `Invalid "fields[0].default": "y" is not one of the options\nUse an option's value as the default`],
    [
      "several defaults for a radio",
      [{ name: "a", type: "radio", options: ["x", "y"], default: ["x", "y"] }],
      `Invalid "fields[0].default": a radio field takes one default\nUse checkboxes to allow several`,
    ],
    [
      "options on a text field",
      [{ name: "a", options: ["x"] }],
      `Invalid "fields[0].options": a text field takes no options\nUse select, radio or checkboxes for choices`,
    ],
    [
      "a date that is not one",
      [{ name: "a", type: "date", min: "yesterday" }],
      `Invalid "fields[0].min": "yesterday" is not a date\nWrite dates as YYYY-MM-DD`,
    ],
    [
      "bounds on an email field",
      [{ name: "a", type: "email", max: 3 }],
      `Invalid "fields[0].min": an email field takes no bounds\nUse min and max with number, range or date fields`,
    ],
    [
      "min above max",
      [{ name: "a", type: "number", min: 5, max: 1 }],
      `Invalid "fields[0].max": 1 is below min 5\nSwap min and max`,
    ],
    [
      "a zero step",
      [{ name: "a", type: "range", step: 0 }],
      `Invalid "fields[0].step": must be greater than 0\nLeave step out for whole numbers`,
    ],
    [
      "two text fields sharing a name",
      [{ name: "a" }, { name: "a", type: "textarea" }],
      `Invalid "fields[1].name": "a" is already the name of a text field (fields[0])\nOnly a choice field and one text field (an "Other" answer) may share a name; rename one`,
    ],
    [
      "a number sharing a choice group's name",
      [{ name: "a", type: "radio", options: ["x"] }, { name: "a", type: "number" }],
      `Invalid "fields[1].name": "a" is already the name of a radio field (fields[0])\nOnly a choice field and one text field (an "Other" answer) may share a name; rename one`,
    ],
    [
      "a field sharing an email field's name (an, not a)",
      [{ name: "a", type: "email" }, { name: "a", type: "textarea" }],
      `Invalid "fields[1].name": "a" is already the name of an email field (fields[0])\nOnly a choice field and one text field (an "Other" answer) may share a name; rename one`,
    ],
    [
      "three fields sharing a name",
      [{ name: "a", type: "radio", options: ["x"] }, { name: "a" }, { name: "a" }],
      `Invalid "fields[1].name": "a" is already the name of a radio field (fields[0])\nOnly a choice field and one text field (an "Other" answer) may share a name; rename one`,
    ],
  ];
  for (const [what, fields, expected] of cases) {
    await t.step(what, () => assertEquals(refusal(fields), expected));
  }
  await t.step("a choice group and an Other text field may share a name", () => {
    assertEquals(refusal([{ name: "a", type: "radio", options: ["x"] }, { name: "a" }]), "accepted");
    assertEquals(
      refusal([{ name: "d", type: "date", min: "2024-01-01", default: "2024-02-02" }]),
      "accepted",
    );
  });
});

Deno.test("checkFormFields: a date is the whole of YYYY-MM-DD, checked from both ends; a step is any number above 0", () => {
  const refusal = (field: FormField) => {
    try {
      checkFormFields([field]);
      return "accepted";
    } catch (e) {
      return (e as ToolError).toText();
    }
  };
  const date = (value: string) => refusal({ name: "d", type: "date", default: value });
  assertEquals(date("2024-01-31"), "accepted");
  for (const bad of ["2024-01-31junk", "x2024-01-31", "2024-1-31", "31-01-2024"]) {
    assertEquals(date(bad), `Invalid "fields[0].default": "${bad}" is not a date\nWrite dates as YYYY-MM-DD`);
  }
  const step = (value: number) => refusal({ name: "n", type: "number", step: value });
  assertEquals(step(0.5), "accepted");
  assertEquals(step(1), "accepted");
  for (const bad of [0, -1]) {
    assertEquals(
      step(bad),
      `Invalid "fields[0].step": must be greater than 0\nLeave step out for whole numbers`,
    );
  }
});
