#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One file of the web app, embedded in the binary by `Tools/web/embed.py`.
struct EmbeddedFile: Sendable {
  var path: String
  var contentType: String
  /// A strong ETag: a hash of the content, quoted.
  var etag: String
  var base64: String
}

/// Serves the embedded web app (HTML, CSS, ES modules, font, icons, manifest, service worker).
enum StaticAssets {
  struct Asset: Sendable {
    var contentType: String
    var etag: String
    var body: [UInt8]
  }

  /// The files by URL path, decoded once on first use.
  static let files: [String: Asset] = {
    var files: [String: Asset] = [:]
    for file in embedded {
      let bytes = Data(base64Encoded: file.base64).map(Array.init) ?? []
      files[file.path] = Asset(contentType: file.contentType, etag: file.etag, body: bytes)
    }
    return files
  }()

  static func response(for request: Request) -> Response {
    guard request.method == "GET" || request.method == "HEAD" else {
      return Response(
        status: 405, headers: [.init("Allow", "GET, HEAD"), .init("Content-Type", "text/plain")],
        body: Array("Method not allowed\n".utf8))
    }
    let path = request.path == "/" ? "/index.html" : request.path
    guard let asset = files[path] else {
      return Response(
        status: 404, headers: [.init("Content-Type", "text/plain; charset=utf-8")],
        body: Array("Not found\n".utf8))
    }
    // NB: "no-cache" still caches, but revalidates by ETag, so an upgraded binary's files are
    // picked up at once; unchanged files cost a 304.
    let headers: [Response.Header] = [
      .init("ETag", asset.etag), .init("Cache-Control", "no-cache"),
    ]
    if let tags = request.header("if-none-match"),
      tags.split(separator: ",").contains(where: { $0.trimmingSpaces() == asset.etag })
    {
      return Response(status: 304, headers: headers)
    }
    return Response(
      status: 200, headers: [.init("Content-Type", asset.contentType)] + headers, body: asset.body)
  }
}
