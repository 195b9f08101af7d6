// What the assistants know (chatbot/context.ts gathers it): only what the caller may see through
// the API, as plain facts. Both the deterministic assistant and Gemini read this and nothing else.
import type { Disaster } from '../disasters/model.js';
import type { Resource } from '../resources/model.js';

export interface PlanSummary {
  /** Workflow tasks the planner or a dispatcher proposed, and how many were approved or dispatched. */
  tasks_planned: number;
  tasks_approved: number;
  tasks_dispatched: number;
  roles_needed: string[];
  /**
   * Suggested resources that are not rejected, as GET /resources shows them to the caller: a
   * volunteer's by its category (name null) and to the centre of its cell.
   */
  resources: {
    id: string;
    name: string | null;
    category: string;
    distance_km: number | null;
    approval_status: string;
  }[];
}

export interface RequestFacts {
  id: string;
  disaster_id: string;
  disaster_name: string | null;
  type_of_need: string;
  description: string;
  status: string;
  closed_reason: string | null;
  planning_state: string;
  created_at: string;
  status_changed_at: string;
  plan: PlanSummary | null;
}

export interface TaskFacts {
  id: string;
  disaster_id: string;
  disaster_name: string | null;
  priority: number;
  instructions: string;
  role_required: string;
  status: string;
  authorized: boolean;
  resource_ids: string[];
  created_at: string;
}

export interface DisasterFacts {
  id: string;
  /** Why it is in the context: the caller joined it, it is one of theirs (question, request, task), or a recent public one. */
  relation: 'joined' | 'referenced' | 'recent';
  name: string;
  type: Disaster['type'];
  description: string;
  severity: number;
  radius_km: number;
  status: Disaster['status'];
  joined: boolean;
  /** From the caller's location, when known. */
  distance_km: number | null;
}

export interface ResourceFacts {
  id: string;
  /** Null for another volunteer's resource: their words reach neither the answer nor a model. */
  name: string | null;
  category: Resource['category'];
  quantity: number;
  unit: string;
  distance_km: number;
}

export interface ChatContext {
  user: { display_name: string | null; role: string | null; registered: boolean };
  location_source: 'profile' | 'latest_request' | null;
  requests: RequestFacts[];
  tasks: TaskFacts[];
  /** Visible disasters the caller joined or that their requests, tasks or question refer to. */
  disasters: DisasterFacts[];
  /** The disaster the question is about (the body's disaster_id), if any. */
  focus_disaster_id: string | null;
  nearby: { categories: Resource['category'][]; searched_km: number | null; resources: ResourceFacts[] };
}
