// A disaster's chat: live through a Firestore listener where the project's Firestore serves
// browsers (rules: admins and members read), else by polling the chat endpoint.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type ChatMessage } from './api.js';
import { formatDate, formatTime, t } from './i18n.js';
import { listen, ListenRefused } from './live.js';
import { AsOf, subscribeWithCopy, withCopy, type Fresh } from './offline-copy.js';
import { outboxActions, queueWrite } from './outbox.js';
import { DisasterPicker, ErrorNote, useDisasters, useLive } from './shared.js';
import { useSignal } from './state.js';

const SHOWN = 100;

/** Members and admins use a disaster's chat (the API and firestore.rules agree); others join first. */
function useMembership(disasterId: string | null, isAdmin: boolean) {
  const [joined, setJoined] = useState<boolean | null>(isAdmin ? true : null);
  useEffect(() => {
    if (isAdmin || !disasterId) return;
    setJoined(null);
    void withCopy(`joined:${disasterId}`, () =>
      api<{ joined: boolean }>('GET', `/disasters/${disasterId}/joined`),
    )().then(
      (m) => setJoined(m.data.joined),
      () => undefined,
    );
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
  const { data: fresh, error } = useLive<Fresh<ChatMessage[]>>(
    (onData, onError) =>
      id
        ? subscribeWithCopy<ChatMessage[]>(
            `chat:${id}`,
            (onMessages, onFailure) =>
              listen<ChatMessage>(
                'chat',
                { disasterId: id },
                SHOWN,
                async () =>
                  (await api<{ items: ChatMessage[] }>('GET', `/disasters/${id}/chat/messages?limit=${SHOWN}`)).items
                    .slice()
                    .sort((a, b) => a.created_at.localeCompare(b.created_at)),
                onMessages,
                onFailure,
              ),
            onData,
            onError,
          )
        : () => undefined,
    [id],
  );
  const data = fresh?.data;
  const queued = useSignal(outboxActions).filter((a) => a.record === `chat:${id}` && a.conflict === null);
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [data?.length]);
  const send = async (event: Event) => {
    event.preventDefault();
    if (!id || text.trim() === '') return;
    setSendError(null);
    try {
      // Through the outbox: shown below as waiting until it is sent.
      await queueWrite({
        record: `chat:${id}`,
        kind: 'chat_message',
        method: 'POST',
        path: `/disasters/${id}/chat/messages`,
        body: { text },
      });
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
      <AsOf asOf={fresh?.asOf} />
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
          {queued.map((a) => (
            <li key={a.key} class="queued">
              <span class="meta">
                {formatTime(a.taken_at)} · {t('waiting_to_send')}
              </span>
              <p>{String(a.body.text)}</p>
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
