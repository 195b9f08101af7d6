// The text of the console's "Send by SMS": a help request the SMS intake reads back exactly
// (channels/keywords.ts): the need as the API names it, the point in decimal degrees, the
// person's details, and the form's client reference, so that the request is created once
// whichever of the SMS and the queued POST /requests arrives first (requests/client-refs.ts).
// No imports: the console builds the same text from this module.

export interface SmsRequest {
  /** As the API names it: `water`, `rescue`, ..., `other`. */
  need: string;
  location: { lat: number; lng: number };
  details: string;
  clientRef: string;
}

/** `WATER 14.59950,120.98420`, the details, then `#REF`: fits one segment for short details. */
export function smsRequestText(request: SmsRequest): string {
  const { need, location, details, clientRef } = request;
  const point = `${location.lat.toFixed(5)},${location.lng.toFixed(5)}`;
  const words = details.replace(/\s+/g, ' ').trim();
  return [`${need.toUpperCase()} ${point}`, ...(words === '' ? [] : [words]), `#${clientRef}`].join('\n');
}
