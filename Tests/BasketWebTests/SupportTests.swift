import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct SupportTests {
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

  @Test func serveOptionsReadFlagsAndTheEnvironment() throws {
    let options = try ServeOptions.parse(
      ["--host", "0.0.0.0", "--port=9000", "--tls-cert", "c.pem", "--tls-key", "k.pem"],
      environment: ["BASKET_SECRET": "from-the-environment"])
    #expect(options.host == "0.0.0.0")
    #expect(options.port == 9000)
    #expect(options.secret == "from-the-environment")
    #expect(options.tlsCertificate == "c.pem")
    #expect(!options.isLoopback)
    let flag = try ServeOptions.parse(
      ["--secret", "from-the-flag"], environment: ["BASKET_SECRET": "from-the-environment"])
    #expect(flag.secret == "from-the-flag")
    #expect(flag.isLoopback)
  }

  @Test(arguments: [
    (["--port", "0"], "--port"), (["--port"], "needs a value"),
    (["--secret", "short"], "8 characters"),
    (["--tls-cert", "c.pem"], "go together"), (["--bogus"], "doesn't take"),
    (["extra"], "no arguments"),
  ])
  func badServeOptionsAreExplained(arguments: [String], fragment: String) {
    #expect {
      try ServeOptions.parse(arguments, environment: [:])
    } throws: { error in
      (error as? ServeOptions.Problem)?.message.contains(fragment) == true
    }
  }

  @Test func theHouseholdSecretIsMadeOnceWithMode0600() throws {
    let path = "/tmp/basket-secret-test-\(UInt32.random(in: 0...UInt32.max)).secret"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let first = try HouseholdSecret.loadOrCreate(at: path) { "first-secret-123" }
    #expect(first == ("first-secret-123", true))
    let second = try HouseholdSecret.loadOrCreate(at: path) { "never-used-456" }
    #expect(second == ("first-secret-123", false))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }
}
