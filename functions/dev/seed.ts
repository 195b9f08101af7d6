// Demo data for `npm start`, written through the project's own data layer (the collection
// registry and the services' record builders), so that it is always valid for the API.
//
// Seeding is an ordered list of steps; a feature adds its own step (e.g. `seedDisasters`, then
// `seedResources`, which can use what earlier steps put in the context) to `seedSteps`.
// Every step is idempotent: seeding an already seeded emulator changes nothing that matters.
import { disasterStore, memberStore } from '../src/disasters/store.js';
import { resourceStore } from '../src/resources/store.js';
import { userStore } from '../src/users/store.js';
import { auth, db } from '../src/data/firestore.js';
import type { Disaster } from '../src/disasters/model.js';
import { writeMembership } from '../src/disasters/membership.js';
import { claimForOwner } from '../src/resources/claims.js';
import type { Resource } from '../src/resources/model.js';
import { geohashOf } from '../src/shared/geo.js';
import type { Role } from '../src/shared/schemas.js';
import { newUserRecord } from '../src/users/model.js';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoUser {
  uid: string;
  email: string;
  password: string;
  role: Role;
  displayName: string;
}

export const demoUsers: readonly DemoUser[] = (
  [
    ['admin', 'Avery Admin'],
    ['responder', 'Riley Responder'],
    ['volunteer', 'Val Volunteer'],
    ['affected_individual', 'Alex Affected'],
  ] as const
).map(([role, displayName]) => ({
  uid: `demo-${role.replace('_', '-')}`,
  email: `${role.replace('_', '-')}@demo.local`,
  password: DEMO_PASSWORD,
  role,
  displayName,
}));

/** What the steps share: later steps read what earlier ones seeded. */
export interface SeedContext {
  users: readonly DemoUser[];
  now: string;
}

export interface SeedStep {
  name: string;
  /** Seeds and answers a one-line summary. */
  run(context: SeedContext): Promise<string>;
}

async function seedUsers(context: SeedContext): Promise<string> {
  for (const user of context.users) {
    const properties = {
      email: user.email,
      password: user.password,
      displayName: user.displayName,
      emailVerified: true,
    };
    try {
      await auth().updateUser(user.uid, properties);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
      await auth().createUser({ uid: user.uid, ...properties });
    }
    await auth().setCustomUserClaims(user.uid, { role: user.role });
    const ref = userStore.doc(user.uid);
    const existing = (await ref.get()).data();
    const record = newUserRecord(
      user.uid,
      {
        display_name: user.displayName,
        role: user.role,
        availability: user.role === 'volunteer' ? 'available' : undefined,
      },
      context.now,
    );
    // The demo volunteer is vetted, so the demo shows what verified volunteers see and do.
    const verification =
      user.role === 'volunteer'
        ? { verified: true, verification: { verified: true, note: 'Demo seed', by: 'seed', at: context.now } }
        : {};
    await ref.set({ ...record, ...verification, ...(existing ? { created_at: existing.created_at } : {}) });
  }
  return `${context.users.length} users (${context.users.map((u) => u.role).join(', ')})`;
}

export const DEMO_DISASTER_ID = 'demo-flood';

/** One confirmed disaster (GET /disasters shows it), joined by the demo volunteer so its chat works. */
async function seedDisasters(context: SeedContext): Promise<string> {
  const admin = context.users.find((u) => u.role === 'admin')!;
  const volunteer = context.users.find((u) => u.role === 'volunteer')!;
  const location = { lat: 14.5995, lng: 120.9842 };
  const ref = disasterStore.doc(DEMO_DISASTER_ID);
  const createdAt = (await ref.get()).data()?.created_at ?? context.now;
  const disaster: Disaster = {
    id: DEMO_DISASTER_ID,
    name: 'Pasig River flood (demo)',
    type: 'flood',
    description: 'Demo disaster seeded by npm start: the Pasig River has burst its banks in central Manila.',
    location,
    geohash: geohashOf(location),
    radius_km: 15,
    severity: 4,
    status: 'confirmed',
    created_by: admin.uid,
    suggestion: null,
    confirmed_at: createdAt,
    confirmed_by: admin.uid,
    created_at: createdAt,
    updated_at: context.now,
  };
  await ref.set(disaster);
  // Both sides of the membership (the member document and the volunteer's list), as a join writes them.
  const joinedAt = (await memberStore.doc(DEMO_DISASTER_ID, volunteer.uid).get()).data()?.created_at ?? context.now;
  await writeMembership(
    {
      id: volunteer.uid,
      disaster_id: DEMO_DISASTER_ID,
      role: volunteer.role,
      display_name: volunteer.displayName,
      created_at: joinedAt,
    },
    'set',
  );
  return `1 confirmed disaster (${DEMO_DISASTER_ID}, joined by ${volunteer.email})`;
}

/** Demo resources around Metro Manila (lat 14.6, lng 121.0), owned by the demo users; serve any disaster. */
const demoResources: readonly (Pick<
  Resource,
  'name' | 'category' | 'description' | 'quantity' | 'unit' | 'location' | 'status'
> & { id: string; owner: Role })[] = [
  {
    id: 'demo-resource-boat',
    owner: 'responder',
    name: 'Rescue boat (6 seats)',
    category: 'boat',
    description: 'Aluminium hull, outboard motor',
    quantity: 1,
    unit: 'units',
    location: { lat: 14.5995, lng: 120.9842 },
    status: 'available',
  },
  {
    id: 'demo-resource-truck',
    owner: 'volunteer',
    name: 'Pickup truck',
    category: 'vehicle',
    description: '4x4, high clearance',
    quantity: 1,
    unit: 'units',
    location: { lat: 14.6091, lng: 121.0223 },
    status: 'available',
  },
  {
    id: 'demo-resource-water',
    owner: 'admin',
    name: 'Drinking water',
    category: 'water',
    description: '20-litre containers',
    quantity: 2000,
    unit: 'litres',
    location: { lat: 14.5764, lng: 121.0851 },
    status: 'available',
  },
  {
    id: 'demo-resource-medkits',
    owner: 'admin',
    name: 'First aid kits',
    category: 'medical_supplies',
    description: '',
    quantity: 150,
    unit: 'kits',
    location: { lat: 14.6507, lng: 121.0495 },
    status: 'available',
  },
  {
    id: 'demo-resource-medics',
    owner: 'responder',
    name: 'Paramedic team',
    category: 'medical_team',
    description: 'Two paramedics and a driver',
    quantity: 3,
    unit: 'people',
    location: { lat: 14.6349, lng: 121.033 },
    status: 'available',
  },
  {
    id: 'demo-resource-generator',
    owner: 'volunteer',
    name: 'Diesel generator 5 kW',
    category: 'generator',
    description: 'Under repair',
    quantity: 1,
    unit: 'units',
    location: { lat: 14.5547, lng: 121.0244 },
    status: 'not_available',
  },
];

/** Demo resources; existing ones are left as they are (they may be in use by a demo task). */
async function seedResources(context: SeedContext): Promise<string> {
  let added = 0;
  for (const demo of demoResources) {
    const ref = resourceStore.doc(demo.id);
    const owner = context.users.find((user) => user.role === demo.owner);
    if (!owner) continue;
    const { id, owner: _role, ...properties } = demo;
    const resource: Resource = {
      id,
      ...properties,
      geohash: geohashOf(demo.location),
      owner_id: owner.uid,
      owner_role: owner.role,
      disaster_id: null,
      task_id: null,
      created_at: context.now,
      updated_at: context.now,
    };
    const created = await db().runTransaction(async (tx) => {
      if ((await tx.get(ref)).exists) return false;
      if (resource.status === 'not_available') claimForOwner(tx, id, context.now);
      tx.create(ref, resource);
      return true;
    });
    if (created) added += 1;
  }
  return `${demoResources.length} resources around lat 14.6, lng 121.0 (${added} new)`;
}

/** In order: later steps may use what earlier ones seeded. */
export const seedSteps: SeedStep[] = [
  { name: 'users', run: seedUsers },
  { name: 'disasters', run: seedDisasters },
  { name: 'resources', run: seedResources },
];

/** Runs every step against the emulators the environment points at. */
export async function seed(log: (line: string) => void = console.log): Promise<SeedContext> {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error(
      'seeding runs only against the emulators: FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must be set',
    );
  }
  const context: SeedContext = { users: demoUsers, now: new Date().toISOString() };
  for (const step of seedSteps) {
    log(`seeded ${await step.run(context)}`);
  }
  return context;
}
