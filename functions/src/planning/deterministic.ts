// The deterministic planner: always available, no network. Each need maps to task templates and
// to the resource categories that serve it; concrete available resources are suggested nearest
// first, and each task proposes the nearest available person of the role it needs.
import type { HelpRequest } from '../requests/model.js';
import type { TaskRole } from '../tasks/model.js';
import type { RESOURCE_CATEGORIES } from '../resources/model.js';
import type { Nearby, NearbyResource, NearbyUser } from './nearby.js';
import type { GeminiFallback } from '../shared/gemini.js';

export interface PlannedTask {
  instructions: string;
  role_required: TaskRole;
  priority: number;
  suggested_assignee_id: string | null;
}

export interface PlannedResource {
  resource_id: string;
  name: string;
  category: string;
  distance_km: number | null;
  reason: string;
}

export interface Plan {
  planner: 'deterministic' | 'gemini';
  model: string | null;
  rationale: string;
  /** Why Gemini was not used although it is configured. */
  fallback: GeminiFallback | null;
  tasks: PlannedTask[];
  resources: PlannedResource[];
}

/** What a planner gets: the request, its disaster, and the candidates found nearby. */
export interface PlanningContext {
  request: HelpRequest;
  disasterName: string;
  nearby: Nearby;
}

type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

interface TaskTemplate {
  instructions: string;
  role_required: TaskRole;
  priority: number;
}

interface NeedPlan {
  tasks: TaskTemplate[];
  categories: readonly ResourceCategory[];
}

export const NEED_PLANS: Record<HelpRequest['type_of_need'], NeedPlan> = {
  rescue: {
    tasks: [
      {
        instructions: 'Reach the location and rescue the people trapped; assess injuries on site.',
        role_required: 'responder',
        priority: 1,
      },
      {
        instructions: 'Arrange transport of rescued people to the nearest shelter or hospital.',
        role_required: 'volunteer',
        priority: 2,
      },
    ],
    categories: ['boat', 'helicopter', 'vehicle', 'equipment', 'personnel'],
  },
  medical: {
    tasks: [
      {
        instructions: 'Provide first aid and medical assessment at the location.',
        role_required: 'responder',
        priority: 1,
      },
      { instructions: 'Bring medical supplies to the location.', role_required: 'volunteer', priority: 2 },
    ],
    categories: ['medical_team', 'medical_supplies', 'vehicle'],
  },
  food: {
    tasks: [
      {
        instructions: 'Deliver food rations to the location; confirm how many people need them.',
        role_required: 'volunteer',
        priority: 2,
      },
    ],
    categories: ['food', 'vehicle'],
  },
  water: {
    tasks: [
      {
        instructions: 'Deliver drinking water to the location; check whether purification is needed.',
        role_required: 'volunteer',
        priority: 2,
      },
    ],
    categories: ['water', 'vehicle'],
  },
  shelter: {
    tasks: [
      {
        instructions: 'Find shelter space for the people at the location and guide them there.',
        role_required: 'volunteer',
        priority: 2,
      },
      {
        instructions: 'Bring tents, blankets or shelter kits if no shelter is reachable.',
        role_required: 'volunteer',
        priority: 3,
      },
    ],
    categories: ['shelter', 'vehicle', 'generator'],
  },
  evacuation: {
    tasks: [
      { instructions: 'Evacuate the people at the location to a safe area.', role_required: 'responder', priority: 1 },
      {
        instructions: 'Register evacuees at the destination and report anyone missing.',
        role_required: 'volunteer',
        priority: 2,
      },
    ],
    categories: ['vehicle', 'boat', 'helicopter', 'personnel'],
  },
  sanitation: {
    tasks: [
      {
        instructions: 'Set up sanitation facilities (toilets, hygiene kits) at the location.',
        role_required: 'volunteer',
        priority: 3,
      },
    ],
    categories: ['sanitation', 'water', 'equipment'],
  },
  other: {
    tasks: [
      {
        instructions: 'Contact the requester, assess the need on site and report back to dispatch.',
        role_required: 'volunteer',
        priority: 3,
      },
    ],
    categories: ['personnel', 'vehicle', 'other'],
  },
};

/** Resource suggestions per plan, nearest first within the fitting categories. */
export const MAX_SUGGESTED_RESOURCES = 5;

export function fittingResources(
  need: HelpRequest['type_of_need'],
  resources: readonly NearbyResource[],
): NearbyResource[] {
  const categories: readonly string[] = NEED_PLANS[need].categories;
  return resources.filter((resource) => categories.includes(resource.category));
}

/** The nearest available person of the role, not yet proposed for another task of this plan. */
export function nearestOfRole(users: readonly NearbyUser[], role: TaskRole, taken: Set<string>): string | null {
  const user = users.find((candidate) => candidate.role === role && !taken.has(candidate.id));
  if (!user) return null;
  taken.add(user.id);
  return user.id;
}

export function deterministicPlan(context: PlanningContext, fallback: GeminiFallback | null = null): Plan {
  const { request, nearby } = context;
  const need = NEED_PLANS[request.type_of_need];
  const taken = new Set<string>();
  const tasks = need.tasks.map((task) => ({
    ...task,
    suggested_assignee_id: nearestOfRole(nearby.users, task.role_required, taken),
  }));
  const resources = fittingResources(request.type_of_need, nearby.resources)
    .slice(0, MAX_SUGGESTED_RESOURCES)
    .map((resource) => ({
      resource_id: resource.id,
      name: resource.name,
      category: resource.category,
      distance_km: resource.distance_km,
      reason: `Available ${resource.category.replace('_', ' ')} ${resource.distance_km} km away.`,
    }));
  const people = nearby.users.length;
  return {
    planner: 'deterministic',
    model: null,
    rationale:
      `Standard plan for a ${request.type_of_need} request in ${context.disasterName}: ${tasks.length} task(s). ` +
      `${resources.length} fitting resource(s) of ${need.categories.join('/')} and ${people} available volunteer(s)/responder(s) found nearby.` +
      (fallback ? ` Gemini was not used: ${fallback.reason}.` : ''),
    fallback,
    tasks,
    resources,
  };
}
