import { z } from 'zod';
import { idSchema, isoDateTime, locationSchema, text } from '../shared/schemas.js';

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
export const resourceCategorySchema = z.enum(RESOURCE_CATEGORIES);

export const RESOURCE_STATUSES = ['available', 'not_available', 'in_use'] as const;
export const resourceStatusSchema = z.enum(RESOURCE_STATUSES);

export const resourceSchema = z.object({
  id: idSchema,
  name: text(1, 120),
  category: resourceCategorySchema,
  description: text(0, 1000),
  quantity: z.number().min(0).max(1e9),
  unit: text(1, 32).describe('e.g. "units", "litres", "kg", "people".'),
  location: locationSchema,
  geohash: z.string(),
  owner_id: idSchema,
  disaster_id: idSchema.nullable(),
  status: resourceStatusSchema,
  /** The task holding the resource while it is in_use. */
  task_id: idSchema.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Resource = z.infer<typeof resourceSchema>;

/** What a client sends and sees: the stored resource without its internal geohash. */
export const resourceViewSchema = resourceSchema.omit({ geohash: true }).describe('A resource (physical asset or manpower).');
export type ResourceView = z.infer<typeof resourceViewSchema>;

export function toView(resource: Resource): ResourceView {
  const { geohash: _geohash, ...view } = resource;
  return view;
}

const quantitySchema = z.number().min(0).max(1e9).describe('How much of it there is, in `unit`.');

export const newResourceSchema = z.strictObject({
  name: text(1, 120),
  category: resourceCategorySchema,
  description: text(0, 1000).optional(),
  quantity: quantitySchema,
  unit: text(1, 32).describe('e.g. "units", "litres", "kg", "people".'),
  location: locationSchema,
  disaster_id: idSchema.nullable().optional().describe('The confirmed disaster it serves; null or absent: any.'),
  status: z.enum(['available', 'not_available']).optional().describe('Default available.'),
});
export type NewResource = z.infer<typeof newResourceSchema>;

export const resourcePatchSchema = z
  .strictObject({
    name: text(1, 120).optional(),
    category: resourceCategorySchema.optional(),
    description: text(0, 1000).optional(),
    quantity: quantitySchema.optional().describe('Sets the quantity (restock or correction).'),
    consume: z.number().positive().max(1e9).optional().describe('Usage: subtracts this much from quantity; at zero the resource is not_available.'),
    unit: text(1, 32).optional(),
    location: locationSchema.optional(),
    disaster_id: idSchema.nullable().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'send at least one property to change' })
  .refine((patch) => patch.quantity === undefined || patch.consume === undefined, {
    message: 'send either quantity or consume, not both',
    path: ['consume'],
  });
export type ResourcePatch = z.infer<typeof resourcePatchSchema>;
