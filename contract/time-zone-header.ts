/**
 * The header every API call carries the browser's own zone in: the zone a
 * user works in until they have one stored (contract/time-zones.ts
 * dayInZone). A module of its own, so the client's first load carries no
 * zone rules with it.
 */
export const TIME_ZONE_HEADER = "X-Time-Zone";
