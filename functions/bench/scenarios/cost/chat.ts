// Figure 3: the cost scenarios of the chat endpoints (src/chat/endpoints.ts).
import { call, expectStatus } from '../../../test/helpers/api.js';
import { disaster, join } from '../../../test/helpers/planning-fixtures.js';
import type { CostScenario } from './scenario.js';

export const chatCostScenarios: Record<string, CostScenario> = {
  'GET /disasters/{id}/chat/messages': {
    page: true,
    minimum: {
      reads: 3,
      writes: 0,
      why: 'the disaster (404 when unknown), the membership (members only), a page of 1 message',
    },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      for (const text of ['first', 'second'])
        expectStatus(
          await call('POST', `/disasters/${d.id}/chat/messages`, { token: member.token, body: { text } }),
          200,
        );
      return { method: 'GET', path: `/disasters/${d.id}/chat/messages?limit=1`, token: member.token, expect: 200 };
    },
  },
  'POST /disasters/{id}/chat/messages': {
    minimum: {
      reads: 2,
      writes: 1,
      why: "the disaster (404 when unknown), the membership (members only; the sender's name); the message",
    },
    async arrange(ctx) {
      const [member, d] = [await ctx.user('volunteer'), await disaster()];
      await join(d.id, member);
      return {
        method: 'POST',
        path: `/disasters/${d.id}/chat/messages`,
        token: member.token,
        body: { text: 'Boat available at the bridge' },
        expect: 200,
      };
    },
  },
};
