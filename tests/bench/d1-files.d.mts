// Types of ./d1-files.mjs for the TypeScript benches (tests/bench/scale-sizes.ts).
export function sqliteRows<T = Record<string, unknown>>(file: string, sql: string): T[];
export function stateFiles(stateDir: string, kind: "d1" | "r2"): string[];
export function fileBytes(file: string): number;
export function mailBodies(stateDir: string): { count: number; bytes: number };
export function mailQueued(stateDir: string): number;
export function mailDelivered(stateDir: string, timeoutMs?: number): Promise<boolean>;
export function stateBytes(stateDir: string): { d1: number; mail: { count: number; bytes: number } };
