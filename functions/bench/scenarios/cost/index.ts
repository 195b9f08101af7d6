// Figure 3 (bench/firestore-cost.ts): one call of every endpoint, and the fewest Firestore reads and
// writes it could do its job with. A new endpoint gets its entry in its feature's file here; the cost
// figure lists every endpoint of allEndpoints that has none.
import { channelsCostScenarios } from './channels.js';
import { metaCostScenarios } from './meta.js';
import { usersCostScenarios } from './users.js';
import { disastersCostScenarios } from './disasters.js';
import { feedsCostScenarios } from './feeds.js';
import { chatCostScenarios } from './chat.js';
import { observationsCostScenarios } from './observations.js';
import { tasksCostScenarios } from './tasks.js';
import { resourcesCostScenarios } from './resources.js';
import { notificationsCostScenarios } from './notifications.js';
import { outboundCostScenarios } from './outbound.js';
import { requestsCostScenarios } from './requests.js';
import { workflowCostScenarios } from './workflow.js';
import { planningCostScenarios } from './planning.js';
import { exportsCostScenarios } from './exports.js';
import { webhooksCostScenarios } from './webhooks.js';
import { chatbotCostScenarios } from './chatbot.js';
import { situationCostScenarios } from './situation.js';
import type { CostScenario } from './scenario.js';

export { costContext, type CostCall } from './scenario.js';

/** One table of every feature's scenarios: an endpoint given a scenario in two files is a mistake, not an override. */
function oneTable(parts: Record<string, CostScenario>[]): Record<string, CostScenario> {
  const table: Record<string, CostScenario> = {};
  for (const part of parts) {
    for (const [endpoint, scenario] of Object.entries(part)) {
      if (endpoint in table) throw new Error(`${endpoint}: a cost scenario in two files`);
      table[endpoint] = scenario;
    }
  }
  return table;
}

export const costScenarios = oneTable([
  channelsCostScenarios,
  metaCostScenarios,
  usersCostScenarios,
  disastersCostScenarios,
  feedsCostScenarios,
  chatCostScenarios,
  observationsCostScenarios,
  tasksCostScenarios,
  resourcesCostScenarios,
  notificationsCostScenarios,
  outboundCostScenarios,
  requestsCostScenarios,
  workflowCostScenarios,
  planningCostScenarios,
  exportsCostScenarios,
  webhooksCostScenarios,
  chatbotCostScenarios,
  situationCostScenarios,
]);
