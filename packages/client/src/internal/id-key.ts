/**
 * A UUID in the form the client compares it in: lower case (UUIDs are case-insensitive, RFC 9562).
 * Every id that arrives passes through it at the door (`shape.ts`); an id the app passes in is
 * sent as given, and put through it only where the client matches it with one that arrived.
 */
export const idKey = (id: string): string => id.toLowerCase();
