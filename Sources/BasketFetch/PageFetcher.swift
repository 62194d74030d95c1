import BasketKit
internal import CCurl

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A page fetched from the web, as bytes.
public struct FetchedPage: Equatable, Sendable {
  public var bytes: [UInt8]
  /// Where the page came from in the end, after redirects.
  public var address: String
  /// The `Content-Type` the server sent, if any.
  public var contentType: String?
}

/// Fetches a web page with libcurl under `WebAddressRules`: http and https only (redirects
/// too), a time limit, a size limit (counted after decompression), a redirect limit, no
/// proxies, and no connection to an address `permits` refuses, which is checked on every
/// address curl is about to connect to, so neither a redirect nor a name that resolves
/// somewhere else can reach the household's network.
///
/// Blocking: the call returns when the page is read or the fetch fails. Thread-safe.
public struct PageFetcher: Sendable {
  public var timeoutSeconds: Double
  public var maximumBytes: Int
  public var maximumRedirects: Int
  /// Whether an IP address (4 or 16 bytes) may be connected to.
  public var permits: @Sendable ([UInt8]) -> Bool
  /// Whether the machine is on a network at all, to tell "offline" from "not found".
  public var isOnline: @Sendable () -> Bool

  /// The fetcher `WebAddressRules` describes; `allowLocal` lifts the ban on the household's
  /// own network and this machine.
  public init(allowLocal: Bool = false) {
    let permits: @Sendable ([UInt8]) -> Bool = { address in
      allowLocal || !WebAddressRules.isLocal(address)
    }
    self.init(
      timeoutSeconds: Double(WebAddressRules.timeoutSeconds),
      maximumBytes: WebAddressRules.maximumBytes,
      maximumRedirects: WebAddressRules.maximumRedirects, permits: permits,
      isOnline: { NetworkInterfaces.anyUp() })
  }

  public init(
    timeoutSeconds: Double, maximumBytes: Int, maximumRedirects: Int,
    permits: @escaping @Sendable ([UInt8]) -> Bool, isOnline: @escaping @Sendable () -> Bool
  ) {
    self.timeoutSeconds = timeoutSeconds
    self.maximumBytes = maximumBytes
    self.maximumRedirects = maximumRedirects
    self.permits = permits
    self.isOnline = isOnline
  }

  public func fetch(_ address: String) throws(WebFetchError) -> FetchedPage {
    let host = try WebAddressRules.host(of: address)
    var lib: basket_curl
    switch LibCurl.loaded {
    case .success(let functions): lib = functions
    case .failure(let missing): throw .failed(host: host, reason: missing.description)
    }
    _ = Self.initialized
    guard let curl = lib.curl_easy_init() else {
      throw .failed(host: host, reason: "curl failed to start")
    }
    defer { lib.curl_easy_cleanup(curl) }
    let transfer = Transfer(limit: maximumBytes, permits: permits)
    let outcome: CURLcode = withExtendedLifetime(transfer) {
      let context = Unmanaged.passUnretained(transfer).toOpaque()
      let trimmed = String(
        address.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
      var settings = [
        basket_curl_set_string(&lib, curl, CURLOPT_URL, trimmed),
        basket_curl_set_string(&lib, curl, CURLOPT_PROTOCOLS_STR, "http,https"),
        basket_curl_set_string(&lib, curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
        basket_curl_set_long(&lib, curl, CURLOPT_FOLLOWLOCATION, 1),
        basket_curl_set_long(&lib, curl, CURLOPT_MAXREDIRS, maximumRedirects),
        basket_curl_set_long(&lib, curl, CURLOPT_TIMEOUT_MS, Int(timeoutSeconds * 1000)),
        basket_curl_set_long(&lib, curl, CURLOPT_NOSIGNAL, 1),
        basket_curl_set_off(&lib, curl, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maximumBytes)),
        basket_curl_set_string(&lib, curl, CURLOPT_NOPROXY, "*"),
        basket_curl_set_string(&lib, curl, CURLOPT_ACCEPT_ENCODING, ""),
        basket_curl_set_string(&lib, curl, CURLOPT_USERAGENT, "Basket (recipe import)"),
        basket_curl_set_write(&lib, curl, Transfer.write),
        basket_curl_set_pointer(&lib, curl, CURLOPT_WRITEDATA, context),
        basket_curl_set_opensocket(&lib, curl, Transfer.openSocket),
        basket_curl_set_pointer(&lib, curl, CURLOPT_OPENSOCKETDATA, context),
      ]
      settings.removeAll { $0 == CURLE_OK }
      guard settings.isEmpty else { return settings[0] }
      return lib.curl_easy_perform(curl)
    }
    let finalAddress = Self.string(lib, curl, CURLINFO_EFFECTIVE_URL) ?? address
    let finalHost = (try? WebAddressRules.host(of: finalAddress)) ?? host
    guard outcome == CURLE_OK else {
      throw error(lib, outcome, host: finalHost, transfer: transfer)
    }
    var status = 0
    _ = basket_curl_get_long(&lib, curl, CURLINFO_RESPONSE_CODE, &status)
    guard (200..<300).contains(status) else { throw .httpStatus(host: finalHost, status: status) }
    return FetchedPage(
      bytes: transfer.bytes, address: finalAddress,
      contentType: Self.string(lib, curl, CURLINFO_CONTENT_TYPE))
  }

  private func error(
    _ lib: basket_curl, _ code: CURLcode, host: String, transfer: Transfer
  ) -> WebFetchError {
    switch code {
    case CURLE_COULDNT_CONNECT where transfer.refusedAddress:
      return .localAddress(host: host)
    case CURLE_COULDNT_RESOLVE_HOST:
      return isOnline() ? .nameNotFound(host: host) : .offline(host: host)
    case CURLE_COULDNT_CONNECT:
      return isOnline() ? .refused(host: host) : .offline(host: host)
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut(host: host)
    case CURLE_FILESIZE_EXCEEDED:
      return .tooLarge(host: host)
    case CURLE_WRITE_ERROR where transfer.overflowed:
      return .tooLarge(host: host)
    case CURLE_TOO_MANY_REDIRECTS:
      return .tooManyRedirects(host: host)
    case CURLE_UNSUPPORTED_PROTOCOL:
      return .unsupportedScheme("the address it redirected to")
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_CACERT_BADFILE:
      return .insecure(host: host, reason: Self.describe(lib, code))
    default:
      return .failed(host: host, reason: Self.describe(lib, code))
    }
  }

  private static func describe(_ lib: basket_curl, _ code: CURLcode) -> String {
    lib.curl_easy_strerror(code).map { String(cString: $0).lowercased() }
      ?? "error \(code.rawValue)"
  }

  private static func string(
    _ lib: basket_curl, _ curl: UnsafeMutableRawPointer, _ info: CURLINFO
  ) -> String? {
    var lib = lib
    var value: UnsafeMutablePointer<CChar>?
    guard basket_curl_get_string(&lib, curl, info, &value) == CURLE_OK, let value else {
      return nil
    }
    return String(cString: value)
  }

  /// curl's global set-up, once per process, before any transfer.
  /// NB: only after `LibCurl.loaded` succeeded.
  private static let initialized: Bool = {
    guard case .success(let lib) = LibCurl.loaded else { return false }
    return lib.curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
  }()
}

/// What one transfer collects: the page's bytes (up to the limit), and whether an address
/// was refused or the limit reached. Used only from the thread running the transfer.
private final class Transfer {
  let limit: Int
  let permits: @Sendable ([UInt8]) -> Bool
  var bytes: [UInt8] = []
  var overflowed = false
  var refusedAddress = false

  init(limit: Int, permits: @escaping @Sendable ([UInt8]) -> Bool) {
    self.limit = limit
    self.permits = permits
  }

  static func from(_ pointer: UnsafeMutableRawPointer) -> Transfer {
    Unmanaged<Transfer>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// curl's write callback: keeps the bytes, or stops the transfer past the limit.
  static let write: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Transfer.from(context)
    let length = size * count
    guard transfer.bytes.count + length <= transfer.limit else {
      transfer.overflowed = true
      return 0
    }
    if let data, length > 0 {
      data.withMemoryRebound(to: UInt8.self, capacity: length) {
        transfer.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
      }
    }
    return length
  }

  /// curl's socket callback: opens a socket only to an address `permits` allows.
  static let openSocket: curl_opensocket_callback = { context, _, address in
    guard let context, let address else { return CURL_SOCKET_BAD }
    let transfer = Transfer.from(context)
    let family = address.pointee.family
    let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
    let socketAddress = UnsafeRawPointer(address).advanced(by: offset)
    let ip: [UInt8]
    switch family {
    case AF_INET:
      let inet = socketAddress.loadUnaligned(as: sockaddr_in.self)
      ip = withUnsafeBytes(of: inet.sin_addr) { Array($0) }
    case AF_INET6:
      let inet6 = socketAddress.loadUnaligned(as: sockaddr_in6.self)
      ip = withUnsafeBytes(of: inet6.sin6_addr) { Array($0) }
    default:
      ip = []
    }
    guard !ip.isEmpty, transfer.permits(ip) else {
      transfer.refusedAddress = true
      return CURL_SOCKET_BAD
    }
    // NB: close-on-exec, so a program spawned meanwhile (OCR) doesn't hold the fetch open.
    return socket(
      family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
  }
}

/// Whether the machine has a network: any interface up and running, not loopback, with an
/// IPv4 or IPv6 address.
enum NetworkInterfaces {
  @Sendable static func anyUp() -> Bool {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0 else { return true }  // NB: unknown: don't claim offline
    defer { freeifaddrs(list) }
    var current = list
    while let entry = current {
      let flags = Int32(entry.pointee.ifa_flags)
      let family = entry.pointee.ifa_addr.map { Int32($0.pointee.sa_family) }
      if flags & Int32(IFF_UP) != 0, flags & Int32(IFF_RUNNING) != 0,
        flags & Int32(IFF_LOOPBACK) == 0, family == AF_INET || family == AF_INET6
      {
        return true
      }
      current = entry.pointee.ifa_next
    }
    return false
  }
}
