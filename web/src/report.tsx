// Anyone in the field: report what they see (a blocked road, a flood rising, a fire) as a community
// observation (POST /observations), which the agent clusters into a suggested disaster or more
// evidence for one. Through the outbox: kept on the device first, sent now or when the network
// returns, once (the Idempotency-Key made when the person sent it).
import { useState } from 'preact/hooks';
import { OBSERVATION_TYPES, type Disaster, type ObservationType } from './api.js';
import { observationTypeLabel } from './labels.js';
import { distanceKm, type Location } from './geo.js';
import { t } from './i18n.js';
import { isQueued, queueWrite } from './outbox.js';
import { ErrorNote, UseMyLocation, useDisasters } from './shared.js';

const SEVERITIES = [1, 2, 3, 4, 5] as const;
type Severity = (typeof SEVERITIES)[number];

/** The confirmed disaster whose area holds the point (the nearest of those), else none: the agent decides. */
function disasterAt(disasters: readonly Disaster[], point: Location): Disaster | null {
  const holding = disasters
    .map((disaster) => ({ disaster, km: distanceKm(disaster.location, point) }))
    .filter(({ disaster, km }) => disaster.status === 'confirmed' && km <= disaster.radius_km)
    .sort((a, b) => a.km - b.km);
  return holding[0]?.disaster ?? null;
}

export function ReportScreen() {
  const { disasters } = useDisasters();
  const [type, setType] = useState<ObservationType | null>(null);
  const [severity, setSeverity] = useState<Severity | null>(null);
  const [where, setWhere] = useState<Location | null>(null);
  const [description, setDescription] = useState('');
  const [sent, setSent] = useState<'sent' | 'saved' | null>(null);
  const [sendError, setSendError] = useState<unknown>(null);
  const words = description.trim();
  const inDisaster = where && disasters ? disasterAt(disasters, where) : null;

  const send = async () => {
    if (!type || !severity || !where || !words) return;
    setSendError(null);
    try {
      const action = await queueWrite({
        record: `observation:${crypto.randomUUID()}`,
        kind: 'observation',
        method: 'POST',
        path: '/observations',
        body: {
          type,
          severity,
          description: words,
          location: where,
          disaster_id: inDisaster?.id ?? null,
        },
        note: observationTypeLabel(type),
      });
      // A refusal shows as a conflict in the outbox.
      setSent(!isQueued(action.key) ? 'sent' : action.conflict === null ? 'saved' : null);
      setType(null);
      setSeverity(null);
      setDescription('');
    } catch (e) {
      setSendError(e);
    }
  };

  return (
    <section aria-labelledby="report-heading">
      <h1 id="report-heading">{t('report_heading')}</h1>
      <p class="meta">{t('report_intro')}</p>
      <fieldset>
        <legend>{t('report_step_what')}</legend>
        <div class="need-grid">
          {OBSERVATION_TYPES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={type === option}
              onClick={() => {
                setType(option);
                setSent(null);
              }}
            >
              {observationTypeLabel(option)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('report_step_how_bad')}</legend>
        <div class="actions">
          {SEVERITIES.map((level) => (
            <button key={level} type="button" aria-pressed={severity === level} onClick={() => setSeverity(level)}>
              {t(`severity_${level}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('report_step_where')}</legend>
        <UseMyLocation where={where} onLocated={setWhere} />
        {inDisaster && <p class="meta">{t('report_in_disaster', { name: inDisaster.name })}</p>}
      </fieldset>
      <fieldset>
        <legend>{t('report_step_describe')}</legend>
        <label class="field">
          {t('report_describe_hint')}
          <textarea
            rows={3}
            maxLength={2000}
            value={description}
            onInput={(e) => setDescription(e.currentTarget.value)}
          />
        </label>
        <button
          type="button"
          class="primary"
          disabled={!type || !severity || !where || !words}
          onClick={() => void send()}
        >
          {t('report_send')}
        </button>
        {sent === 'sent' && <p role="status">{t('report_sent')}</p>}
        {sent === 'saved' && <p role="status">{t('report_saved_offline')}</p>}
        <ErrorNote error={sendError} />
      </fieldset>
    </section>
  );
}
