import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { isPartnerTurnError, type PartnerAssistantClient } from '@partner-assistant/client';

/** What the terminal chat needs. */
export interface TerminalChatOptions {
  /** The client SDK, with its token provider. */
  client: PartnerAssistantClient;
  /** Where questions come from, one per line (`process.stdin`). */
  input: NodeJS.ReadableStream;
  /** Where answers, status and connection lines go (`process.stdout`). */
  output: Writable & { isTTY?: boolean };
  /** Aborting it (Ctrl-C) ends the chat: the answer in progress stops and the client closes. */
  signal?: AbortSignal;
  /**
   * Title of the conversation the chat opens.
   * @default 'Terminal chat'
   */
  title?: string;
}

/**
 * A chat in the terminal: each line read is a question, its answer streams as it is written, a
 * status line says what the assistant is doing, and connection changes are shown. Resolves with
 * the process exit code once the input ends or the signal aborts, after closing the client.
 */
export async function runTerminalChat(options: TerminalChatOptions): Promise<number> {
  const { client, input, output, signal } = options;
  const screen = terminalScreen(output);
  const lines = createInterface({ input, terminal: false });
  // Taken at once: lines typed (or piped) before the conversation exists wait in the iterator.
  const questions = lines[Symbol.asyncIterator]();
  const stop = () => {
    lines.close();
    // Fails the answer in progress (its stream rejects), so the loop below ends at once.
    void client.close();
  };
  signal?.addEventListener('abort', stop, { once: true });
  const offState = client.connection.on('statechange', (state) =>
    screen.info(`connection: ${state}`),
  );
  try {
    const { conversation_id } = await client.conversations.create({
      title: options.title ?? 'Terminal chat',
    });
    screen.info('Ask a question, then press Enter (Ctrl-D or Ctrl-C to leave).');
    for await (const line of { [Symbol.asyncIterator]: () => questions }) {
      const question = line.trim();
      if (question === '') continue;
      if (signal?.aborted) break;
      await askOne(client, conversation_id, question, screen);
    }
    return 0;
  } catch (error) {
    if (signal?.aborted) return 0;
    screen.info(`error: ${describeError(error)}`);
    return 1;
  } finally {
    signal?.removeEventListener('abort', stop);
    lines.close();
    await client.close();
    offState();
  }
}

/** Streams one answer: the status line while the assistant works, then the text as it arrives. */
async function askOne(
  client: PartnerAssistantClient,
  conversationId: string,
  question: string,
  screen: TerminalScreen,
): Promise<void> {
  const stream = client.chat.send({ conversationId, message: question });
  stream.on('status', (label) => screen.status(label));
  stream.on('delta', (text) => screen.answer(text));
  try {
    await stream.finalMessage();
    screen.endAnswer();
  } catch (error) {
    screen.endAnswer();
    // A failed turn's partial text is void: say so and let the user ask again.
    screen.info(`The assistant could not answer: ${describeError(error)}`);
  }
}

function describeError(error: unknown): string {
  if (isPartnerTurnError(error)) return `${error.message}${error.retryable ? ' (try again)' : ''}`;
  return error instanceof Error ? error.message : String(error);
}

interface TerminalScreen {
  info(text: string): void;
  status(label: string): void;
  answer(text: string): void;
  endAnswer(): void;
}

/**
 * On a terminal the status line is redrawn in place and erased when the answer starts; piped
 * output gets plain lines, so logs and tests read the same story.
 */
function terminalScreen(output: TerminalChatOptions['output']): TerminalScreen {
  const tty = output.isTTY === true;
  let statusShown = false;
  let answering = false;
  const clearStatus = () => {
    if (tty && statusShown) output.write('\r\x1b[2K');
    statusShown = false;
  };
  return {
    info(text) {
      clearStatus();
      output.write(`${answering ? '\n' : ''}[${text}]\n`);
      answering = false;
    },
    status(label) {
      if (answering) return;
      if (tty) {
        output.write(`\r\x1b[2K… ${label}`);
        statusShown = true;
      } else output.write(`… ${label}\n`);
    },
    answer(text) {
      clearStatus();
      if (!answering) output.write('assistant: ');
      answering = true;
      output.write(text);
    },
    endAnswer() {
      clearStatus();
      if (answering) output.write('\n');
      answering = false;
    },
  };
}
