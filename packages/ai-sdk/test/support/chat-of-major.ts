/**
 * The AI SDK's own `Chat` (its `AbstractChat`, on a plain array state as the framework bindings
 * keep theirs) of one major, loaded from its npm alias (`ai-5`, `ai-6`, `ai-7`): what `useChat`
 * runs, without React.
 */
import type { ChatTransport, UIMessage } from 'ai';

/** The part of a `Chat` the tests use, the same in every major. */
export interface ChatLike {
  readonly id: string;
  readonly status: 'submitted' | 'streaming' | 'ready' | 'error';
  readonly error: Error | undefined;
  readonly messages: UIMessage[];
  sendMessage(message: { text: string }): Promise<void>;
  regenerate(): Promise<void>;
  resumeStream(): Promise<void>;
  stop(): Promise<void>;
}

/** What a test gives a new chat. */
export interface ChatOptions {
  id: string;
  transport: ChatTransport<UIMessage>;
  messages?: UIMessage[];
  onData?: (part: { type: string; data: unknown }) => void;
}

/** Makes a chat of one major. */
export type ChatFactory = (options: ChatOptions) => ChatLike;

interface AbstractChatModule {
  AbstractChat: new (init: Record<string, unknown>) => ChatLike;
}

/** The state a `Chat` writes: an array, replaced on each change (as React's binding does). */
function arrayState(messages: UIMessage[]) {
  return {
    status: 'ready',
    error: undefined,
    messages,
    pushMessage(message: UIMessage) {
      this.messages = [...this.messages, message];
    },
    popMessage() {
      this.messages = this.messages.slice(0, -1);
    },
    replaceMessage(index: number, message: UIMessage) {
      this.messages = this.messages.with(index, message);
    },
    snapshot: <T>(value: T): T => structuredClone(value),
  };
}

/** The chat factory of the `ai` module `module` (`await import('ai-6')`). */
export function chatFactoryOf(module: unknown): ChatFactory {
  const { AbstractChat } = module as AbstractChatModule;
  return ({ messages = [], ...options }) =>
    new AbstractChat({ ...options, state: arrayState(structuredClone(messages)) });
}
