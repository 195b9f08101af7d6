// Figure 3: the cost scenarios of the feeds endpoints (src/feeds/endpoints.ts).
import { CANCELLED_IN_FEED_MS } from '../../../src/disasters/cap.js';
import { capMessageStore } from '../../../src/disasters/store.js';
import { createdDisaster } from '../fixtures.js';
import type { CostScenario } from './scenario.js';

const why = (live: number, cancels: number) =>
  `the live alerts (${live}: every disaster's latest Alert or Update, this scenario's and those the disaster scenarios before it issued), the Cancels of the last 24 hours (${cancels}); a query each, one read per entry, one when empty`;

export const feedsCostScenarios: Record<string, CostScenario> = {
  'GET /feeds/cap': {
    minimum: { reads: 2, writes: 0, why: why(1, 0) },
    async arrange(ctx) {
      await createdDisaster(await ctx.user('admin'));
      // The feed is public and lists every disaster's alert: the minimum is its entries as they
      // stand (counted here, not billed to the call), whatever earlier scenarios left.
      const [live, cancelled] = await Promise.all([
        capMessageStore.ref().where('feed', '==', 'live').count().get(),
        capMessageStore.ref().where('feed', '==', 'cancelled').get(),
      ]);
      const liveCount = live.data().count;
      const since = Date.now() - CANCELLED_IN_FEED_MS;
      const cancels = cancelled.docs.filter((doc) => Date.parse(doc.data().created_at) >= since).length;
      return {
        method: 'GET',
        path: '/feeds/cap',
        expect: 200,
        minimum: { reads: Math.max(1, liveCount) + Math.max(1, cancels), writes: 0, why: why(liveCount, cancels) },
      };
    },
  },
};
