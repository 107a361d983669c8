/**
 * CONTRIBUTING.md's recipe for a card kind, followed word for word in a copy of the repository: the
 * code blocks tagged with a path are written as those files, the two edits the recipe asks for
 * (the registry line, the README rows) are made, and the "Prove it" commands are run in order.
 * Every one must pass, and the new kind must come out with its goldens, its template and its
 * numbering across parts. So the recipe names every file and every test a new kind needs, and it
 * cannot fall behind the code.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { dirname, join } from "node:path";
import { CARDS } from "../src/registry.ts";

const ROOT = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/\/$/, "");
const recipe = (() => {
  const text = Deno.readTextFileSync(join(ROOT, "CONTRIBUTING.md"));
  return text.slice(text.indexOf("## Add a card kind"), text.indexOf("## Add a tool that is not a card"));
})();

/** The recipe's code blocks: `{ lang, path, text }`, list indentation taken off. */
function blocks(): { lang: string; path?: string; text: string }[] {
  return [...recipe.matchAll(/^( *)```(\w+)(?: (\S+))?\n([\s\S]*?)^\1```/gm)].map((
    [, indent, lang, path, body],
  ) => ({
    lang,
    path,
    text: body.split("\n").map((line) => line.startsWith(indent) ? line.slice(indent.length) : line).join(
      "\n",
    ),
  }));
}

/** Every file of the repository a clean clone has (tracked, or new and not ignored). */
async function repositoryFiles(): Promise<string[]> {
  const out = await new Deno.Command("git", {
    args: ["ls-files", "--cached", "--others", "--exclude-standard", "-z"],
    cwd: ROOT,
    stdout: "piped",
  }).output();
  if (!out.success) throw new Error("git ls-files failed: the recipe test copies the repository with git");
  return new TextDecoder().decode(out.stdout).split("\0").filter((f) => f && !f.startsWith(".ci/"));
}

async function copyRepository(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "mcc-recipe-" });
  for (const file of await repositoryFiles()) {
    await Deno.mkdir(join(dir, dirname(file)), { recursive: true });
    await Deno.copyFile(join(ROOT, file), join(dir, file)).catch((e) => {
      if (!(e instanceof Deno.errors.NotFound)) throw e; // deleted in the working tree
    });
  }
  return dir;
}

/** Runs one of the recipe's commands in `dir`; the output is shown when it fails. */
async function run(dir: string, command: string): Promise<void> {
  const [program, ...args] = command.split(/\s+/);
  assertEquals(program, "deno", `the recipe's commands are deno commands: ${command}`);
  const out = await new Deno.Command(Deno.execPath(), { args, cwd: dir, stdout: "piped", stderr: "piped" })
    .output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  // deno test puts what failed after " ERRORS "; anything else shows its end.
  const errors = text.lastIndexOf(" ERRORS ");
  const shown = errors >= 0 ? text.slice(errors, errors + 8_000) : text.slice(-6_000);
  assertEquals(out.success, true, `\`${command}\` failed in the recipe's copy:\n${shown}`);
}

Deno.test({
  name: "CONTRIBUTING.md's recipe adds a card kind that passes the tests it names",
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const dir = await copyRepository();
  try {
    const files = blocks().filter((b) => b.path);
    const card = files.find((b) => b.path!.startsWith("src/cards/"))!;
    const kind = /src\/cards\/(\w+)\.ts/.exec(card.path!)![1];
    const binding = /^import (\w+) from "\.\/cards\//m.exec(
      blocks().find((b) => !b.path && b.lang === "ts")!.text,
    )![1];
    const tool = /name: "(\w+)"/.exec(card.text)![1];

    await t.step("write the recipe's files and make its two edits", async () => {
      for (const { path, text } of files) {
        await Deno.mkdir(join(dir, dirname(path!)), { recursive: true });
        await Deno.writeTextFile(join(dir, path!), text);
      }
      // src/registry.ts: the import, and the card last in CARDS.
      const registry = join(dir, "src/registry.ts");
      let source = await Deno.readTextFile(registry);
      source = source.replace(
        /^(import [^\n]+\n)(?!import)/m,
        `$1import ${binding} from "./cards/${kind}.ts";\n`,
      );
      source = source.replace(/(export const CARDS[^=]*= \[\n(?: {2}\w+,\n)+)/, `$1  ${binding},\n`);
      await Deno.writeTextFile(registry, source);
      // README.md: the tool's rows in the Tools table (after the last card) and the Limits table.
      const readme = join(dir, "README.md");
      let text = await Deno.readTextFile(readme);
      const last = CARDS.at(-1)!.name; // the new card comes right after it in tools/list
      text = text.replace(
        new RegExp(`(\\| \`${last}\` +\\|[^\\n]*\\n)`),
        `$1| \`${tool}\` | Dated events in order, numbered; a long timeline splits into parts |\n`,
      );
      const limits = text.indexOf("\n### Limits\n");
      const firstRow = text.indexOf("\n| ---", limits);
      const rowEnd = text.indexOf("\n", firstRow + 1);
      text = `${text.slice(0, rowEnd)}\n| Timeline (\`${tool}\`) | 500 events |${text.slice(rowEnd)}`;
      await Deno.writeTextFile(readme, text);
    });

    const commands = /Prove it[^\n]*\n+```bash\n([\s\S]*?)```/.exec(recipe)![1].trim().split("\n");
    for (const command of commands) {
      await t.step(command, () => run(dir, command));
    }

    await t.step("the kind came out whole: its goldens and its template", async () => {
      const golden = (name: string) => Deno.readTextFile(join(dir, "tests/cards", kind, name));
      assertEquals(
        (await golden("example.html")).includes('<ol class="mcc-timeline"><li><b class="mcc-when">'),
        true,
      );
      assertEquals(
        (await golden("example.txt")).startsWith('Timeline card "Crewed Moon landings": 3 events.'),
        true,
      );
      assertEquals(
        await golden("error_no_events.error.txt"),
        `Input validation error: Invalid arguments for tool ${tool}: events: empty: send at least 1 item\n`,
      );
      const assets = await Deno.readTextFile(join(dir, "src/ui/assets.gen.ts"));
      assertEquals(
        new RegExp(`^  ${kind}: \\{ css: STYLESHEETS\\.base \\+ .*STYLESHEETS\\.${kind}`, "m").test(assets),
        true,
      );
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
