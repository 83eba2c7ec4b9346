import { Hono } from "hono";
import type { AppEnv } from "../env";
import { notFound } from "../http/errors";
import { accountsApi } from "./accounts";
import { bookingsApi } from "./bookings";
import { customDomainsApi } from "./custom-domains";
import { health } from "./health";
import { jobsApi } from "./jobs";
import { openapi } from "./openapi";
import { slotsApi } from "./slots";
import { styles } from "./styles";
import { telemetry } from "./telemetry";
import { usersApi } from "./users";
import { accountUsersApi } from "./account-users";
import { teamsApi } from "./teams";
import { entitlementsApi } from "./entitlements";
import { dependentsApi } from "./dependents";
import { workoutsApi } from "./workouts";
import { catalogueApi } from "./catalogue";
import { reviewsApi } from "./reviews";
import { priceGroupsApi } from "./price-groups";
import { featuredGroupsApi } from "./featured-groups";

/** Every /v1 router, one per area (DESIGN.md §1). */
export const v1 = new Hono<AppEnv>();

v1.route("/", health);
v1.route("/", styles);
v1.route("/", customDomainsApi);
v1.route("/", accountsApi);
v1.route("/", usersApi);
v1.route("/", accountUsersApi);
v1.route("/", teamsApi);
v1.route("/", entitlementsApi);
v1.route("/", dependentsApi);
v1.route("/", telemetry);
v1.route("/", workoutsApi);
v1.route("/", catalogueApi);
v1.route("/", reviewsApi);
v1.route("/", priceGroupsApi);
v1.route("/", featuredGroupsApi);
v1.route("/", bookingsApi);
v1.route("/", jobsApi);
v1.route("/", slotsApi);
v1.route("/", openapi);
v1.all("*", () => {
  throw notFound("No such endpoint");
});
