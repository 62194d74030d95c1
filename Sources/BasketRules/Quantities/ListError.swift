#if canImport(FoundationEssentials)
  import FoundationEssentials
#elseif canImport(Foundation)
  import Foundation
#endif

/// The list's timing constants.
public enum ListTiming {
  /// How long a checked item stays in Got it before it disappears by itself.
  public static let gotItTTL: TimeInterval = 60 * 60
  /// How long a Clear all can be undone.
  public static let undoWindow: TimeInterval = 10
  /// How long a checked item holds its place before moving to Got it.
  public static let checkOffDelay: TimeInterval = 0.55
  /// How far back suggestion history reaches.
  public static let historyWindow: TimeInterval = 30 * 24 * 60 * 60
  /// The longest name accepted, in characters.
  public static let maxNameLength = 200
}

/// Why a list change was refused. Each case reads as a one-line reason for the user.
public enum ListError: Error, Equatable, Sendable, CustomStringConvertible {
  case emptyName
  case nameTooLong(Int)
  case unknownItem(String)
  /// A number from an earlier listing whose item has left the list since.
  case numberGone(Int)
  case ambiguous(String, candidates: [String])
  case badAmount(String)
  /// Negative, NaN, infinite or past `QuantityRules.maximum(for:)`.
  case amountOutOfRange(Quantity)
  /// A recipe amount past `RecipeAmountRules.maximum(for:)`: the amount and the limit, as text.
  case recipeAmountOutOfRange(String, limit: String)
  /// A package size that is no weight or volume a shop sells: the size, as text.
  case badPackSize(String)
  case unknownUnit(String)
  case unitNotAllowed(MeasureUnit, item: String)
  /// A weight for a poured item or a volume for a weighed one, in a kitchen unit ("lb").
  case kitchenUnitNotAllowed(String, item: String)
  case nothingToUndo
  /// An amount with nothing to buy: "6", "2 kg", "3 tins" (as typed, at most 40 characters).
  case amountWithoutName(String)
  /// An amount of zero typed with a name: "0 eggs".
  case zeroAmount
  /// More items in one typed line than `ShoppingLine.maxItems`.
  case tooManyItems(Int)
  /// Several items in text that one add takes one item from (an API add, a sync change).
  case severalItems(Int)

  /// The case's name ("amountOutOfRange"), as case tables and the web app's rules name it.
  public var kind: String {
    switch self {
    case .emptyName: "emptyName"
    case .nameTooLong: "nameTooLong"
    case .unknownItem: "unknownItem"
    case .numberGone: "numberGone"
    case .ambiguous: "ambiguous"
    case .badAmount: "badAmount"
    case .amountOutOfRange: "amountOutOfRange"
    case .recipeAmountOutOfRange: "recipeAmountOutOfRange"
    case .badPackSize: "badPackSize"
    case .unknownUnit: "unknownUnit"
    case .unitNotAllowed: "unitNotAllowed"
    case .kitchenUnitNotAllowed: "kitchenUnitNotAllowed"
    case .nothingToUndo: "nothingToUndo"
    case .amountWithoutName: "amountWithoutName"
    case .zeroAmount: "zeroAmount"
    case .tooManyItems: "tooManyItems"
    case .severalItems: "severalItems"
    }
  }

  public var description: String {
    switch self {
    case .emptyName:
      "a name can't be empty"
    case .nameTooLong(let count):
      "a name can be at most \(ListTiming.maxNameLength) characters (this one has \(count))"
    case .unknownItem(let reference):
      "no item matches \"\(reference)\""
    case .numberGone(let number):
      "number \(number) of the last list is no longer on it; list again for new numbers"
    case .ambiguous(let reference, let candidates):
      "\"\(reference)\" matches several items: \(candidates.joined(separator: ", "))"
    case .badAmount(let text):
      "\"\(text)\" is not an amount (try a number such as 2, 500 or 1.5)"
    case .amountOutOfRange(let quantity):
      "\(Quantity.format(quantity.amount)) \(quantity.unit.rawValue) is not an amount Basket takes (0 to \(Quantity.format(QuantityRules.maximum(for: quantity.unit))) \(quantity.unit.rawValue))"
    case .recipeAmountOutOfRange(let text, let limit):
      "\(text) is not an amount Basket takes (at most \(limit))"
    case .badPackSize(let text):
      "\(text) is not a package size (give a weight or a volume, such as 400 g or 14 oz)"
    case .unknownUnit(let word):
      "unknown unit \"\(word)\" (use ml, L, g, kg or units)"
    case .unitNotAllowed(let unit, let item):
      "\(item) can't be measured in \(unit.rawValue)"
    case .kitchenUnitNotAllowed(let unit, let item):
      "\(item) can't be measured in \(unit)"
    case .nothingToUndo:
      "there is no recent clear to undo"
    case .amountWithoutName(let text):
      "\"\(text)\" says how much but not what: type what to add as well"
    case .zeroAmount:
      "an amount of 0 adds nothing: leave the amount out, or give one above 0"
    case .severalItems(let count):
      "this names \(count) things: add them one at a time"
    case .tooManyItems(let count):
      "one line can add at most \(ShoppingLine.maxItems) items (this one has \(count))"
    }
  }
}
