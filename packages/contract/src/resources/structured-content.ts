import { z } from 'zod';

/** Card types the service produces today; clients must ignore cards of other types. */
export const CARD_TYPES = ['procedure', 'place', 'event', 'link'] as const;

/** Visualization types the service produces today; clients must ignore other types. */
export const VISUALIZATION_TYPES = ['map', 'table', 'timeline'] as const;

/** Suggested action types the service produces today; clients must ignore other types. */
export const SUGGESTED_ACTION_TYPES = ['reply', 'open_url'] as const;

const openType = (known: readonly string[]) =>
  z.string().meta({
    description: `Known values: ${known.map((v) => `\`${v}\``).join(', ')}. Others may appear.`,
  });

/** A structured card attached to an assistant message (a procedure, a place, an event, a link). */
export const cardSchema = z
  .looseObject({
    id: z.string(),
    type: openType(CARD_TYPES),
    title: z.string(),
    description: z.string().optional(),
    url: z.url().optional(),
  })
  .meta({ id: 'Card' });

/** A visualization attached to an assistant message; `data` depends on `type`. */
export const visualizationSchema = z
  .looseObject({
    id: z.string(),
    type: openType(VISUALIZATION_TYPES),
    title: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Visualization' });

/** A follow-up the user can pick: a reply to send, or a link to open. */
export const suggestedActionSchema = z
  .looseObject({
    id: z.string(),
    type: openType(SUGGESTED_ACTION_TYPES),
    label: z.string(),
    value: z.string().meta({ description: 'Text to send for `reply`, URL for `open_url`.' }),
  })
  .meta({ id: 'SuggestedAction' });

/** A structured card attached to an assistant message. */
export type Card = z.infer<typeof cardSchema>;
/** A visualization attached to an assistant message. */
export type Visualization = z.infer<typeof visualizationSchema>;
/** A follow-up the user can pick. */
export type SuggestedAction = z.infer<typeof suggestedActionSchema>;
