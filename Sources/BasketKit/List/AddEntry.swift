/// One thing to add, understood and checked before anything is stored: a clean name, its
/// emoji, and a quantity that passed `QuantityRules.checked(_:measure:item:)`.
///
/// The only way to build one is through these initialisers, so `ListRules.add` never sees an
/// unchecked quantity, whichever face the add came from.
public struct AddEntry: Equatable, Sendable {
  public let name: String
  public let emoji: String
  public let quantity: Quantity?

  /// Understands what was typed in an add bar: "2 l milk", "eggs x12", "bread".
  ///
  /// - Throws: `ListError` for an empty or too long name, or a quantity Basket can't take
  ///   ("eggs x99999999999999999999", "999999999999 kg rice", "2 kg milk"): the add is refused
  ///   rather than made without what was typed.
  public init(text: String, classifier: any ItemClassifier) throws {
    let parsed = AddTextParser.parse(text)
    try self.init(name: parsed.name, quantity: parsed.quantity, classifier: classifier)
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
  }
}
