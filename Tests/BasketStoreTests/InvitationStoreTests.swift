import BasketKit
import Testing

@testable import BasketStore

/// Invitations in a real SQLite file: only the code's digest is kept, a use is remembered by
/// the next process, and a failed change writes nothing.
@Suite struct InvitationStoreTests {
  @Test func anInvitationUsedByOneProcessIsUsedForTheNext() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("basket.sqlite")
    let now = StoreFixtures.now
    let store = try openStore(path)
    let made = try store.modifyInvitations { invitations in
      try InvitationRules.invite(codeHash: "digest-1", now: now, in: &invitations)
    }
    #expect(made.expiresAt == now.addingTimeInterval(15 * 60))
    let other = try openStore(path)
    try other.modifyInvitations { invitations in
      try InvitationRules.redeem(
        codeHash: "digest-1", now: now.addingTimeInterval(5), in: &invitations)
    }
    let third = try openStore(path)
    #expect(throws: InvitationRules.Refusal.used) {
      try third.modifyInvitations { invitations in
        try InvitationRules.redeem(
          codeHash: "digest-1", now: now.addingTimeInterval(6), in: &invitations)
      }
    }
    let stored = try third.modifyInvitations { $0 }
    #expect(stored.count == 1 && stored[0].usedAt == now.addingTimeInterval(5))
  }

  @Test func aRefusedChangeWritesNothing() throws {
    let directory = TemporaryDirectory()
    let store = try openStore(directory.file("basket.sqlite"))
    let before = try store.revision()
    #expect(throws: InvitationRules.Refusal.unknown) {
      try store.modifyInvitations { invitations in
        invitations.append(Invitation(codeHash: "x", createdAt: .now, expiresAt: .now))
        try InvitationRules.redeem(codeHash: "nope", now: .now, in: &invitations)
      }
    }
    #expect(try store.modifyInvitations { $0 }.isEmpty)
    #expect(try store.revision() == before)
  }
}
