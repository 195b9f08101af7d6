// Fixtures of the webhook trigger tests: subscribers, audit records and deliveries stored through
// the data layer, a stand-in of the Cloud Tasks API (firebase-admin sends enqueues to
// CLOUD_TASKS_EMULATOR_HOST) and a local receiver.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuditRecord } from '../../src/audit/model.js';
import { auditStore } from '../../src/audit/store.js';
import { uniqueId } from '../helpers/api.js';

export { storeDelivery, storeWebhook } from '../helpers/webhooks.js';

export async function storeAudit(
  fields: Partial<AuditRecord> & Pick<AuditRecord, 'entity' | 'entity_id' | 'action'>,
): Promise<AuditRecord> {
  const record: AuditRecord = {
    id: uniqueId('audit'),
    type: `${fields.entity}.${fields.action}` as AuditRecord['type'],
    actor_id: 'admin-1',
    actor_role: 'admin',
    before: null,
    after: null,
    people_ids: [],
    disaster_id: null,
    request_id: null,
    created_at: new Date().toISOString(),
    ...fields,
  };
  await auditStore.doc(record.id).create(record);
  return record;
}

/** A local HTTP server answering `answer()` to every call and recording them. */
export class LocalServer {
  readonly calls: { url: string; headers: IncomingHttpHeaders; body: string; status?: number }[] = [];
  answer: () => { status: number; body: string } = () => ({ status: 200, body: '{}' });
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const received: (typeof this.calls)[number] = { url: req.url ?? '', headers: req.headers, body };
        this.calls.push(received);
        const { status, body: answer } = this.answer();
        received.status = status;
        res.writeHead(status, { 'content-type': 'application/json' }).end(answer);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * The Cloud Tasks API as firebase-admin calls it under an emulator host: a task name seen before
 * is ALREADY_EXISTS (409), as Cloud Tasks de-duplicates by name; `failing` answers 500.
 */
export class TasksStandIn extends LocalServer {
  failing = false;
  private readonly names = new Set<string>();

  constructor() {
    super();
    this.answer = () => {
      if (this.failing)
        return { status: 500, body: JSON.stringify({ error: { status: 'INTERNAL', message: 'down' } }) };
      const last = this.calls.at(-1);
      const name = (JSON.parse(last?.body ?? '{}') as { task?: { name?: string } }).task?.name ?? '';
      if (this.names.has(name))
        return { status: 409, body: JSON.stringify({ error: { status: 'ALREADY_EXISTS', message: 'exists' } }) };
      this.names.add(name);
      return { status: 200, body: JSON.stringify({ name }) };
    };
  }

  /** The tasks accepted: their name's last segment and their payload. */
  tasks(): { id: string; data: unknown }[] {
    return this.calls.flatMap((call) => {
      if (call.status !== 200) return [];
      const task = (JSON.parse(call.body) as { task?: { name?: string; httpRequest?: { body?: string } } }).task;
      if (!task?.name) return [];
      const body = task.httpRequest?.body
        ? (JSON.parse(Buffer.from(task.httpRequest.body, 'base64').toString()) as { data?: unknown })
        : {};
      return [{ id: task.name.split('/').pop() ?? '', data: body.data }];
    });
  }
}
