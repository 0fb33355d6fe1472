import { benchConfig } from './bench-config.ts';
import { type BenchChild, spawnBenchChild } from './child-process.ts';

/** Starts the built reference server on the benchmark configuration in its own process. */
export function spawnReferenceTarget(nodeArgs: string[] = []): Promise<BenchChild> {
  const setup = JSON.stringify({ config: benchConfig });
  return spawnBenchChild('./reference-target.mjs', [setup], nodeArgs);
}

/** The URLs a reference target printed when ready. */
export function targetUrls(child: BenchChild): { url: string; wsUrl: string } {
  return { url: String(child.ready.url), wsUrl: String(child.ready.wsUrl) };
}
