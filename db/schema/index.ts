/**
 * The whole domain schema (drizzle-orm, sqlite-core), one file per area.
 * drizzle-kit reads this file (drizzle.config.ts) to generate migrations/.
 * Identity-provider tables (better-auth) are added in their own file.
 */
export * from "./accounts";
export * from "./users";
export * from "./teams";
export * from "./styling";
export * from "./domains";
export * from "./workouts";
export * from "./groups";
export * from "./homepage";
export * from "./saved";
export * from "./jobs";
export * from "./job-people";
export * from "./entitlements";
export * from "./scores";
export * from "./audit";
export * from "./mail";
export * from "./auth";
export type * from "./json";
export * from "./availability";
export * from "./catalogue";
export * from "./sweeps";
export * from "./time-claims";
export * from "./flow-steps";
export * from "./delivery-index";
