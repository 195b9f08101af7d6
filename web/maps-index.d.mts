/** One archive as /maps/index.json lists it (the console's reading: AreaArchive in src/area-map.ts). */
export interface ListedArchive {
  url: string;
  name: string;
  bounds: [number, number, number, number];
  minzoom: number;
  maxzoom: number;
  tile_type: string;
  bytes: number;
}
export function writeMapsIndex(dir: string): ListedArchive[];
export function copyAreaMaps(from: string, to: string): void;
