/**
 * The demo data set, as plain row objects (no database access here), so unit
 * tests can check its shape and `seedDemo` (./index.ts) can insert it.
 *
 * Every id is a fixed UUID and every timestamp a fixed instant, so seeding is
 * deterministic and a second run inserts nothing new.
 *
 * The demo: two partners, Northwind Learning (US, USD; a full homepage) and
 * Contoso Skills (UK, GBP; no homepage yet, so the "not set up" notice shows),
 * each with a connected custom domain, styling, a logo, a price group, a
 * featured group, a plan and two or three customers with a plan entry, a
 * credit entry and 12 credits. Northwind authors twelve workouts over all
 * seven categories, Contoso three; Contoso also lists Northwind's (listed)
 * "Copilot Foundations" in its library.
 */
import type { Category, Currency, Difficulty, Language, LibraryStatus, PartnerVisibility, TeamType, WorkoutTag, WorkoutType } from "../../contract/enums";
import { DEFAULT_TEAM_NAMES } from "../../contract/team";
import type {
  NewAccount,
  NewCreditEntry,
  NewCreditLine,
  NewCustomDomain,
  NewDeliveryPartner,
  NewFeaturedGroup,
  NewFeaturedGroupItem,
  NewHomepageRow,
  NewHomepageSlot,
  NewLibraryEntry,
  NewPlan,
  NewPlanEntry,
  NewPriceGroup,
  NewPricingLine,
  NewScore,
  NewScoreEntry,
  NewSessionActionItem,
  NewSessionAttachment,
  NewStyling,
  NewTeam,
  NewWorkout,
  NewWorkoutSession,
  NewWorkoutVariant,
} from "../schema";

// ─── Fixed ids ───────────────────────────────────────────────────────────────

/** Kinds of seeded rows; the kind is the second group of the UUID. */
const KIND = {
  account: 0x01,
  styling: 0x02,
  domain: 0x03,
  priceGroup: 0x04,
  workout: 0x05,
  variant: 0x06,
  session: 0x07,
  pricingLine: 0x08,
  deliveryPartner: 0x09,
  libraryEntry: 0x0a,
  featuredGroup: 0x0b,
  featuredGroupItem: 0x0c,
  planEntry: 0x0d,
  creditEntry: 0x0e,
  creditLine: 0x0f,
  homepageRow: 0x10,
  homepageSlot: 0x11,
  score: 0x12,
  scoreEntry: 0x13,
  team: 0x14,
  plan: 0x15,
  actionItem: 0x16,
  attachment: 0x17,
  authUser: 0x18,
  authAccount: 0x19,
  authMember: 0x1a,
  user: 0x1b,
  accountUser: 0x1c,
} as const;

/** A fixed, valid (version 4, RFC variant) UUID for the n-th seeded row of a kind. */
export function demoId(kind: keyof typeof KIND, n: number): string {
  const k = KIND[kind].toString(16).padStart(4, "0");
  return `de000000-${k}-4000-8000-${n.toString(16).padStart(12, "0")}`;
}

/** Every seeded row is stamped with this instant. */
export const SEED_TIME = "2025-01-01T00:00:00.000Z";
const stamps = { createdAt: SEED_TIME, updatedAt: SEED_TIME };

/**
 * The demo's two sides in two zones: Northwind (the partner) and its staff in
 * Berlin, Fabrikam (its customer) and its people in New York. Their summer
 * times start and end on different dates, so the same session reads five or
 * six hours apart (docs/decisions/2026-11-27-demo-in-two-zones.md).
 */
export const DEMO_TIME_ZONES = { partner: "Europe/Berlin", customer: "America/New_York" } as const;

/** Availability window of the demo workouts, variants and lines (inclusive). */
export const AVAILABLE_FROM = "2025-01-01";
export const AVAILABLE_TO = "2030-12-31";

// ─── Accounts ────────────────────────────────────────────────────────────────

const NORTHWIND_ID = demoId("account", 1);
const CONTOSO_ID = demoId("account", 2);
const NORTHWIND_PRICE_GROUP_ID = demoId("priceGroup", 1);
const CONTOSO_PRICE_GROUP_ID = demoId("priceGroup", 2);

export const partnerAccounts: NewAccount[] = [
  {
    id: NORTHWIND_ID,
    type: "partner",
    name: "Northwind Learning",
    tan: "482913",
    industry: "professionalServices",
    size: "50-100",
    website: "https://northwind.test",
    logoKey: "public/seed/northwind-logo.svg",
    primaryEmail: "hello@northwind.test",
    currency: "USD",
    location: "US",
    language: "enUS",
    timeZone: DEMO_TIME_ZONES.partner,
    // The demo's partners sit on different shards: Northwind on the first (the directory's own database),
    // Contoso on its region's (docs/decisions/2026-11-27-demo-on-two-shards.md).
    shard: "first",
    region: "enam",
    ...stamps,
  },
  {
    id: CONTOSO_ID,
    type: "partner",
    name: "Contoso Skills",
    tan: "731540",
    industry: "education",
    size: "25-50",
    website: "https://contoso.test",
    logoKey: "public/seed/contoso-logo.svg",
    primaryEmail: "hello@contoso.test",
    currency: "GBP",
    location: "UK",
    language: "enGB",
    shard: "weur-1",
    region: "weur",
    ...stamps,
  },
];

export const priceGroupRows: NewPriceGroup[] = [
  {
    id: NORTHWIND_PRICE_GROUP_ID,
    accountId: NORTHWIND_ID,
    name: "Enterprise",
    description: "Customers on an enterprise agreement with volume pricing.",
    ...stamps,
  },
  {
    id: CONTOSO_PRICE_GROUP_ID,
    accountId: CONTOSO_ID,
    name: "Public Sector",
    description: "Public bodies, health trusts and charities.",
    ...stamps,
  },
];

interface CustomerSeed {
  key: "fabrikam" | "alpine" | "tailspin" | "harbour" | "wideWorld";
  name: string;
  partnerId: string;
  industry: NonNullable<NewAccount["industry"]>;
  size: NonNullable<NewAccount["size"]>;
  website: string;
  primaryEmail: string;
  location: NonNullable<NewAccount["location"]>;
  language: Language;
  priceGroupId: string | null;
}

// A customer takes its partner's currency (below), so every off-plan price applies to it.
const customerSeeds: CustomerSeed[] = [
  {
    key: "fabrikam",
    name: "Fabrikam Manufacturing",
    partnerId: NORTHWIND_ID,
    industry: "manufacturing",
    size: "100-250",
    website: "https://fabrikam.test",
    primaryEmail: "it@fabrikam.test",
    location: "US",
    language: "enUS",
    priceGroupId: NORTHWIND_PRICE_GROUP_ID,
  },
  {
    key: "alpine",
    name: "Alpine Ski House",
    partnerId: NORTHWIND_ID,
    industry: "hospitality",
    size: "25-50",
    website: "https://alpineskihouse.test",
    primaryEmail: "office@alpineskihouse.test",
    location: "CA",
    language: "enUS",
    priceGroupId: null,
  },
  {
    key: "tailspin",
    name: "Tailspin Logistics",
    partnerId: NORTHWIND_ID,
    industry: "transport",
    size: "250+",
    website: "https://tailspin.test",
    primaryEmail: "ops@tailspin.test",
    location: "US",
    language: "enUS",
    priceGroupId: null,
  },
  {
    key: "harbour",
    name: "Harbour Health Trust",
    partnerId: CONTOSO_ID,
    industry: "health",
    size: "250+",
    website: "https://harbourhealth.test",
    primaryEmail: "digital@harbourhealth.test",
    location: "UK",
    language: "enGB",
    priceGroupId: CONTOSO_PRICE_GROUP_ID,
  },
  {
    key: "wideWorld",
    name: "Wide World Importers",
    partnerId: CONTOSO_ID,
    industry: "retail",
    size: "10-25",
    website: "https://wideworldimporters.test",
    primaryEmail: "admin@wideworldimporters.test",
    location: "UK",
    language: "enGB",
    priceGroupId: null,
  },
];

function partnerCurrency(partnerId: string): Currency {
  const currency = partnerAccounts.find((p) => p.id === partnerId)?.currency;
  if (!currency) throw new Error(`seed: no partner ${partnerId}`);
  return currency;
}

const customerIds = Object.fromEntries(customerSeeds.map((c, i) => [c.key, demoId("account", 10 + i)])) as Record<CustomerSeed["key"], string>;

export const customerAccounts: NewAccount[] = customerSeeds.map((c) => ({
  id: customerIds[c.key],
  type: "customer",
  name: c.name,
  parentAccountId: c.partnerId,
  industry: c.industry,
  size: c.size,
  website: c.website,
  primaryEmail: c.primaryEmail,
  // Its partner's currency, as a customer made on the partner's domain takes it (docs/decisions/2026-11-27-customer-currency-is-its-partners.md).
  currency: partnerCurrency(c.partnerId),
  location: c.location,
  language: c.language,
  priceGroupId: c.priceGroupId,
  timeZone: c.key === "fabrikam" ? DEMO_TIME_ZONES.customer : null,
  ...stamps,
}));

// ─── Branding and domains ────────────────────────────────────────────────────

export const stylingRows: NewStyling[] = [
  {
    id: demoId("styling", 1),
    accountId: NORTHWIND_ID,
    brandColour: "#0f766e",
    gradientColourOne: "#0f766e",
    gradientColourTwo: "#14b8a6",
    lightGradientTextColour: "#ffffff",
    lightHeroTextColour: "#ffffff",
    fontFamily: "manrope",
    platformName: "Northwind Learn",
    logoKey: "public/seed/northwind-logo.svg",
    showLogoOnLogin: true,
    supportEmail: "help@northwind.test",
    ...stamps,
  },
  {
    id: demoId("styling", 2),
    accountId: CONTOSO_ID,
    brandColour: "#7c3aed",
    gradientColourOne: "#7c3aed",
    gradientColourTwo: "#db2777",
    lightGradientTextColour: "#ffffff",
    lightHeroTextColour: "#ffffff",
    fontFamily: "poppins",
    platformName: "Contoso Skills",
    logoKey: "public/seed/contoso-logo.svg",
    showLogoOnLogin: true,
    supportEmail: "help@contoso.test",
    ...stamps,
  },
];

export const customDomainRows: NewCustomDomain[] = [
  {
    id: demoId("domain", 1),
    accountId: NORTHWIND_ID,
    uri: "learn.northwind.test",
    state: "connected",
    isSatellite: true,
    verificationToken: "seed-northwind-verification",
    connectedAt: SEED_TIME,
    ...stamps,
  },
  {
    id: demoId("domain", 2),
    accountId: CONTOSO_ID,
    uri: "skills.contoso.test",
    state: "connected",
    isSatellite: true,
    verificationToken: "seed-contoso-verification",
    connectedAt: SEED_TIME,
    ...stamps,
  },
];

/** Small SVG logos (no script, no external references) for the two partners: a wordmark and an emblem. */
export const DEMO_FILES: { key: string; contentType: string; body: string }[] = [
  {
    key: "public/seed/northwind-logo.svg",
    contentType: "image/svg+xml",
    body:
      '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40" role="img" aria-label="Northwind Learning">' +
      '<rect width="40" height="40" rx="8" fill="#0f766e"/>' +
      '<path d="M11 29V11h4l10 12V11h4v18h-4L15 17v12z" fill="#ffffff"/>' +
      '<text x="48" y="26" font-family="Manrope, Arial, sans-serif" font-size="15" font-weight="700" fill="#0f766e">Northwind</text>' +
      "</svg>",
  },
  {
    key: "public/seed/contoso-logo.svg",
    contentType: "image/svg+xml",
    // A square emblem, so the demo shows both shapes of logo: Northwind's is a wide wordmark.
    body:
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" role="img" aria-label="Contoso Skills">' +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>' +
      '<circle cx="20" cy="20" r="20" fill="url(#g)"/>' +
      '<path d="M27 14a9 9 0 1 0 0 12l-3-2.5a5 5 0 1 1 0-7z" fill="#ffffff"/>' +
      "</svg>",
  },
];

// ─── Workouts ────────────────────────────────────────────────────────────────

type WorkoutKey =
  | "copilotFoundations"
  | "powerAutomate"
  | "dataLiteracy"
  | "dashboards"
  | "modernMeetings"
  | "intranetRefresh"
  | "phishingResilience"
  | "drTabletop"
  | "crmHealthCheck"
  | "hybridConnectivity"
  | "roadmapDiscovery"
  | "digitalStrategySprint"
  | "excelForAnalysts"
  | "secureByDefault"
  | "promptingForProfessionals";

interface SessionSeed {
  name: string;
  shortSummary: string;
  lengthMinutes: number;
}

interface WorkoutSeed {
  key: WorkoutKey;
  author: "northwind" | "contoso";
  sku: string;
  name: string;
  subtitle: string;
  description: string;
  type: WorkoutType;
  category: Category;
  difficulty: Difficulty;
  totalMinutes: number;
  maxAttendees: number;
  greatFor: WorkoutTag[];
  icon: string;
  partnerVisibility: PartnerVisibility;
  allowPartnerVariants: boolean;
  priority: number;
  /** Status in the author's library. */
  status: LibraryStatus;
  /** Credits for the on-plan line. */
  credits: number;
  /** Off-plan price, minor units of the author's currency. */
  price: number;
  sessions: SessionSeed[];
}

const workoutSeeds: WorkoutSeed[] = [
  {
    key: "copilotFoundations",
    author: "northwind",
    sku: "NW-AI-101",
    name: "Copilot Foundations",
    subtitle: "Put an AI assistant to work in everyday tasks",
    description: "A hands-on introduction to AI assistants in the tools your teams already use: drafting, summarising and finding information safely.",
    type: "workshop",
    category: "aiAndAutomation",
    difficulty: "beginner",
    totalMinutes: 120,
    maxAttendees: 12,
    greatFor: ["allUsers", "managers"],
    icon: "sparkles",
    partnerVisibility: "listed",
    allowPartnerVariants: true,
    priority: 200,
    status: "available",
    credits: 1,
    price: 95000,
    sessions: [
      { name: "What an AI assistant can do", shortSummary: "Tour of the assistant and safe use.", lengthMinutes: 60 },
      { name: "Prompting in practice", shortSummary: "Write, refine and reuse prompts.", lengthMinutes: 60 },
    ],
  },
  {
    key: "powerAutomate",
    author: "northwind",
    sku: "NW-AI-201",
    name: "Automating Everyday Workflows",
    subtitle: "Replace repetitive steps with automated flows",
    description: "Map a real process from your business, then build, test and hand over an automated flow with approvals and notifications.",
    type: "delivery",
    category: "aiAndAutomation",
    difficulty: "intermediate",
    totalMinutes: 180,
    maxAttendees: 8,
    greatFor: ["operations", "platformOwners"],
    icon: "workflow",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 150,
    status: "available",
    credits: 2,
    price: 180000,
    sessions: [
      { name: "Process mapping", shortSummary: "Pick and map one process.", lengthMinutes: 60 },
      { name: "Build the flow", shortSummary: "Build the automation together.", lengthMinutes: 60 },
      { name: "Test and hand over", shortSummary: "Test, document, hand over.", lengthMinutes: 60 },
    ],
  },
  {
    key: "dataLiteracy",
    author: "northwind",
    sku: "NW-DATA-101",
    name: "Data Literacy Essentials",
    subtitle: "Read, question and present data with confidence",
    description: "Core data vocabulary, common chart mistakes and how to ask better questions of your reports.",
    type: "workshop",
    category: "dataAndInsights",
    difficulty: "beginner",
    totalMinutes: 90,
    maxAttendees: 15,
    greatFor: ["allUsers", "departmentHeads"],
    icon: "chart-bar",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 120,
    status: "available",
    credits: 1,
    price: 70000,
    sessions: [
      { name: "Speaking data", shortSummary: "Terms, measures and pitfalls.", lengthMinutes: 45 },
      { name: "Charts that tell the truth", shortSummary: "Choose and critique charts.", lengthMinutes: 45 },
    ],
  },
  {
    key: "dashboards",
    author: "northwind",
    sku: "NW-DATA-201",
    name: "Building Dashboards that Matter",
    subtitle: "From raw exports to a dashboard people use",
    description: "Model a small data set, design a dashboard around decisions, and publish it with the right permissions.",
    type: "workshop",
    category: "dataAndInsights",
    difficulty: "intermediate",
    totalMinutes: 150,
    maxAttendees: 8,
    greatFor: ["dataAdmins", "finance", "managers"],
    icon: "layout-dashboard",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 110,
    status: "available",
    credits: 2,
    price: 140000,
    sessions: [
      { name: "Shape the data", shortSummary: "Clean and model the data set.", lengthMinutes: 60 },
      { name: "Design for decisions", shortSummary: "Layout, measures and filters.", lengthMinutes: 45 },
      { name: "Publish and share", shortSummary: "Workspaces and permissions.", lengthMinutes: 45 },
    ],
  },
  {
    key: "modernMeetings",
    author: "northwind",
    sku: "NW-PROD-101",
    name: "Modern Meetings",
    subtitle: "Shorter, better meetings with the tools you have",
    description: "Agendas, shared notes, recordings and follow-ups: habits and settings that make meetings count.",
    type: "induction",
    category: "productivityAndCollaboration",
    difficulty: "beginner",
    totalMinutes: 60,
    maxAttendees: 20,
    greatFor: ["allUsers"],
    icon: "users",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 130,
    status: "available",
    credits: 1,
    price: 45000,
    sessions: [
      { name: "Before and during", shortSummary: "Agendas, roles, shared notes.", lengthMinutes: 30 },
      { name: "After the meeting", shortSummary: "Recordings, tasks and follow-up.", lengthMinutes: 30 },
    ],
  },
  {
    key: "intranetRefresh",
    author: "northwind",
    sku: "NW-PROD-301",
    name: "Intranet Refresh",
    subtitle: "Plan and launch an intranet people visit",
    description: "Audit the current intranet, agree an information architecture, build key pages and plan the launch.",
    type: "delivery",
    category: "productivityAndCollaboration",
    difficulty: "intermediate",
    totalMinutes: 240,
    maxAttendees: 6,
    greatFor: ["keyStakeholders", "marketing", "platformOwners"],
    icon: "globe",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 90,
    status: "draft",
    credits: 3,
    price: 240000,
    sessions: [
      { name: "Audit", shortSummary: "What exists and what is used.", lengthMinutes: 60 },
      { name: "Information architecture", shortSummary: "Sites, navigation, ownership.", lengthMinutes: 60 },
      { name: "Build key pages", shortSummary: "Home and department pages.", lengthMinutes: 60 },
      { name: "Launch plan", shortSummary: "Comms, training and measures.", lengthMinutes: 60 },
    ],
  },
  {
    key: "phishingResilience",
    author: "northwind",
    sku: "NW-SEC-101",
    name: "Phishing Resilience Bootcamp",
    subtitle: "Spot, stop and report suspicious messages",
    description: "Real-world examples, a live simulated phishing exercise and a simple reporting routine for every team.",
    type: "workshop",
    category: "securityAndContinuity",
    difficulty: "beginner",
    totalMinutes: 90,
    maxAttendees: 25,
    greatFor: ["allUsers", "securityComplianceTeams"],
    icon: "shield-check",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 180,
    status: "available",
    credits: 1,
    price: 65000,
    sessions: [
      { name: "Anatomy of a phish", shortSummary: "How attacks are built.", lengthMinutes: 30 },
      { name: "Live exercise and reporting", shortSummary: "Simulate, spot and report.", lengthMinutes: 60 },
    ],
  },
  {
    key: "drTabletop",
    author: "northwind",
    sku: "NW-SEC-301",
    name: "Disaster Recovery Tabletop",
    subtitle: "Rehearse the day your systems go down",
    description: "A facilitated scenario that walks your recovery plan end to end and leaves you with a list of fixes.",
    type: "review",
    category: "securityAndContinuity",
    difficulty: "pro",
    totalMinutes: 120,
    maxAttendees: 10,
    greatFor: ["namedStaffInDrPlan", "itDecisionMakers", "leadership"],
    icon: "life-buoy",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 100,
    status: "available",
    credits: 2,
    price: 160000,
    sessions: [
      { name: "Plan review", shortSummary: "Roles, contacts and priorities.", lengthMinutes: 45 },
      { name: "Scenario", shortSummary: "Work through a live incident.", lengthMinutes: 45 },
      { name: "Debrief", shortSummary: "Gaps, owners and next steps.", lengthMinutes: 30 },
    ],
  },
  {
    key: "crmHealthCheck",
    author: "northwind",
    sku: "NW-OPS-201",
    name: "CRM Health Check",
    subtitle: "Is your CRM helping or hindering sales?",
    description: "Review data quality, pipeline stages and adoption, then agree the three changes with the biggest payback.",
    type: "review",
    category: "businessSystemsAndOperations",
    difficulty: "intermediate",
    totalMinutes: 120,
    maxAttendees: 6,
    greatFor: ["sales", "operations", "platformOwners"],
    icon: "clipboard-check",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 100,
    status: "available",
    credits: 2,
    price: 120000,
    sessions: [
      { name: "Data and adoption review", shortSummary: "Quality, usage and gaps.", lengthMinutes: 60 },
      { name: "Priorities", shortSummary: "Agree the top three changes.", lengthMinutes: 60 },
    ],
  },
  {
    key: "hybridConnectivity",
    author: "northwind",
    sku: "NW-COMMS-101",
    name: "Hybrid Work Connectivity Review",
    subtitle: "Calls, Wi-Fi and remote access that just work",
    description: "A discovery of how people connect from office and home, with quick fixes and a prioritised plan.",
    type: "discovery",
    category: "commsAndConnectivity",
    difficulty: "beginner",
    totalMinutes: 90,
    maxAttendees: 8,
    greatFor: ["itDecisionMakers", "operations"],
    icon: "wifi",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 100,
    status: "available",
    credits: 1,
    price: 80000,
    sessions: [
      { name: "Discovery", shortSummary: "How and where people connect.", lengthMinutes: 45 },
      { name: "Findings and plan", shortSummary: "Quick fixes and priorities.", lengthMinutes: 45 },
    ],
  },
  {
    key: "roadmapDiscovery",
    author: "northwind",
    sku: "NW-STRAT-201",
    name: "Technology Roadmap Discovery",
    subtitle: "A two-year plan your leadership agrees on",
    description: "Interviews, a current-state review and a workshop that turns goals into a sequenced technology roadmap.",
    type: "discovery",
    category: "strategy",
    difficulty: "pro",
    totalMinutes: 180,
    maxAttendees: 6,
    greatFor: ["leadership", "keyStakeholders", "itDecisionMakers"],
    icon: "map",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 140,
    status: "available",
    credits: 3,
    price: 300000,
    sessions: [
      { name: "Goals and constraints", shortSummary: "What the business needs.", lengthMinutes: 60 },
      { name: "Current state", shortSummary: "Systems, skills and spend.", lengthMinutes: 60 },
      { name: "Roadmap workshop", shortSummary: "Sequence the initiatives.", lengthMinutes: 60 },
    ],
  },
  {
    key: "digitalStrategySprint",
    author: "northwind",
    sku: "NW-STRAT-301",
    name: "Digital Strategy Sprint",
    subtitle: "An intensive reset of your digital priorities",
    description: "Superseded by Technology Roadmap Discovery; kept for customers who booked it before.",
    type: "workshop",
    category: "strategy",
    difficulty: "pro",
    totalMinutes: 240,
    maxAttendees: 6,
    greatFor: ["leadership"],
    icon: "target",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 50,
    status: "archived",
    credits: 3,
    price: 320000,
    sessions: [
      { name: "Vision", shortSummary: "Where the business is going.", lengthMinutes: 90 },
      { name: "Options", shortSummary: "Weigh the big bets.", lengthMinutes: 90 },
      { name: "Commitments", shortSummary: "Owners, budget and dates.", lengthMinutes: 60 },
    ],
  },
  {
    key: "excelForAnalysts",
    author: "contoso",
    sku: "CS-DATA-201",
    name: "Spreadsheets for Analysts",
    subtitle: "Lookups, pivots and tidy models",
    description: "Modern lookup functions, pivot tables and a tidy model layout that survives hand-over.",
    type: "workshop",
    category: "dataAndInsights",
    difficulty: "intermediate",
    totalMinutes: 120,
    maxAttendees: 10,
    greatFor: ["finance", "dataAdmins"],
    icon: "table",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 120,
    status: "available",
    credits: 1,
    price: 60000,
    sessions: [
      { name: "Lookups and tables", shortSummary: "Structured data and lookups.", lengthMinutes: 60 },
      { name: "Pivots and models", shortSummary: "Summaries that stay correct.", lengthMinutes: 60 },
    ],
  },
  {
    key: "secureByDefault",
    author: "contoso",
    sku: "CS-SEC-301",
    name: "Secure by Default",
    subtitle: "Harden your cloud workspace in three steps",
    description: "Review identity, device and sharing settings against a baseline and leave with the changes applied.",
    type: "review",
    category: "securityAndContinuity",
    difficulty: "pro",
    totalMinutes: 180,
    maxAttendees: 5,
    greatFor: ["securityComplianceTeams", "complianceManagers", "platformOwners"],
    icon: "lock",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 110,
    status: "available",
    credits: 2,
    price: 150000,
    sessions: [
      { name: "Identity", shortSummary: "Sign-in, MFA and admin roles.", lengthMinutes: 60 },
      { name: "Devices", shortSummary: "Enrolment and compliance.", lengthMinutes: 60 },
      { name: "Sharing", shortSummary: "External access and labels.", lengthMinutes: 60 },
    ],
  },
  {
    key: "promptingForProfessionals",
    author: "contoso",
    sku: "CS-AI-101",
    name: "Prompting for Professionals",
    subtitle: "Get reliable answers from AI tools",
    description: "Patterns for clear prompts, checking answers and keeping confidential data out of the wrong places.",
    type: "workshop",
    category: "aiAndAutomation",
    difficulty: "beginner",
    totalMinutes: 60,
    maxAttendees: 20,
    greatFor: ["allUsers", "advancedUsers"],
    icon: "message-square",
    partnerVisibility: "private",
    allowPartnerVariants: false,
    priority: 130,
    status: "available",
    credits: 1,
    price: 35000,
    sessions: [
      { name: "Prompt patterns", shortSummary: "Role, task, context, format.", lengthMinutes: 30 },
      { name: "Checking the answers", shortSummary: "Verify, cite and stay safe.", lengthMinutes: 30 },
    ],
  },
];

const authorId = { northwind: NORTHWIND_ID, contoso: CONTOSO_ID } as const;
const authorTan = { northwind: "482913", contoso: "731540" } as const;
const authorName = { northwind: "Northwind Learning", contoso: "Contoso Skills" } as const;
const authorCurrency = { northwind: "USD", contoso: "GBP" } as const;
const authorLanguage = { northwind: "enUS", contoso: "enGB" } as const;

const workoutIds = Object.fromEntries(workoutSeeds.map((w, i) => [w.key, demoId("workout", i + 1)])) as Record<WorkoutKey, string>;
const variantIds = Object.fromEntries(workoutSeeds.map((w, i) => [w.key, demoId("variant", i + 1)])) as Record<WorkoutKey, string>;

export const workoutRows: NewWorkout[] = workoutSeeds.map((w) => ({
  id: workoutIds[w.key],
  accountId: authorId[w.author],
  name: w.name,
  sku: w.sku,
  type: w.type,
  category: w.category,
  allowPartnerVariants: w.allowPartnerVariants,
  totalMinutes: w.totalMinutes,
  maxAttendees: w.maxAttendees,
  difficulty: w.difficulty,
  format: "onlineInstructorLed",
  greatFor: w.greatFor,
  title: w.name,
  subtitle: w.subtitle,
  description: w.description,
  icon: w.icon,
  featuredMedia: [],
  visibility: null,
  partnerVisibility: w.partnerVisibility,
  priority: w.priority,
  ...stamps,
}));

/** One standard variant per workout, available over the demo window. */
export const variantRows: NewWorkoutVariant[] = workoutSeeds.map((w) => ({
  id: variantIds[w.key],
  workoutId: workoutIds[w.key],
  accountId: authorId[w.author],
  name: "Standard",
  locale: authorLanguage[w.author],
  availableFrom: AVAILABLE_FROM,
  availableTo: AVAILABLE_TO,
  customPricing: false,
  partnerVisibility: w.partnerVisibility,
  ...stamps,
}));

let sessionCounter = 0;
export const sessionRows: NewWorkoutSession[] = workoutSeeds.flatMap((w) =>
  w.sessions.map((s, i) => ({
    id: demoId("session", ++sessionCounter),
    workoutId: workoutIds[w.key],
    accountId: authorId[w.author],
    sequence: i + 1,
    name: s.name,
    shortSummary: s.shortSummary,
    description: `${s.shortSummary} Session ${i + 1} of ${w.sessions.length} of ${w.name}.`,
    icon: w.icon,
    lengthMinutes: s.lengthMinutes,
    startDate: AVAILABLE_FROM,
    endDate: AVAILABLE_TO,
    ...stamps,
  })),
);

const firstSessionId = (key: WorkoutKey) => sessionRows.find((s) => s.workoutId === workoutIds[key] && s.sequence === 1)!.id as string;

/** Before the first session of every workout, the customer confirms who attends. */
export const sessionActionItemRows: NewSessionActionItem[] = workoutSeeds.map((w, i) => ({
  id: demoId("actionItem", i + 1),
  accountId: authorId[w.author],
  workoutId: workoutIds[w.key],
  sessionId: firstSessionId(w.key),
  assigneeType: "customer",
  stage: "beforeSession",
  name: "Confirm the attendee list",
  dueOffsetDays: -2,
  startDate: AVAILABLE_FROM,
  endDate: AVAILABLE_TO,
  ...stamps,
}));

export const sessionAttachmentRows: NewSessionAttachment[] = [
  {
    id: demoId("attachment", 1),
    accountId: NORTHWIND_ID,
    workoutId: workoutIds.copilotFoundations,
    sessionId: firstSessionId("copilotFoundations"),
    type: "link",
    category: "usefulLinks",
    description: "Responsible AI guidelines",
    value: "https://northwind.test/guides/responsible-ai",
    startDate: AVAILABLE_FROM,
    endDate: AVAILABLE_TO,
    ...stamps,
  },
  {
    id: demoId("attachment", 2),
    accountId: NORTHWIND_ID,
    workoutId: workoutIds.phishingResilience,
    sessionId: firstSessionId("phishingResilience"),
    type: "document",
    category: "resource",
    description: "How to report a suspicious message (one-page guide)",
    value: "https://northwind.test/guides/report-phishing",
    startDate: AVAILABLE_FROM,
    endDate: AVAILABLE_TO,
    ...stamps,
  },
  {
    id: demoId("attachment", 3),
    accountId: CONTOSO_ID,
    workoutId: workoutIds.secureByDefault,
    sessionId: firstSessionId("secureByDefault"),
    type: "link",
    category: "howTo",
    description: "Export your current sign-in policies before the session",
    value: "https://contoso.test/how-to/export-policies",
    startDate: AVAILABLE_FROM,
    endDate: AVAILABLE_TO,
    ...stamps,
  },
];

/** Base pricing: an on-plan line in credits and an off-plan line in the author's currency. */
export const pricingLineRows: NewPricingLine[] = workoutSeeds.flatMap((w, i) => [
  {
    id: demoId("pricingLine", 2 * i + 1),
    accountId: authorId[w.author],
    workoutId: workoutIds[w.key],
    variantId: null,
    priceType: "allCustomers",
    name: "On plan",
    pricingType: "unit",
    onPlan: true,
    currency: authorCurrency[w.author],
    amount: w.credits,
    startDate: AVAILABLE_FROM,
    endDate: AVAILABLE_TO,
    ...stamps,
  },
  {
    id: demoId("pricingLine", 2 * i + 2),
    accountId: authorId[w.author],
    workoutId: workoutIds[w.key],
    variantId: null,
    priceType: "allCustomers",
    name: "Off plan",
    pricingType: "value",
    onPlan: false,
    currency: authorCurrency[w.author],
    amount: w.price,
    startDate: AVAILABLE_FROM,
    endDate: AVAILABLE_TO,
    ...stamps,
  },
]);

/** Each workout is delivered by its author (100%). */
export const deliveryPartnerRows: NewDeliveryPartner[] = workoutSeeds.map((w, i) => ({
  id: demoId("deliveryPartner", i + 1),
  accountId: authorId[w.author],
  workoutId: workoutIds[w.key],
  variantId: null,
  partnerTan: authorTan[w.author],
  partnerAccountId: authorId[w.author],
  name: authorName[w.author],
  selectionPercent: 100,
  startDate: AVAILABLE_FROM,
  endDate: AVAILABLE_TO,
  visibleToPartners: false,
  ...stamps,
}));

/** Each author's library holds its own workouts; Contoso also lists Copilot Foundations. */
export const libraryEntryRows: NewLibraryEntry[] = [
  ...workoutSeeds.map((w, i): NewLibraryEntry => ({
    id: demoId("libraryEntry", i + 1),
    accountId: authorId[w.author],
    workoutId: workoutIds[w.key],
    status: w.status,
    priority: w.priority,
    ...stamps,
  })),
  {
    id: demoId("libraryEntry", 100),
    accountId: CONTOSO_ID,
    workoutId: workoutIds.copilotFoundations,
    status: "available",
    priority: 100,
    ...stamps,
  },
];

// ─── Featured groups and homepage ────────────────────────────────────────────

export const featuredGroupRows: NewFeaturedGroup[] = [
  {
    id: demoId("featuredGroup", 1),
    accountId: NORTHWIND_ID,
    title: "Quick wins",
    subtitle: "Short workouts every team can take this month",
    startDate: AVAILABLE_FROM,
    endDate: AVAILABLE_TO,
    ...stamps,
  },
  {
    id: demoId("featuredGroup", 2),
    accountId: CONTOSO_ID,
    title: "Start here",
    subtitle: "Our most popular first steps",
    startDate: AVAILABLE_FROM,
    endDate: AVAILABLE_TO,
    ...stamps,
  },
];

const featuredItems: [string, string, WorkoutKey[]][] = [
  [NORTHWIND_ID, demoId("featuredGroup", 1), ["modernMeetings", "phishingResilience", "copilotFoundations"]],
  [CONTOSO_ID, demoId("featuredGroup", 2), ["promptingForProfessionals", "excelForAnalysts"]],
];
let featuredItemCounter = 0;
export const featuredGroupItemRows: NewFeaturedGroupItem[] = featuredItems.flatMap(([accountId, groupId, keys]) =>
  keys.map((key, i) => ({
    id: demoId("featuredGroupItem", ++featuredItemCounter),
    accountId,
    featuredGroupId: groupId,
    workoutId: workoutIds[key],
    sequence: i + 1,
    ...stamps,
  })),
);

/** Northwind's homepage: the hero, a featured-group carousel and two category carousels. Contoso has none. */
export const homepageRowRows: NewHomepageRow[] = [
  { id: demoId("homepageRow", 1), accountId: NORTHWIND_ID, sequence: 0, isHero: true, type: null, ...stamps },
  {
    id: demoId("homepageRow", 2),
    accountId: NORTHWIND_ID,
    sequence: 1,
    isHero: false,
    type: "carouselSingle",
    title: "Quick wins",
    subtitle: "Short workouts every team can take this month",
    ...stamps,
  },
  {
    id: demoId("homepageRow", 3),
    accountId: NORTHWIND_ID,
    sequence: 2,
    isHero: false,
    type: "carouselDouble",
    title: "Explore by goal",
    subtitle: "Work smarter and stay safe",
    ...stamps,
  },
];

export const homepageSlotRows: NewHomepageSlot[] = [
  {
    id: demoId("homepageSlot", 1),
    accountId: NORTHWIND_ID,
    rowId: demoId("homepageRow", 1),
    sequence: 1,
    itemType: "featuredGroup",
    featuredGroupId: demoId("featuredGroup", 1),
    heroText: "Get your teams fit for the future of work",
    title: "Welcome to Northwind Learn",
    subtitle: "Instructor-led workouts on AI, data, security and more",
    ...stamps,
  },
  {
    id: demoId("homepageSlot", 2),
    accountId: NORTHWIND_ID,
    rowId: demoId("homepageRow", 2),
    sequence: 1,
    itemType: "featuredGroup",
    featuredGroupId: demoId("featuredGroup", 1),
    ...stamps,
  },
  {
    id: demoId("homepageSlot", 3),
    accountId: NORTHWIND_ID,
    rowId: demoId("homepageRow", 3),
    sequence: 1,
    itemType: "category",
    category: "aiAndAutomation",
    title: "Work smarter with AI",
    ...stamps,
  },
  {
    id: demoId("homepageSlot", 4),
    accountId: NORTHWIND_ID,
    rowId: demoId("homepageRow", 3),
    sequence: 2,
    itemType: "category",
    category: "securityAndContinuity",
    title: "Stay safe and recover fast",
    ...stamps,
  },
];

// ─── Teams ───────────────────────────────────────────────────────────────────

export { DEFAULT_TEAM_NAMES };

let teamCounter = 0;
export const teamRows: NewTeam[] = customerAccounts.flatMap((account) =>
  (Object.entries(DEFAULT_TEAM_NAMES) as [TeamType, string][]).map(([department, name]) => ({
    id: demoId("team", ++teamCounter),
    accountId: account.id as string,
    name,
    department,
    ...stamps,
  })),
);

// ─── Entitlements ────────────────────────────────────────────────────────────

/** Credits each demo customer starts with. */
export const DEMO_CREDITS = 12;
const PLAN_START = "2025-01-01";
const PLAN_END = "2030-12-31";
const PLAN_EARLIEST_END = "2025-12-31";
const PLAN_RENEWAL = "2026-01-01";

export const planRows: NewPlan[] = [
  {
    id: demoId("plan", 1),
    accountId: NORTHWIND_ID,
    planName: "Learning Plus",
    variantName: `Annual ${DEMO_CREDITS}`,
    commitmentTerm: "annual",
    credits: DEMO_CREDITS,
    refreshPeriod: "annual",
    priceAmount: 1_200_000,
    currency: "USD",
    ...stamps,
  },
  {
    id: demoId("plan", 2),
    accountId: CONTOSO_ID,
    planName: "Learning Plus",
    variantName: `Annual ${DEMO_CREDITS}`,
    commitmentTerm: "annual",
    credits: DEMO_CREDITS,
    refreshPeriod: "annual",
    priceAmount: 950_000,
    currency: "GBP",
    ...stamps,
  },
];

export const planEntryRows: NewPlanEntry[] = customerSeeds.map((c, i) => ({
  id: demoId("planEntry", i + 1),
  accountId: customerIds[c.key],
  planId: c.partnerId === NORTHWIND_ID ? demoId("plan", 1) : demoId("plan", 2),
  planName: "Learning Plus",
  variantName: `Annual ${DEMO_CREDITS}`,
  commitmentTerm: "annual",
  startDate: PLAN_START,
  endDate: PLAN_END,
  earliestEndDate: PLAN_EARLIEST_END,
  renewalDate: PLAN_RENEWAL,
  // Written like a start (worker/data/plans.ts newPlanEntry): the cron looks at it on its first run and dates it on.
  nextRefreshDate: PLAN_START,
  ...stamps,
}));

export const creditEntryRows: NewCreditEntry[] = customerSeeds.map((c, i) => ({
  id: demoId("creditEntry", i + 1),
  accountId: customerIds[c.key],
  planEntryId: demoId("planEntry", i + 1),
  planName: "Learning Plus",
  variantName: `Annual ${DEMO_CREDITS}`,
  startDate: PLAN_START,
  endDate: PLAN_END,
  refreshPeriod: "annual",
  ...stamps,
}));

export const creditLineRows: NewCreditLine[] = customerSeeds.map((c, i) => ({
  id: demoId("creditLine", i + 1),
  accountId: customerIds[c.key],
  creditEntryId: demoId("creditEntry", i + 1),
  source: "plan",
  itemType: "planAdjustment",
  updateType: "increase",
  quantity: DEMO_CREDITS,
  enteredAt: SEED_TIME,
  context: "Annual plan allowance",
  createdAt: SEED_TIME,
}));

// ─── Scores ──────────────────────────────────────────────────────────────────

/** Fabrikam has an AI score from two assessees; Northwind has one orphaned submission. */
export const scoreRows: NewScore[] = [
  {
    id: demoId("score", 1),
    accountId: customerIds.fabrikam,
    partnerAccountId: NORTHWIND_ID,
    category: "aiAndAutomation",
    score: 3.4,
    scorePercent: 68,
    source: "assessment",
    ...stamps,
  },
  {
    id: demoId("score", 2),
    accountId: null,
    partnerAccountId: NORTHWIND_ID,
    category: "securityAndContinuity",
    score: 2.5,
    scorePercent: 50,
    source: "assessment",
    ...stamps,
  },
];

export const scoreEntryRows: NewScoreEntry[] = [
  {
    id: demoId("scoreEntry", 1),
    scoreId: demoId("score", 1),
    accountId: customerIds.fabrikam,
    assesseeName: "Dana Whitfield",
    assesseeEmail: "dana.whitfield@fabrikam.test",
    value: 3.8,
    submittedAt: SEED_TIME,
    ...stamps,
  },
  {
    id: demoId("scoreEntry", 2),
    scoreId: demoId("score", 1),
    accountId: customerIds.fabrikam,
    assesseeName: "Omar Haddad",
    assesseeEmail: "omar.haddad@fabrikam.test",
    value: 3.0,
    submittedAt: SEED_TIME,
    ...stamps,
  },
  {
    id: demoId("scoreEntry", 3),
    scoreId: demoId("score", 2),
    accountId: null,
    assesseeName: "Jordan Lee",
    assesseeEmail: "jordan.lee@unlinked.test",
    value: 2.5,
    submittedAt: SEED_TIME,
    ...stamps,
  },
];

// ─── Fixed ids for tests ─────────────────────────────────────────────────────

export const DEMO = {
  northwind: {
    id: NORTHWIND_ID,
    name: "Northwind Learning",
    tan: "482913",
    domain: "learn.northwind.test",
    platformName: "Northwind Learn",
    brandColour: "#0f766e",
    currency: "USD",
    priceGroupId: NORTHWIND_PRICE_GROUP_ID,
    featuredGroupId: demoId("featuredGroup", 1),
    planId: demoId("plan", 1),
    logoKey: "public/seed/northwind-logo.svg",
  },
  contoso: {
    id: CONTOSO_ID,
    name: "Contoso Skills",
    tan: "731540",
    domain: "skills.contoso.test",
    platformName: "Contoso Skills",
    brandColour: "#7c3aed",
    currency: "GBP",
    priceGroupId: CONTOSO_PRICE_GROUP_ID,
    featuredGroupId: demoId("featuredGroup", 2),
    planId: demoId("plan", 2),
    logoKey: "public/seed/contoso-logo.svg",
  },
  /** Customers by key; `partner` is 'northwind' or 'contoso'. */
  customers: Object.fromEntries(
    customerSeeds.map((c, i) => [
      c.key,
      {
        id: customerIds[c.key],
        name: c.name,
        partner: c.partnerId === NORTHWIND_ID ? "northwind" : "contoso",
        currency: partnerCurrency(c.partnerId),
        planEntryId: demoId("planEntry", i + 1),
        creditEntryId: demoId("creditEntry", i + 1),
      },
    ]),
  ) as Record<
    CustomerSeed["key"],
    {
      id: string;
      name: string;
      partner: "northwind" | "contoso";
      currency: Currency;
      planEntryId: string;
      creditEntryId: string;
    }
  >,
  /** Workout ids by key. */
  workouts: workoutIds,
  /** The "Standard" variant id of each workout, by the workout's key. */
  variants: variantIds,
  /** Workouts not 'available' in their author's library. */
  draftWorkoutId: workoutIds.intranetRefresh,
  archivedWorkoutId: workoutIds.digitalStrategySprint,
  /** Listed by Northwind and added (available) to Contoso's library. */
  sharedWorkoutId: workoutIds.copilotFoundations,
  credits: DEMO_CREDITS,
  availableFrom: AVAILABLE_FROM,
  availableTo: AVAILABLE_TO,
  scores: { fabrikamAi: demoId("score", 1), orphaned: demoId("score", 2) },
} as const;
