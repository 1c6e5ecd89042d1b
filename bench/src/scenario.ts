import type { FastifyInstance } from 'fastify';

/** Where a scenario's server keeps its data. */
export type Engine = 'postgres' | 'pglite';

/** What the harness gives a scenario's server, in its own process. */
export interface BenchEnv {
  /** A fresh PostgreSQL database made for this run (dropped at its end); empty when skipped. */
  databaseUrl: string;
  /** An empty folder for this scenario alone (PGlite data, jwt secret...), removed afterwards. */
  workDir: string;
}

/** The request autocannon repeats against the server. */
export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, e.g. `/health`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Status every answer must have for the figures to count; 200 unless said. */
  expectStatus?: number;
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
  /** Builds the server under test. Runs in a child process of its own, never beside autocannon. */
  start(env: BenchEnv): Promise<Target>;
}

export function defineScenario(scenario: Scenario): Scenario {
  return scenario;
}
