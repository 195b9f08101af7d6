// The API's value lists, stated once for both sides: the functions' zod models build their enums
// from them (`z.enum(NEEDS)`) and the console (web/) imports them for its selects and filters. Kept
// free of imports, zod above all, so the console's bundle takes only these arrays.

export const ROLES = ['admin', 'volunteer', 'responder', 'affected_individual'] as const;
export type Role = (typeof ROLES)[number];

export const NEEDS = ['rescue', 'medical', 'food', 'water', 'shelter', 'evacuation', 'sanitation', 'other'] as const;
export type Need = (typeof NEEDS)[number];

/** See requests/transitions.ts for the allowed moves; closed carries a closed_reason. */
export const REQUEST_STATUSES = ['open', 'in_progress', 'fulfilled', 'closed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * pending → planning (with a lease) → planned | failed; a planning run whose lease expired is taken
 * over by the next delivery. skipped: a likely duplicate (see duplicate_of), not planned twice.
 * awaiting_location: an SMS/WhatsApp request without a usable point (docs/channels.md); planning
 * waits until a dispatcher (PUT /requests/{req_id}/location) or the person sets it, then pending.
 */
export const PLANNING_STATES = ['pending', 'planning', 'planned', 'failed', 'skipped', 'awaiting_location'] as const;
export type PlanningState = (typeof PLANNING_STATES)[number];

/** How a request reached the service: the app (the API with an ID token), SMS or WhatsApp. */
export const REQUEST_CHANNELS = ['app', 'sms', 'whatsapp'] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];

/** See tasks/transitions.ts for the allowed moves. */
export const TASK_STATUSES = ['pending', 'on_route', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * States in which a task is under way: it holds its resources, keeps its request in progress, and
 * its assignee sees the request's details (requests/visibility.ts) and has it on their list.
 */
export const ACTIVE_TASK_STATUSES: readonly TaskStatus[] = ['pending', 'on_route'];

/** Roles that perform tasks. */
export const TASK_ROLES = ['volunteer', 'responder'] as const satisfies readonly Role[];
export type TaskRole = (typeof TASK_ROLES)[number];

export const DISASTER_TYPES = [
  'flood',
  'earthquake',
  'cyclone',
  'wildfire',
  'landslide',
  'tsunami',
  'storm',
  'drought',
  'volcanic_eruption',
  'industrial_accident',
  'other',
] as const;
export type DisasterType = (typeof DISASTER_TYPES)[number];

export const RESOURCE_CATEGORIES = [
  'vehicle',
  'boat',
  'helicopter',
  'medical_supplies',
  'medical_team',
  'food',
  'water',
  'shelter',
  'generator',
  'equipment',
  'sanitation',
  'personnel',
  'other',
] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

export const RESOURCE_STATUSES = ['available', 'not_available', 'in_use'] as const;
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];

/** Whether a task, or a resource it uses, may go ahead (workflow/model.ts). */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What a community observation reports (POST /observations). */
export const OBSERVATION_TYPES = [
  'damage',
  'flooding',
  'blocked_road',
  'fire',
  'injured_people',
  'shelter_need',
  'missing_person',
  'power_outage',
  'water_contamination',
  'landslide',
  'other',
] as const;
export type ObservationType = (typeof OBSERVATION_TYPES)[number];
