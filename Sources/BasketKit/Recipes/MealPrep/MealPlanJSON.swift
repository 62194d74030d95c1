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
    @Nullable public var coverage: PantryJSON.Coverage.Line? = nil
    @Nullable public var outcome: String? = nil
    @Nullable public var merge: String? = nil
    @Nullable public var reason: String? = nil
    @Nullable public var before: String? = nil
    @Nullable public var after: String? = nil
    @Nullable public var itemName: String? = nil
  }

  public struct Line: Encodable, Equatable, Sendable {
    public var number: Int
    public var id: String
    public var name: String
    @Nullable public var amountText: String? = nil
    public var merged: Bool
    public var uncertain: Bool
    public var questions: [String]
    public var converted: Bool
    @Nullable public var flag: String? = nil
    public var optional: Bool
    /// Why the line is left out unless chosen ("tap water", "you always have this",
    /// "optional"; `MealPlan.leftOut`), or nil.
    @Nullable public var leftOut: String? = nil
    public var sources: [Source]
    public var sourcesText: String
    public var skipped: Bool
    public var parts: [Part]
  }

  public struct Question: Encodable, Equatable, Sendable {
    public var id: String
    public var doubt: String
    @Nullable public var answer: String? = nil
    /// The plan lines it asks about, by number (from 1).
    public var lines: [Int]
    public var names: [String]
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
          after: result?.item?.shownAmount, itemName: result?.item?.name)
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
