/// A meal plan's review as JSON, for the command line's `--json` and the web app:
///
/// `{"title", "recipes": [{"id", "title", "servings"}], "lines": [line], "questions":
/// [question], "counts": {"buyAll", "buyPart", "skip"}}`; each line `{"number", "id",
/// "name", "amountText", "merged", "uncertain", "questions", "converted", "flag", "optional",
/// "sources": [{"recipe", "line", "text"}], "sourcesText", "skipped", "parts": [part]}`, each
/// part `{"position", "text", "line", "coverage", "outcome", "merge", "reason", "before",
/// "after", "itemName"}` (`coverage` as `PantryJSON.Coverage`'s lines; the outcome is what
/// adding would do now, or did), each question `{"id", "doubt", "answer", "lines": [number],
/// "names": [name]}`.
public struct MealPlanJSON: Encodable, Equatable, Sendable {
  public struct Chosen: Encodable, Equatable, Sendable {
    public var id: String?
    public var title: String
    public var servings: Int?
  }

  public struct Source: Encodable, Equatable, Sendable {
    public var recipe: RecipeReference
    /// The line's number in its recipe, from 1.
    public var line: Int
    public var text: String
  }

  public struct Part: Encodable, Equatable, Sendable {
    public var position: Int
    public var text: String
    public var line: IngredientLine
    public var coverage: PantryJSON.Coverage.Line?
    public var outcome: String?
    public var merge: String?
    public var reason: String?
    public var before: String?
    public var after: String?
    public var itemName: String?

    private enum CodingKeys: String, CodingKey {
      case position, text, line, coverage, outcome, merge, reason, before, after, itemName
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(position, forKey: .position)
      try container.encode(text, forKey: .text)
      try container.encode(line, forKey: .line)
      try container.encode(coverage, forKey: .coverage)
      try container.encode(outcome, forKey: .outcome)
      try container.encode(merge, forKey: .merge)
      try container.encode(reason, forKey: .reason)
      try container.encode(before, forKey: .before)
      try container.encode(after, forKey: .after)
      try container.encode(itemName, forKey: .itemName)
    }
  }

  public struct Line: Encodable, Equatable, Sendable {
    public var number: Int
    public var id: String
    public var name: String
    public var amountText: String?
    public var merged: Bool
    public var uncertain: Bool
    public var questions: [String]
    public var converted: Bool
    public var flag: String?
    public var optional: Bool
    /// Why the line is left out unless chosen ("tap water", "you always have this",
    /// "optional"; `MealPlan.leftOut`), or nil.
    public var leftOut: String?
    public var sources: [Source]
    public var sourcesText: String
    public var skipped: Bool
    public var parts: [Part]

    private enum CodingKeys: String, CodingKey {
      case number, id, name, amountText, merged, uncertain, questions, converted, flag, optional
      case leftOut, sources, sourcesText, skipped, parts
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(number, forKey: .number)
      try container.encode(id, forKey: .id)
      try container.encode(name, forKey: .name)
      try container.encode(amountText, forKey: .amountText)
      try container.encode(merged, forKey: .merged)
      try container.encode(uncertain, forKey: .uncertain)
      try container.encode(questions, forKey: .questions)
      try container.encode(converted, forKey: .converted)
      try container.encode(flag, forKey: .flag)
      try container.encode(optional, forKey: .optional)
      try container.encode(leftOut, forKey: .leftOut)
      try container.encode(sources, forKey: .sources)
      try container.encode(sourcesText, forKey: .sourcesText)
      try container.encode(skipped, forKey: .skipped)
      try container.encode(parts, forKey: .parts)
    }
  }

  public struct Question: Encodable, Equatable, Sendable {
    public var id: String
    public var doubt: String
    public var answer: String?
    /// The plan lines it asks about, by number (from 1).
    public var lines: [Int]
    public var names: [String]

    private enum CodingKeys: String, CodingKey { case id, doubt, answer, lines, names }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(doubt, forKey: .doubt)
      try container.encode(answer, forKey: .answer)
      try container.encode(lines, forKey: .lines)
      try container.encode(names, forKey: .names)
    }
  }

  public struct Counts: Encodable, Equatable, Sendable {
    public var buyAll: Int
    public var buyPart: Int
    public var skip: Int
  }

  public var title: String
  public var recipes: [Chosen]
  public var lines: [Line]
  public var questions: [Question]
  public var counts: Counts

  /// The plan with its coverage, and what adding would do (`review`) or did (`added`), by
  /// position in `plan.recipe.ingredients`.
  public init(
    _ plan: MealPlan, coverage: PantryCoverage, outcomes: [Int: RecipeLineResult] = [:],
    staples: Staples = .none
  ) {
    title = plan.recipe.title
    recipes = plan.recipes.map {
      Chosen(id: $0.id.map { $0.uuidString.lowercased() }, title: $0.title, servings: $0.servings)
    }
    let coverageLines = Dictionary(coverage.lines.map { ($0.index, $0) }) { first, _ in first }
    lines = plan.lines.enumerated().map { number, line in
      let parts = zip(line.positions, line.parts).map { position, part -> Part in
        let covered = coverageLines[position]
        let result = outcomes[position]
        return Part(
          position: position, text: part.text, line: part,
          coverage: covered.flatMap { $0.leftOut ? nil : PantryJSON.Coverage.Line($0) },
          outcome: result?.outcome.name, merge: result?.outcome.merge?.rawValue,
          reason: result?.outcome.reason, before: result?.before,
          after: result?.item?.amountText, itemName: result?.item?.name)
      }
      let flag: String? =
        switch line.flag {
        case .uncertain?: "uncertain"
        case .rounded?: "rounded"
        case nil: nil
        }
      return Line(
        number: number + 1, id: line.id, name: line.name, amountText: line.amountText,
        merged: line.isMerged, uncertain: line.isUncertain, questions: line.questions,
        converted: line.converted, flag: flag,
        optional: line.parts.allSatisfy(\.optional),
        leftOut: plan.leftOut(number, staples: staples),
        sources: line.sources.map {
          Source(recipe: $0.recipe, line: $0.lineIndex + 1, text: $0.text)
        },
        sourcesText: line.sourcesText,
        skipped: line.positions.allSatisfy { coverageLines[$0]?.leftOut ?? false },
        parts: parts)
    }
    questions = plan.questions.map { question in
      let numbers = [question.first, question.second].compactMap { id in
        plan.lines.firstIndex { $0.sources.contains { $0.key == id } }.map { $0 + 1 }
      }
      let names = [question.first, question.second].compactMap { id in
        plan.lines.flatMap(\.sources).first { $0.key == id }?.line.name
      }
      return Question(
        id: question.id, doubt: question.doubt.rawValue, answer: question.answer?.rawValue,
        lines: numbers, names: names)
    }
    let counted = coverage.counts
    counts = Counts(buyAll: counted.buyAll, buyPart: counted.buyPart, skip: counted.skip)
  }
}
