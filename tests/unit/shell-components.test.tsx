import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Avatar, AVATAR_SIZES, initials } from "../../client/components/ui/Avatar";
import { Button } from "../../client/components/ui/Button";
import { EmptyState } from "../../client/components/ui/EmptyState";
import { Field, Input, Select, Textarea } from "../../client/components/ui/Field";
import { DataTable } from "../../client/components/ui/Table";
import { TOOLTIP_DELAY, TOOLTIP_SKIP_DELAY, SIDEBAR_TOOLTIP_DELAY } from "../../client/components/ui/Tooltip";
import { I18nProvider } from "../../client/lib/i18n";

const html = (node: React.ReactNode) => renderToStaticMarkup(<I18nProvider language="enGB">{node}</I18nProvider>);

describe("form fields", () => {
  it("tie the label to the control and announce the standard 'Required' error", () => {
    const out = html(
      <Field label="Name" required error id="name">
        <Input />
      </Field>,
    );
    expect(out).toMatch(/<label id="name-label" for="name"/);
    expect(out).toMatch(/<input[^>]*id="name"/);
    expect(out).toMatch(/<input[^>]*aria-describedby="name-error"/);
    expect(out).toMatch(/<input[^>]*aria-invalid="true"/);
    expect(out).toMatch(/<input[^>]*required=""/);
    expect(out).toContain('<p id="name-error" class="text-sm font-medium text-danger" data-testid="field-error">Required</p>');
  });

  it("show a custom message and a hint, both described", () => {
    const out = html(
      <Field label="Website" hint="https://…" error="Must be a valid URL" id="web">
        <Textarea />
      </Field>,
    );
    expect(out).toMatch(/<textarea[^>]*aria-describedby="web-error web-hint"/);
    expect(out).toContain(">Must be a valid URL</p>");
  });

  it("carry no error state when valid", () => {
    const out = html(
      <Field label="Category" id="cat">
        <Select placeholder="Select…">
          <option value="a">A</option>
        </Select>
      </Field>,
    );
    expect(out).not.toContain("aria-invalid");
    expect(out).toMatch(/<select[^>]*id="cat"/);
  });
});

describe("avatars", () => {
  it("come in sm 40, base 64 and lg 128, circle or square", () => {
    expect(AVATAR_SIZES).toEqual({ sm: 40, base: 64, lg: 128 });
    const out = html(<Avatar name="Grace Hopper" size="lg" shape="square" />);
    expect(out).toContain("width:128px;height:128px");
    expect(out).toContain('data-shape="square"');
    expect(out).toContain("rounded-lg");
    expect(html(<Avatar name="Ada" size="sm" />)).toContain("rounded-full");
  });

  it("fall back to initials with the name as their label", () => {
    expect(initials("Grace Hopper")).toBe("GH");
    expect(initials("ada@example.com")).toBe("AC");
    expect(initials("  ")).toBe("?");
    expect(html(<Avatar name="Grace Hopper" size="sm" />)).toContain('role="img" aria-label="Grace Hopper"');
  });
});

describe("buttons, tables and empty states", () => {
  it("buttons default to type=button and mark themselves busy while loading", () => {
    expect(html(<Button>Save</Button>)).toMatch(/^<button[^>]*type="button"/);
    const busy = html(<Button loading>Save</Button>);
    expect(busy).toContain('aria-busy="true"');
    expect(busy).toContain("disabled");
  });

  it("tables are named by their caption and say when they are empty", () => {
    const out = html(<DataTable caption="Sessions" columns={[{ key: "n", header: "Name", cell: (r: { n: string }) => r.n }]} rows={[]} rowKey={(r) => r.n} />);
    expect(out).toMatch(/role="region" aria-labelledby="([^"]+)"[^>]*tabindex="0"/);
    expect(out).toMatch(/<caption id="[^"]+"/);
    expect(out).toContain('<th scope="col"');
    expect(out).toContain("Nothing to show yet");
  });

  it("empty states have a heading at the level asked for", () => {
    expect(html(<EmptyState title="Nothing saved" headingLevel={3} />)).toContain("<h3");
  });

  it("tooltips use the product's delays", () => {
    expect([TOOLTIP_DELAY, SIDEBAR_TOOLTIP_DELAY, TOOLTIP_SKIP_DELAY]).toEqual([700, 0, 300]);
  });
});
