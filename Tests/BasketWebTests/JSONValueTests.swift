import BasketKit
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct JSONValueTests {
  @Test func jsonRoundTripsAndEscapesMarkup() throws {
    let text = #"{"a":[1,2.5,-3e2,true,false,null],"b":"x\"y\\z\u00e9\ud83c\udf4e<>&","c":{}}"#
    let value = try JSONValue.parse(Array(text.utf8))
    #expect(value["b"]?.string == "x\"y\\zé🍎<>&")
    let again = try JSONValue.parse(value.encoded())
    #expect(again == value)
    #expect(!String(decoding: value.encoded(), as: UTF8.self).contains("<"))
  }

  @Test(arguments: [
    "", "{", "[1,]", #"{"a":1,}"#, "01", "1.", "tru", #""\x""#, #""\ud83c""#, "1 2", "nan",
    String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
  ])
  func malformedJSONIsRefused(text: String) {
    #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Array(text.utf8)) }
  }

  @Test func aRepeatedMemberIsRefusedWithAShortMessage() {
    let name = String(repeating: "n", count: 5_000)
    let text = #"{"\#(name)":1,"other":2,"\#(name)":3}"#
    #expect {
      try JSONValue.parse(Array(text.utf8))
    } throws: { error in
      let message = (error as? JSONValue.ParseError)?.message ?? ""
      return message.contains("appears twice") && message.count < 100
    }
  }

  @Test func manyDistinctMembersAreAllKept() throws {
    let members = (0..<5_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
    guard case .object(let parsed) = try JSONValue.parse(Array("{\(members)}".utf8)) else {
      Issue.record("not an object")
      return
    }
    #expect(parsed.count == 5_000)
    #expect(parsed.last?.0 == "k4999")
  }
}
