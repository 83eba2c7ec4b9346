import { describe, expect, it } from "vitest";
import { defaultQuestionBank } from "../../db/seed/assessment-bank";
import { Category } from "../../contract/enums";
import { linkAssessmentId, linkPartnerId, scoreAnswers, scoreFromPercent, signLink, verifyLink, type Question } from "../../worker/domain/assessment";

const scale = [1, 2, 3, 4, 5].map((value) => ({ value }));
const q = (id: string, category: Question["category"]): Question => ({ id, category, options: scale });
const questions = [q("a1", "aiAndAutomation"), q("a2", "aiAndAutomation"), q("s1", "strategy"), q("s2", "strategy"), q("s3", "strategy")];

describe("scoring a questionnaire", () => {
  it.each([
    // answers                                        AI score, %      strategy score, %   overall
    [{ a1: 5, a2: 5, s1: 5, s2: 5, s3: 5 }, [5, 100], [5, 100], 100],
    [{ a1: 1, a2: 1, s1: 1, s2: 1, s3: 1 }, [1, 20], [1, 20], 20],
    [{ a1: 3, a2: 4, s1: 2, s2: 2, s3: 3 }, [3.5, 70], [2.3, 47], 59],
    [{ a1: 4, a2: 3, s1: 5, s2: 4, s3: 4 }, [3.5, 70], [4.3, 87], 79],
    [{ a1: 2, a2: 1, s1: 5, s2: 5, s3: 4 }, [1.5, 30], [4.7, 93], 62],
  ] as const)("%o → AI %o, strategy %o, overall %i", (answers, [aiScore, aiPercent], [stScore, stPercent], overall) => {
    const result = scoreAnswers(questions, answers);
    expect(result).toEqual({
      ok: true,
      categories: [
        { category: "aiAndAutomation", score: aiScore, scorePercent: aiPercent, answered: 2 },
        { category: "strategy", score: stScore, scorePercent: stPercent, answered: 3 },
      ],
      overall: { score: overall, scoreName: "TechFIT", customScoreString: `${overall}/100` },
    });
  });

  it.each([
    ["a missing answer", { a1: 3, s1: 1, s2: 1, s3: 1 }, { "answers.a2": "Required" }],
    ["an answer outside the options", { a1: 3, a2: 6, s1: 1, s2: 1, s3: 1 }, { "answers.a2": "Not one of the answers offered" }],
    ["an answer to a question not asked", { a1: 3, a2: 3, s1: 1, s2: 1, s3: 1, x9: 2 }, { "answers.x9": "Not a question of this assessment" }],
  ])("refuses %s with a field error", (_, answers, fields) => {
    expect(scoreAnswers(questions, answers)).toEqual({ ok: false, fields });
  });

  it("names and words the overall score as the partner's styling does", () => {
    const answers = { a1: 4, a2: 3, s1: 5, s2: 4, s3: 4 };
    expect(scoreAnswers(questions, answers, { platformName: "Northwind Learn" })).toMatchObject({
      overall: { score: 79, scoreName: "Northwind Learn", customScoreString: "79/100" },
    });
    expect(
      scoreAnswers(questions, answers, { platformName: "Northwind Learn", scoreName: "FitIndex", customScoreString: "{score} of 100 points" }),
    ).toMatchObject({
      overall: { score: 79, scoreName: "FitIndex", customScoreString: "79 of 100 points" },
    });
  });

  it("refuses an empty questionnaire", () => {
    expect(scoreAnswers([], {})).toEqual({ ok: false, fields: { answers: "No questions to answer" } });
  });

  it("keeps the category order whatever the question order", () => {
    const result = scoreAnswers([q("s1", "strategy"), q("a1", "aiAndAutomation")], { s1: 2, a1: 4 });
    expect(result.ok && result.categories.map((c) => c.category)).toEqual(["aiAndAutomation", "strategy"]);
  });

  it.each([
    [0, 0],
    [50, 2.5],
    [68, 3.4],
    [100, 5],
  ])("a manual %i %% is %d on the scale", (percent, score) => expect(scoreFromPercent(percent)).toBe(score));
});

describe("the product's question bank", () => {
  it("asks eight questions in each of the seven categories, on the five-step scale", () => {
    const bank = defaultQuestionBank((n) => String(n));
    for (const c of Category) {
      const own = bank.filter((b) => b.category === c);
      expect(own, c).toHaveLength(8);
      expect(own.map((b) => b.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      for (const b of own) expect(b.options.map((o) => o.value)).toEqual([1, 2, 3, 4, 5]);
    }
  });
});

describe("assessment links", () => {
  const claims = {
    assessmentId: "6f1c2a3e-0000-4000-8000-000000000001",
    accountId: "acc",
    partnerAccountId: "7a2b3c4d-0000-4000-8000-000000000002",
    userId: "u1",
    expiresAt: "2030-01-01T00:00:00.000Z",
  };

  it("verifies only the token signed for the same claims and key", async () => {
    const token = await signLink("key", claims);
    expect(linkAssessmentId(token)).toBe(claims.assessmentId);
    expect(await verifyLink("key", token, claims)).toBe(true);
    expect(await verifyLink("other key", token, claims)).toBe(false);
    expect(await verifyLink("key", token, { ...claims, userId: "u2" })).toBe(false);
    expect(await verifyLink("key", token, { ...claims, expiresAt: "2031-01-01T00:00:00.000Z" })).toBe(false);
    expect(linkAssessmentId("nonsense")).toBeNull();
  });

  it("names the partner the link was issued under, covered by the signature; a link without one names none", async () => {
    const token = await signLink("key", claims);
    expect(linkPartnerId(token)).toBe(claims.partnerAccountId);
    const otherPartner = "7a2b3c4d-0000-4000-8000-000000000003";
    const swapped = token.replace(claims.partnerAccountId, otherPartner);
    expect(linkPartnerId(swapped)).toBe(otherPartner);
    expect(await verifyLink("key", swapped, claims)).toBe(false);
    expect(await verifyLink("key", swapped, { ...claims, partnerAccountId: otherPartner })).toBe(false);
    // A link issued before links named their partner (the id and the signature) still opens, on the request's shard.
    const before = token.replace(`.${claims.partnerAccountId}.`, ".");
    expect(linkPartnerId(before)).toBeNull();
    expect(linkAssessmentId(before)).toBe(claims.assessmentId);
    expect(await verifyLink("key", before, claims)).toBe(true);
    const unlinked = await signLink("key", { ...claims, partnerAccountId: null });
    expect(linkPartnerId(unlinked)).toBeNull();
    expect(await verifyLink("key", unlinked, { ...claims, partnerAccountId: null })).toBe(true);
  });
});
