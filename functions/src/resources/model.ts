import { z } from 'zod';
import { coarseArea } from '../shared/geo.js';
import {
  idSchema,
  isoDateTime,
  isStaff,
  locationSchema,
  pageQuerySchema,
  roleSchema,
  boundedText,
  type Role,
} from '../shared/schemas.js';
import { RESOURCE_CATEGORIES, RESOURCE_STATUSES } from '../shared/vocabulary.js';

// The value lists live in shared/vocabulary.ts, which the console imports too.
export { RESOURCE_CATEGORIES, RESOURCE_STATUSES };

export const resourceCategorySchema = z.enum(RESOURCE_CATEGORIES);

export const resourceStatusSchema = z.enum(RESOURCE_STATUSES);

/** The filters of GET /resources, shared by its export (GET /exports/resources). */
export const resourceListFilters = {
  status: resourceStatusSchema.optional(),
  category: resourceCategorySchema.optional(),
  disaster_id: idSchema.optional(),
  owner_id: idSchema.optional(),
};

export const resourceSchema = z.object({
  id: idSchema,
  name: boundedText(1, 120),
  category: resourceCategorySchema,
  description: boundedText(0, 1000),
  quantity: z.number().min(0).max(1e9),
  unit: boundedText(1, 32).describe('e.g. "units", "litres", "kg", "people".'),
  location: locationSchema,
  geohash: z.string(),
  owner_id: idSchema,
  /**
   * The owner's role when they added it: an admin's or responder's resource is the response's own
   * (a shelter, a water point) and its point is shown to everyone; anyone else's may sit where they
   * live. Absent on resources stored before it existed: treated as a private one.
   */
  owner_role: roleSchema.nullish(),
  disaster_id: idSchema.nullable(),
  status: resourceStatusSchema,
  /** The task holding the resource while it is in_use. */
  task_id: idSchema.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Resource = z.infer<typeof resourceSchema>;

/**
 * What a client sees: the stored resource without its internal geohash. The response's own
 * resources (added by admins and responders) are shown as they are. Volunteers' own (a boat, a
 * generator) sit where they live, so only those who need the point see it: admins, responders,
 * the owner and the assignee of the task holding it. Everyone else sees the centre of its ~5 km
 * cell, no owner, and neither the owner's free text (`description`, which in practice holds
 * names, phone numbers and addresses) nor the task holding it.
 */
export const resourceViewSchema = resourceSchema
  .omit({ geohash: true, owner_role: true })
  .extend({
    description: resourceSchema.shape.description.optional().describe('Absent when location_precision is area.'),
    task_id: resourceSchema.shape.task_id.optional().describe('Absent when location_precision is area.'),
    owner_id: idSchema.nullable().describe('The owner; null unless you are staff or the owner.'),
    location: locationSchema.describe('The point, or the centre of its ~5 km cell when location_precision is area.'),
    location_precision: z.enum(['exact', 'area']),
  })
  .describe('A resource (physical asset or manpower).');
export type ResourceView = z.infer<typeof resourceViewSchema>;

/** `seesPoint`: staff, the owner, or the assignee of the task holding it (resources/service.ts). */
export function toView(resource: Resource, seesPoint: boolean): ResourceView {
  const { geohash: _geohash, owner_role: _ownerRole, ...view } = resource;
  if (seesPoint) return { ...view, location_precision: 'exact' };
  const { description: _description, task_id: _taskId, ...shown } = view;
  return { ...shown, owner_id: null, location: coarseArea(resource.location).center, location_precision: 'area' };
}

/** Whether the caller sees a resource's point without looking anything up: the response's own resources, staff, the owner. */
export function seesPointOf(caller: { uid: string; role: Role | null }, resource: Resource): boolean {
  return isStaff({ role: resource.owner_role ?? null }) || isStaff(caller) || resource.owner_id === caller.uid;
}

const quantitySchema = z.number().min(0).max(1e9).describe('How much of it there is, in `unit`.');

export const newResourceSchema = z.strictObject({
  name: boundedText(1, 120),
  category: resourceCategorySchema,
  description: boundedText(0, 1000).optional(),
  quantity: quantitySchema,
  unit: boundedText(1, 32).describe('e.g. "units", "litres", "kg", "people".'),
  location: locationSchema,
  disaster_id: idSchema.nullable().optional().describe('The confirmed disaster it serves; null or absent: any.'),
  status: z.enum(['available', 'not_available']).optional().describe('Default available.'),
});
export type NewResource = z.infer<typeof newResourceSchema>;

export const resourcePatchSchema = z
  .strictObject({
    name: boundedText(1, 120).optional(),
    category: resourceCategorySchema.optional(),
    description: boundedText(0, 1000).optional(),
    quantity: quantitySchema.optional().describe('Sets the quantity (restock or correction).'),
    consume: z
      .number()
      .positive()
      .max(1e9)
      .optional()
      .describe('Usage: subtracts this much from quantity; at zero the resource is not_available.'),
    unit: boundedText(1, 32).optional(),
    location: locationSchema.optional(),
    disaster_id: idSchema.nullable().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'send at least one property to change' })
  .refine((patch) => patch.quantity === undefined || patch.consume === undefined, {
    message: 'send either quantity or consume, not both',
    path: ['consume'],
  });
export type ResourcePatch = z.infer<typeof resourcePatchSchema>;

/** GET /resources: each filter an equality on the field of the same name. */
export const resourceListQuerySchema = pageQuerySchema.extend(resourceListFilters);
export type ResourceFilters = Omit<z.infer<typeof resourceListQuerySchema>, 'limit' | 'cursor'>;
