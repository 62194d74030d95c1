import BasketKit
import BasketRecipeImport
import Foundation
import Synchronization
import Testing

@testable import BasketWeb

/// `POST /api/v1/recipes/library` and `GET /api/v1/recipes/library/{id}` through `WebApp`,
/// with the real importer over the fixtures' archives (generated at test time).
@Suite struct LibraryRouteTests {
  static let archives: Result<URL, Error> = Result {
    let out = FileManager.default.temporaryDirectory
      .appendingPathComponent("basket-web-archives-\(UUID().uuidString)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      APIDocumentTests.root.appendingPathComponent("Tests/fixtures/archives/make_archives.py")
        .path, out.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return out
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: try archives.get().appendingPathComponent(name)))
  }

  /// Jobs handed to the background, run when the test says.
  final class Later: Sendable {
    let work = Mutex<[@Sendable () -> Void]>([])
    func runAll() {
      for job in work.withLock({ jobs in
        defer { jobs = [] }; return jobs
      }) { job() }
    }
  }

  /// The harness's app with the library importer wired as `basket serve` wires it (from a
  /// scratch file), its background `later` when given.
  static func app(_ web: StoreHarness, later: Later? = nil) throws -> WebApp {
    var environment = web.app.environment
    let book = try #require(environment.recipes?.book)
    environment.recipes?.importLibrary = { upload, progress in
      let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("library-\(UUID().uuidString)-\(upload.name)").path
      try Data(upload.take()).write(to: URL(fileURLWithPath: path))
      defer { try? FileManager.default.removeItem(atPath: path) }
      return try RecipeLibraryImporter(book: { book }, progress: progress)
        .importLibrary(at: path, name: upload.name)
    }
    if let later {
      environment.recipes?.inBackground = { job in later.work.withLock { $0.append(job) } }
    }
    return WebApp(environment: environment)
  }

  static func upload(
    _ app: WebApp, _ bytes: [UInt8], name: String,
    type: String = "application/octet-stream"
  ) -> Response {
    app.handle(
      Request(
        method: "POST", path: "/api/v1/recipes/library", query: ["name": name],
        headers: [
          "Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080", "Content-Type": type,
        ], body: bytes))
  }

  static func job(_ response: Response) -> JSONValue {
    ((try? JSONValue.parse(response.body)) ?? .null)["job"] ?? .null
  }

  @Test func aLibraryIsImportedAndItsSummaryKeptAndSendingItAgainAddsNothing() throws {
    let web = try StoreHarness()
    let app = try Self.app(web)
    let first = Self.upload(
      app, try Self.bytes("paprika.paprikarecipes"), name: "paprika.paprikarecipes")
    #expect(first.status == 202, "\(first.text)")
    let job = Self.job(first)
    #expect(job["state"]?.string == "done")
    #expect(job["progress"]?["fraction"] == .number(1))
    #expect(job["summary"]?["imported"]?.list.count == 12)
    #expect(job["summary"]?["formats"] == .array([.string("Paprika")]))
    let id = try #require(job["id"]?.string)
    let followed = app.sameOrigin("GET", "/api/v1/recipes/library/\(id)")
    #expect(followed.status == 200)
    #expect(Self.job(followed) == job)
    #expect(web.body(web.send("GET", "/api/v1/recipes"))["recipes"]?.list.count == 12)

    let again = Self.job(
      Self.upload(app, try Self.bytes("paprika.paprikarecipes"), name: "paprika.paprikarecipes"))
    #expect(again["summary"]?["imported"]?.list.count == 0)
    #expect(again["summary"]?["duplicates"]?.list.count == 12)
    #expect(web.body(web.send("GET", "/api/v1/recipes"))["recipes"]?.list.count == 12)
  }

  @Test func aBadLibraryFailsWithItsReasonAndImportsNothing() throws {
    let web = try StoreHarness()
    let app = try Self.app(web)
    let job = Self.job(
      Self.upload(app, try Self.bytes("not-a-zip.paprikarecipes"), name: "not-a-zip.paprikarecipes")
    )
    #expect(job["state"]?.string == "failed")
    #expect(job["error"]?.string?.contains("not a Paprika export") == true, "\(job)")
    let mixed = Self.job(
      Self.upload(app, try Self.bytes("mixed.paprikarecipes"), name: "mixed.paprikarecipes"))
    #expect(mixed["state"]?.string == "done")
    #expect(mixed["summary"]?["imported"]?.list.count == 10)
    #expect(mixed["summary"]?["failed"]?.list.count == 2)
    #expect(web.body(web.send("GET", "/api/v1/recipes"))["recipes"]?.list.count == 10)
  }

  @Test func oneImportRunsAtATimeAndItsProgressIsFollowed() throws {
    let web = try StoreHarness()
    let later = Later()
    let app = try Self.app(web, later: later)
    let started = Self.upload(app, try Self.bytes("mealie.zip"), name: "mealie.zip")
    #expect(started.status == 202)
    let id = try #require(Self.job(started)["id"]?.string)
    #expect(Self.job(started)["state"]?.string == "running")
    let second = Self.upload(app, try Self.bytes("jsonld.zip"), name: "jsonld.zip")
    #expect(second.status == 409, "\(second.text)")
    later.runAll()
    let done = Self.job(app.sameOrigin("GET", "/api/v1/recipes/library/\(id)"))
    #expect(done["state"]?.string == "done")
    #expect(done["summary"]?["formats"] == .array([.string("Mealie")]))
    #expect(Self.upload(app, try Self.bytes("jsonld.zip"), name: "jsonld.zip").status == 202)
  }

  @Test func theRouteTakesOnlyAFilesBytesAndKnowsOnlyItsJobs() throws {
    let web = try StoreHarness()
    let app = try Self.app(web)
    let json = Self.upload(app, Array(#"{"x":1}"#.utf8), name: "x.zip", type: "application/json")
    #expect(json.status == 415)
    let form = Self.upload(
      app, [1, 2, 3], name: "x.zip", type: "application/x-www-form-urlencoded")
    #expect(form.status == 415)
    #expect(Self.upload(app, [], name: "x.zip").status == 400)
    #expect(app.sameOrigin("GET", "/api/v1/recipes/library/\(UUID())").status == 404)
    #expect(app.sameOrigin("GET", "/api/v1/recipes/library/nope").status == 404)
    #expect(WebApp.maxBodySize(for: "/api/v1/recipes/library") == 64 << 20)
    #expect(WebApp.maxBodySize(for: "/api/v2/recipes/library") == 64 << 20)
    let none = web.app.handle(
      Request(
        method: "POST", path: "/api/v1/recipes/library", query: [:],
        headers: [
          "Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080",
          "Content-Type": "application/octet-stream",
        ], body: [1]))
    #expect(none.status == 503, "a server without the importer says so")
  }
}
