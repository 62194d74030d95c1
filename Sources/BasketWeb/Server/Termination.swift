#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C and `kill` for a server: the signals are blocked in every thread and collected by
/// one loop, which can then stop the server cleanly.
public enum TerminationSignals {
  /// Blocks SIGINT, SIGTERM and SIGHUP in this thread and every thread it starts later. Call
  /// it before starting the server so its threads inherit the mask.
  public static func block() {
    var set = signals()
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  /// Waits up to `milliseconds` for a blocked termination signal; returns it, or nil on timeout.
  public static func wait(milliseconds: Int) -> Int32? {
    #if canImport(Glibc)
      var set = signals()
      var timeout = timespec(
        tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
      let signal = sigtimedwait(&set, nil, &timeout)
      return signal > 0 ? signal : nil
    #else
      usleep(UInt32(milliseconds) * 1000)
      return nil
    #endif
  }

  private static func signals() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGHUP)
    return set
  }
}

/// The machine's non-loopback IPv4 addresses, for printing pairing links.
public enum NetworkAddresses {
  public static func ipv4() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var addresses: [String] = []
    var current = first
    while let entry = current {
      defer { current = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET)
      else { continue }
      var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      var ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        $0.pointee.sin_addr
      }
      guard inet_ntop(AF_INET, &ipv4, &buffer, socklen_t(buffer.count)) != nil else { continue }
      let text = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !text.hasPrefix("127."), !addresses.contains(text) { addresses.append(text) }
    }
    return addresses
  }

  /// This machine's host name ("pantry"), lower-cased; nil when it has none worth using.
  public static func hostName() -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count) == 0 else { return nil }
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self
    ).lowercased()
    guard !name.isEmpty, name != "localhost", name != "(none)" else { return nil }
    return name
  }
}
