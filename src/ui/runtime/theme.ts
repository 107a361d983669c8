/**
 * Adopts the host's look from its hostContext: the standard style variables (values may use
 * light-dark(), resolved by the color-scheme set here), the theme, the host fonts and touch.
 * Whatever the host leaves out falls back to the stylesheet's own light and dark values, which
 * follow prefers-color-scheme while no theme is set.
 */

/** The parts of hostContext that shape the card's look. */
export interface HostLook {
  theme?: unknown;
  styles?: { variables?: Record<string, unknown>; css?: { fonts?: unknown } };
  deviceCapabilities?: { touch?: unknown };
  safeAreaInsets?: Record<string, unknown>;
  locale?: unknown;
}

/** Keeps the card clear of notches and home bars the host reports (mobile hosts). */
function applySafeArea(insets: Record<string, unknown> = {}): void {
  const style = document.documentElement.style;
  for (const side of ["top", "right", "bottom", "left"]) {
    const px = insets[side];
    if (typeof px === "number" && Number.isFinite(px) && px > 0) {
      style.setProperty(`--mcc-safe-${side}`, `${px}px`);
    } else style.removeProperty(`--mcc-safe-${side}`);
  }
}

const applied = new Set<string>();

function applyVariables(variables: Record<string, unknown> = {}): void {
  const style = document.documentElement.style;
  for (const name of applied) {
    if (typeof variables[name] !== "string") style.removeProperty(name);
  }
  applied.clear();
  for (const [name, value] of Object.entries(variables)) {
    // Colours, fonts and sizes only: a value that could load something (url(), image-set(), an
    // escape spelling either) is dropped, so host styles never make the card fetch.
    if (
      !name.startsWith("--") || typeof value !== "string" || !value ||
      /\\|(url|image|set|src|expression)\s*\(/i.test(value)
    ) continue;
    style.setProperty(name, value);
    applied.add(name);
  }
}

/**
 * The theme goes on <body>, not <html>: a root color-scheme that differs from the embedding page's
 * makes browsers paint an opaque backdrop behind the iframe (white or black corners around the
 * card). light-dark() still resolves, since our variables are substituted where they are used.
 */
function applyTheme(theme: unknown): void {
  const body = document.body;
  if (theme === "light" || theme === "dark") body.dataset.theme = theme; // base.css sets color-scheme from it
  else delete body.dataset.theme;
}

function applyFonts(fonts: unknown): void {
  let sheet = document.getElementById("mcc-host-fonts");
  if (typeof fonts !== "string" || !fonts.trim()) return sheet?.remove();
  if (sheet?.textContent === fonts) return; // unchanged: do not make the browser load it again
  if (!sheet) {
    sheet = document.createElement("style");
    sheet.id = "mcc-host-fonts";
    document.head.append(sheet);
  }
  sheet.textContent = fonts;
}

/** Applies a (merged) host context; call again with the merged context on every change. */
export function applyHostLook(look: HostLook): void {
  applyTheme(look.theme);
  applyVariables(Object(look.styles?.variables)); // Object(): null and numbers from a quirky host hold nothing
  applyFonts(look.styles?.css?.fonts);
  applySafeArea(Object(look.safeAreaInsets));
  document.documentElement.toggleAttribute("data-touch", look.deviceCapabilities?.touch === true);
  // charts reformat their numbers for the host's locale (widgets/chart.ts)
  if (typeof look.locale === "string") document.documentElement.dataset.mccLocale = look.locale;
}
