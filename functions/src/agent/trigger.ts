// Adapter between the Firestore trigger (index.ts) and the agent: loaded lazily by the trigger.
import { agentConfig, configuredGemini } from '../config.js';
import { logs } from '../logs.js';
import { processObservation, type AgentOutcome } from './suggest.js';

export interface ObservationCreatedEvent {
  id: string;
  params: Record<string, string>;
}

/** Handles one (possibly repeated) creation event; the agent itself is idempotent. */
export async function onObservationCreated(event: ObservationCreatedEvent): Promise<AgentOutcome | null> {
  const observationId = event.params.observation_id;
  if (!observationId) {
    logs.agentNoCluster('(none)', `event ${event.id} carries no observation_id`);
    return null;
  }
  return processObservation(observationId, agentConfig(), configuredGemini('agent'));
}
