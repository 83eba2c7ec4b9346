// Types of the parts of ./lib.mjs that the TypeScript benches use (tests/bench/scale.ts).
export class BenchError extends Error {}
export function startServer(options: { port: number; stateDir: string; healthUrl: string; timeoutMs?: number }): Promise<{ stop: () => Promise<void> }>;
export function printTable(headers: string[], rows: (string | number)[][], align?: ("left" | "right")[]): void;
