// Staff find a request by the short reference a person quotes on a phone call (GET /requests?reference=).
import { useState } from 'preact/hooks';
import { api, type Page, type StaffRequestView } from './api.js';
import { formatAge, t } from './i18n.js';
import { needLabel, statusLabel } from './labels.js';
import { ErrorNote, Link } from './shared.js';

export function FindRequest() {
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<{ reference: string; items: StaffRequestView[] } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const find = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const reference = typed.replace(/[\s#]/g, '').toUpperCase();
    try {
      const page = await api<Page<StaffRequestView>>(
        'GET',
        `/requests?reference=${encodeURIComponent(reference)}&limit=20`,
      );
      setFound({ reference, items: page.items });
    } catch (e) {
      setFound(null);
      setError(e);
    }
  };
  const now = Date.now();
  return (
    <form class="find-request" role="search" aria-labelledby="find-request-heading" onSubmit={(e) => void find(e)}>
      <h2 id="find-request-heading">{t('find_request_heading')}</h2>
      <label class="field">
        {t('find_request_label')}
        <input
          value={typed}
          onInput={(e) => setTyped(e.currentTarget.value)}
          autocomplete="off"
          autocapitalize="characters"
          spellcheck={false}
          maxLength={32}
          aria-describedby="find-request-hint"
        />
      </label>
      <p id="find-request-hint" class="meta">
        {t('find_request_hint')}
      </p>
      <button type="submit" disabled={typed.trim() === ''}>
        {t('find_request_submit')}
      </button>
      <ErrorNote error={error} />
      {found && (
        <div role="status">
          {found.items.length === 0 ? (
            <p>{t('find_request_none', { reference: found.reference })}</p>
          ) : (
            <>
              <p>{t('find_request_found', { count: found.items.length, reference: found.reference })}</p>
              <ul>
                {found.items.map((r) => (
                  <li key={r.id}>
                    <Link href={`/requests/${r.id}`}>
                      {needLabel(r.type_of_need)}, {statusLabel(r.status)}
                    </Link>{' '}
                    <span class="meta">
                      {t('request_reference', { reference: r.reference })} · {formatAge(r.created_at, now)}
                    </span>
                    <p>{r.description}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </form>
  );
}
