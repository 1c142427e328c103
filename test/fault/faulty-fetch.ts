// A fetch for the browser's API client that misbehaves on purpose, driven by a seeded PRNG: requests
// dropped before the server sees them, answers dropped after the server acted, requests sent twice,
// requests or answers delayed past the client's time-out, and the server process restarted while a
// request is in flight (SIGTERM: graceful; SIGKILL: the process dies mid-request).
import type { Rng } from '../../server/db/demo/prng';
import type { ServerControl } from './server-control';

export interface FaultRates {
  /** Never reaches the server. */
  dropRequest: number;
  /** Reaches the server; the answer is lost. */
  dropAnswer: number;
  /** Sent twice at once; the client gets one of the answers. */
  duplicate: number;
  /** Reaches the server only after the client has timed out. */
  delayRequest: number;
  /** Reaches the server now; the answer comes after the client has timed out. */
  delayAnswer: number;
}

export const NO_FAULTS: FaultRates = {
  dropRequest: 0,
  dropAnswer: 0,
  duplicate: 0,
  delayRequest: 0,
  delayAnswer: 0,
};

export const DEFAULT_RATES: FaultRates = {
  dropRequest: 0.07,
  dropAnswer: 0.1,
  duplicate: 0.1,
  delayRequest: 0.03,
  delayAnswer: 0.03,
};

export type FaultKind = keyof FaultRates | 'restart' | 'none';

export interface FaultStats {
  requests: number;
  faults: Record<FaultKind, number>;
  restarts: Record<string, number>;
  /** Late or duplicate deliveries that failed (server down meanwhile): harmless, counted. */
  lateFailures: number;
}

export interface FaultyFetch {
  fetchImpl: typeof fetch;
  stats: FaultStats;
  /** The next request restarts the server with this signal while the request is in flight (queued). */
  armRestart(signal: NodeJS.Signals): void;
  pendingRestarts(): number;
  setRates(rates: FaultRates): void;
  /** Waits for every late / duplicate delivery still on its way. */
  settle(): Promise<void>;
}

const connectionLost = () => new TypeError('fetch failed (fault: connection lost)');

/** Resolves when the client aborts (its time-out), or after `fallbackMs` without a signal. */
const aborted = (signal: AbortSignal | null | undefined, fallbackMs: number) =>
  new Promise<void>((resolve) => {
    if (!signal) return void setTimeout(resolve, fallbackMs);
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });

export function createFaultyFetch(options: {
  rng: Rng;
  server: ServerControl;
  rates?: FaultRates;
  /** Applies faults only to matching URLs (default: every request). */
  match?: (url: string) => boolean;
  /** Milliseconds between sending and the kill, drawn in [0, maxKillDelayMs]. */
  maxKillDelayMs?: number;
}): FaultyFetch {
  const { rng, server } = options;
  let rates = options.rates ?? DEFAULT_RATES;
  const match = options.match ?? (() => true);
  const maxKillDelayMs = options.maxKillDelayMs ?? 30;
  const restarts: NodeJS.Signals[] = [];
  const background = new Set<Promise<unknown>>();
  const stats: FaultStats = {
    requests: 0,
    faults: {
      none: 0,
      dropRequest: 0,
      dropAnswer: 0,
      duplicate: 0,
      delayRequest: 0,
      delayAnswer: 0,
      restart: 0,
    },
    restarts: {},
    lateFailures: 0,
  };

  /** The real request, without the client's abort signal (it keeps going after a time-out). */
  const send = (input: RequestInfo | URL, init: RequestInit | undefined) =>
    globalThis.fetch(input, { ...init, signal: undefined }).then(async (r) => {
      // read the whole body: the server has answered in full
      const text = await r.text();
      return new Response(text, { status: r.status, statusText: r.statusText, headers: r.headers });
    });

  const track = (p: Promise<unknown>) => {
    const q = p.catch(() => {
      stats.lateFailures += 1;
    });
    background.add(q);
    void q.finally(() => background.delete(q));
  };

  function draw(): keyof FaultRates | 'none' {
    let x = rng();
    for (const kind of Object.keys(rates) as (keyof FaultRates)[]) {
      if (x < rates[kind]) return kind;
      x -= rates[kind];
    }
    return 'none';
  }

  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!match(url)) return globalThis.fetch(input, init);
    stats.requests += 1;
    const signal = init?.signal;
    const restart = restarts.shift();
    if (restart) {
      stats.faults.restart += 1;
      stats.restarts[restart] = (stats.restarts[restart] ?? 0) + 1;
      const killDelay = Math.floor(rng() * (maxKillDelayMs + 1));
      const inFlight = send(input, init).then(
        (r) => ({ ok: true as const, r }),
        (e: unknown) => ({ ok: false as const, e }),
      );
      await new Promise((r) => setTimeout(r, killDelay));
      await server.stop(restart);
      const outcome = await inFlight;
      await server.start();
      if (outcome.ok) return outcome.r;
      throw connectionLost();
    }
    const kind = draw();
    stats.faults[kind] += 1;
    switch (kind) {
      case 'dropRequest':
        throw connectionLost();
      case 'dropAnswer':
        await send(input, init);
        throw connectionLost();
      case 'duplicate': {
        const twin = send(input, init);
        track(twin);
        const [a, b] = await Promise.allSettled([send(input, init), twin]);
        const pickFirst = rng() < 0.5;
        const chosen = pickFirst ? a : b;
        const other = pickFirst ? b : a;
        const answer = chosen.status === 'fulfilled' ? chosen : other;
        if (answer.status === 'fulfilled') return answer.value;
        throw connectionLost();
      }
      case 'delayRequest':
        await aborted(signal, 5_000);
        track(send(input, init));
        throw connectionLost();
      case 'delayAnswer':
        track(send(input, init));
        await aborted(signal, 5_000);
        throw connectionLost();
      default:
        return globalThis.fetch(input, init);
    }
  }) as typeof fetch;

  return {
    fetchImpl,
    stats,
    armRestart: (signal) => {
      restarts.push(signal);
    },
    pendingRestarts: () => restarts.length,
    setRates: (next) => {
      rates = next;
    },
    settle: async () => {
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}
