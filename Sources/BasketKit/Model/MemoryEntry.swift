#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
