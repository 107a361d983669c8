/**
 * Base maps drawn from the TopoJSON that world-atlas (Natural Earth 1:50m countries) and us-atlas
 * (US Census states) ship: projected with d3-geo (Equal Earth for the world, an azimuthal
 * equal-area view of Europe, Albers USA for the states), simplified with topojson-simplify so
 * shared borders stay shared, and written as compact SVG paths in whole viewBox pixels (relative
 * moves, implicit repeats, rings under a pixel dropped), because the geometry travels in every
 * map card's result. The packages and the atlas JSON load on first use, so start-up never pays
 * for them; each map and detail level is projected once per process.
 */
// @ts-types="@types/d3-geo"
import type * as D3Geo from "d3-geo";
// @ts-types="@types/topojson-client"
import type * as TopoClient from "topojson-client";
// @ts-types="@types/topojson-simplify"
import type * as TopoSimplify from "topojson-simplify";
import { countryIndex, type KeyIndex, stateIndex } from "./regions.ts";

/** The base maps a card can draw. */
export const MAP_NAMES = ["world", "europe", "us-states"] as const;
export type MapName = typeof MAP_NAMES[number];

/** Width of every map's viewBox, in pixels (the card scales it down on narrow screens). */
export const MAP_WIDTH = 640;

/**
 * Detail levels, finest first: the smallest triangle (in square pixels) a border point keeps. The
 * card draws at the finest level whose result fits under the result ceiling.
 */
export const DETAIL_LEVELS = [2, 4, 8, 16] as const;

/** Simplification weight (square degrees) of the copy the frame is fitted to. */
const FIT_WEIGHT = 0.1;

/** Rings smaller than this (square pixels) are not drawn: a speck no reader can see or point at. */
const MIN_RING_AREA = 1;

/** One region's drawing. */
export interface Shape {
  d: string;
  /** Centre of its largest ring (where the tooltip points and arrow keys measure from). */
  c: readonly [number, number];
}

/** A base map at one detail level. */
export interface BaseMap {
  width: number;
  height: number;
  /** Drawn regions by id; a region too small to draw is missing (see {@link BaseMap.centre}). */
  shapes: ReadonlyMap<string, Shape>;
  index: KeyIndex;
  project: (lon: number, lat: number) => readonly [number, number] | undefined;
  /** Where a region is, drawn or not (a speck of an island still gets a dot there); undefined off the map. */
  centre: (id: string) => readonly [number, number] | undefined;
}

type Topology = Parameters<typeof TopoClient.feature>[0];
type Feature = { id?: string | number; properties: { name: string }; geometry: unknown };

interface Loaded {
  geo: typeof D3Geo;
  client: typeof TopoClient;
  simplify: typeof TopoSimplify;
  topology: Topology;
  /** The topology with each point's simplification weight (topojson-simplify's presimplify). */
  pre: Topology;
  object: string;
  /** The atlas shapes this map draws (the world leaves Antarctica out), by index, and their region ids. */
  kept: number[];
  ids: string[];
  index: KeyIndex;
  projection: D3Geo.GeoProjection;
  width: number;
  height: number;
}

const loaded = new Map<MapName, Promise<Loaded>>();
const drawn = new Map<string, Promise<BaseMap>>();

/** Antarctica: left off the world map (it would take a fifth of it), as world maps of data do. */
const ANTARCTICA = "010";

/**
 * The view of Europe: these points are fitted into the frame (parallels bow south at the central
 * meridian, so 34°N there), and what lies outside is clipped.
 */
const EUROPE_CORNERS = [[-11, 35], [36, 35], [-11, 70], [36, 70], [-22, 64], [10, 34]];
const EUROPE_HEIGHT = 440;

async function load(name: MapName): Promise<Loaded> {
  const [geo, client, simplify] = await Promise.all([
    import("d3-geo") as Promise<typeof D3Geo>,
    import("topojson-client") as Promise<typeof TopoClient>,
    import("topojson-simplify") as Promise<typeof TopoSimplify>,
  ]);
  let topology: Topology;
  let object: string;
  let index: KeyIndex;
  let ids: string[];
  if (name === "us-states") {
    topology = (await import("us-atlas/states-10m.json", { with: { type: "json" } }))
      .default as unknown as Topology;
    object = "states";
    index = stateIndex();
    ids = geometries(topology, object).map((g) => String(g.id));
  } else {
    const [atlas, codes, english] = await Promise.all([
      import("world-atlas/countries-50m.json", { with: { type: "json" } }),
      import("i18n-iso-countries/codes.json", { with: { type: "json" } }),
      import("i18n-iso-countries/langs/en.json", { with: { type: "json" } }),
    ]);
    topology = atlas.default as unknown as Topology;
    object = "countries";
    const shapes = geometries(topology, object).map((g) =>
      [g.id === undefined ? undefined : String(g.id), g.properties.name] as const
    );
    const countries = countryIndex(codes.default, english.default, shapes);
    index = countries;
    ids = countries.shapeIds;
  }
  const kept = ids.flatMap((id, i) => name === "world" && id === ANTARCTICA ? [] : [i]);
  // weights for every detail level, computed once; the frame is fitted to a coarse copy (fitting the
  // full atlas projects every point of it, for a sub-pixel difference)
  const pre = simplify.presimplify(topology as never) as unknown as Topology;
  const coarse = simplify.simplify(pre as never, FIT_WEIGHT) as unknown as Topology;
  const outline =
    (client.feature(coarse, coarse.objects[object]) as unknown as { features: Feature[] }).features;
  const collection = {
    type: "FeatureCollection",
    features: kept.map((i) => outline[i]),
  } as unknown as D3Geo.ExtendedFeatureCollection;
  let projection: D3Geo.GeoProjection;
  let height: number;
  if (name === "europe") {
    projection = geo.geoAzimuthalEqualArea().rotate([-10, -52]).fitSize([MAP_WIDTH, EUROPE_HEIGHT], {
      type: "MultiPoint",
      coordinates: EUROPE_CORNERS,
    }).clipExtent([[0, 0], [MAP_WIDTH, EUROPE_HEIGHT]]);
    height = EUROPE_HEIGHT;
  } else {
    projection = (name === "world" ? geo.geoEqualEarth() : geo.geoAlbersUsa() as D3Geo.GeoProjection)
      .fitWidth(MAP_WIDTH, collection);
    const [[, y0], [, y1]] = geo.geoPath(projection).bounds(collection);
    projection.translate([projection.translate()[0], projection.translate()[1] - y0]);
    height = Math.ceil(y1 - y0);
  }
  return {
    geo,
    client,
    simplify,
    topology,
    pre,
    object,
    kept,
    ids: kept.map((i) => ids[i]),
    index,
    projection,
    width: MAP_WIDTH,
    height,
  };
}

function geometries(
  topology: Topology,
  object: string,
): { id?: string | number; properties: { name: string } }[] {
  return (topology.objects[object] as unknown as {
    geometries: { id?: string; properties: { name: string } }[];
  })
    .geometries;
}

/** Collects the rings d3-geo draws and writes them as one compact path. */
class PathWriter {
  private rings: [number, number][][] = [];
  private ring: [number, number][] = [];

  moveTo(x: number, y: number): void {
    this.ring = [[x, y]];
    this.rings.push(this.ring);
  }
  lineTo(x: number, y: number): void {
    this.ring.push([x, y]);
  }
  closePath(): void {}
  arc(): void {}

  /** The path of the rings drawn since the last take, and the centre of the largest. */
  take(): Shape | undefined {
    let d = "";
    let best = 0;
    let c: readonly [number, number] = [0, 0];
    for (const ring of this.rings) {
      const points = wholePixels(ring);
      const [area, cx, cy] = ringArea(points);
      if (Math.abs(area) < MIN_RING_AREA) continue;
      d += pathOfRing(points);
      if (Math.abs(area) > best) [best, c] = [Math.abs(area), [Math.round(cx), Math.round(cy)]];
    }
    this.rings = [];
    return d ? { d, c } : undefined;
  }
}

/** A ring in whole pixels without repeated points. */
function wholePixels(ring: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [x, y] of ring) {
    const p: [number, number] = [Math.round(x), Math.round(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  if (out.length > 1 && out[0][0] === out[out.length - 1][0] && out[0][1] === out[out.length - 1][1]) {
    out.pop();
  }
  return out;
}

/** Signed area and centroid of a closed ring (shoelace). */
function ringArea(points: readonly [number, number][]): [number, number, number] {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[(i + 1) % points.length];
    const k = x0 * y1 - x1 * y0;
    a += k;
    cx += (x0 + x1) * k;
    cy += (y0 + y1) * k;
  }
  return a === 0 ? [0, 0, 0] : [a / 2, cx / (3 * a), cy / (3 * a)];
}

/** `M x y l dx dy dx dy ... z`: relative moves repeat without the letter, a minus sign is a separator. */
function pathOfRing(points: readonly [number, number][]): string {
  let [px, py] = points[0];
  let d = `M${px}${sep(py)}l`;
  for (let i = 1; i < points.length; i++) {
    const [x, y] = points[i];
    d += (i === 1 ? String(x - px) : sep(x - px)) + sep(y - py);
    [px, py] = [x, y];
  }
  return d + "z";
}

function sep(n: number): string {
  return n < 0 ? String(n) : " " + n;
}

async function draw(name: MapName, level: number): Promise<BaseMap> {
  let pending = loaded.get(name);
  if (!pending) loaded.set(name, pending = load(name));
  const m = await pending;
  const scale = m.projection.scale() * Math.PI / 180; // pixels per degree, near the centre
  const simple = m.simplify.simplify(
    m.pre as never,
    level / (scale * scale),
  ) as unknown as Topology;
  const all =
    (m.client.feature(simple, simple.objects[m.object]) as unknown as { features: Feature[] }).features;
  const features = m.kept.map((i) => all[i]);
  const writer = new PathWriter();
  const path = m.geo.geoPath(m.projection, writer as unknown as D3Geo.GeoContext);
  const shapes = new Map<string, Shape>();
  features.forEach((f, i) => {
    path(f as unknown as D3Geo.GeoPermissibleObjects);
    const shape = writer.take();
    if (!shape) return;
    const id = m.ids[i];
    const before = shapes.get(id); // one region drawn as two atlas shapes (Australia and its reefs)
    shapes.set(id, before ? { d: before.d + shape.d, c: before.c } : shape);
  });
  const project = (lon: number, lat: number) => {
    const p = m.projection([lon, lat]);
    if (!p || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) return undefined;
    const [x, y] = [Math.round(p[0]), Math.round(p[1])];
    return x < 0 || y < 0 || x > m.width || y > m.height ? undefined : [x, y] as const;
  };
  const centre = (id: string) => {
    const drawnShape = shapes.get(id);
    if (drawnShape) return drawnShape.c;
    const at = m.ids.indexOf(id);
    if (at < 0) return undefined;
    // a speck's place, from its full outline (simplification may have collapsed it)
    const shape = geometries(m.topology, m.object)[m.kept[at]];
    const full = m.client.feature(m.topology, shape as never) as unknown as D3Geo.GeoPermissibleObjects;
    const [lon, lat] = m.geo.geoCentroid(full);
    return project(lon, lat);
  };
  return { width: m.width, height: m.height, shapes, index: m.index, project, centre };
}

/** The base map `name` at detail `level` (square pixels), drawn once per process. */
export function baseMap(name: MapName, level: number): Promise<BaseMap> {
  const key = `${name}:${level}`;
  let pending = drawn.get(key);
  if (!pending) {
    drawn.set(key, pending = draw(name, level));
    pending.catch(() => drawn.delete(key));
  }
  return pending;
}
