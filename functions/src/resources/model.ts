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
