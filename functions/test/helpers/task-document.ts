// A task as the service stores it, for tests that write tasks straight into Firestore at a known
// time (the situation overview's times to the first task): completed, unassigned, no resources.
import type { Task } from '../../src/tasks/model.js';

export function taskDocument(seed: Pick<Task, 'id' | 'disaster_id' | 'request_id' | 'created_at'>): Task {
  return {
    reference: seed.id.slice(0, 6).toUpperCase(),
    workflow_task_id: null,
    priority: 2,
    instructions: 'Bring the boat',
    role_required: 'volunteer',
    resource_ids: [],
    status: 'completed',
    assigned_to: null,
    assigned_at: null,
    authorized: false,
    authorized_by: null,
    authorized_at: null,
    created_by: 'admin-test',
    history: [],
    updated_at: seed.created_at,
    ...seed,
  };
}
