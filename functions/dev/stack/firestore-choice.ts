// Which Firestore emulator the stack runs: the official one wherever it can run.
import { findOfficialFirestore, type OfficialFirestore } from '../official-firestore.js';
import type { FirestoreKind } from './ports.js';
import { repoRoot, stackDir } from './project.js';

export interface FirestoreChoice {
  kind: FirestoreKind;
  reason: string;
  /** How firebase-tools starts the official emulator (when kind is official). */
  official?: OfficialFirestore;
}

/**
 * The official emulator wherever it can run (dev/official-firestore.ts), the embedded one only
 * where it cannot; FIRESTORE_EMULATOR=official|embedded forces the choice.
 */
export function chooseFirestore(forced = process.env.FIRESTORE_EMULATOR): FirestoreChoice {
  if (forced !== undefined && forced !== '' && forced !== 'official' && forced !== 'embedded')
    throw new Error(`FIRESTORE_EMULATOR must be "official" or "embedded", not "${forced}"`);
  if (forced === 'embedded') return { kind: 'embedded', reason: 'forced by FIRESTORE_EMULATOR=embedded' };
  const lookup = findOfficialFirestore(repoRoot, stackDir);
  if ('found' in lookup) return { kind: 'official', reason: lookup.found.description, official: lookup.found };
  if (forced === 'official') throw new Error(`FIRESTORE_EMULATOR=official, but ${lookup.missing}`);
  return { kind: 'embedded', reason: lookup.missing };
}

/** The one loud line a stack without the official emulator prints: rules, listeners and triggers are not production's. */
export function embeddedFirestoreWarning(reason: string): string {
  return (
    `WARNING: Firestore is the embedded JavaScript emulator, not the official one (${reason}): ` +
    'no security rules, no listeners over WebChannel, no trigger events (the trigger relay delivers them), ' +
    'no transaction isolation; the tests that need the real platform print NOT RUN'
  );
}
