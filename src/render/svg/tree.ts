/**
 * A hierarchy from parent → child links, for treemaps and sunbursts: leaves carry the values, an
 * inner node's value is the sum of its children, and the roots are the nodes no link points to.
 * Everything a tree cannot be (a node under two parents, under itself, in a cycle, a leaf without
 * a size) is refused here, naming the link and the nodes, before anything is drawn.
 */
import { invalidInput } from "../../errors.ts";
import { MAX_CHART_VALUE } from "./spec.ts";
import { q } from "./words.ts";

/** One link of a structure card: a flow (sankey) or a parent → child edge (treemap, sunburst). */
export interface Link {
  from: string;
  to: string;
  value?: number;
}

/** A node of the hierarchy: its value is its own (a leaf) or its children's sum. */
export interface TreeNode {
  name: string;
  value: number;
  children: TreeNode[];
  depth: number;
  /** Index of the top-level branch it belongs to (its colour); -1 for the root. */
  branch: number;
  parent?: TreeNode;
}

/** Most nodes a treemap or sunburst draws: a node costs about 350 characters of the result (its rectangle, labels and table row), and 80 stay under the 40,000-character default ceiling with room for long names. */
export const MAX_TREE_NODES = 80;

/** Refuses a link value that is not a finite size a chart can draw, naming the link. */
export function checkLinkValue(value: number | undefined, at: number, kind: string): void {
  if (value === undefined) return;
  if (!Number.isFinite(value)) {
    throw invalidInput(`links[${at}].value`, "is not a finite number", "Give a number");
  }
  if (value < 0) {
    throw invalidInput(
      `links[${at}].value`,
      `a ${kind} cannot hold negative values`,
      "Give sizes of zero or more",
    );
  }
  if (value > MAX_CHART_VALUE) {
    throw invalidInput(
      `links[${at}].value`,
      `${value} is beyond ${MAX_CHART_VALUE}, the largest value a chart draws`,
      "Scale the values (e.g. in billions) and say so in the title",
    );
  }
}

/** A cycle through `start` by parent links, as `"A" → "B" → "A"`. */
function cycleFrom(start: string, parentOf: Map<string, number>, links: readonly Link[]): string {
  const seen: string[] = [];
  let at = start;
  while (!seen.includes(at)) {
    seen.push(at);
    at = links[parentOf.get(at)!].from;
  }
  const loop = seen.slice(seen.indexOf(at)).reverse();
  return [...loop, loop[0]].map((n) => q(n)).join(" → ");
}

/**
 * The hierarchy the links describe. One root is the tree's root; several hang under a root named
 * `title`, so every top-level part gets its own colour either way.
 */
export function buildTree(
  links: readonly Link[],
  title: string,
  kind: string,
): { root: TreeNode; madeUp: boolean } {
  const parentOf = new Map<string, number>();
  const childrenOf = new Map<string, number[]>();
  const order: string[] = [];
  const note = (name: string) => {
    if (!childrenOf.has(name)) (childrenOf.set(name, []), order.push(name));
  };
  links.forEach((link, i) => {
    checkLinkValue(link.value, i, kind);
    if (link.from === link.to) {
      throw invalidInput(
        `links[${i}]`,
        `${q(link.from)} links to itself`,
        "Link each node to its parts, never to itself",
      );
    }
    const before = parentOf.get(link.to);
    if (before !== undefined) {
      const first = links[before].from;
      throw invalidInput(
        `links[${i}].to`,
        first === link.from
          ? `${q(link.to)} is linked from ${q(first)} twice (links[${before}] and links[${i}])`
          : `${q(link.to)} has two parents, ${q(first)} (links[${before}]) and ${q(link.from)}`,
        `Give each node one parent; a ${kind} nests parts, a sankey draws flows that merge`,
      );
    }
    parentOf.set(link.to, i);
    note(link.from);
    note(link.to);
    childrenOf.get(link.from)!.push(i);
  });
  if (order.length > MAX_TREE_NODES) {
    throw invalidInput(
      "links",
      `${order.length} nodes is more than ${MAX_TREE_NODES} for a ${kind}`,
      "Fold the smallest parts into one per parent",
    );
  }
  const roots = order.filter((n) => !parentOf.has(n));
  const reached = new Set<string>();
  const grow = (name: string, depth: number, branch: number, via?: number): TreeNode => {
    reached.add(name);
    const kids = childrenOf.get(name) ?? [];
    const node: TreeNode = { name, value: 0, children: [], depth, branch };
    kids.forEach((i, k) => {
      const child = grow(links[i].to, depth + 1, depth === 0 ? k : branch, i);
      child.parent = node;
      node.children.push(child);
    });
    const given = via === undefined ? undefined : links[via].value;
    if (!kids.length) {
      if (given === undefined) {
        throw invalidInput(
          `links[${via}].value`,
          `${q(name)} is a leaf (a "to" no link starts from) and needs a value`,
          "Give each leaf's size; inner sizes are the sums of their children",
        );
      }
      node.value = given;
    } else {
      node.value = node.children.reduce((s, c) => s + c.value, 0);
      if (given !== undefined && Math.abs(given - node.value) > 1e-9 * Math.max(1, Math.abs(node.value))) {
        throw invalidInput(
          `links[${via}].value`,
          `${given} for ${q(name)}, but its children sum to ${node.value}`,
          "Drop the value of a link to an inner node: its size is the sum of its children",
        );
      }
    }
    return node;
  };
  const tops = roots.map((r, k) => grow(r, 1, k));
  if (reached.size < order.length) {
    const lost = order.find((n) => !reached.has(n))!;
    throw invalidInput(
      "links",
      `the links form a cycle: ${cycleFrom(lost, parentOf, links)}`,
      `A ${kind} is a tree: each node under one parent, none under itself`,
    );
  }
  const root: TreeNode = tops.length === 1
    ? tops[0]
    : { name: title, value: tops.reduce((s, t) => s + t.value, 0), children: tops, depth: 0, branch: -1 };
  if (tops.length === 1) relevel(root, 0, -1);
  else for (const t of tops) t.parent = root;
  if (!(root.value > 0)) {
    throw invalidInput(
      "links",
      `every leaf of the ${kind} is zero`,
      "Give at least one leaf a size above zero",
    );
  }
  return { root, madeUp: tops.length > 1 };
}

/** Depths and branches counted from a single root (its children are the top-level branches). */
function relevel(node: TreeNode, depth: number, branch: number): void {
  node.depth = depth;
  node.branch = branch;
  node.children.forEach((c, k) => relevel(c, depth + 1, depth === 0 ? k : branch));
}

/** The nodes in depth-first order, root first. */
export function walk(root: TreeNode): TreeNode[] {
  const out: TreeNode[] = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return out;
}
