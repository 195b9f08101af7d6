// Figure 3: the cost scenarios of the chatbot endpoints (src/chatbot/endpoints.ts).
import { disaster, join } from '../../../test/helpers/planning-fixtures.js';
import type { CostScenario } from './scenario.js';

export const chatbotCostScenarios: Record<string, CostScenario> = {
  'POST /chatbot/ask': {
    minimum: {
      reads: 8,
      writes: 1,
      why: "a disaster question (deterministic assistant): the profile, the caller's requests and tasks (none: an empty query bills one read each), the 3 most recent confirmed disasters, the caller's 2 memberships (both among those 3); the conversation",
    },
    async arrange(ctx) {
      const member = await ctx.user('volunteer');
      for (const d of [await disaster(), await disaster()]) await join(d.id, member);
      await disaster(); // a third recent one the caller did not join
      return {
        method: 'POST',
        path: '/chatbot/ask',
        token: member.token,
        body: { message: 'What is the situation in the disasters I joined?' },
        expect: 200,
      };
    },
  },
};
