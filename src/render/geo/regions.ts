/**
 * Which region a data key means. Countries are matched by ISO 3166-1 alpha-2, alpha-3 or numeric
 * code, or by name in any of its common forms (i18n-iso-countries' English names and aliases, the
 * atlas's own short names, and a few everyday names of our own); US states by name, postal code
 * or FIPS code. Keys are compared folded: case, accents, punctuation and a leading "the" do not
 * matter, so "Côte d'Ivoire", "Cote d'Ivoire" and "ivory coast" are one key. A folded name that
 * two regions share ("Congo") is ambiguous and never guessed.
 *
 * Region ids are the atlases' own: the ISO numeric code for countries (world-atlas), the FIPS code
 * for states (us-atlas), and `n:<name>` for the few atlas shapes that have no ISO code.
 */

/** A key index: folded key to region id; folded keys that name several regions to their ids. */
export interface KeyIndex {
  ids: Map<string, string>;
  ambiguous: Map<string, string[]>;
  /** Region id to the name a reader sees. */
  names: Map<string, string>;
}

/** Folds a key for comparison: case, accents, punctuation, "&" and a leading "the" do not count. */
export function foldKey(key: string): string {
  return key.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/&/g, " and ")
    .replace(/['’`.()]/g, "").replace(/[^\p{L}\p{N}]+/gu, " ").trim().replace(/^the /, "")
    .replace(/^st /, "saint ");
}

class IndexBuilder {
  readonly ids = new Map<string, string>();
  readonly ambiguous = new Map<string, string[]>();
  readonly names = new Map<string, string>();

  add(key: string, id: string): void {
    const k = foldKey(key);
    if (!k) return;
    const seen = this.ambiguous.get(k);
    if (seen) {
      if (!seen.includes(id)) seen.push(id);
      return;
    }
    const was = this.ids.get(k);
    if (was === undefined || was === id) return void this.ids.set(k, id);
    this.ids.delete(k);
    this.ambiguous.set(k, [was, id]);
  }

  build(): KeyIndex {
    return { ids: this.ids, ambiguous: this.ambiguous, names: this.names };
  }
}

/** Everyday names i18n-iso-countries lacks (alpha-2 code -> names). */
const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  AE: ["UAE"],
  BA: ["Bosnia"],
  BN: ["Brunei"],
  CD: ["DRC", "DR Congo", "Congo-Kinshasa", "Congo Kinshasa", "Dem. Rep. Congo"],
  CG: ["Congo-Brazzaville", "Congo Brazzaville", "Republic of Congo"],
  CV: ["Cabo Verde"],
  FK: ["Falklands"],
  FM: ["Micronesia"],
  GB: ["Britain"],
  LA: ["Laos"],
  MD: ["Moldova"],
  MK: ["Macedonia"],
  MM: ["Burma"],
  MO: ["Macau"],
  NL: ["Holland"],
  SY: ["Syria"],
  SZ: ["Swaziland"],
  TL: ["East Timor"],
  VA: ["Vatican", "Vatican City"],
  XK: ["XKX", "RKS"],
};

/** The name shown for a country whose first English name reads badly as a label. */
const COUNTRY_LABELS: Readonly<Record<string, string>> = {
  US: "United States",
  CI: "Côte d'Ivoire",
  MK: "North Macedonia",
  GM: "The Gambia",
  CD: "DR Congo",
  CG: "Congo",
  LA: "Laos",
  SY: "Syria",
  BN: "Brunei",
  VA: "Vatican City",
  IR: "Iran",
  TZ: "Tanzania",
  PS: "Palestine",
  RU: "Russia",
};

/** "Moldova, Republic of" -> "Moldova"; "Falkland Islands (Malvinas)" -> "Falkland Islands". */
function shortName(name: string): string {
  return name.replace(/\s*\(.*\)$/, "").replace(/,.*$/, "");
}

type Codes = readonly (readonly string[])[];
type Names = { countries: Record<string, string | string[]> };

/**
 * The country index, from ISO codes and names plus the atlas's own shapes: each shape's id (the ISO
 * numeric code, missing for a few) and name. A shape without an id gets the one its name resolves
 * to (Kosovo), else `n:<name>`; `shapeIds` lists them in the atlas's order.
 */
export function countryIndex(
  codes: Codes,
  english: Names,
  atlas: readonly (readonly [string | undefined, string])[],
): KeyIndex & { shapeIds: string[] } {
  const b = new IndexBuilder();
  for (const [alpha2, alpha3, numeric] of codes) {
    b.add(alpha2, numeric);
    b.add(alpha3, numeric);
    b.add(numeric, numeric);
    const names = [english.countries[alpha2] ?? []].flat();
    for (const name of [...names, ...(COUNTRY_ALIASES[alpha2] ?? [])]) {
      b.add(name, numeric);
      b.add(shortName(name), numeric);
    }
    const label = COUNTRY_LABELS[alpha2] ?? shortName(names[0] ?? alpha2);
    b.names.set(numeric, label);
  }
  const shapeIds = atlas.map(([id, name]) => id ?? b.ids.get(foldKey(name)) ?? `n:${name}`);
  atlas.forEach(([, name], i) => {
    b.add(name, shapeIds[i]);
    if (!b.names.has(shapeIds[i])) b.names.set(shapeIds[i], name);
  });
  b.add("Northern Cyprus", "n:N. Cyprus");
  return { ...b.build(), shapeIds };
}

/** US states, DC and territories: FIPS code, postal code, name. */
const STATES: readonly (readonly [string, string, string])[] = [
  ["01", "AL", "Alabama"],
  ["02", "AK", "Alaska"],
  ["04", "AZ", "Arizona"],
  ["05", "AR", "Arkansas"],
  ["06", "CA", "California"],
  ["08", "CO", "Colorado"],
  ["09", "CT", "Connecticut"],
  ["10", "DE", "Delaware"],
  ["11", "DC", "District of Columbia"],
  ["12", "FL", "Florida"],
  ["13", "GA", "Georgia"],
  ["15", "HI", "Hawaii"],
  ["16", "ID", "Idaho"],
  ["17", "IL", "Illinois"],
  ["18", "IN", "Indiana"],
  ["19", "IA", "Iowa"],
  ["20", "KS", "Kansas"],
  ["21", "KY", "Kentucky"],
  ["22", "LA", "Louisiana"],
  ["23", "ME", "Maine"],
  ["24", "MD", "Maryland"],
  ["25", "MA", "Massachusetts"],
  ["26", "MI", "Michigan"],
  ["27", "MN", "Minnesota"],
  ["28", "MS", "Mississippi"],
  ["29", "MO", "Missouri"],
  ["30", "MT", "Montana"],
  ["31", "NE", "Nebraska"],
  ["32", "NV", "Nevada"],
  ["33", "NH", "New Hampshire"],
  ["34", "NJ", "New Jersey"],
  ["35", "NM", "New Mexico"],
  ["36", "NY", "New York"],
  ["37", "NC", "North Carolina"],
  ["38", "ND", "North Dakota"],
  ["39", "OH", "Ohio"],
  ["40", "OK", "Oklahoma"],
  ["41", "OR", "Oregon"],
  ["42", "PA", "Pennsylvania"],
  ["44", "RI", "Rhode Island"],
  ["45", "SC", "South Carolina"],
  ["46", "SD", "South Dakota"],
  ["47", "TN", "Tennessee"],
  ["48", "TX", "Texas"],
  ["49", "UT", "Utah"],
  ["50", "VT", "Vermont"],
  ["51", "VA", "Virginia"],
  ["53", "WA", "Washington"],
  ["54", "WV", "West Virginia"],
  ["55", "WI", "Wisconsin"],
  ["56", "WY", "Wyoming"],
  ["60", "AS", "American Samoa"],
  ["66", "GU", "Guam"],
  ["69", "MP", "Northern Mariana Islands"],
  ["72", "PR", "Puerto Rico"],
  ["78", "VI", "US Virgin Islands"],
];

let states: KeyIndex | undefined;

/** The US state index: names, postal codes, FIPS codes (with or without the leading zero). */
export function stateIndex(): KeyIndex {
  if (states) return states;
  const b = new IndexBuilder();
  for (const [fips, postal, name] of STATES) {
    for (const key of [fips, String(Number(fips)), postal, name]) b.add(key, fips);
    b.names.set(fips, name);
  }
  for (const alias of ["Washington DC", "Washington, D.C.", "D.C."]) b.add(alias, "11");
  b.add("United States Virgin Islands", "78");
  b.add("Commonwealth of the Northern Mariana Islands", "69");
  return (states = b.build());
}

/** What a key resolved to: a region id, or why it did not. */
export type Resolved = { id: string } | { unknown: true } | { ambiguous: string[] };

/** Resolves one data key; numeric country codes may drop their leading zeros ("4" is "004"). */
export function resolveKey(index: KeyIndex, key: string): Resolved {
  let k = foldKey(key);
  if (/^\d{1,2}$/.test(k) && !index.ids.has(k)) k = k.padStart(3, "0");
  const id = index.ids.get(k);
  if (id !== undefined) return { id };
  const several = index.ambiguous.get(k);
  return several ? { ambiguous: several } : { unknown: true };
}
