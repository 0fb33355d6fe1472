import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrames } from './text-frames.ts';

/** ws's framing, exported at run time (its type declarations leave it out). */
const { Sender } = ws as unknown as {
  Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
};

/** What ws writes for `send(text)` on a server connection without extensions. */
function framedByWs(text: string): Buffer {
  const options = { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false };
  return Buffer.concat(Sender.frame(Buffer.from(text), options));
}

const texts = [
  '',
  'a'.repeat(125),
  'a'.repeat(126),
  'é'.repeat(62),
  'é'.repeat(63),
  '€'.repeat(41),
  '€'.repeat(42),
  '🇫🇷 lone \ud800 surrogate',
  'a'.repeat(65_535),
  'a'.repeat(65_536),
  '€'.repeat(21_846),
  '{"type":"assistant.delta","text":"Bonjour, à Lyon…"}',
];

describe('text frames written in one buffer', () => {
  it.each(texts.map((text) => [text.length, text]))(
    'frames a text of %i characters byte for byte as ws does',
    (_length, text) => {
      expect(textFrames([text]).equals(framedByWs(text))).toBe(true);
    },
  );

  it('puts several texts one after another, in order', () => {
    expect(textFrames(texts).equals(Buffer.concat(texts.map(framedByWs)))).toBe(true);
  });
});
