// Erasure (DELETE /users/me, or POST /users/{uid}/erasure by an admin on the person's behalf): the
// person's profile, contact details (every phone number linked to them), exact locations, devices,
// memberships, assistant conversations and notifications go; their Firebase Auth account goes
// last. Operational records (requests, tasks, resources, observations, chat messages, the audit
// trail) stay, anonymised under one random pseudonym, so that coordination figures (requests per
// person, tasks done, messages sent) stay right. What is kept and why: docs/security.md,
// "Erasure: what is kept and why".
//
// Resumable and idempotent: the pseudonym is chosen once and kept in `erasures/{uid}` until the
// Auth account is gone; every step selects the documents that still carry the uid, so a step that
// was interrupted simply finds what is left, and a step that finished finds nothing. Each step
// commits in transactions or batches of at most 500 writes. A call stops between pages once its
// time budget is spent and answers 202: calling again continues where it stopped.
//
// This file is the run: the marker, the time budget and the order. The steps, one per feature's
// collections, are in erasure/steps/ and listed in erasure/registry.ts.
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { recordEvent } from '../events/record.js';
import { internalCollections } from '../data/collections.js';
import { userStore } from './store.js';
import { auth, db, isAlreadyExists } from '../data/firestore.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { logs } from '../logs.js';
import { ERASURE_STEPS, FINAL_ERASURE_STEP } from './erasure/registry.js';
import { BudgetSpent, ErasureRun, type ErasureStepName } from './erasure/run.js';

/**
 * Work per call: past this a call stops between two pages and answers 202, well inside the
 * request deadline (REQUEST_DEADLINE_MS, 8 s), so no erasure is left running unanswered.
 */
export const ERASURE_TIME_BUDGET_MS = 5_000;
/** A marker left behind by a run that never finished is deleted by a TTL policy after this. */
export const ERASURE_MARKER_TTL_DAYS = 30;

export interface ErasureOptions {
  /** Overrides ERASURE_TIME_BUDGET_MS (tests). */
  budgetMs?: number;
  /** Throws after this step has finished: a crash half-way, for the resumption test. */
  failAfter?: ErasureStepName;
}

/** pseudonym is null when there was nothing left to erase (the account is gone already). */
export type ErasureOutcome = { done: true; pseudonym: string | null } | { done: false; pseudonym: string };

/** Where an erasure stands: the data is being erased, or only the Auth account is left. */
type ErasureStage = 'data' | 'auth';
interface Marker {
  pseudonym: string;
  stage: ErasureStage;
}

/** `erased-` and 20 random characters: valid as an id, unrelated to the uid. */
export function newPseudonym(): string {
  return `erased-${randomBytes(15).toString('base64url')}`;
}

function markerRef(uid: string) {
  return db().collection(internalCollections.erasures).doc(uid);
}

function readMarker(data: Record<string, unknown> | undefined): Marker | null {
  if (!data || typeof data.pseudonym !== 'string' || (data.stage !== 'data' && data.stage !== 'auth')) return null;
  return { pseudonym: data.pseudonym, stage: data.stage };
}

async function accountExists(uid: string): Promise<boolean> {
  try {
    await auth().getUser(uid);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return false;
    throw error;
  }
}

/** The erasure in progress for `uid`, or a new one (create() makes two concurrent first calls agree); null when there is nothing to erase. */
async function startOrResume(uid: string): Promise<Marker | null> {
  const ref = markerRef(uid);
  const existing = readMarker((await ref.get()).data());
  if (existing) return existing;
  // No marker and no account: an erasure finished already (a late call that another instance's
  // revocation cache still let through). Starting again would record a second erasure.
  if (!(await accountExists(uid))) return null;
  const marker: Marker = { pseudonym: newPseudonym(), stage: 'data' };
  try {
    await ref.create({
      ...marker,
      started_at: Timestamp.now(),
      expires_at: Timestamp.fromMillis(Date.now() + ERASURE_MARKER_TTL_DAYS * 86_400_000),
    });
    return marker;
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    const winner = readMarker((await ref.get()).data());
    if (!winner) throw error;
    return winner;
  }
}

/**
 * Erases `uid` (see the file comment). `done: false` when the time budget ran out first: call
 * again (the same pseudonym is used). After `done: true` the Auth account no longer exists.
 */
export async function eraseUser(uid: string, options: ErasureOptions = {}): Promise<ErasureOutcome> {
  const marker = await startOrResume(uid);
  if (!marker) return { done: true, pseudonym: null };
  const profile = await userStore.get(uid);
  const run = new ErasureRun(
    uid,
    marker.pseudonym,
    profile?.location ?? null,
    options.budgetMs ?? ERASURE_TIME_BUDGET_MS,
  );
  if (marker.stage === 'data') {
    try {
      for (const step of ERASURE_STEPS) {
        const stepStarted = Date.now();
        await step.erase(run);
        run.timings[step.name] = Date.now() - stepStarted;
        if (options.failAfter === step.name) throw new Error(`erasure fault injected after ${step.name}`);
      }
    } catch (error) {
      if (!(error instanceof BudgetSpent)) throw error;
      logs.erasurePaused(marker.pseudonym, run.counts, run.timings);
      return { done: false, pseudonym: marker.pseudonym };
    }
    // The profile and the record of the erasure together: the record holds no uid. Its fixed id
    // makes a concurrent call's commit fail whole (ALREADY_EXISTS, or NOT_FOUND once the other
    // call deleted the marker): that call finished the data, and the rest below is idempotent.
    const batch = db().batch();
    await FINAL_ERASURE_STEP.stage(batch, uid);
    recordEvent(batch, 'system', {
      type: 'user.erased',
      entity_id: marker.pseudonym,
      before: null,
      after: null,
      record_id: marker.pseudonym,
    });
    batch.update(markerRef(uid), { stage: 'auth' });
    try {
      await batch.commit();
    } catch (error) {
      if (!isAlreadyExists(error) && (error as { code?: unknown }).code !== 5) throw error; // 5: gRPC NOT_FOUND
    }
    if (options.failAfter === FINAL_ERASURE_STEP.name)
      throw new Error(`erasure fault injected after ${FINAL_ERASURE_STEP.name}`);
  }
  try {
    await auth().deleteUser(uid);
  } catch (error) {
    // A concurrent call, or an earlier run that stopped right after, deleted it already.
    if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
  }
  await markerRef(uid).delete();
  logs.userErased(marker.pseudonym, run.counts, run.timings, Date.now() - run.started);
  return { done: true, pseudonym: marker.pseudonym };
}

/**
 * POST /users/{uid}/erasure: an admin erases someone who asked another way, above all a person
 * known only by their number (SMS, WhatsApp), who has no session to call DELETE /users/me with;
 * GET /requests?phone= gives their uid (owner_id). The same erasure; who asked for it is recorded
 * once, under the pseudonym, when it is done.
 */
export async function eraseOnBehalf(admin: Caller, uid: string): Promise<ErasureOutcome> {
  if (admin.uid === uid) throw new ForbiddenError('Erase your own account with DELETE /users/me.');
  const outcome = await eraseUser(uid);
  if (outcome.done && outcome.pseudonym === null) throw new NotFoundError('User', uid);
  if (outcome.done && outcome.pseudonym !== null) {
    const batch = db().batch();
    recordEvent(batch, admin, {
      type: 'user.erasure_requested',
      entity_id: outcome.pseudonym,
      before: null,
      after: null,
      record_id: `${outcome.pseudonym}-requested`,
    });
    try {
      await batch.commit();
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
  }
  return outcome;
}
