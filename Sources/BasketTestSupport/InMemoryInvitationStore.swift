import BasketKit
import Synchronization

/// An `InvitationStore` held in memory, for tests of everything above the store.
public final class InMemoryInvitationStore: InvitationStore {
  private let invitations = Mutex<[Invitation]>([])

  public init() {}

  public func modifyInvitations<T: Sendable>(_ body: @Sendable (inout [Invitation]) throws -> T)
    throws -> T
  {
    try invitations.withLock { stored in
      var copy = stored
      let result = try body(&copy)
      stored = copy
      return result
    }
  }
}
