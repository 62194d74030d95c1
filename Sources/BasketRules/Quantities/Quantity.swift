#if canImport(FoundationEssentials)
  import FoundationEssentials
#elseif canImport(Foundation)
  import Foundation
#endif

/// A unit an item can be measured in.
public enum MeasureUnit: String, CaseIterable, Sendable, Hashable {
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
public struct Quantity: Equatable, Hashable, Sendable {
  public var amount: Double
  public var unit: MeasureUnit

  public init(amount: Double, unit: MeasureUnit) {
    self.amount = amount
    self.unit = unit
  }
}

#if !hasFeature(Embedded)
  extension MeasureUnit: Codable {}
  extension Quantity: Codable {}
#endif
