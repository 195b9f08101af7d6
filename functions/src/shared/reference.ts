/**
 * The short reference of a request or a task, as people quote it: in SMS replies and updates, on
 * the console, on a phone call, and in a responder's `DONE <ref>`. Its id's first 6 characters,
 * uppercased: one SMS segment keeps room for the text, and a person reads it out in one breath.
 * Not unique over all documents: a reference is always looked up among one person's own
 * requests or tasks (channels/conversation.ts), or shown beside the document it names.
 */
export function shortReference(id: string): string {
  return id.slice(0, 6).toUpperCase();
}
