import BasketKit
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct ServeOptionsTests {
  @Test func serveOptionsReadFlagsAndTheConfiguration() throws {
    let options = try ServeOptions.parse(
      ["--host", "0.0.0.0", "--port=9000", "--tls-cert", "c.pem", "--tls-key", "k.pem"],
      configuration: BasketConfiguration(secret: "from-the-environment"))
    #expect(options.host == "0.0.0.0")
    #expect(options.port == 9000)
    #expect(options.secret == "from-the-environment")
    #expect(options.tlsCertificate == "c.pem")
    #expect(!options.isLoopback)
    let flag = try ServeOptions.parse(
      ["--secret", "from-the-flag"],
      configuration: BasketConfiguration(secret: "from-the-environment"))
    #expect(flag.secret == "from-the-flag")
    #expect(flag.isLoopback)
    #expect(flag.heartbeatSeconds == 15)
    let quick = try ServeOptions.parse(
      ["--heartbeat", "0.5"], configuration: BasketConfiguration())
    #expect(quick.heartbeatSeconds == 0.5)
  }

  @Test(arguments: [
    (["--port", "0"], "--port"), (["--port"], "needs a value"),
    (["--secret", "short"], "8 characters"),
    (["--tls-cert", "c.pem"], "go together"), (["--bogus"], "doesn't take"),
    (["extra"], "no arguments"), (["--heartbeat", "0"], "--heartbeat"),
    (["--heartbeat=soon"], "--heartbeat"), (["--heartbeat", "nan"], "--heartbeat"),
  ])
  func badServeOptionsAreExplained(arguments: [String], fragment: String) {
    #expect {
      try ServeOptions.parse(arguments, configuration: BasketConfiguration())
    } throws: { error in
      (error as? ServeOptions.Problem)?.message.contains(fragment) == true
    }
  }
}
