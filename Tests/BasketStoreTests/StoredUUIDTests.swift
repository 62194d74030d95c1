import BasketStore
import Foundation
import Testing

@Suite struct StoredUUIDTests {
  @Test(arguments: [
    "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
    "00000000-0000-0000-0000-000000000000",
    "FFFFFFFF-ffff-FFFF-ffff-FFFFFFFFFFFF",
    "E621E1F8-C36C-495A-93FC-0C247A3E6E5",  // one digit short
    "E621E1F8-C36C-495A-93FC-0C247A3E6E5F0",  // one too many
    "E621E1F8C36C-495A-93FC-0C247A3E6E5F0",  // a dash missing
    "E621E1F8-C36C-495A-93FC_0C247A3E6E5F",  // another separator
    "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",  // not hex
    "E621E1F8-C36C-495A-93FC-0C247A3E6E5 ",
    "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
    "",
    "E621E1F8-C36C-495A-93FC-0C247A3E6É",
  ])
  func readsExactlyWhatFoundationReads(_ text: String) {
    #expect(UUID.stored(text) == UUID(uuidString: text))
  }

  @Test func readsEveryIdItWrites() {
    for _ in 0..<200 {
      let id = UUID()
      #expect(UUID.stored(id.uuidString) == id)
      #expect(UUID.stored(id.uuidString.lowercased()) == id)
    }
  }
}

@Suite struct StoredTextTests {
  @Test func writesExactlyWhatFoundationWrites() {
    let fixed = [
      UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
      UUID(
        uuid: (
          255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255
        )),
      UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
      UUID(uuidString: "0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9")!,
    ]
    for id in fixed + (0..<200).map({ _ in UUID() }) {
      #expect(id.storedText == id.uuidString)
      #expect(UUID.stored(id.storedText) == id)
    }
  }
}
