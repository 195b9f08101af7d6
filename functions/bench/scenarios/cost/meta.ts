// Figure 3: the cost scenarios of the meta endpoints (src/meta/endpoints.ts).
import type { CostScenario } from './scenario.js';

export const metaCostScenarios: Record<string, CostScenario> = {
  'GET /health': {
    minimum: { reads: 0, writes: 0, why: 'no data' },
    arrange: () => Promise.resolve({ method: 'GET', path: '/health', expect: 200 }),
  },
  'GET /openapi.json': {
    minimum: { reads: 0, writes: 0, why: 'generated from the declarations' },
    arrange: () => Promise.resolve({ method: 'GET', path: '/openapi.json', expect: 200 }),
  },
  'GET /docs': {
    minimum: { reads: 0, writes: 0, why: 'static page' },
    arrange: () => Promise.resolve({ method: 'GET', path: '/docs', expect: 200 }),
  },
};
