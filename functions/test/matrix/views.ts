// The need-to-know part of the authorization matrix: which view of a help request each kind of
// caller gets (requests/visibility.ts decides it). Rendered into docs/authorization.md and
// checked cell by cell by test/request-views.test.ts.
import type { RequestAudience } from '../../src/requests/model.js';

export type ViewerKind =
  | 'admin'
  | 'responder'
  | 'owner'
  | 'assignee'
  | 'verified_member'
  | 'verified_non_member'
  | 'unverified_member'
  | 'affected_member'
  | 'no_role';

export interface ViewRule {
  who: string;
  /** GET /requests/{req_id} of someone else's request (the owner's own, for `owner`). */
  one: RequestAudience | 404;
  /** GET /requests/disaster/{disaster_id}: every request in its view, or only the caller's own. */
  list: 'all' | 'own';
}

export const REQUEST_VIEWS: Record<ViewerKind, ViewRule> = {
  admin: { who: 'admin', one: 'staff', list: 'all' },
  responder: { who: 'responder', one: 'staff', list: 'all' },
  owner: { who: 'the requester (any role)', one: 'owner', list: 'own' },
  assignee: {
    who: 'assignee of an active (pending, on_route) task linked to the request',
    one: 'assignee',
    list: 'own',
  },
  verified_member: { who: 'verified volunteer who joined the disaster', one: 'area', list: 'all' },
  verified_non_member: { who: 'verified volunteer who did not join', one: 404, list: 'own' },
  unverified_member: { who: 'unverified volunteer who joined the disaster', one: 404, list: 'own' },
  affected_member: { who: 'affected individual who joined the disaster', one: 404, list: 'own' },
  no_role: { who: 'a token without a role', one: 404, list: 'own' },
};

const VIEW_FIELDS: Record<RequestAudience, string> = {
  staff:
    'everything: description, point, owner_id, duplicate_of, potential_matches (helpers with ids, names, distances); planning errors as codes',
  owner:
    'everything about their request; match_summary (counts and the distance band of the nearest helper and resource) instead of the matches',
  assignee: 'need, status, times, description and the point; not who asked, no planning, no matches',
  area: 'need, status, times and `area` (a ~5 km geohash cell and its centre); no description, point, owner, duplicate_of or planning',
};

export function renderRequestViews(): string {
  const lines = [
    '## Who sees what of a help request',
    '',
    'Roles say what a caller may do; the need-to-know views say what they see. One function decides',
    'them (`functions/src/requests/visibility.ts`); every response that carries a request uses it. Each',
    'cell is checked by `functions/test/request-views.test.ts`.',
    '',
    '| Caller | `GET /requests/{req_id}` | `GET /requests/disaster/{disaster_id}` |',
    '|---|---|---|',
  ];
  for (const rule of Object.values(REQUEST_VIEWS)) {
    const one = rule.one === 404 ? '404' : `view \`${rule.one}\``;
    const list = rule.list === 'all' ? 'every request, each in its view' : 'only their own';
    lines.push(`| ${rule.who} | ${one} | ${list} |`);
  }
  lines.push('', '| View | What it holds |', '|---|---|');
  for (const [view, fields] of Object.entries(VIEW_FIELDS)) lines.push(`| \`${view}\` | ${fields} |`);
  lines.push(
    '',
    'Observations: admins, responders and the reporter get view `full`; any other registered user view `area` (no',
    'reporter_id, a ~5 km cell instead of the point); a token without a role 403. Resources: those added by admins and',
    "responders (the response's own) are shown as they are; a volunteer's own resource: admins, responders, the owner",
    '(and the assignee of the task holding it, on `GET /resources/{rid}`) see the point and owner_id; everyone else the',
    'centre of its ~5 km cell and no owner; 403 for `?owner_id=` of someone else.',
    '',
  );
  return lines.join('\n');
}
