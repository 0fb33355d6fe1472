import { GETTING_STARTED_URL } from '../http/service-routes.ts';

/** The port the server listens on when neither `--port` nor `PORT` says otherwise (Prism's too). */
export const DEFAULT_PORT = 4010;

/** Usage text printed by `--help`. */
export const USAGE = `Usage: partner-assistant-server [--config FILE] [-p|--port N] [--host H] [--admin]
         [--seed S] [--clock real|manual] [--start-at ISO] [--self-check on|off]
         [--profile full|minimal] [--uuid-case lower|upper]
         [--log-format pretty|json] [--log-level LEVEL] [-h|--help] [--version]

In-memory reference server of the Partner Assistant API (REST and WebSocket).

Options:
  --config FILE  JSON configuration (partners, applications, assistant, queue).
                 Without it, the built-in demo configuration is used.
  -p, --port N   Port to listen on; 0 picks a free port (default: PORT, else ${DEFAULT_PORT}).
  --host H       Interface to listen on (default 127.0.0.1).
  --admin        Serve the admin API under /__admin (clock, faults, tenants, journal,
                 reset). Off by default: without it, /__admin answers 404.
  --seed S       Deterministic mode: seeded ids and tokens, manual clock at --start-at
                 (needs --admin to move time, or --clock real).
  --clock MODE   real (default) or manual (time moves only via POST /__admin/clock/...,
                 so manual needs --admin).
  --start-at ISO Start instant of a manual clock (default 2026-01-01T00:00:00.000Z with
                 --seed, else now).
  --self-check on|off  Validate every response and event against the contract
                 (default on when NODE_ENV=test or CI is set).
  --profile P    full (default): the specification and our documented decisions; minimal:
                 only what the specification shows (no decision-only fields or headers),
                 to test that a client requires nothing more. Without it:
                 PARTNER_ASSISTANT_PROFILE, else full.
  --uuid-case C  Case of the ids issued: lower (default) or upper (the default with
                 --profile minimal). Ids are read in either case.
  --log-format F pretty (one line per request; the default when stderr is a terminal)
                 or json (pino; the default otherwise).
  --log-level L  fatal, error, warn, info, debug, trace or silent (default: LOG_LEVEL,
                 else info).
  -h, --help     Print this help.
  --version      Print the version.

Prints one line to stdout when ready, with the REST base URL http://HOST:PORT and the
WebSocket channel ws://HOST:PORT/api/partners/v1/chat; with the demo configuration, the
demo credentials and a curl command that issues a token go to stderr. GET /healthz
answers 200 once it listens. Logs go to stderr. SIGINT/SIGTERM stop it (exit 0).

Getting started: ${GETTING_STARTED_URL}`;
