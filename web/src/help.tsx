// Affected individuals: ask for help in three taps (what, where, send) and follow each request's
// status live.
import { useState } from 'preact/hooks';
import { api, listAll, NEEDS, type Disaster, type HelpRequestView, type Need } from './api.js';
import { needLabel, statusLabel } from './labels.js';
import { distanceKm, type Location } from './geo.js';
import { formatAge, formatNumber, t } from './i18n.js';
import { poll } from './live.js';
import { ErrorNote, useDisasters, useLive } from './shared.js';

function currentPosition(): Promise<Location> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      reject,
      { enableHighAccuracy: true, timeout: 10_000 },
    ),
  );
}

/** The confirmed disaster whose area holds the point, else the nearest. */
function disasterFor(disasters: Disaster[], point: Location): Disaster | undefined {
  return [...disasters].sort((a, b) => distanceKm(a.location, point) - distanceKm(b.location, point))[0];
}

export function AskForHelp() {
  const { disasters } = useDisasters();
  const [need, setNeed] = useState<Need | null>(null);
  const [where, setWhere] = useState<Location | null>(null);
  const [details, setDetails] = useState('');
  const [locationError, setLocationError] = useState(false);
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<unknown>(null);
  const mine = useLive<HelpRequestView[]>(
    (onData, onError) => poll(() => listAll<HelpRequestView>('/requests/me', 200), onData, onError),
    [],
  );

  const locate = async () => {
    setLocationError(false);
    try {
      setWhere(await currentPosition());
    } catch {
      setLocationError(true);
    }
  };
  const send = async () => {
    if (!need || !where || !disasters) return;
    const disaster = disasterFor(disasters, where);
    if (!disaster) return;
    setSendError(null);
    try {
      await api('POST', '/requests', {
        disaster_id: disaster.id,
        type_of_need: need,
        // The API asks for a description; a tap-only request says what was tapped.
        description: details.trim().length >= 3 ? details.trim() : needLabel(need),
        location: where,
      });
      setSent(true);
      setNeed(null);
      setDetails('');
      mine.reload();
    } catch (e) {
      setSendError(e);
    }
  };

  return (
    <section aria-labelledby="help-heading">
      <h1 id="help-heading">{t('help_heading')}</h1>
      <fieldset>
        <legend>{t('help_step_need')}</legend>
        <div class="need-grid">
          {NEEDS.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={need === n}
              class={`need need-${n}`}
              onClick={() => {
                setNeed(n);
                setSent(false);
              }}
            >
              {needLabel(n)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('help_step_where')}</legend>
        <button type="button" onClick={() => void locate()}>
          {t('use_my_location')}
        </button>
        {where && (
          <p role="status">{t('location_set', { lat: formatNumber(where.lat, 4), lng: formatNumber(where.lng, 4) })}</p>
        )}
        {locationError && <p role="alert">{t('location_failed')}</p>}
      </fieldset>
      <fieldset>
        <legend>{t('help_step_send')}</legend>
        <label class="field">
          {t('details_optional')}
          <textarea rows={2} maxLength={2000} value={details} onInput={(e) => setDetails(e.currentTarget.value)} />
        </label>
        <button
          type="button"
          class="primary"
          disabled={!need || !where || !disasters?.length}
          onClick={() => void send()}
        >
          {t('send_request')}
        </button>
        {sent && <p role="status">{t('request_sent')}</p>}
        <ErrorNote error={sendError} />
      </fieldset>
      <h2>{t('my_requests_heading')}</h2>
      <ErrorNote error={mine.error} />
      {mine.data === null ? (
        <p>{t('loading')}</p>
      ) : mine.data.length === 0 ? (
        <p>{t('my_requests_empty')}</p>
      ) : (
        <ul class="cards" aria-label={t('my_requests_heading')} aria-live="polite">
          {mine.data.map((r) => (
            <li key={r.id} class="card" aria-label={`${needLabel(r.type_of_need)}: ${statusLabel(r.status)}`}>
              <div>
                <strong>{needLabel(r.type_of_need)}</strong>{' '}
                <span class={`badge status-${r.status}`}>{statusLabel(r.status)}</span>
                <p class="meta">{formatAge(r.created_at)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
