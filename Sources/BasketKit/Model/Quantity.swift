#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A unit an item can be measured in.
public enum MeasureUnit: String, CaseIterable, Sendable, Codable, Hashable {
  case ml
  case liters = "L"
  case grams = "g"
  case kilograms = "kg"
  case units

  /// The kind of measure; switching within a kind converts, across kinds starts fresh.
  public var dimension: Dimension {
    switch self {
    case .ml, .liters: .volume
    case .grams, .kilograms: .mass
    case .units: .count
    }
  }

  /// How many of the dimension's base unit (ml, g, unit) one of this unit holds.
  var baseFactor: Double {
    switch self {
    case .ml, .grams, .units: 1
    case .liters, .kilograms: 1000
    }
  }

  public enum Dimension: Sendable, Hashable {
    case volume, mass, count
  }
}

/// An amount in a unit, such as 500 ml or 12 units.
public struct Quantity: Equatable, Hashable, Sendable, Codable {
  public var amount: Double
  public var unit: MeasureUnit

  public init(amount: Double, unit: MeasureUnit) {
    self.amount = amount
    self.unit = unit
  }
}

/// A remembered add, for history-ranked suggestions. It outlives the item it came from.
public struct MemoryEntry: Equatable, Hashable, Sendable, Codable {
  /// The display name, as last typed.
  public var name: String
  public var timesAdded: Int
  public var lastAdded: Date

  public init(name: String, timesAdded: Int, lastAdded: Date) {
    self.name = name
    self.timesAdded = timesAdded
    self.lastAdded = lastAdded
  }
}
