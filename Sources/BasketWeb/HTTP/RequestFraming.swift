/// How a request's body is framed, judged from its head before any of the body is read
/// (RFC 9112 §6). A head that frames its body in two ways, or in a way this server can't read,
/// is refused and the connection closed: whatever follows on it can't be told apart from the
/// body, so answering it would let a request hide inside another one.
public enum RequestFraming {
  /// The refusal for a head whose framing is unsafe or unknown; nil when it is fine.
  ///
  /// - Both `Content-Length` and `Transfer-Encoding`: 400 (§6.3 point 3).
  /// - A `Transfer-Encoding` other than `chunked` alone: 501 (§6.1).
  /// - A `Content-Length` that isn't digits, or several that differ: 400 (§6.3 point 5).
  ///
  /// The answer asks for the connection to be closed.
  public static func refusal(_ headers: [(name: String, value: String)]) -> Response? {
    let lengths = values(of: "content-length", in: headers)
    let codings = values(of: "transfer-encoding", in: headers)
    if !codings.isEmpty {
      guard lengths.isEmpty else {
        return closing(400, "a request can't carry both Content-Length and Transfer-Encoding")
      }
      guard codings.map({ $0.lowercased() }) == ["chunked"] else {
        return closing(501, "only the chunked transfer coding is understood")
      }
      return nil
    }
    guard let first = lengths.first else { return nil }
    guard first.utf8.count <= 18, first.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      !first.isEmpty
    else { return closing(400, "Content-Length must be a number of bytes") }
    guard lengths.allSatisfy({ $0 == first }) else {
      return closing(400, "the request gives several different Content-Lengths")
    }
    return nil
  }

  /// Every comma-separated value of the header `name`, over all its lines, trimmed.
  static func values(of name: String, in headers: [(name: String, value: String)]) -> [String] {
    headers.filter { $0.name.lowercased() == name }.flatMap { header in
      header.value.split(separator: ",", omittingEmptySubsequences: false).map {
        String($0.trimmingSpaces())
      }
    }
  }

  static func closing(_ status: Int, _ message: String) -> Response {
    var response = Response.error(status, message)
    response.headers.append(.init("Connection", "close"))
    return response
  }
}
