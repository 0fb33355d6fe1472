import { describe, expect, it } from 'vitest';
import { withCanonicalIds } from '../ids/canonical-ids.ts';
import { createOutboundFilter, pickFields, upperCaseIds } from './outbound-filter.ts';
import { resolveProfile } from './server-profile.ts';

const ID = '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35';

describe('the profile settings', () => {
  it('default to full with lower-case ids; minimal issues upper case unless told', () => {
    expect(resolveProfile({})).toEqual({ profile: 'full', uuidCase: 'lower' });
    expect(resolveProfile({ profile: 'minimal' })).toEqual({
      profile: 'minimal',
      uuidCase: 'upper',
    });
    expect(resolveProfile({ profile: 'minimal', uuidCase: 'lower' }).uuidCase).toBe('lower');
    expect(createOutboundFilter(resolveProfile({}))).toBeUndefined();
  });
});

describe('pickFields', () => {
  it('keeps the fields a shape names, in arrays and nested objects, never inventing one', () => {
    const shape = { messages: [{ message_id: true, cards: true }] } as const;
    const page = {
      messages: [{ message_id: ID, cards: [{ id: 'c', type: 'x' }], extra: 1 }, { extra: 2 }],
      has_more: false,
    };
    expect(pickFields(page, shape)).toEqual({
      messages: [{ message_id: ID, cards: [{ id: 'c', type: 'x' }] }, {}],
    });
    expect(pickFields(null, shape)).toBeNull();
  });
});

describe('UUID case', () => {
  it('upper-cases issued ids only: *_id, user.id, partner.id; not client keys or other ids', () => {
    const value = {
      turn_id: ID,
      client_message_id: ID,
      external_user_id: ID,
      user: { id: ID },
      partner: { id: ID, name: ID },
      cards: [{ id: ID }],
      id: ID,
      turn: { assistant_message: { message_id: ID } },
    };
    const upper = ID.toUpperCase();
    expect(upperCaseIds(value)).toEqual({
      ...value,
      turn_id: upper,
      user: { id: upper },
      partner: { id: upper, name: ID },
      turn: { assistant_message: { message_id: upper } },
    });
  });

  it('reads ids in lower case at the door, leaving what is not a UUID as sent', () => {
    expect(
      withCanonicalIds({
        turn_id: ID.toUpperCase(),
        client_message_id: 'ABC',
        conversation_id: 'NOT-A-UUID',
      }),
    ).toEqual({ turn_id: ID, client_message_id: 'ABC', conversation_id: 'NOT-A-UUID' });
    expect(withCanonicalIds(undefined)).toBeUndefined();
  });
});
