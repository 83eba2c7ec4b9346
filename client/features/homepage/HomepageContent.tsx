import { ChevronLeft, ChevronRight, PlayCircle } from "../../components/icons";
import { useId, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import type { HomepageRowView, HomepageSlotView, HomepageView } from "../../../contract/homepage";
import { useStyling } from "../../app/styling";
import { Button } from "../../components/ui/Button";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { WorkoutArt } from "../catalogue/CategoryArt";
import { WorkoutCard } from "../catalogue/WorkoutCard";
import { focusRing } from "../../components/ui/focus-ring";
import { enumLabel } from "../../lib/enums";

/**
 * A partner's homepage as its readers see it: the hero, then each row by its
 * type. The customer's Home and the builder's live preview both render this,
 * so the preview is the Home itself.
 */
export function HomepageContent({ view }: { view: HomepageView }) {
  return (
    <div className="grid grid-cols-1 gap-10" data-testid="homepage">
      {view.hero ? <Hero hero={view.hero} /> : null}
      {view.rows.map((row, i) => (
        <Row key={row.id} row={row} eager={i === 0 && !view.hero} />
      ))}
    </div>
  );
}

function Hero({ hero }: { hero: NonNullable<HomepageView["hero"]> }) {
  const styling = useStyling();
  const gradient = "linear-gradient(135deg, rgb(var(--gradient-1)), rgb(var(--gradient-2)))";
  const image = styling.homepageHeroBackground?.uri;
  return (
    <section
      aria-label={hero.heroText}
      data-testid="homepage-hero"
      className="relative isolate flex min-h-56 flex-col justify-end overflow-hidden rounded-2xl p-6 home-sm:min-h-72 home-sm:p-10"
      style={{ background: gradient }}
    >
      {image ? (
        <img src={image} alt="" width={1920} height={800} sizes="(min-width: 1280px) 1152px, 100vw" className="absolute inset-0 -z-10 size-full object-cover" />
      ) : null}
      {/* A scrim keeps the light hero text readable over any photograph. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-t from-black/60 via-black/25 to-transparent" />
      <p className="max-w-3xl text-3xl font-semibold tracking-tight text-balance text-hero-text home-sm:text-4xl">{hero.heroText}</p>
      {/* The hero's words over the gradient: the partner's light gradient text colour, as the branding preview shows it. */}
      {hero.title ? <p className="mt-3 text-lg font-medium text-gradient-text">{hero.title}</p> : null}
      {hero.subtitle ? <p className="mt-1 max-w-2xl text-sm text-gradient-text home-sm:text-base">{hero.subtitle}</p> : null}
    </section>
  );
}

function Row({ row, eager }: { row: HomepageRowView; eager: boolean }) {
  const headingId = useId();
  const double = row.type === "carouselDouble" || row.type === "mediaDouble";
  return (
    <section aria-labelledby={headingId} data-testid="homepage-row" data-row-type={row.type}>
      <div className="mb-4">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {row.title}
        </h2>
        {row.subtitle ? <p className="text-sm text-muted-foreground">{row.subtitle}</p> : null}
      </div>
      <div className={cn("grid grid-cols-1 gap-6", double && row.slots.length > 1 && "home-lg:grid-cols-2")}>
        {row.slots.map((slot) => (
          <Slot
            key={slot.id}
            slot={row.type === "featuredCard" ? slot : withoutRowHeading(slot, row)}
            rowType={row.type}
            rowTitle={row.title}
            eager={eager}
            compact={double && row.slots.length > 1}
          />
        ))}
      </div>
    </section>
  );
}

const same = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/**
 * A slot's heading says only what its row's heading does not: a slot titled
 * like its row (a featured group "Quick wins" in the row "Quick wins") shows
 * no second heading, and a subtitle the row already shows is not repeated.
 */
export function withoutRowHeading(slot: HomepageSlotView, row: Pick<HomepageRowView, "title" | "subtitle">): HomepageSlotView {
  return {
    ...slot,
    title: same(slot.title, row.title) ? null : slot.title,
    subtitle: same(slot.subtitle, row.subtitle) ? null : slot.subtitle,
  };
}

function Slot({
  slot,
  rowType,
  rowTitle,
  eager,
  compact,
}: {
  slot: HomepageSlotView;
  rowType: HomepageRowView["type"];
  rowTitle: string | null;
  eager: boolean;
  compact: boolean;
}) {
  if (slot.media) return <Media slot={slot} media={slot.media} eager={eager} />;
  if (rowType === "featuredCard") return <FeaturedCard slot={slot} eager={eager} />;
  return <Carousel slot={slot} rowTitle={rowTitle} eager={eager} compact={compact} />;
}

function SlotHeading({ slot }: { slot: HomepageSlotView }) {
  const t = useT();
  const title = slot.title ?? (slot.category ? enumLabel(t, "Category", slot.category) : null);
  if (!title && !slot.subtitle) return null;
  return (
    <div className="mb-3">
      {title ? <h3 className="font-semibold">{title}</h3> : null}
      {slot.subtitle ? <p className="text-sm text-muted-foreground">{slot.subtitle}</p> : null}
    </div>
  );
}

/**
 * A row of cards that scrolls sideways: by touch (native scrolling with snap
 * points), by keyboard (the list is focusable and arrow keys scroll it; tabbing
 * through the cards brings each into view) and by the two buttons.
 */
function Carousel({ slot, rowTitle, eager, compact }: { slot: HomepageSlotView; rowTitle: string | null; eager: boolean; compact: boolean }) {
  const t = useT();
  const list = useRef<HTMLUListElement>(null);
  // The list is named by its slot, else by its category, else by its row.
  const label = slot.title ?? (slot.category ? enumLabel(t, "Category", slot.category) : (rowTitle ?? enumLabel(t, "SlotItemType", slot.itemType)));
  const scroll = (direction: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: "smooth" });
  };
  const program = slot.itemType === "program";
  return (
    <div data-testid="homepage-slot" data-item-type={slot.itemType}>
      <div className="flex items-end justify-between gap-3">
        <SlotHeading slot={slot} />
        <div className="mb-3 flex shrink-0 gap-1">
          <Button variant="outline" size="icon-sm" aria-label={t("homepage.carousel.previous", { name: label })} onClick={() => scroll(-1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon-sm" aria-label={t("homepage.carousel.next", { name: label })} onClick={() => scroll(1)}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      <ul
        ref={list}
        tabIndex={0}
        aria-label={label}
        className={cn("relative -mx-1 flex snap-x snap-mandatory scroll-px-1 gap-4 overflow-x-auto scroll-smooth px-1 pb-3", focusRing)}
      >
        {slot.workouts.map((w, i) => (
          <li key={w.id} className={cn("shrink-0 snap-start", compact ? "w-60 home-sm:w-64" : "w-64 home-sm:w-72")}>
            {program ? <p className="mb-1 text-xs font-medium text-muted-foreground">{t("homepage.programStep", { n: i + 1 })}</p> : null}
            <WorkoutCard workout={w} eager={eager && i < 3} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One large card: the slot's first workout (or its group's), with the rest as a short list. */
function FeaturedCard({ slot, eager }: { slot: HomepageSlotView; eager: boolean }) {
  const t = useT();
  const [first, ...rest] = slot.workouts;
  if (!first) return null;
  return (
    <div
      data-testid="homepage-slot"
      data-item-type={slot.itemType}
      className="overflow-hidden rounded-2xl border border-border bg-card home-md:grid home-md:grid-cols-2"
    >
      <WorkoutArt category={first.category} image={first.image} eager={eager} width={640} height={360} className="h-full" />
      <div className="flex flex-col gap-3 p-6 home-sm:p-8">
        {slot.title ? <p className="text-xs font-medium tracking-wide text-brand-text uppercase">{slot.title}</p> : null}
        <h3 className="text-2xl font-semibold tracking-tight">{first.title}</h3>
        {first.subtitle ? <p className="text-muted-foreground">{first.subtitle}</p> : null}
        <div>
          <Link
            to={`/workout/${first.id}`}
            className={cn("inline-flex items-center gap-1 rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-foreground hover:opacity-90", focusRing)}
          >
            {t("homepage.viewWorkout", { name: first.title })}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        {rest.length ? (
          <ul className="mt-2 grid gap-1 text-sm">
            {rest.slice(0, 4).map((w) => (
              <li key={w.id}>
                <Link to={`/workout/${w.id}`} className="text-brand-text underline-offset-4 hover:underline">
                  {w.title}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function Media({ slot, media, eager }: { slot: HomepageSlotView; media: NonNullable<HomepageSlotView["media"]>; eager: boolean }) {
  const t = useT();
  const frame = cn("relative w-full overflow-hidden rounded-2xl border border-border bg-muted", media.displayType === "full" ? "aspect-video" : "aspect-[3/1]");
  const caption: ReactNode = slot.title || slot.subtitle ? <SlotHeading slot={slot} /> : null;
  if (media.kind === "image") {
    return (
      <figure data-testid="homepage-slot" data-item-type="media" className="grid gap-2">
        <div className={frame}>
          <img
            src={media.url}
            alt={slot.title ?? ""}
            width={media.displayType === "full" ? 1280 : 1200}
            height={media.displayType === "full" ? 720 : 400}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover"
          />
        </div>
        {caption ? <figcaption>{caption}</figcaption> : null}
      </figure>
    );
  }
  return (
    <div data-testid="homepage-slot" data-item-type="media" className="grid gap-2">
      <a
        href={media.url}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(frame, "flex items-center justify-center bg-gradient-to-br from-gradient-1 to-gradient-2", focusRing)}
      >
        <span className="inline-flex items-center gap-2 rounded-full bg-black/60 px-4 py-2 text-sm font-medium text-white">
          <PlayCircle aria-hidden="true" className="size-6" />
          {slot.title ? t("homepage.watchNamed", { name: slot.title }) : t("homepage.watch")}
          <span className="sr-only"> {t("common.opensInNewTab")}</span>
        </span>
      </a>
      {caption}
    </div>
  );
}
