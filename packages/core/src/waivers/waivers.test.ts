import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { answersProblems, waiverStatus, type WaiverAnswer } from "./answers.ts";
import { answerProblem, isAnswered, QUESTION_TYPES, type QuestionType, type WaiverQuestion } from "./questions.ts";

const q = (id: string, type: QuestionType, required: boolean, options: string[] = []): WaiverQuestion => ({
  id,
  label: `Question ${id}`,
  type,
  required,
  options,
  accept: type === "file" ? ["application/pdf", "image/*"] : [],
  maxFileSizeMb: type === "file" ? 10 : null,
});

const questions = [
  q("q_name", "text", true),
  q("q_notes", "textarea", false),
  q("q_swim", "boolean", true),
  q("q_size", "select", true, ["S", "M", "L"]),
  q("q_diet", "multiselect", false, ["vegan", "gluten-free"]),
  q("q_dob", "date", true),
  q("q_id", "file", true),
  q("q_sign", "signature", false),
];

const complete: WaiverAnswer[] = [
  { QuestionID: "q_name", Value: "Ana Silva" },
  { QuestionID: "q_swim", Value: false },
  { QuestionID: "q_size", Value: "M" },
  { QuestionID: "q_dob", Value: "1990-05-17" },
  { QuestionID: "q_id", Value: "https://files.example.com/id.pdf" },
];

const validValue: Record<QuestionType, unknown> = {
  text: "x",
  textarea: "long text",
  boolean: true,
  select: "S",
  multiselect: ["vegan"],
  date: "2000-01-01",
  file: "https://cdn.example.com/a.png",
  signature: "Ana Silva",
};

describe("answers per type", () => {
  it.each([
    ["text", 5, "must be a string"],
    ["boolean", "yes", "must be true or false"],
    ["select", "XL", "must be one of: S, M, L"],
    ["multiselect", "vegan", "must be a list of options"],
    ["multiselect", ["meat"], "has options not offered: meat; choose from: S, M, L"],
    ["multiselect", ["S", "S"], "lists an option twice"],
    ["date", "1990-02-30", "must be a real date in YYYY-MM-DD form"],
    ["date", 19900101, "must be a date in YYYY-MM-DD form"],
    ["file", "http://files.example.com/id.pdf", "must be the https URL of the uploaded file"],
    ["file", "not a url", "must be the https URL of the uploaded file"],
    ["file", 3, "must be the https URL of the uploaded file"],
    ["file", "https://x.example/%E0%A4%A", "must be the https URL of the uploaded file"],
    ["file", "https://x.example/%E0%A4", "must be the https URL of the uploaded file"],
    ["file", "https://x.example/%zz", "must be the https URL of the uploaded file"],
    ["file", "https://x.example/a b.pdf", "must be the https URL of the uploaded file"],
    ["file", "https://x.example/a\nb.pdf", "must be the https URL of the uploaded file"],
    ["file", " https://x.example/a.pdf", "must be the https URL of the uploaded file"],
    ["file", "https://user:secret@x.example/a.pdf", "must be the https URL of the uploaded file"],
    ["text", "x".repeat(5001), "must be at most 5000 characters"],
  ] as const)("a %s question rejects %j", (type, value, problem) => {
    expect(answerProblem(q("q_x", type, true, ["S", "M", "L"]), value)).toBe(problem);
  });

  it("a file question accepts well-formed percent-encoding, non-ASCII paths and URLs up to 2048 characters", () => {
    const file = q("q_x", "file", true);
    const longest = `https://x.example/${"a".repeat(2030)}`;
    expect(longest).toHaveLength(2048);
    for (const url of [
      "https://x.example/%E0%A4%A4.pdf",
      "https://x.example/Jos%C3%A9.pdf",
      "https://x.example/José.pdf?v=1#p2",
      longest,
    ]) {
      expect(answerProblem(file, url), url).toBeNull();
    }
    expect(answerProblem(file, `${longest}a`)).toBe("must be the https URL of the uploaded file");
  });

  it.each(QUESTION_TYPES)("a %s question accepts a value of its type", (type) => {
    const question = q("q_x", type, true, ["S", "vegan"]);
    expect(answerProblem(question, validValue[type])).toBeNull();
    expect(isAnswered(question, validValue[type])).toBe(true);
    expect(isAnswered(question, null)).toBe(false);
  });

  it("still asks for a required question answered with an empty value", () => {
    expect(answersProblems([q("q_t", "text", true)], [{ QuestionID: "q_t", Value: "  " }])).toEqual([
      { field: "Answers", message: "Answers must answer required question q_t (Question q_t)" },
    ]);
  });

  it("counts empty text and empty lists as unanswered", () => {
    expect(isAnswered(q("q_x", "text", true), "  ")).toBe(false);
    expect(isAnswered(q("q_x", "multiselect", true, ["a"]), [])).toBe(false);
  });
});

describe("answer sets", () => {
  it("accepts a complete set and calls it complete", () => {
    expect(answersProblems(questions, complete)).toEqual([]);
    expect(waiverStatus(questions, complete)).toBe("complete");
  });

  it("is pending without answers, and complete when nothing is required", () => {
    expect(waiverStatus(questions, [])).toBe("pending");
    expect(waiverStatus([q("q_opt", "text", false)], [])).toBe("complete");
  });

  it("names unknown, repeated, ill-typed and missing answers", () => {
    const problems = answersProblems(questions, [
      { QuestionID: "q_nope", Value: "x" },
      { QuestionID: "q_name", Value: "Ana" },
      { QuestionID: "q_name", Value: "Ana again" },
      { QuestionID: "q_swim", Value: "yes" },
    ]);
    expect(problems).toEqual([
      { field: "Answers[0].QuestionID", message: "Answers[0].QuestionID q_nope is not a question of this activity" },
      { field: "Answers[2].QuestionID", message: "Answers[2].QuestionID q_name is answered twice" },
      { field: "Answers[3].Value", message: "Answers[3].Value (Question q_swim) must be true or false" },
      { field: "Answers", message: "Answers must answer required question q_size (Question q_size)" },
      { field: "Answers", message: "Answers must answer required question q_dob (Question q_dob)" },
      { field: "Answers", message: "Answers must answer required question q_id (Question q_id)" },
    ]);
  });

  const questionSets = fc
    .array(fc.record({ type: fc.constantFrom(...QUESTION_TYPES), required: fc.boolean() }), {
      minLength: 1,
      maxLength: 10,
    })
    .map((specs) => specs.map((s, i) => q(`q_${i}`, s.type, s.required, ["S", "vegan"])));

  it("property: every complete answer set is accepted and complete", () => {
    fc.assert(
      fc.property(questionSets, fc.boolean(), (qs, answerOptional) => {
        const answers = qs
          .filter((x) => x.required || answerOptional)
          .map((x) => ({ QuestionID: x.id, Value: validValue[x.type] }));
        expect(answersProblems(qs, answers)).toEqual([]);
        expect(waiverStatus(qs, answers)).toBe("complete");
      }),
    );
  });

  it("property: every set that misses a required answer is rejected and pending", () => {
    fc.assert(
      fc.property(
        questionSets.filter((qs) => qs.some((x) => x.required)),
        fc.nat(),
        (qs, pick) => {
          const required = qs.filter((x) => x.required);
          const missing = required[pick % required.length]!;
          const answers = qs
            .filter((x) => x.id !== missing.id)
            .map((x) => ({ QuestionID: x.id, Value: validValue[x.type] }));
          expect(answersProblems(qs, answers)).toContainEqual({
            field: "Answers",
            message: `Answers must answer required question ${missing.id} (${missing.label})`,
          });
          expect(waiverStatus(qs, answers)).toBe("pending");
        },
      ),
    );
  });
});
