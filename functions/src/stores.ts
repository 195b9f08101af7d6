// Every feature's Firestore collections in one list, for what must go through them all: erasure's
// completeness checks (test/person-fields.test.ts), the bench and the test helpers that read or
// clear every collection. Nothing in the service imports it: each feature uses its own store.ts
// and the stores of the features it calls. A new store.ts is added here (the test fails otherwise).
import { auditStore } from './audit/store.js';
import { phoneContactStore, inboundMessageStore } from './channels/store.js';
import { chatMessageStore } from './chat/store.js';
import { conversationStore } from './chatbot/store.js';
import { capMessageStore, disasterStore, memberStore, membershipStore } from './disasters/store.js';
import { notificationStore } from './notifications/store.js';
import { observationStore } from './observations/store.js';
import { deviceStore, outboundMessageStore, preferenceStore } from './outbound/store.js';
import { allocationJobStore } from './planning/store.js';
import { clientRefStore, requestStore } from './requests/store.js';
import { resourceStore } from './resources/store.js';
import { taskStore } from './tasks/store.js';
import { phoneVerificationStore, userStore } from './users/store.js';
import { webhookDeliveryStore, webhookStore } from './webhooks/store.js';
import { workflowOutputStore } from './workflow/store.js';

export const stores = {
  users: userStore,
  phoneVerifications: phoneVerificationStore,
  notifications: notificationStore,
  disasters: disasterStore,
  members: memberStore,
  memberships: membershipStore,
  messages: chatMessageStore,
  requests: requestStore,
  clientRefs: clientRefStore,
  workflowOutputs: workflowOutputStore,
  allocationJobs: allocationJobStore,
  tasks: taskStore,
  resources: resourceStore,
  observations: observationStore,
  conversations: conversationStore,
  audit: auditStore,
  capMessages: capMessageStore,
  phoneContacts: phoneContactStore,
  inboundMessages: inboundMessageStore,
  webhooks: webhookStore,
  webhookDeliveries: webhookDeliveryStore,
  devices: deviceStore,
  preferences: preferenceStore,
  outboundMessages: outboundMessageStore,
};

export type StoreName = keyof typeof stores;
