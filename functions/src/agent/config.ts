// The agent's thresholds, read from the environment when first needed (never at import time).
export interface AgentConfig {
  /** Observations needed for a cluster (AGENT_MIN_OBSERVATIONS, default 3). */
  minObservations: number;
  /** Every two observations of a cluster lie at most this far apart (AGENT_CLUSTER_RADIUS_KM, default 10). */
  clusterRadiusKm: number;
  /** A cluster's observations span at most this many hours (AGENT_WINDOW_HOURS, default 24). */
  windowHours: number;
  /** Observations this close to a confirmed disaster's centre are not clustered (AGENT_EXCLUSION_KM, default 50). */
  exclusionKm: number;
  /** At most this many observations are kept as a suggestion's evidence (AGENT_MAX_EVIDENCE, default 100). */
  maxEvidence: number;
}

function positive(name: string, fallback: number, integer = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

export function agentConfig(): AgentConfig {
  return {
    minObservations: positive('AGENT_MIN_OBSERVATIONS', 3, true),
    clusterRadiusKm: positive('AGENT_CLUSTER_RADIUS_KM', 10),
    windowHours: positive('AGENT_WINDOW_HOURS', 24),
    exclusionKm: positive('AGENT_EXCLUSION_KM', 50),
    maxEvidence: Math.min(400, positive('AGENT_MAX_EVIDENCE', 100, true)),
  };
}
