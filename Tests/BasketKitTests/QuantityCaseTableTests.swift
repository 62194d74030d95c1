import BasketKit
import BasketTestSupport
import Foundation
import Testing

/// Runs `Tests/cases/quantity-cases.json`, the table the web app's model.js is held to as well
/// (`Tests/js/quantity-cases.test.mjs`), against the core.
@Suite struct QuantityCaseTableTests {
  @Test(arguments: CaseTable.shared.list("amounts"))
  func amountsReadAsTheTableSays(row: Row) throws {
    let text = try row.string(0)
    let expected = try row.optionalAmount(1)
    #expect(AmountParser.number(in: text) == expected, "\(text.debugDescription)")
  }

  @Test(arguments: CaseTable.shared.list("unitNamed"))
  func unitWordsNameTheTablesUnits(row: Row) throws {
    let unit = try row.optionalString(1).map { try #require(MeasureUnit(rawValue: $0)) }
    #expect(MeasureUnit(word: try row.string(0)) == unit)
  }

  @Test(arguments: CaseTable.shared.list("unitWord"))
  func theUnitWordIsWhatFollowsTheNumber(row: Row) throws {
    #expect(AmountParser.unitWord(in: try row.string(0)) == (try row.optionalString(1)))
  }

  @Test(arguments: CaseTable.shared.list("typed"))
  func typedAmountsFollowTheTable(row: Row) throws {
    let result = QuantityRules.typed(
      try row.string("text"), current: try row.quantity("current"),
      allowed: try row.units("allowed"))
    try row.expectSame(result, try row.quantity("expect"))
  }

  @Test(arguments: CaseTable.shared.list("stepper"))
  func theStepperFollowsTheTable(row: Row) throws {
    let quantity = try row.quantity("quantity")
    let result =
      try row.string("press") == "up"
      ? QuantityRules.increment(quantity) : QuantityRules.decrement(quantity)
    try row.expectSame(result, try row.quantity("expect"))
  }

  @Test(arguments: CaseTable.shared.list("switching"))
  func switchingUnitsFollowsTheTable(row: Row) throws {
    let to = try #require(MeasureUnit(rawValue: try row.string("to")))
    let result = QuantityRules.switching(try row.quantity("quantity"), to: to)
    try row.expectSame(result, try row.quantity("expect"))
  }

  @Test(arguments: CaseTable.shared.list("recipeText"))
  func recipeAmountsReadAsTheTableSays(row: Row) throws {
    var amount = try row.recipeAmount("amount")
    if let pack = try row.optionalRecipeAmount("pack") {
      amount.packSize = IngredientQuantity(amount: pack.amount, unit: pack.unit)
    }
    #expect(amount.text == (try row.string("expect")))
  }

  @Test(arguments: CaseTable.shared.list("recipeStepper"))
  func recipeAmountsStepAsTheTableSays(row: Row) throws {
    let amount = try row.recipeAmount("amount")
    let result =
      try row.string("press") == "up"
      ? RecipeAmountRules.increment(amount) : RecipeAmountRules.decrement(amount)
    #expect(result.amount == (try row.amount("expect")))
    #expect(result.unit == amount.unit)
  }

  @Test(arguments: CaseTable.shared.list("recipeTyped"))
  func typedRecipeAmountsFollowTheTable(row: Row) throws {
    let current = try row.recipeAmount("current")
    let result = RecipeAmountRules.typed(try row.string("text"), current: current)
    #expect(result.amount == (try row.amount("expect")))
  }

  @Test func theTablesRecipeUnitsAreTheCoresUnits() throws {
    let rules = try #require(CaseTable.shared.root["rules"] as? [String: any Sendable])
    let units = try #require(rules["recipeUnits"] as? [String: any Sendable])
    #expect(Set(units.keys) == Set(KitchenUnit.all.map(\.id)))
  }

  @Test(arguments: CaseTable.shared.list("format"))
  func everyDoubleFormatsWithoutTrapping(row: Row) throws {
    #expect(Quantity.format(try row.amount(0)) == (try row.string(1)))
  }

  @Test(arguments: CaseTable.shared.list("chips"))
  func chipTextFollowsTheTable(row: Row) throws {
    #expect(try row.quantity(0).chipText == (try row.string(1)))
  }

  @Test(arguments: CaseTable.shared.list("checked"))
  func everyQuantityPassesOneCheck(row: Row) throws {
    let measure = try row.optionalString("measure").map { try #require(MeasureKind(rawValue: $0)) }
    let quantity = try row.quantity("quantity")
    let outcome = Result { try QuantityRules.checked(quantity, measure: measure, item: "thing") }
    try row.expectOutcome(outcome)
  }

  @Test(arguments: CaseTable.shared.list("addText"))
  func typedAddsAreUnderstoodAndCheckedOrRefused(row: Row) throws {
    let text = try row.string("text")
    let outcome = Result { try AddEntry(text: text, classifier: Fixtures.TinyClassifier()) }
    if case .success(let entry) = outcome {
      #expect(entry.name == (try row.string("name")))
    }
    try row.expectOutcome(outcome.map(\.quantity))
  }

  @Test func validResultsFormatToTextThatReadsBack() throws {
    let table = CaseTable.shared
    let results =
      try table.list("typed").map { try $0.quantity("expect") }
      + table.list("stepper").map { try $0.quantity("expect") }
      + table.list("switching").map { try $0.quantity("expect") }
    for quantity in results {
      #expect(AmountParser.number(in: Quantity.format(quantity.amount)) == quantity.amount)
    }
  }
}

/// The case table, read once.
struct CaseTable: Sendable {
  static let shared = CaseTable()

  let root: [String: any Sendable]

  init() {
    let data = CaseFiles.data("quantity-cases.json")
    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    root = object.mapValues { Row.sendable($0) }
  }

  func list(_ key: String) -> [Row] {
    ((root[key] as? [any Sendable]) ?? []).map(Row.init)
  }
}

/// JSON's null in the table.
struct JSONNull: Sendable {}

/// One case: a JSON array or object, with typed readers that fail the test on a bad table.
struct Row: Sendable, CustomTestStringConvertible {
  let value: any Sendable

  init(_ value: any Sendable) {
    self.value = value
  }

  var testDescription: String { "\(value)" }

  /// JSON values as `Sendable` ones (JSONSerialization hands back `Any`).
  static func sendable(_ value: Any) -> any Sendable {
    switch value {
    case let array as [Any]: return array.map(sendable)
    case let object as [String: Any]: return object.mapValues(sendable)
    case let string as String: return string
    case is NSNull: return JSONNull()
    case let number as Double: return number
    case let number as Int: return Double(number)
    case let number as NSNumber: return number.doubleValue
    default: return "\(value)"
    }
  }

  private func member(_ key: Int) throws -> any Sendable {
    let array = try #require(value as? [any Sendable], "a case should be an array: \(value)")
    return array[key]
  }

  private func member(_ key: String) throws -> any Sendable {
    let object = try #require(
      value as? [String: any Sendable], "a case should be an object: \(value)")
    return try #require(object[key], "the case has no \"\(key)\": \(value)")
  }

  /// `[amount, unit]` in a recipe unit ("cup", "can").
  func recipeAmount(_ key: String) throws -> ItemAmount {
    let pair = try #require(try member(key) as? [any Sendable], "[amount, unit]: \(value)")
    try #require(pair.count == 2)
    let unit = try #require(KitchenUnit(id: try Self.string(pair[1])))
    return ItemAmount(amount: try Self.amount(pair[0]), unit: unit)
  }

  func optionalRecipeAmount(_ key: String) throws -> ItemAmount? {
    try member(key) is JSONNull ? nil : try recipeAmount(key)
  }

  private func has(_ key: String) -> Bool {
    (value as? [String: any Sendable])?[key] != nil
  }

  func string(_ key: Int) throws -> String { try Self.string(member(key)) }
  func string(_ key: String) throws -> String { try Self.string(member(key)) }
  func optionalString(_ key: Int) throws -> String? { try Self.optional(member(key), Self.string) }
  func optionalString(_ key: String) throws -> String? {
    try Self.optional(member(key), Self.string)
  }
  func amount(_ key: Int) throws -> Double { try Self.amount(member(key)) }
  func amount(_ key: String) throws -> Double { try Self.amount(member(key)) }
  func optionalAmount(_ key: Int) throws -> Double? { try Self.optional(member(key), Self.amount) }
  func quantity(_ key: Int) throws -> Quantity { try Self.quantity(member(key)) }
  func quantity(_ key: String) throws -> Quantity { try Self.quantity(member(key)) }

  func units(_ key: String) throws -> [MeasureUnit] {
    let list = try #require(member(key) as? [any Sendable])
    return try list.map { try #require(MeasureUnit(rawValue: Self.string($0))) }
  }

  /// Checks a result against `"expect"` (a quantity or null) or `"refused"` (the error's name).
  func expectOutcome(_ outcome: Result<Quantity?, any Error>) throws {
    switch outcome {
    case .success(let quantity):
      #expect(!has("refused"), "expected a refusal: \(value)")
      guard !has("refused") else { return }
      let expected = try Self.optional(member(expectKey), Self.quantity)
      switch (quantity, expected) {
      case (nil, nil): break
      case (let quantity?, let expected?): try expectSame(quantity, expected)
      default: Issue.record("got \(String(describing: quantity)) for \(value)")
      }
    case .failure(let error):
      let refused = has("refused") ? try string("refused") : "nothing"
      let name = (error as? ListError)?.kind ?? "\(error)"
      #expect(name == refused, "\(value): \(error)")
    }
  }

  /// Where the expected quantity sits: "expect" in most sections, "quantity" in addText.
  private var expectKey: String { has("expect") ? "expect" : "quantity" }

  func expectSame(_ actual: Quantity, _ expected: Quantity) throws {
    let sameAmount =
      actual.amount == expected.amount || (actual.amount.isNaN && expected.amount.isNaN)
    #expect(sameAmount && actual.unit == expected.unit, "\(value) gave \(actual)")
  }

  private static func string(_ value: any Sendable) throws -> String {
    try #require(value as? String, "expected a string, found \(value)")
  }

  private static func amount(_ value: any Sendable) throws -> Double {
    if let number = value as? Double { return number }
    let text = try string(value)
    return try #require(Double(text), "\"\(text)\" is not an amount")
  }

  private static func quantity(_ value: any Sendable) throws -> Quantity {
    let pair = try #require(value as? [any Sendable], "a quantity is [amount, unit]: \(value)")
    try #require(pair.count == 2)
    let unit = try #require(MeasureUnit(rawValue: string(pair[1])))
    return Quantity(amount: try amount(pair[0]), unit: unit)
  }

  private static func optional<T>(_ value: any Sendable, _ read: (any Sendable) throws -> T)
    throws -> T?
  {
    value is JSONNull ? nil : try read(value)
  }
}
