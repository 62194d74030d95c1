import Foundation
import Testing

/// `basket serve` refusing what it can't do before it makes anything, so a refusal leaves no
/// half-made store behind.
@Suite struct ServeUsageTests {
  let basket = BasketBinary()

  @Test(arguments: ["999.1.1.1", "kitchen", "10.0.0", "::1"])
  func aHostThatIsNotAnAddressIsBadUsageAndMakesNoStore(host: String) throws {
    let result = try basket.run(["serve", "--host", host, "--port", "28999"])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix("basket: --host \(host) is not an IPv4 address"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: basket.storePath))
    #expect(!FileManager.default.fileExists(atPath: basket.storePath + ".secret"))
  }

  @Test func aPortAlreadyTakenIsNamed() throws {
    // NB: hold a port with a listening socket of our own.
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && listen(fd, 1) == 0
          && getsockname(fd, pointer, &length) == 0
      }
    }
    #expect(bound)
    let port = Int(UInt16(bigEndian: address.sin_port))
    let result = try basket.run(["serve", "--port", String(port)])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "port \(port) is already in use (by another basket serve or another program); choose another with --port"
      ),
      "\(result.stderr)")
    #expect(!result.stderr.contains("port 0"), "\(result.stderr)")
  }
}
