import BasketKit

/// `X-Forwarded-For` and `X-Forwarded-Proto` from a reverse proxy the household named
/// (`basket serve --trusted-proxy ADDRESS`), and from nobody else.
///
/// Behind a proxy every request comes from the proxy's address, so the pairing guess limits
/// and the per-address shares would count the whole household as one client, and a request
/// over HTTPS to the proxy would look like plain HTTP. From a trusted proxy, the client is the
/// address the proxy itself saw (the last in `X-Forwarded-For`: earlier ones came from the
/// client and prove nothing), and the request is secure when the proxy says it was. From any
/// other address the headers are ignored, so nobody else can claim an address.
public enum ForwardedHeaders {
  public static func apply(to request: inout Request, trustedProxies: [String]) {
    guard !trustedProxies.isEmpty, trustedProxies.contains(request.clientAddress) else { return }
    if let forwarded = request.header("x-forwarded-for"),
      let last = forwarded.split(separator: ",").last
    {
      let address = String(last.trimmingSpaces())
      if IPAddressText.isIPv4(address) || IPAddressText.isIPv6(address) {
        request.clientAddress = address
      }
    }
    if let proto = request.header("x-forwarded-proto")?.split(separator: ",").last {
      request.isSecure = proto.trimmingSpaces().lowercased() == "https"
    }
  }
}
