import BasketKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Recipe libraries from other apps, uploaded from the Recipes screen:
///
/// - `POST /api/v1/recipes/library?name=FILE` with the file's bytes as the body
///   (`Content-Type: application/octet-stream`, at most `RecipeLibraryLimits.uploadBytes`)
///   starts an import → 202 `{"job"}`; 409 while another import runs
/// - `GET /api/v1/recipes/library/{id}` → `{"job"}`: `{"id", "name", "state": "running" |
///   "done" | "failed", "progress": {"fraction", "imported", "duplicates", "failed"},
///   "summary": LibraryImportSummary | null, "error": text | null}`
///
/// The import runs in the background (`RecipeServices.inBackground`), so the page can show
/// its progress; each recipe is saved whole in its own transaction.
///
/// NB: it takes no op id: a library sent again imports nothing again, since every recipe
/// already there is skipped as a duplicate (`RecipeFingerprint`), so a retry is harmless.
extension WebApp {
  static let recipeLibraryRoute: Substring = "recipes/library"

  func startLibraryImport(_ services: RecipeServices, _ request: Request) throws -> Response {
    guard let importLibrary = services.importLibrary else {
      return .error(503, "importing recipe libraries is not available on this server")
    }
    guard !request.body.isEmpty else {
      throw RequestError(400, "send the library file's bytes as the request body")
    }
    let asked = request.query["name"] ?? "library"
    let name = String(
      (asked.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? asked)
        .prefix(200))
    let jobs = libraryJobs
    guard let id = jobs.start(name: name, at: basket.now, id: basket.environment.ids()) else {
      return .error(409, "a recipe library is being imported already; wait for it to finish")
    }
    let upload = UploadedFile(name: name, bytes: request.body)
    services.inBackground {
      let result: Result<LibraryImportSummary, LibraryImportError>
      do {
        result = .success(try importLibrary(upload) { progress in jobs.update(id, progress) })
      } catch {
        result = .failure(error as? LibraryImportError ?? LibraryImportError("\(error)"))
      }
      jobs.finish(id, result)
    }
    guard let job = jobs.job(id) else { return .error(500, "the import was lost") }
    return .json(202, Self.object([("job", try Self.encoded(job))]))
  }

  func libraryJob(_ text: String) throws -> Response {
    guard let id = UUID(uuidString: text), let job = libraryJobs.job(id) else {
      return .error(404, "no such library import (the server keeps the last few for an hour)")
    }
    return .json(200, Self.object([("job", try Self.encoded(job))]))
  }
}

/// An uploaded file, whose bytes the importer takes once (and so lets go of as soon as it has
/// kept them elsewhere: a 50 MB library is not held for the whole import).
public final class UploadedFile: Sendable {
  public let name: String
  private let bytes: Mutex<[UInt8]>

  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = Mutex(bytes)
  }

  /// The bytes; empty after the first call.
  public func take() -> [UInt8] {
    bytes.withLock { bytes in
      defer { bytes = [] }
      return bytes
    }
  }
}

/// One import of a recipe library, as the Recipes screen follows it.
struct LibraryJob: Sendable, Encodable {
  enum State: String, Sendable, Encodable {
    case running, done, failed
  }

  var id: UUID
  var name: String
  var startedAt: Date
  var state: State = .running
  var progress = LibraryImportProgress(fraction: 0)
  @Nullable var summary: LibraryImportSummary? = nil
  @Nullable var error: String? = nil

  private enum CodingKeys: String, CodingKey {
    case id, name, state, progress, summary, error
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id.uuidString.lowercased(), forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(state, forKey: .state)
    try container.encode(progress, forKey: .progress)
    try container.encode(summary, forKey: .summary)
    try container.encode(error, forKey: .error)
  }
}

/// The library imports of one server: at most one running, and the last `kept` for an hour.
final class LibraryJobs: Sendable {
  private let jobs = Mutex<[LibraryJob]>([])
  static let kept = 8

  /// Starts a job, or nil while another runs.
  func start(name: String, at now: Date, id: UUID) -> UUID? {
    jobs.withLock { jobs in
      guard !jobs.contains(where: { $0.state == .running }) else { return nil }
      jobs.removeAll { now.timeIntervalSince($0.startedAt) > 3_600 }
      jobs.append(LibraryJob(id: id, name: name, startedAt: now))
      if jobs.count > Self.kept { jobs.removeFirst(jobs.count - Self.kept) }
      return id
    }
  }

  func update(_ id: UUID, _ progress: LibraryImportProgress) {
    jobs.withLock { jobs in
      guard let index = jobs.firstIndex(where: { $0.id == id }) else { return }
      jobs[index].progress = progress
    }
  }

  func finish(_ id: UUID, _ result: Result<LibraryImportSummary, LibraryImportError>) {
    jobs.withLock { jobs in
      guard let index = jobs.firstIndex(where: { $0.id == id }) else { return }
      switch result {
      case .success(let summary):
        jobs[index].state = .done
        jobs[index].summary = summary
        jobs[index].progress = LibraryImportProgress(
          fraction: 1, imported: summary.imported.count, duplicates: summary.duplicates.count,
          failed: summary.failed.count)
      case .failure(let error):
        jobs[index].state = .failed
        jobs[index].error = error.description
      }
    }
  }

  func job(_ id: UUID) -> LibraryJob? {
    jobs.withLock { jobs in jobs.first { $0.id == id } }
  }
}
