// Generated from src/endpoints.ts by dev/routes.ts: do not edit. Regenerate with
// `npm --prefix functions run docs`; a new feature goes only in endpoints.ts.
//
// The endpoints of the API as the app loads them: feature by feature, on the first request to a
// path a feature serves. A cold instance then builds only what its first request needs (GET
// /health: no Firestore client, no other feature's schemas). Each import is written out: the
// bundler (dev/bundle.ts) follows only literal imports.
import type { LazyFeature } from './http/router.js';

/** In the order of endpoints.ts. */
export const lazyFeatures: readonly LazyFeature[] = [
  { segments: ['users'], load: async () => (await import('./users/endpoints.js')).userEndpoints },
  { segments: ['disasters'], load: async () => (await import('./disasters/endpoints.js')).disasterEndpoints },
  { segments: ['disasters'], load: async () => (await import('./chat/endpoints.js')).chatEndpoints },
  { segments: ['observations'], load: async () => (await import('./observations/endpoints.js')).observationEndpoints },
  { segments: ['requests'], load: async () => (await import('./requests/endpoints.js')).requestEndpoints },
  { segments: ['workflow-outputs'], load: async () => (await import('./workflow/endpoints.js')).workflowEndpoints },
  {
    segments: ['resources', 'allocation-jobs'],
    load: async () => (await import('./planning/endpoints.js')).planningEndpoints,
  },
  { segments: ['tasks'], load: async () => (await import('./tasks/endpoints.js')).taskEndpoints },
  { segments: ['resources'], load: async () => (await import('./resources/endpoints.js')).resourceEndpoints },
  {
    segments: ['notifications'],
    load: async () => (await import('./notifications/endpoints.js')).notificationEndpoints,
  },
  {
    segments: ['users', 'outbound-messages', 'channels'],
    load: async () => (await import('./outbound/endpoints.js')).outboundEndpoints,
  },
  { segments: ['chatbot'], load: async () => (await import('./chatbot/endpoints.js')).chatbotEndpoints },
  { segments: ['feeds'], load: async () => (await import('./feeds/endpoints.js')).feedEndpoints },
  { segments: ['channels'], load: async () => (await import('./channels/endpoints.js')).inboundChannelEndpoints },
  { segments: ['exports'], load: async () => (await import('./exports/endpoints.js')).exportEndpoints },
  { segments: ['disasters'], load: async () => (await import('./situation/endpoints.js')).situationEndpoints },
  { segments: ['webhooks'], load: async () => (await import('./webhooks/endpoints.js')).webhookEndpoints },
  {
    segments: ['health', 'openapi.json', 'docs'],
    load: async () =>
      (await import('./meta/endpoints.js')).metaEndpoints(async () => (await import('./endpoints.js')).allEndpoints),
  },
];
