/// One thing to add, understood and checked before anything is stored: a clean name, its
/// emoji, and the amount typed: a stepper quantity that passed
/// `QuantityRules.checked(_:measure:item:)`, or an amount in the kitchen unit it was typed in
/// ("2 lb", "2 tins (400 g)", "½"), checked the same way for range and measure.
///
/// The only way to build one is through these initialisers, so `ListRules.add` never sees an
/// unchecked amount, whichever face the add came from.
public struct AddEntry: Equatable, Sendable {
  public let name: String
  public let emoji: String
  public let quantity: Quantity?
  /// The amount as typed when the stepper can't hold it exactly ("2 lb", "2 tins", "½"); nil
  /// otherwise. Never set together with `quantity`.
  public let amount: ItemAmount?

  /// What one typed line asks for (`ShoppingLine.read`): "2 tins chopped tomatoes", "milk,
  /// eggs and bread", "apples, 6".
  ///
  /// - Throws: `ListError` when any part can't be added as typed; then none is.
  public static func entries(typed text: String, classifier: any ItemClassifier) throws
    -> [AddEntry]
  {
    try ShoppingLine.read(text).map { try AddEntry(typed: $0, classifier: classifier) }
  }

  /// Understands one typed item, without splitting it: "2 l milk", "eggs x12", "bread".
  ///
  /// - Throws: `ListError` for an empty or too long name, or an amount Basket can't take
  ///   ("eggs x99999999999999999999", "999999999999 kg rice", "2 kg milk"): the add is refused
  ///   rather than made without what was typed.
  public init(text: String, classifier: any ItemClassifier) throws {
    guard let typed = try ShoppingLine.item(text) else { throw ListError.emptyName }
    try self.init(typed: typed, classifier: classifier)
  }

  /// An item as `ShoppingLine` read it.
  public init(typed: TypedItem, classifier: any ItemClassifier) throws {
    try self.init(name: typed.name, amount: typed.amount, classifier: classifier)
  }

  /// Takes a name as it is, with an optional quantity (an amount of zero means none).
  public init(name rawName: String, quantity: Quantity?, classifier: any ItemClassifier) throws {
    let name = try ListRules.cleanName(rawName)
    let classification = classifier.classify(name)
    self.name = name
    emoji = classification.emoji
    self.quantity = try quantity.flatMap {
      try QuantityRules.checked($0, measure: classification.measure, item: name)
    }
    amount = nil
  }

  /// Takes a name as it is, with an amount in any kitchen unit: one the stepper holds exactly
  /// (a whole count, g, kg, ml, L) becomes its quantity; any other stays as typed.
  public init(name rawName: String, amount: ItemAmount?, classifier: any ItemClassifier) throws {
    let name = try ListRules.cleanName(rawName)
    let classification = classifier.classify(name)
    self.name = name
    emoji = classification.emoji
    guard let amount else {
      quantity = nil
      self.amount = nil
      return
    }
    if let exact = amount.stepperQuantity {
      quantity = try QuantityRules.checked(exact, measure: classification.measure, item: name)
      self.amount = nil
      return
    }
    try ShoppingLine.check(amount)
    try QuantityRules.checkMeasure(amount, measure: classification.measure, item: name)
    quantity = nil
    self.amount = amount
  }
}
