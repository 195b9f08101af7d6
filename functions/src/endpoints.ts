// Every endpoint of the API, feature by feature. Find an endpoint's code from its path:
// /users/... lives in users/endpoints.ts, /requests/... in requests/endpoints.ts, and so on.
import { chatbotEndpoints } from './chatbot/endpoints.js';
import type { Endpoint } from './http/endpoint.js';
import { metaEndpoints } from './meta/endpoints.js';
import { userEndpoints } from './users/endpoints.js';

export const allEndpoints: readonly Endpoint[] = [...userEndpoints, ...chatbotEndpoints, ...metaEndpoints(() => allEndpoints)];
