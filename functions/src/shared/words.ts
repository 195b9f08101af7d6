// How the service compares words people typed, in every language it reads: lower case with the
// accents removed (é → e, ñ → n), so "Medicína" and "medicina" are one word. The SMS keywords
// (channels/keywords.ts) and the assistant's intents (chatbot/intents.ts) both read text this way.

/** Lower case, accents (every combining mark) removed. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The folded text split into words of letters and digits (any script). */
export function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}
