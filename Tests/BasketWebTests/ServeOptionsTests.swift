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
    (["--https", "--http"], "choose one"), (["--name", "not a name"], "not a host name"),
    (["--trusted-proxy", "proxy.lan"], "not an IP address"),
    (["--tls-cert", "c", "--tls-key", "k", "--https"], "serves HTTPS already"),
    (["--welcome-port", "9000", "--no-welcome"], "choose one"),
    (["--host", "0.0.0.0", "--port", "8080"], "a port of its own"),
  ])
  func badServeOptionsAreExplained(arguments: [String], fragment: String) {
    #expect {
      try ServeOptions.parse(arguments, configuration: BasketConfiguration())
    } throws: { error in
      (error as? ServeOptions.Problem)?.message.contains(fragment) == true
    }
  }

  @Test func awayFromLoopbackItIsTheHouseholdsHTTPSWithAWelcomePortAndOnItPlainHTTP() throws {
    let none = BasketConfiguration()
    let away = try ServeOptions.parse(
      ["--host", "0.0.0.0", "--name", "Basket.Home"], configuration: none)
    #expect(away.serving == .householdHTTPS(welcomePort: 8080))
    #expect(away.port == 8443 && away.needsPairing && away.names == ["basket.home"])
    let loopback = try ServeOptions.parse([], configuration: none)
    #expect(loopback.serving == .plainHTTP && loopback.port == 8080 && !loopback.needsPairing)
    let https = try ServeOptions.parse(["--https", "--no-welcome"], configuration: none)
    #expect(https.serving == .householdHTTPS(welcomePort: nil) && https.needsPairing)
    let proxied = try ServeOptions.parse(
      ["--host", "0.0.0.0", "--http", "--trusted-proxy", "127.0.0.1"], configuration: none)
    #expect(proxied.serving == .plainHTTP && proxied.needsPairing)
    #expect(proxied.trustedProxies == ["127.0.0.1"])
    let own = try ServeOptions.parse(
      ["--host", "0.0.0.0", "--tls-cert", "c", "--tls-key", "k"], configuration: none)
    #expect(own.serving == .ownCertificate && own.port == 8443)
  }
}
