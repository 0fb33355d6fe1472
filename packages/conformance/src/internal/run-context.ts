import { type ApplicationLimits, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import type { ApplicationCredentials } from '../options.ts';
import type { CleanupSummary } from '../report.ts';
import type { ApiClient, ApiReply, ApiRequest } from './api-client.ts';
import { type Channel, openChannel } from './channel.ts';
import { describeStatus } from './expect-reply.ts';
import type { RequestPacer } from './request-pacer.ts';
import { RuleFailure } from './rule-outcome.ts';

/** The run's settings, checked and with defaults applied. */
export interface RunSettings {
  baseUrl: string;
  wsUrl: string;
  main: ApplicationCredentials;
  otherPartner?: ApplicationCredentials;
  readOnly?: ApplicationCredentials;
  limited?: ApplicationCredentials;
  timeoutMs: number;
}

/** A user the run created, with a token of one application. */
export interface TestUser {
  externalUserId: string;
  token: string;
  /** The service-side user id (`user.id` of the token). */
  userId: string;
  app: ApplicationCredentials;
}

/**
 * What every rule works with: the paced API client, the run's users (each erased at the end),
 * the application's limits, and redaction of every secret, token and external user id.
 */
export class RunContext {
  readonly #users = new Map<string, ApplicationCredentials>();
  readonly #secrets = new Set<string>();
  #userCount = 0;
  #frameCount = 0;
  /** The application's limits, read from its capabilities before the rules run. */
  limits: ApplicationLimits | undefined;

  constructor(
    readonly settings: RunSettings,
    readonly api: ApiClient,
    readonly pacer: RequestPacer,
    readonly runPrefix: string,
    readonly signal: AbortSignal,
  ) {
    for (const app of [settings.main, settings.otherPartner, settings.readOnly, settings.limited])
      if (app) this.#secrets.add(app.clientSecret);
  }

  /**
   * A fresh external user id carrying the run prefix, recorded for erasure with `app`; padded
   * to `length` characters when given.
   */
  newExternalUserId(app: ApplicationCredentials = this.settings.main, length = 0): string {
    const id = `${this.runPrefix}-u${++this.#userCount}-`.padEnd(length, 'x');
    this.#users.set(id, app);
    this.#secrets.add(id);
    return id;
  }

  /** A fresh, unique `client_message_id`. */
  newClientMessageId(): string {
    return `${this.runPrefix}-m${++this.#frameCount}`;
  }

  /** `POST /tokens` for `externalUserId`; a returned token joins the redaction list. */
  async requestToken(
    externalUserId: string,
    app: ApplicationCredentials = this.settings.main,
    extra: Record<string, unknown> = {},
  ): Promise<ApiReply> {
    const reply = await this.api.send({
      method: 'POST',
      path: '/tokens',
      auth: { basic: app },
      json: { external_user_id: externalUserId, ...extra },
    });
    const token = (reply.body as { access_token?: unknown } | undefined)?.access_token;
    if (typeof token === 'string') this.#secrets.add(token);
    return reply;
  }

  /** A new user of `app` with a token; fails the rule when issuance fails. */
  async newUser(app: ApplicationCredentials = this.settings.main): Promise<TestUser> {
    return this.userFor(this.newExternalUserId(app), app);
  }

  /** A token for an existing external user id of the run. */
  async userFor(externalUserId: string, app: ApplicationCredentials): Promise<TestUser> {
    const reply = await this.requestToken(externalUserId, app);
    const body = reply.body as { access_token?: unknown; user?: { id?: unknown } } | undefined;
    if (reply.status < 200 || reply.status >= 300 || typeof body?.access_token !== 'string')
      throw new RuleFailure(
        `token issuance answered ${describeStatus(reply)}; cannot prepare a user`,
      );
    return { externalUserId, token: body.access_token, userId: String(body.user?.id), app };
  }

  /** Opens the channel (the handshake counts against the rate). */
  async openChannel(
    options: { token?: string; protocols?: string[]; query?: string } = {},
  ): Promise<Channel> {
    await this.pacer.slot(this.signal);
    const protocols = options.protocols ?? [
      WEBSOCKET_SUBPROTOCOL,
      ...(options.token ? [options.token] : []),
    ];
    return openChannel({
      wsUrl: this.settings.wsUrl,
      protocols,
      query: options.query,
      timeoutMs: this.settings.timeoutMs,
    });
  }

  /** Sends a frame that counts against the rate (`user.message`, `turn.subscribe`). */
  async sendFrame(channel: Channel, frame: unknown): Promise<void> {
    await this.pacer.slot(this.signal);
    channel.send(frame);
  }

  /** `text` with every secret, token and external user id of the run replaced. */
  redact(text: string): string {
    let redacted = text;
    for (const secret of this.#secrets) redacted = redacted.split(secret).join('[redacted]');
    return redacted;
  }

  /** Forgets a user erased by a rule (erasure is idempotent: this only saves a request). */
  markErased(externalUserId: string): void {
    this.#users.delete(externalUserId);
  }

  /** `DELETE /users/{external_user_id}` with `app`'s credentials (or another `auth`). */
  eraseRequest(
    externalUserId: string,
    options: Omit<ApiRequest, 'method' | 'path' | 'label'> = {},
  ): Promise<ApiReply> {
    return this.api.send({
      method: 'DELETE',
      path: `/users/${encodeURIComponent(externalUserId)}`,
      label: '/users/{external_user_id}',
      auth: { basic: this.settings.main },
      ...options,
    });
  }

  /** Erases every user the run created, whatever happened before; never throws. */
  async eraseUsers(signal: AbortSignal): Promise<CleanupSummary> {
    const summary: CleanupSummary = { erasedUsers: 0, failedErasures: 0 };
    for (const [externalUserId, app] of this.#users) {
      try {
        const reply = await this.eraseRequest(externalUserId, { auth: { basic: app }, signal });
        if (reply.status >= 200 && reply.status < 300) summary.erasedUsers++;
        else summary.failedErasures++;
      } catch {
        summary.failedErasures++;
      }
    }
    this.#users.clear();
    return summary;
  }
}
