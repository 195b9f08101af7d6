// A point typed as latitude and longitude, or picked with a click on a map (the map chunk loads
// only when asked for). The number fields are the accessible way; the map is a convenience.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Location } from './geo.js';
import { t } from './i18n.js';
import type { MapView } from './map-view.js';

/** What the fields hold while being typed. */
export interface PointText {
  lat: string;
  lng: string;
}

export const pointText = (point: Location | null | undefined): PointText =>
  point ? { lat: String(point.lat), lng: String(point.lng) } : { lat: '', lng: '' };

/** The typed point, or null when it is incomplete or out of range. */
export function parsePoint(text: PointText): Location | null {
  if (text.lat.trim() === '' || text.lng.trim() === '') return null;
  const lat = Number(text.lat);
  const lng = Number(text.lng);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

const AXES = [
  { key: 'lat', label: 'latitude', limit: 90 },
  { key: 'lng', label: 'longitude', limit: 180 },
] as const;

const round = (n: number) => String(Math.round(n * 1e5) / 1e5);

export function LocationFields(props: {
  value: PointText;
  onChange: (value: PointText) => void;
  /** Where the map opens when no point is set yet. */
  around: Location;
  radiusKm?: number;
}) {
  const { value, onChange, around, radiusKm } = props;
  const [showMap, setShowMap] = useState(false);
  const element = useRef<HTMLDivElement>(null);
  const view = useRef<MapView | null>(null);
  const point = parsePoint(value);
  // The map mounts once per opening, from the values of that moment; a pick calls the latest onChange.
  const latest = useRef({ point, around, radiusKm, onChange });
  latest.current = { point, around, radiusKm, onChange };

  useEffect(() => {
    if (!showMap || !element.current) return;
    let cancelled = false;
    void import('./map-view.js').then(({ mountMap }) => {
      if (cancelled || !element.current) return;
      const { point, around, radiusKm } = latest.current;
      view.current = mountMap(element.current, point ?? around, () => undefined);
      view.current.showPick(point, radiusKm);
      view.current.onPick((picked) => latest.current.onChange({ lat: round(picked.lat), lng: round(picked.lng) }));
    });
    return () => {
      cancelled = true;
      view.current?.destroy();
      view.current = null;
    };
  }, [showMap]);
  const [lat, lng] = [point?.lat, point?.lng];
  useEffect(
    () => view.current?.showPick(lat === undefined || lng === undefined ? null : { lat, lng }, radiusKm),
    [lat, lng, radiusKm],
  );

  return (
    <fieldset class="location-fields">
      <legend>{t('location')}</legend>
      <div class="row">
        {AXES.map(({ key, label, limit }) => (
          <label key={key} class="field">
            {t(label)}
            <input
              type="number"
              step="any"
              min={-limit}
              max={limit}
              required
              value={value[key]}
              onInput={(e) => onChange({ ...value, [key]: e.currentTarget.value })}
            />
          </label>
        ))}
      </div>
      <button type="button" aria-pressed={showMap} onClick={() => setShowMap(!showMap)}>
        {t('pick_on_map')}
      </button>
      {showMap && <div ref={element} class="map picker" role="region" aria-label={t('pick_map_label')} />}
    </fieldset>
  );
}
