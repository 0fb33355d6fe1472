/** Bytes of a frame header for a payload of `length` bytes (RFC 6455 §5.2, server to client). */
function headerBytes(length: number): number {
  if (length < 126) return 2;
  return length < 65_536 ? 4 : 10;
}

/**
 * The header bytes of `text`'s frame, known from its length alone when its UTF-8 size (one to
 * three bytes per UTF-16 code unit) cannot cross a boundary; else from its UTF-8 size.
 */
function headerBytesOf(text: string): number {
  const fewest = headerBytes(text.length);
  return fewest === headerBytes(text.length * 3) ? fewest : headerBytes(Buffer.byteLength(text));
}

/**
 * `texts` as consecutive WebSocket text frames in one buffer, byte for byte what ws writes for
 * `send(text)` on a connection without extensions: FIN and opcode 1, no mask (a server never
 * masks), the payload length in 7, 16 or 64 bits, then the UTF-8 text. Each text is encoded once,
 * straight into the buffer, sized for the worst case and cut to what was written.
 */
export function textFrames(texts: readonly string[]): Buffer {
  let room = 0;
  for (const text of texts) room += 10 + text.length * 3;
  const frames = Buffer.allocUnsafe(room);
  let offset = 0;
  for (const text of texts) {
    const header = headerBytesOf(text);
    const length = frames.write(text, offset + header, 'utf8');
    frames[offset] = 0x81;
    if (header === 2) {
      frames[offset + 1] = length;
    } else if (header === 4) {
      frames[offset + 1] = 126;
      frames.writeUInt16BE(length, offset + 2);
    } else {
      frames[offset + 1] = 127;
      frames.writeUInt32BE(0, offset + 2);
      frames.writeUInt32BE(length, offset + 6);
    }
    offset += header + length;
  }
  return frames.subarray(0, offset);
}
