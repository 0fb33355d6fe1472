/** Ids, a timestamp and a turn summary the response tests build their bodies from. */

export const CONVERSATION_ID = '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35';
export const TURN_ID = '1d4b5c6e-7f80-4a91-b2c3-d4e5f6a7b8c9';
export const ASSISTANT_MESSAGE_ID = '6f1c1b8e-3c2a-4e55-9d0e-2f8f0b7a9c11';
export const AT = '2026-11-21T09:30:00.000Z';

/** A queued turn with the five fields of a summary. */
export const turnSummary = {
  turn_id: TURN_ID,
  conversation_id: CONVERSATION_ID,
  status: 'queued',
  created_at: AT,
  updated_at: AT,
};
