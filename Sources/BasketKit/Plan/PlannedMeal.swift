#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One saved recipe on one day of the plan, for a number of servings.
public struct PlannedMeal: Equatable, Hashable, Sendable, Identifiable {
  public var id: UUID
  public var date: PlanDate
  /// The recipe, by id, with its title when it was planned (shown if it is later removed).
  public var recipe: RecipeReference
  /// How many to cook for; nil: as the recipe is written.
  public var servings: Int?
  public var addedAt: Date

  public init(
    id: UUID, date: PlanDate, recipe: RecipeReference, servings: Int? = nil, addedAt: Date
  ) {
    self.id = id
    self.date = date
    self.recipe = recipe
    self.servings = servings
    self.addedAt = addedAt
  }

  /// "a1b2c3d4": the start of its id, which the command line prints and takes back.
  public var shortID: String { String(id.uuidString.lowercased().prefix(8)) }
}

/// Where the plan lives: the SQLite store, or memory in tests.
public protocol PlanStore: Sendable {
  /// Every planned meal, by date, then in the order they were planned.
  func plannedMeals() throws -> [PlannedMeal]
  /// Runs `body` over every planned meal inside one write transaction and stores what it left
  /// (in any order); nothing is written when it throws.
  func modifyPlan<T: Sendable>(_ body: @Sendable (inout [PlannedMeal]) throws -> T) throws -> T
}

/// Why a plan action was refused. Each case reads as a one-line reason for the user.
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
  case badDate(String)
  /// A date the calendar hasn't, and how many days its month has.
  case noSuchDay(String, days: Int)
  case badServings(String)
  case cannotScale(String)
  case dayFull(PlanDate)
  case alreadyPlanned(String, PlanDate)
  case unknownMeal(String)
  case ambiguousMeal(String, candidates: [String])
  case notPlanned(String, PlanDate)
  case backwards(from: PlanDate, to: PlanDate)
  case tooManyDays(Int)
  case nothingPlanned(ClosedRange<PlanDate>)
  case tooManyRecipes(Int)
  case notSaved(String)

  public var description: String {
    switch self {
    case .badDate(let text):
      "\"\(text)\" isn't a date: write it as YEAR-MONTH-DAY (2026-03-02), today or tomorrow"
    case .noSuchDay(let text, let days):
      "\(text) isn't a day: that month has \(days) days"
    case .badServings(let text):
      "servings must be a whole number from 1 to \(PlanRules.maximumServings), not \(text)"
    case .cannotScale(let title):
      "\(title) doesn't say how many it serves: plan it as written, without servings"
    case .dayFull(let date):
      "\(date.longText) already has \(PlanRules.maximumMealsADay) meals planned"
    case .alreadyPlanned(let title, let date):
      "\(title) is already planned on \(date.longText): remove it to plan other servings"
    case .unknownMeal(let reference):
      "nothing planned matches \"\(reference)\": give the id the plan shows, or RECIPE --on DATE"
    case .ambiguousMeal(let reference, let candidates):
      "\"\(reference)\" matches several planned meals: \(candidates.joined(separator: ", "))"
    case .notPlanned(let title, let date):
      "\(title) isn't planned on \(date.longText)"
    case .backwards(let from, let to):
      "the days run from \(from) to \(to): the first must not come after the last"
    case .tooManyDays(let count):
      "shop for at most \(PlanRules.maximumShopDays) days at a time, not \(count)"
    case .nothingPlanned(let days):
      "nothing is planned from \(days.lowerBound.longText) to \(days.upperBound.longText)"
    case .tooManyRecipes(let count):
      "those days plan \(count) different recipes; shop for at most \(PlanRules.maximumShopRecipes) at a time"
    case .notSaved(let title):
      "\(title) isn't a saved recipe: save it first"
    }
  }
}
