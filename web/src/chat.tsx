// A disaster's chat: live through a Firestore listener where the project's Firestore serves
// browsers (rules: admins and members read), else by polling the chat endpoint.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type ChatMessage } from './api.js';
import { formatDate, t } from './i18n.js';
import { listen, ListenRefused } from './live.js';
import { DisasterPicker, ErrorNote, useDisasters, useLive } from './shared.js';

const SHOWN = 100;

/** Members and admins use a disaster's chat (the API and firestore.rules agree); others join first. */
function useMembership(disasterId: string | null, isAdmin: boolean) {
  const [joined, setJoined] = useState<boolean | null>(isAdmin ? true : null);
  useEffect(() => {
    if (isAdmin || !disasterId) return;
    setJoined(null);
    void api<{ joined: boolean }>('GET', `/disasters/${disasterId}/joined`).then((m) => setJoined(m.joined));
  }, [disasterId, isAdmin]);
  const join = async () => {
    if (!disasterId) return;
    const membership = await api<{ joined: boolean }>('POST', `/disasters/${disasterId}/join`);
    setJoined(membership.joined);
  };
  return { joined, join };
}

export function Chat({ isAdmin }: { isAdmin: boolean }) {
  const disasters = useDisasters();
  const { joined, join } = useMembership(disasters.chosen, isAdmin);
  const [text, setText] = useState('');
  const [sendError, setSendError] = useState<unknown>(null);
  const list = useRef<HTMLOListElement>(null);
  const id = joined ? disasters.chosen : null;
  const { data, error } = useLive<ChatMessage[]>(
    (onData, onError) =>
      id
        ? listen<ChatMessage>(
            'chat',
            { disasterId: id },
            SHOWN,
            async () =>
              (await api<{ items: ChatMessage[] }>('GET', `/disasters/${id}/chat/messages?limit=${SHOWN}`)).items
                .slice()
                .sort((a, b) => a.created_at.localeCompare(b.created_at)),
            onData,
            onError,
          )
        : () => undefined,
    [id],
  );
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [data?.length]);
  const send = async (event: Event) => {
    event.preventDefault();
    if (!id || text.trim() === '') return;
    setSendError(null);
    try {
      await api('POST', `/disasters/${id}/chat/messages`, { text });
      setText('');
    } catch (e) {
      setSendError(e);
    }
  };
  return (
    <section aria-labelledby="chat-heading">
      <h1 id="chat-heading">{t('chat_heading')}</h1>
      <DisasterPicker {...disasters} />
      {joined === false && (
        <p>
          {t('chat_join_first')}{' '}
          <button type="button" onClick={() => void join().catch(setSendError)}>
            {t('join_disaster')}
          </button>
        </p>
      )}
      {error instanceof ListenRefused && (
        <p role="alert" class="error">
          {t('chat_refused')}
        </p>
      )}
      <ErrorNote error={(error instanceof ListenRefused ? null : error) ?? sendError} />
      {data && data.length === 0 && <p>{t('chat_empty')}</p>}
      <div class="chat" role="log" aria-label={t('chat_messages')} aria-live="polite">
        <ol ref={list}>
          {(data ?? []).map((m) => (
            <li key={m.id}>
              <span class="meta">
                {m.sender_name}{' '}
                <span class={`badge sender-${m.sender_role}`} title={t('chat_role_title')}>
                  {t(`role_${m.sender_role}`)}
                </span>{' '}
                · {formatDate(m.created_at)}
              </span>
              <p>{m.text}</p>
            </li>
          ))}
        </ol>
      </div>
      <form onSubmit={(e) => void send(e)} class="chat-form">
        <label class="field">
          {t('message')}
          <input value={text} maxLength={2000} onInput={(e) => setText(e.currentTarget.value)} />
        </label>
        <button type="submit" disabled={!id}>
          {t('send')}
        </button>
      </form>
    </section>
  );
}
