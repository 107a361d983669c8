/**
 * Sequence diagrams drawn as SVG with a layout of their own (no library needed): one column per
 * participant, spaced so every message label fits between its two lifelines, then one row per
 * message, note, frame label or divider, top to bottom. Each message is a mark the runtime can
 * focus (`data-i` is its row in the text alternative, `data-c` its middle).
 */
import { escape } from "../../html/html.ts";
import { r1 } from "../svg/scale.ts";
import { textWidth } from "../svg/text.ts";
import { FONT, lines, markers, textBlock } from "./graph_svg.ts";
import type { EdgeEnd, SequenceDiagram, SequenceStep } from "./model.ts";

const LINE = 17;
const MARGIN = 10;
const ACTOR_H = 52;
const GAP = 28;
const SELF_W = 34;

type Message = SequenceStep & { kind: "message" };

const widthOf = (text: readonly string[], size = FONT) => Math.max(0, ...text.map((l) => textWidth(l, size)));

/** Centre x of each participant: boxes apart, and every label between the lifelines it spans. */
function columns(d: SequenceDiagram, boxes: number[]): number[] {
  const col = new Map(d.participants.map((p, i) => [p.id, i]));
  const x = [MARGIN + boxes[0] / 2];
  for (let i = 1; i < boxes.length; i++) {
    x.push(x[i - 1] + Math.max(boxes[i - 1] / 2 + boxes[i] / 2 + GAP, 90));
  }
  const need = (a: number, b: number, w: number) => {
    const lack = w - (x[b] - x[a]);
    if (lack > 0) { for (let k = b; k < x.length; k++) x[k] += lack; }
  };
  for (const s of d.steps) {
    if (s.kind === "message") {
      const [a, b] = [col.get(s.from)!, col.get(s.to)!].sort((p, q) => p - q);
      const w = widthOf(lines(s.text, 260), FONT - 1) + 24 + (s.n ? 22 : 0);
      if (a === b) {
        if (a + 1 < x.length) need(a, a + 1, w + SELF_W + 10);
      } else need(a, b, w);
    } else if (s.kind === "note" && s.over.length === 2) {
      const [a, b] = s.over.map((id) => col.get(id)!).sort((p, q) => p - q);
      need(a, b, widthOf(lines(s.text, 260), FONT - 1) - 8);
    } else if (s.kind === "note" && s.side !== "over") {
      const a = col.get(s.over[0])!;
      const w = widthOf(lines(s.text, 200), FONT - 1) + 40 + boxes[a] / 2;
      if (s.side === "right" && a + 1 < x.length) need(a, a + 1, w);
      if (s.side === "left" && a > 0) need(a - 1, a, w);
    }
  }
  return x;
}

/** Draws a sequence diagram; `id` makes its marker ids. */
export function drawSequence(
  d: SequenceDiagram,
  id: (name: string) => string,
): { width: number; height: number; body: string } {
  const col = new Map(d.participants.map((p, i) => [p.id, i]));
  const heads = d.participants.map((p) => lines(p.label, 160));
  const boxes = heads.map((l) => Math.max(widthOf(l) + 24, 60));
  const x = columns(d, boxes);
  const top = d.participants.some((p) => p.actor)
    ? ACTOR_H
    : Math.max(...heads.map((l) => l.length)) * LINE + 16;
  let y = MARGIN + top + 16;
  let rows = "";
  let frames = "";
  let right = x.at(-1)! + boxes.at(-1)! / 2;
  let left = MARGIN;
  const open: {
    y: number;
    frame: string;
    text: string;
    cols: Set<number>;
    dividers: { y: number; text: string }[];
  }[] = [];
  const touch = (...cs: number[]) => open.forEach((f) => cs.forEach((c) => f.cols.add(c)));
  const ends = new Set<EdgeEnd>();
  let row = 0;
  for (const s of d.steps) {
    if (s.kind === "message") {
      const a = col.get(s.from)!;
      const b = col.get(s.to)!;
      touch(a, b);
      const text = lines(s.text, 260);
      const th = text.length * LINE;
      const head: EdgeEnd = s.head === "arrow"
        ? "arrow"
        : s.head === "cross"
        ? "cross"
        : s.head === "async"
        ? "triangle"
        : "none";
      if (head !== "none") ends.add(head);
      const marker = head === "none" ? "" : ` marker-end="url(#${id(head)})"`;
      const ly = y + th / 2;
      y += th + 6;
      let path: string;
      let cx: number;
      let label: string;
      if (a === b) {
        path = `M${r1(x[a])} ${r1(y)}h${SELF_W}v18h-${SELF_W - 1}`;
        cx = x[a] + SELF_W + 6 + widthOf(text, FONT - 1) / 2;
        label = textBlock(text, cx, ly - 4);
        right = Math.max(right, cx + widthOf(text, FONT - 1) / 2 + MARGIN);
        y += 18;
      } else {
        const dir = b > a ? 1 : -1;
        path = `M${r1(x[a])} ${r1(y)}H${r1(x[b] - dir)}`;
        cx = (x[a] + x[b]) / 2;
        label = textBlock(text, cx, ly);
      }
      const badge = s.n
        ? `<circle class="mcc-dg-badge" cx="${r1(x[a])}" cy="${
          r1(y)
        }" r="8"/><text class="mcc-dg-badge-n" x="${r1(x[a])}" y="${r1(y + 4)}">${s.n}</text>`
        : "";
      rows += `<g class="mcc-dg-msg" data-i="${row++}" data-c="${r1(cx)} ${
        r1(y - th / 2)
      }">${label}<path class="mcc-dg-${s.line}"${marker} d="${path}"/>${badge}</g>`;
      y += 18;
    } else if (s.kind === "note") {
      const cs = s.over.map((p) => col.get(p)!).sort((p, q) => p - q);
      touch(...cs);
      const text = lines(s.text, s.over.length > 1 ? 400 : 200);
      const w = widthOf(text, FONT - 1) + 16;
      const h = text.length * LINE + 10;
      let nx: number;
      let nw = w;
      if (s.side === "over") {
        const span = x[cs.at(-1)!] - x[cs[0]];
        nw = Math.max(w, span + 40);
        nx = (x[cs[0]] + x[cs.at(-1)!]) / 2 - nw / 2;
      } else nx = s.side === "right" ? x[cs[0]] + 12 : x[cs[0]] - 12 - w;
      left = Math.min(left, nx - MARGIN);
      right = Math.max(right, nx + nw + MARGIN);
      rows += `<g class="mcc-dg-note" data-i="${row++}" data-c="${r1(nx + nw / 2)} ${
        r1(y + h / 2)
      }"><rect x="${r1(nx)}" y="${r1(y)}" width="${r1(nw)}" height="${h}" rx="2"/>${
        textBlock(text, nx + nw / 2, y + h / 2)
      }</g>`;
      y += h + 12;
    } else if (s.kind === "open") {
      open.push({ y, frame: s.frame, text: s.text, cols: new Set(), dividers: [] });
      y += 26;
    } else if (s.kind === "divide") {
      open.at(-1)?.dividers.push({ y, text: s.text });
      y += 26;
    } else {
      const f = open.pop();
      if (!f) continue;
      const cs = f.cols.size ? [...f.cols] : x.map((_, i) => i);
      const depth = open.length;
      const fl = Math.min(...cs.map((c) => x[c] - boxes[c] / 2)) - 8 + depth * 6;
      const fr = Math.max(...cs.map((c) => x[c] + boxes[c] / 2)) + 8 - depth * 6;
      const label = f.frame === "rect" ? "" : `${f.frame}${f.text ? ` [${f.text}]` : ""}`;
      const tw = textWidth(label, FONT - 1) + 14;
      frames +=
        `<g class="mcc-dg-frame${f.frame === "rect" ? " mcc-dg-rect" : ""}"><rect x="${r1(fl)}" y="${
          r1(f.y)
        }" width="${r1(fr - fl)}" height="${r1(y - f.y + 4)}"/>` +
        (label
          ? `<path d="M${r1(fl)} ${r1(f.y + 20)}h${r1(tw)}l6-6V${r1(f.y)}"/><text x="${r1(fl + 6)}" y="${
            r1(f.y + 15)
          }">${escape(label)}</text>`
          : "") +
        f.dividers.map((dv) =>
          `<path class="mcc-dg-dotted" d="M${r1(fl)} ${r1(dv.y + 4)}H${r1(fr)}"/>` +
          (dv.text
            ? `<text x="${r1((fl + fr) / 2)}" y="${r1(dv.y + 18)}" class="mcc-dg-mid">[${
              escape(dv.text)
            }]</text>`
            : "")
        ).join("") + `</g>`;
      y += 12;
      if (depth) touch(...cs);
    }
  }
  const bottom = y + 6;
  let people = "";
  d.participants.forEach((p, i) => {
    const cx = x[i];
    const line = `<path class="mcc-dg-life" d="M${r1(cx)} ${MARGIN + top}V${r1(bottom)}"/>`;
    if (p.actor) {
      const figure = `<circle cx="${r1(cx)}" cy="${MARGIN + 7}" r="6"/><path d="M${r1(cx)} ${
        MARGIN + 13
      }v11m-9-7h18m-9 7l-7 9m7-9l7 9"/>`;
      people += `<g class="mcc-dg-actor">${figure}${textBlock(heads[i], cx, MARGIN + 44)}</g>${line}`;
    } else {
      people += `<g class="mcc-dg-part"><rect x="${r1(cx - boxes[i] / 2)}" y="${MARGIN}" width="${
        r1(boxes[i])
      }" height="${top}" rx="3"/>${textBlock(heads[i], cx, MARGIN + top / 2)}</g>${line}`;
    }
  });
  const shift = left < 0 ? -left : 0;
  const body = markers(ends, id) + `<g${shift ? ` transform="translate(${r1(shift)} 0)"` : ""}>` +
    `<g class="mcc-dg-people">${people}</g>${frames}<g class="mcc-dg-nodes mcc-dg-seq">${rows}</g></g>`;
  return { width: Math.ceil(right + shift), height: Math.ceil(bottom + MARGIN), body };
}
