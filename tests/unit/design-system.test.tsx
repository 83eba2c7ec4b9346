import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Badge } from "../../client/components/ui/Badge";
import { EnumSelect } from "../../client/components/ui/EnumSelect";
import { Field, Input } from "../../client/components/ui/Field";
import { FileUpload } from "../../client/components/ui/FileUpload";
import { QueryState } from "../../client/components/ui/QueryState";
import { enumLabel } from "../../client/lib/enums";
import { errorMessages, invalidFormToastKey } from "../../client/lib/forms";
import { I18nProvider, translate } from "../../client/lib/i18n";

const html = (node: React.ReactNode, language: "enUS" | "enGB" = "enGB") => renderToStaticMarkup(<I18nProvider language={language}>{node}</I18nProvider>);

describe("EnumSelect", () => {
  it("lists the enumeration's values with the catalogue's labels in the current language", () => {
    const out = html(<EnumSelect enumName="AccountType" values={["partner", "customer"]} />);
    expect(out).toContain(`<option value="partner">${translate("enum.AccountType.partner", undefined, "enGB")}</option>`);
    expect(out).toContain(`<option value="customer">${translate("enum.AccountType.customer", undefined, "enGB")}</option>`);
  });

  it("takes a screen's own wording and a placeholder", () => {
    const out = html(<EnumSelect enumName="Currency" values={["USD", "GBP"]} label={(v) => `[${v}]`} placeholder="Pick" />);
    expect(out).toMatch(/<option value="">Pick<\/option><option value="USD">\[USD\]<\/option><option value="GBP">\[GBP\]<\/option>/);
  });
});

describe("enumLabel", () => {
  it("reads enum.<Name>.<value> in the language given by t", () => {
    expect(enumLabel((k) => translate(k, undefined, "enGB"), "Industry", "health")).toBe(translate("enum.Industry.health", undefined, "enGB"));
  });
});

describe("FileUpload", () => {
  it("keeps the native input as the named, focusable control, visually hidden, with a styled button beside it", () => {
    const out = html(
      <Field label="Logo" hint="Up to 50MB" id="logo">
        <FileUpload accept="image/png" name="logo" onFile={() => {}} />
      </Field>,
      "enUS",
    );
    const input = /<input[^>]*>/.exec(out)?.[0] ?? "";
    for (const attribute of ['type="file"', 'name="logo"', 'accept="image/png"', 'class="peer sr-only"', 'id="logo"', 'aria-describedby="logo-hint"'])
      expect(input).toContain(attribute);
    expect(input).not.toMatch(/labelId|tabindex/i);
    expect(out).toContain(">Choose image</span>");
    expect(out).toContain(">No file chosen</span>");
    expect(out).not.toContain('data-testid="upload-preview"');
  });

  it("previews what is stored and offers Replace and Remove", () => {
    const out = html(<FileUpload currentUrl="/files/logo.png" onFile={() => {}} onRemove={() => {}} removeLabel="Remove logo" />, "enUS");
    expect(out).toContain('src="/files/logo.png"');
    expect(out).toContain(">Replace</span>");
    expect(out).toContain('aria-label="Remove logo"');
  });

  it("shows no preview square for documents", () => {
    const out = html(<FileUpload image={false} onFile={() => {}} />, "enUS");
    expect(out).toContain(">Choose file</span>");
    expect(out).not.toContain("<img");
  });
});

describe("Field hint and error", () => {
  it("does not repeat a hint that says what the error says", () => {
    const out = html(
      <Field label="Password" hint="At least 8 characters" error="At least 8 characters" id="pw">
        <Input />
      </Field>,
    );
    expect(out.match(/At least 8 characters/g)).toHaveLength(1);
    expect(out).toContain('<p id="pw-error"');
    expect(out).not.toContain('id="pw-hint"');
  });

  it("keeps a different hint beside the error", () => {
    const out = html(
      <Field label="Website" hint="example.com" error="Must be a valid URL" id="w">
        <Input />
      </Field>,
    );
    expect(out).toContain('id="w-hint"');
    expect(out).toContain('id="w-error"');
  });
});

describe("the toast of an invalid form", () => {
  it("says Missing Fields only when something required is empty", () => {
    expect(invalidFormToastKey({ name: { message: "Required", type: "too_small" } })).toBe("toast.missingFields");
    expect(invalidFormToastKey({ website: { message: "Must be a valid URL" } })).toBe("toast.checkFields");
    expect(invalidFormToastKey({ emails: { message: "Enter at least one email address" } })).toBe("toast.missingFields");
    expect(invalidFormToastKey({ brandColour: "Must be a valid colour" })).toBe("toast.checkFields");
    expect(invalidFormToastKey({ sessions: [{ name: { message: "form.requiredField" } }] })).toBe("toast.missingFields");
  });

  it("collects the messages of nested errors and ignores the DOM refs", () => {
    expect(errorMessages({ a: { message: "x", ref: { message: "not this" } }, b: [undefined, { c: { message: "y" } }] })).toEqual(["x", "y"]);
  });
});

describe("QueryState", () => {
  const base = { isPending: false, isError: false, data: undefined as string[] | undefined, refetch: () => undefined };
  const render = (query: typeof base) =>
    html(
      <QueryState query={query} error="Could not load" isEmpty={(d) => d.length === 0} empty={<p>Nothing yet</p>} rows={2}>
        {(d) => (
          <ul>
            {d.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        )}
      </QueryState>,
      "enUS",
    );

  it("shows skeleton rows in a busy region while loading", () => {
    const out = render({ ...base, isPending: true });
    expect(out).toContain('aria-busy="true"');
    expect(out.match(/aria-hidden="true"/g)).toHaveLength(2);
    expect(out).not.toContain("Could not load");
  });

  it("says what failed as an alert with Try again", () => {
    const out = render({ ...base, isError: true });
    expect(out).toMatch(/role="alert"[^>]*>.*Could not load.*>Try again<\/button>/);
  });

  it("shows the empty state when there is nothing, else the data", () => {
    expect(render({ ...base, data: [] })).toBe("<p>Nothing yet</p>");
    expect(render({ ...base, data: ["a", "b"] })).toBe("<ul><li>a</li><li>b</li></ul>");
  });
});

describe("Badge", () => {
  it("wears its tone's token pair", () => {
    const out = html(<Badge tone="warning">To Be Booked</Badge>);
    expect(out).toContain("bg-status-warning");
    expect(out).toContain("text-status-warning-foreground");
    expect(out).toContain(">To Be Booked</span>");
  });
});

describe("ConfirmDelete texts", () => {
  it("name the item in every English", () => {
    for (const language of ["enUS", "enGB", "enAU"] as const) {
      expect(translate("confirmDelete.deleteTitle", { name: "Schools" }, language)).toBe("Delete Schools?");
      expect(translate("confirmDelete.removeTitle", { name: "Schools" }, language)).toBe("Remove Schools?");
      expect(translate("confirmDelete.cannotUndo", undefined, language)).toBe("This can't be undone.");
    }
  });
});
