import BasketKit
import BasketStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket plan …`: a week of meals. Saved recipes go on days with servings; the week shows
/// each day; `plan shop` shops some days' meals through meal prep's merge, Recipe Ready and
/// the pantry (`MealPrepCommand.shop`).
enum PlanCommand {
  /// The plan over the store the recipe library uses; "today" is today in this machine's local
  /// time.
  static func book(_ context: CommandContext, _ use: StoreUse) throws -> PlanBook {
    let recipes = try context.openRecipeBook(use)
    guard let store = recipes.basket.store as? any PlanStore else {
      throw StoreError.failed("this store keeps no plan of meals")
    }
    return PlanBook(store: store, recipes: recipes, utcOffset: Wiring.utcOffset)
  }

  /// `plan [show] [--week DATE] [--json]`: the week (Monday to Sunday) holding DATE, this
  /// week by default.
  static func show(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.plan)
    guard options.words.isEmpty else {
      throw UsageError(message: "plan shows a week: name a day of it with --week DATE")
    }
    let plan = try book(context, .reading)
    let week = try options["--week"].map { try plan.date($0) }?.week ?? plan.today.week
    let days = try plan.days(week)
    if options.has("--json") {
      context.out(try JSONText.encode(PlanJSON(days)) + "\n")
      return 0
    }
    context.out(render(days, style: Style(context: context)))
    return 0
  }

  /// The week as the terminal shows it: a line a day, each meal with its servings and the id
  /// `plan remove` takes.
  static func render(_ plan: PlanDays, style: Style) -> String {
    let first = plan.days.lowerBound
    let last = plan.days.upperBound
    var out = style.heading("Week of \(first.shortText) to \(last.shortText) \(last.year)") + "\n"
    for date in plan.days.days {
      let label = date.shortText + String(repeating: " ", count: max(0, 11 - date.shortText.count))
      let marked = date == plan.today ? style.bold(label) : label
      let meals = plan.meals(on: date)
      guard !meals.isEmpty else {
        out += "  \(marked) " + style.dim("—") + "\n"
        continue
      }
      for (index, meal) in meals.enumerated() {
        let servings = meal.servings.map { " for \($0)" } ?? ""
        let gone = plan.gone.contains(meal.id) ? style.dim(" (no longer saved)") : ""
        let day = index == 0 ? marked : String(repeating: " ", count: 11)
        out += "  \(day) \(meal.recipe.title)\(servings)\(gone) " + style.dim("(\(meal.shortID))")
        out += "\n"
      }
    }
    if plan.meals.isEmpty {
      out += style.dim("Nothing planned: basket plan add RECIPE --on DATE") + "\n"
    }
    return out
  }

  /// `plan add RECIPE --on DATE [--servings N] [--json]`.
  static func add(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.planAdd)
    guard options.words.count == 1, let reference = options.words.first else {
      throw UsageError(
        message: "plan add takes one recipe (quote a title with spaces) and --on DATE")
    }
    guard let on = options["--on"] else {
      throw UsageError(message: "plan add needs the day: --on DATE (2026-03-02, today, tomorrow)")
    }
    let plan = try book(context, .existing)
    let date = try plan.date(on)
    let servings = try options["--servings"].map { try PlanRules.servings($0) }
    let meal = try plan.add(reference, on: date, servings: servings)
    if options.has("--json") {
      context.out(try JSONText.encode(PlanJSON.Meal(meal)) + "\n")
      return 0
    }
    let text = meal.servings.map { " for \($0)" } ?? ""
    context.out("Planned \(meal.recipe.title)\(text) on \(date.longText) (\(meal.shortID)).\n")
    return 0
  }

  /// `plan remove ID` or `plan remove RECIPE --on DATE`.
  static func remove(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.planRemove)
    guard options.words.count == 1, let reference = options.words.first else {
      throw UsageError(
        message: "plan remove takes the id the plan shows, or a recipe and --on DATE")
    }
    let plan = try book(context, .existing)
    let meal =
      try options["--on"].map { try plan.remove(recipe: reference, on: try plan.date($0)) }
      ?? plan.remove(reference)
    if options.has("--json") {
      context.out(try JSONText.encode(PlanJSON.Meal(meal)) + "\n")
      return 0
    }
    context.out("Took \(meal.recipe.title) off \(meal.date.longText).\n")
    return 0
  }

  /// `plan shop [--week DATE | --from DATE --to DATE]` and meal prep's options: the meals of
  /// those days merged into one shopping plan, reviewed against the pantry, or put on the
  /// list with `--add`.
  static func shop(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.planShop)
    guard options.words.isEmpty else {
      throw UsageError(message: "plan shop takes its days as --week DATE or --from DATE --to DATE")
    }
    let plan = try book(context, .existing)
    let days: ClosedRange<PlanDate>
    switch (options["--week"], options["--from"], options["--to"]) {
    case (nil, nil, nil): days = plan.today.week
    case (let week?, nil, nil): days = try plan.date(week).week
    case (nil, let from?, let to?):
      days = try PlanRules.shopDays(from: try plan.date(from), through: try plan.date(to))
    case (nil, _, _):
      throw UsageError(message: "plan shop takes --from DATE and --to DATE together")
    default:
      throw UsageError(message: "plan shop takes --week DATE or --from and --to, not both")
    }
    let missing = try plan.shopping(days).missing
    for meal in missing {
      context.err(
        "basket: \(meal.recipe.title) on \(meal.date.shortText) is left out: its recipe is no longer saved\n"
      )
    }
    return try MealPrepCommand.shop(options, book: plan.recipes, context: context) { answers in
      try plan.shopping(days, answers: answers).plan
    }
  }
}
