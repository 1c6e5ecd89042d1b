import type { FastifyInstance } from 'fastify';
import type { DatasetPart } from './datasets.js';

/** Where a scenario's server keeps its data. */
export type Engine = 'postgres' | 'pglite';

/** What the harness gives a scenario's server, in its own process. */
export interface BenchEnv {
  /** A fresh PostgreSQL database made for this run (dropped at its end); empty when skipped. */
  databaseUrl: string;
  /** An empty folder for this scenario alone (PGlite data, jwt secret...), removed afterwards. */
  workDir: string;
  /**
   * The large data set's database (bench/src/datasets.ts), kept between runs, when the scenario
   * names a `dataset`; empty otherwise. Read only: scenarios must leave it as they found it,
   * except for what they document (an order update touches one row).
   */
  datasetUrl: string;
}

/** The request autocannon repeats against the server. */
export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, e.g. `/health`. */
  path: string;
  /**
   * More paths, when one repeated would measure a cache: each connection sends `path`, then these
   * in turn, round and round (autocannon's `requests`). Every one must answer `expectStatus`.
   */
  morePaths?: string[];
  headers?: Record<string, string>;
  body?: string;
  /** Status every answer must have for the figures to count; 200 unless said. */
  expectStatus?: number;
  /** Anything else a scenario's own `drive` needs from its server's process (tokens, ids). */
  data?: Record<string, unknown>;
}

/** A server ready to be measured: not yet listening (the harness listens on 127.0.0.1). */
export interface Target {
  app: FastifyInstance;
  request: BenchRequest;
  /** Closes the server, pools and databases it opened. */
  close(): Promise<void>;
}

export interface Scenario {
  /** Short and stable: it names the row in bench/RESULTS.md across runs. */
  id: string;
  /** One line: what the figure measures. */
  title: string;
  engine: Engine;
  /** The id of the scenario whose req/s this one is divided by; baselines have none. */
  baseline?: string;
  /**
   * Concurrent connections for this scenario, when the run's number (BENCH_CONNECTIONS) does not
   * suit it: a CPU-bound route (login, argon2) only queues requests beyond a few per core.
   */
  connections?: number;
  /**
   * A group name: `npm run bench -- <group>` runs the group's scenarios and probes (with their
   * baselines).
   */
  group?: string;
  /**
   * The data set the scenario reads (the large one, `env.datasetUrl`); generated before the run
   * when missing. Scenarios with a data set only run when asked for, by id or group: a plain
   * `npm run bench` stays a few minutes long.
   */
  dataset?: DatasetPart;
  /** Builds the server under test. Runs in a child process of its own, never beside autocannon. */
  start(env: BenchEnv): Promise<Target>;
  /**
   * Instead of autocannon's load: what the harness does with the listening server (say, a
   * thousand websockets), in the parent process. Its rows join the table of the probes.
   */
  drive?(port: number, request: BenchRequest): Promise<ProbeResult>;
}

export function defineScenario(scenario: Scenario): Scenario {
  return scenario;
}

/**
 * A measurement that is not an HTTP load (say, argon2 hashes per second): it runs for a fixed
 * time in a process of its own, and reports one or more rows of operations per second.
 */
export interface Probe {
  /** Short and stable, like a scenario's; BENCH_ONLY selects probes by it too. */
  id: string;
  /** One line: what it measures. */
  title: string;
  /** As a scenario's. */
  group?: string;
  /** As a scenario's; a probe gets both sizes of the data set (`ProbeOptions.datasets`). */
  dataset?: DatasetPart;
  /** The probe reads the run's own PostgreSQL database (`ProbeOptions.runDatabase`): the run makes it. */
  runDatabase?: boolean;
  run(options: ProbeOptions): Promise<ProbeResult>;
}

export interface ProbeOptions {
  /** Seconds measured per row. */
  duration: number;
  /** Seconds of work before each row is measured, not counted. */
  warmup: number;
  /** The data sets' databases when the probe names a `dataset`; empty strings otherwise. */
  datasets: { large: string; small: string };
  /** The run's own database (dropped at its end) when the probe asks for it; empty otherwise. */
  runDatabase: string;
}

export interface ProbeRow {
  /** Stable across runs, like a scenario id. */
  id: string;
  what: string;
  /** Operations completed per second over the measured window. */
  perSecond: number;
  /** Time each operation took, in milliseconds. */
  p50: number;
  /** Shown when given. */
  p95?: number;
  p99: number;
  /** Operations counted in the measured window. */
  total: number;
}

export interface ProbeResult {
  rows: ProbeRow[];
  /** Sentences printed under the table: the settings measured, and what they mean. */
  notes: string[];
}

export function defineProbe(probe: Probe): Probe {
  return probe;
}
