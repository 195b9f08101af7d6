// Notification preferences (GET/PATCH /users/me/notification-preferences) and the rules the
// delivery worker applies with them: which events, which channels, quiet hours.
import { preferenceStore } from './store.js';
import { db } from '../data/firestore.js';
import type { Caller } from '../shared/caller.js';
import {
  EVENT_GROUP,
  isOutboundEvent,
  type NotificationPreferences,
  type OutboundChannel,
  type OutboundTemplate,
  type PreferencesPatch,
  type PreferencesView,
  type QuietHours,
} from './model.js';

const PREFERENCES_ID = 'notifications';

/** What applies before a user changes anything: everything on, no quiet hours, English. */
export function defaultPreferences(now: string): NotificationPreferences {
  return {
    id: PREFERENCES_ID,
    events: { request_updates: true, task_assignments: true, task_updates: true },
    channels: { push: true, sms: true, whatsapp: true },
    quiet_hours: null,
    urgent_overrides_quiet_hours: true,
    language: 'en',
    created_at: now,
    updated_at: now,
  };
}

export async function preferencesOf(uid: string): Promise<NotificationPreferences> {
  return (await preferenceStore.of(uid).get(PREFERENCES_ID)) ?? defaultPreferences(new Date().toISOString());
}

function viewOf(preferences: NotificationPreferences, stored: boolean): PreferencesView {
  return {
    events: preferences.events,
    channels: preferences.channels,
    quiet_hours: preferences.quiet_hours,
    urgent_overrides_quiet_hours: preferences.urgent_overrides_quiet_hours,
    language: preferences.language,
    updated_at: stored ? preferences.updated_at : null,
  };
}

export async function getPreferences(caller: Caller): Promise<PreferencesView> {
  const stored = await preferenceStore.of(caller.uid).get(PREFERENCES_ID);
  return viewOf(stored ?? defaultPreferences(new Date().toISOString()), stored !== undefined);
}

/** Merges `patch` into the caller's preferences (created on the first change). */
export async function updatePreferences(caller: Caller, patch: PreferencesPatch): Promise<PreferencesView> {
  const own = preferenceStore.of(caller.uid);
  return db().runTransaction(async (tx) => {
    const now = new Date().toISOString();
    const current = (await own.get(PREFERENCES_ID, tx)) ?? defaultPreferences(now);
    const next: NotificationPreferences = {
      ...current,
      events: { ...current.events, ...patch.events },
      channels: { ...current.channels, ...patch.channels },
      quiet_hours: patch.quiet_hours === undefined ? current.quiet_hours : patch.quiet_hours,
      urgent_overrides_quiet_hours: patch.urgent_overrides_quiet_hours ?? current.urgent_overrides_quiet_hours,
      language: patch.language ?? current.language,
      updated_at: now,
    };
    // A whole-document set: the preferences are one small document only this user writes.
    tx.set(own.doc(PREFERENCES_ID), next);
    return viewOf(next, true);
  });
}

/** Minutes since local midnight in `timeZone` at `at`. */
function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((found, part) => ({ ...found, [part.type]: part.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** True when `at` falls in the quiet hours (a window whose end is before its start runs past midnight). */
export function inQuietHours(hours: QuietHours, at: Date): boolean {
  const now = localMinutes(at, hours.time_zone);
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** Why preferences hold a message back at `at`, or null to send it. */
export function preferenceSuppression(
  preferences: NotificationPreferences,
  message: { template: OutboundTemplate; channel: OutboundChannel; urgent: boolean },
  at: Date,
): 'preferences' | 'quiet_hours' | null {
  // A reply to the person's own message belongs to no event group.
  if (isOutboundEvent(message.template) && !preferences.events[EVENT_GROUP[message.template]]) return 'preferences';
  if (!preferences.channels[message.channel]) return 'preferences';
  if (preferences.quiet_hours && inQuietHours(preferences.quiet_hours, at)) {
    if (!(message.urgent && preferences.urgent_overrides_quiet_hours)) return 'quiet_hours';
  }
  return null;
}
