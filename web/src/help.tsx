// Affected individuals: ask for help in three taps (what, where, send) and follow each request's
// status live.
import { useEffect, useState } from 'preact/hooks';
import { smsRequestText } from '../../functions/src/shared/sms-request.js';
import { api, listAll, NEEDS, type Disaster, type HelpRequestView, type Need } from './api.js';
import { needLabel, statusLabel } from './labels.js';
import { distanceKm, type Location } from './geo.js';
import { formatAge, formatTime, t } from './i18n.js';
import { poll } from './live.js';
import { AsOf, withCopy, type Fresh } from './offline-copy.js';
import { isQueued, outboxActions, queueWrite } from './outbox.js';
import { requestDraft } from './outbox-view.js';
import { ErrorNote, UseMyLocation, useAction, useDisasters, useLive } from './shared.js';
import { useSignal } from './state.js';

const loadMyRequests = withCopy('my-requests', () => listAll<HelpRequestView>('/requests/me', 200));

/** The numbers people text for help, kept for when the data network is down. */
const loadNumbers = withCopy('channel-numbers', () =>
  api<{ sms: string; whatsapp: string }>('GET', '/channels/numbers'),
);

/** The service's SMS number, as last read (null until read once, online). */
function useSmsNumber(): string | null {
  const [number, setNumber] = useState<string | null>(null);
  useEffect(() => {
    loadNumbers().then(
      (fresh) => setNumber(fresh.data.sms),
      () => setNumber(null),
    );
  }, []);
  return number;
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The request's client reference (POST /requests `client_ref`), made with the form: the API creates
 * one request per reference, whichever path (this outbox, a retry, an SMS) brings it first.
 */
function newClientRef(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => REF_ALPHABET[byte % 32]).join('');
}

/** The start of what the person wrote, to tell their requests apart. */
function excerpt(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length <= 80 ? words : `${words.slice(0, 79).trimEnd()}…`;
}

/** The form's fields from a refused request the person chose to edit and resend (read once). */
function takeDraft(): { need: Need | null; where: Location | null; details: string } {
  const draft = requestDraft.get();
  requestDraft.set(null);
  if (!draft) return { need: null, where: null, details: '' };
  const description = typeof draft.description === 'string' ? draft.description : '';
  const need = NEEDS.find((n) => n === draft.type_of_need) ?? null;
  return {
    need,
    where: (draft.location as Location | undefined) ?? null,
    details: need && description === needLabel(need) ? '' : description,
  };
}

/** "Do you still need help?", asked by the service (re-confirmation): Yes keeps the request, No closes it. */
function StillNeeded({ id, reference, onAnswered }: { id: string; reference: string; onAnswered: () => void }) {
  const { error, busy, run } = useAction(onAnswered);
  const answer = (stillNeeded: boolean) =>
    void run(() => api('POST', `/requests/${id}/confirm`, { still_needed: stillNeeded }));
  return (
    <div role="group" aria-label={t('still_need_help', { reference })}>
      <p>
        <strong>{t('still_need_help', { reference })}</strong>
      </p>
      <div class="actions">
        <button type="button" class="primary" disabled={busy} onClick={() => answer(true)}>
          {t('still_need_yes')}
        </button>
        <button type="button" disabled={busy} onClick={() => answer(false)}>
          {t('still_need_no')}
        </button>
      </div>
      <ErrorNote error={error} />
    </div>
  );
}

/** The confirmed disaster whose area holds the point, else the nearest. */
function disasterFor(disasters: Disaster[], point: Location): Disaster | undefined {
  return [...disasters].sort((a, b) => distanceKm(a.location, point) - distanceKm(b.location, point))[0];
}

export function AskForHelp() {
  const { disasters } = useDisasters();
  const [draft] = useState(takeDraft);
  const [need, setNeed] = useState<Need | null>(draft.need);
  const [where, setWhere] = useState<Location | null>(draft.where);
  const [details, setDetails] = useState(draft.details);
  const [sent, setSent] = useState<'sent' | 'saved' | null>(null);
  const [clientRef, setClientRef] = useState(newClientRef);
  const [sendError, setSendError] = useState<unknown>(null);
  // The text of the request waiting to be sent, for "Send by SMS" (the same client reference).
  const [smsText, setSmsText] = useState<string | null>(null);
  const smsNumber = useSmsNumber();
  const mine = useLive<Fresh<HelpRequestView[]>>((onData, onError) => poll(loadMyRequests, onData, onError), []);
  const queued = useSignal(outboxActions).filter((a) => a.kind === 'request' && a.conflict === null);

  const send = async () => {
    if (!need || !where || !disasters) return;
    const disaster = disasterFor(disasters, where);
    if (!disaster) return;
    setSendError(null);
    try {
      // Through the outbox: kept on the device first, sent now or when the network returns, once.
      const action = await queueWrite({
        record: `request:${crypto.randomUUID()}`,
        kind: 'request',
        method: 'POST',
        path: '/requests',
        body: {
          disaster_id: disaster.id,
          type_of_need: need,
          // The API asks for a description; a tap-only request says what was tapped.
          description: details.trim().length >= 3 ? details.trim() : needLabel(need),
          location: where,
          client_ref: clientRef,
        },
      });
      setClientRef(newClientRef());
      const waiting = isQueued(action.key);
      // A refusal shows as a conflict in the outbox, with "Edit and resend".
      setSent(!waiting ? 'sent' : action.conflict === null ? 'saved' : null);
      setSmsText(
        waiting && action.conflict === null
          ? smsRequestText({ need, location: where, details: details.trim(), clientRef })
          : null,
      );
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
                setSent(null);
              }}
            >
              {needLabel(n)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('help_step_where')}</legend>
        <UseMyLocation where={where} onLocated={setWhere} />
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
        {sent === 'sent' && <p role="status">{t('request_sent')}</p>}
        {sent === 'saved' && <p role="status">{t('request_saved_offline')}</p>}
        {sent === 'saved' && smsText && smsNumber && (
          // The same request by SMS: whichever arrives first is kept, the other creates nothing.
          <p>
            <a class="button" href={`sms:${smsNumber}?body=${encodeURIComponent(smsText)}`}>
              {t('send_by_sms')}
            </a>{' '}
            <span class="meta">{t('send_by_sms_hint')}</span>
          </p>
        )}
        <ErrorNote error={sendError} />
      </fieldset>
      <h2>{t('my_requests_heading')}</h2>
      <AsOf asOf={mine.data?.asOf} />
      <ErrorNote error={mine.error} />
      {mine.data === null ? (
        <p>{t('loading')}</p>
      ) : mine.data.data.length === 0 && queued.length === 0 ? (
        <p>{t('my_requests_empty')}</p>
      ) : (
        <ul class="cards" aria-label={t('my_requests_heading')} aria-live="polite">
          {queued.map((a) => {
            const label = needLabel(a.body.type_of_need as Need);
            return (
              <li key={a.key} class="card" aria-label={`${label}: ${t('waiting_to_send')}`}>
                <div>
                  <strong>{label}</strong> <span class="badge">{t('waiting_to_send')}</span>
                  <p class="meta">{formatTime(a.taken_at)}</p>
                </div>
              </li>
            );
          })}
          {mine.data.data.map((r) => (
            <li key={r.id} class="card" aria-label={`${needLabel(r.type_of_need)}: ${statusLabel(r.status)}`}>
              <div>
                <strong>{needLabel(r.type_of_need)}</strong>{' '}
                <span class={`badge status-${r.status}`}>{statusLabel(r.status)}</span>{' '}
                {/* The reference SMS replies use: what a person quotes on a phone call. */}
                <span class="meta">{t('request_reference', { reference: r.reference })}</span>
                {'description' in r && <p class="excerpt">{excerpt(r.description)}</p>}
                {/* Merged by a dispatcher: the status shown is the request it was joined with. */}
                {'merged_at' in r && r.merged_at && <p class="meta">{t('request_joined')}</p>}
                <p class="meta">{formatAge(r.created_at)}</p>
                {'confirmation' in r && r.confirmation !== null && (
                  <StillNeeded id={r.id} reference={r.reference} onAnswered={mine.reload} />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
