// What an erased person's data becomes where a record stays: placeholders, a coarse point, the
// pseudonym instead of the uid.
import { geohashForLocation } from 'geofire-common';
import { coarseArea, COARSE_PRECISION, GEOHASH_PRECISION } from '../../shared/geo.js';
import type { Location } from '../../shared/schemas.js';

/** What replaces the free text of a request or observation of an erased person. */
export const ERASED_TEXT = '[erased at the request of the person who wrote it]';
/** What replaces the name on the chat messages of an erased person. */
export const FORMER_MEMBER_NAME = 'Former member';
/**
 * Exact points become the centre of their geohash cell of this precision (about 4.9 km × 4.9 km
 * at the equator, narrower towards the poles): still right for per-area figures and maps.
 */
export const ERASED_LOCATION_PRECISION = COARSE_PRECISION;

/** The centre of the coarse cell that holds `location`: the same cell the need-to-know views show. */
export function cellCentre(location: Location): Location {
  return coarseArea(location).center;
}

/** A coarse point and its geohash, for every stored place of an erased person. */
export function coarsened(location: Location): { location: Location; geohash: string } {
  const centre = cellCentre(location);
  return { location: centre, geohash: geohashForLocation([centre.lat, centre.lng], GEOHASH_PRECISION) };
}

function isLocation(value: unknown): value is Location {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { lat?: unknown }).lat === 'number' &&
    typeof (value as { lng?: unknown }).lng === 'number'
  );
}

/**
 * A copy of `value` with every occurrence of the uid replaced by the pseudonym. With `personal`
 * (records about the person or their own things) the personal fields go too: free text, notes,
 * contact details, names, exact points.
 */
export function scrubbed(value: unknown, uid: string, pseudonym: string, personal: boolean, key = ''): unknown {
  if (typeof value === 'string') {
    if (personal && (key === 'description' || key === 'text')) return ERASED_TEXT;
    if (personal && key === 'display_name') return FORMER_MEMBER_NAME;
    if (personal && key === 'geohash') return value.slice(0, ERASED_LOCATION_PRECISION);
    if (personal && (key === 'phone' || key === 'email' || key === 'note')) return null;
    return value.split(uid).join(pseudonym);
  }
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, uid, pseudonym, personal));
  if (personal && key === 'location' && isLocation(value)) return cellCentre(value);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubbed(v, uid, pseudonym, personal, k)]));
  }
  return value;
}

/** `scrubbed` over the fields of an audit record's before or after. */
export function scrubbedFields(
  fields: Record<string, unknown> | null,
  uid: string,
  pseudonym: string,
  personal: boolean,
): Record<string, unknown> | null {
  return fields === null
    ? null
    : Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, scrubbed(v, uid, pseudonym, personal, k)]));
}
