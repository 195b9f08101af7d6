// Push devices: POST /users/me/devices and DELETE /users/me/devices/{device_id}. A device's id is
// derived from its token, so registering the same token again (every app start does) is one device.
import { createHash } from 'node:crypto';
import { deviceStore } from './store.js';
import { db } from '../data/firestore.js';
import type { Caller } from '../shared/caller.js';
import { MAX_DEVICES_PER_USER, type Device, type DeviceView, type NewDevice } from './model.js';

export function deviceIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

function viewOf({ token: _token, ...view }: Device): DeviceView {
  return view;
}

/** Registers (or refreshes) one of the caller's devices; beyond MAX_DEVICES_PER_USER the oldest goes. */
export async function registerDevice(caller: Caller, body: NewDevice): Promise<DeviceView> {
  const own = deviceStore.of(caller.uid);
  const id = deviceIdOf(body.token);
  const existing = await own
    .ref()
    .orderBy('created_at', 'asc')
    .limit(MAX_DEVICES_PER_USER + 1)
    .get();
  const now = new Date().toISOString();
  const batch = db().batch();
  const known = existing.docs.find((doc) => doc.id === id)?.data();
  const device: Device = {
    id,
    token: body.token,
    platform: body.platform,
    created_at: known?.created_at ?? now,
    updated_at: now,
  };
  if (!known) {
    const others = existing.docs.filter((doc) => doc.id !== id);
    for (const stale of others.slice(0, Math.max(0, others.length - (MAX_DEVICES_PER_USER - 1))))
      batch.delete(stale.ref);
  }
  batch.set(own.doc(id), device);
  await batch.commit();
  return viewOf(device);
}

export async function removeDevice(caller: Caller, deviceId: string): Promise<void> {
  const own = deviceStore.of(caller.uid);
  await db().runTransaction(async (tx) => {
    await own.require(deviceId, 'Device', tx);
    tx.delete(own.doc(deviceId));
  });
}
