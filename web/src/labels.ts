// The words for the API's values (needs, statuses, planning states, observations), shared by every screen.
import type { Need, ObservationType, PlanningState, RequestStatus, TaskStatus } from './api.js';
import { t } from './i18n.js';

export const needLabel = (need: Need) => t(`need_${need}`);
export const statusLabel = (status: RequestStatus) => t(`status_${status}`);
export const taskStatusLabel = (status: TaskStatus) => t(`task_${status}`);
export const planningLabel = (state: PlanningState) => t(`planning_${state}`);
export const observationTypeLabel = (type: ObservationType) => t(`observation_${type}`);
