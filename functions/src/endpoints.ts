// Every endpoint of the API, feature by feature: the one list of the API's features. Find an
// endpoint's code from its path: /users/... lives in users/endpoints.ts, /requests/... in
// requests/endpoints.ts, and so on. The app loads them feature by feature by routes.ts, which
// `npm --prefix functions run docs` writes from this list: a new feature goes here only.
import { inboundChannelEndpoints } from './channels/endpoints.js';
import { chatEndpoints } from './chat/endpoints.js';
import { chatbotEndpoints } from './chatbot/endpoints.js';
import { disasterEndpoints } from './disasters/endpoints.js';
import { feedEndpoints } from './feeds/endpoints.js';
import { exportEndpoints } from './exports/endpoints.js';
import type { Endpoint } from './http/endpoint.js';
import { metaEndpoints } from './meta/endpoints.js';
import { notificationEndpoints } from './notifications/endpoints.js';
import { observationEndpoints } from './observations/endpoints.js';
import { outboundEndpoints } from './outbound/endpoints.js';
import { planningEndpoints } from './planning/endpoints.js';
import { requestEndpoints } from './requests/endpoints.js';
import { resourceEndpoints } from './resources/endpoints.js';
import { situationEndpoints } from './situation/endpoints.js';
import { taskEndpoints } from './tasks/endpoints.js';
import { userEndpoints } from './users/endpoints.js';
import { webhookEndpoints } from './webhooks/endpoints.js';
import { workflowEndpoints } from './workflow/endpoints.js';

export const allEndpoints: readonly Endpoint[] = [
  ...userEndpoints,
  ...disasterEndpoints,
  ...chatEndpoints,
  ...observationEndpoints,
  ...requestEndpoints,
  ...workflowEndpoints,
  ...planningEndpoints,
  ...taskEndpoints,
  ...resourceEndpoints,
  ...notificationEndpoints,
  ...outboundEndpoints,
  ...chatbotEndpoints,
  ...feedEndpoints,
  ...inboundChannelEndpoints,
  ...exportEndpoints,
  ...situationEndpoints,
  ...webhookEndpoints,
  ...metaEndpoints(() => Promise.resolve(allEndpoints)),
];
