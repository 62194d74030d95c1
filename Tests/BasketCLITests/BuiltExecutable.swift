import Foundation

/// Finds a built executable for end-to-end tests and refuses one older than its sources, so a
/// test never passes or fails on yesterday's binary.
enum BuiltExecutable {
  /// Why the executable can't be used, with what to do about it.
  struct Unusable: Error, CustomStringConvertible {
    var description: String
  }

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The debug build of the executable target `name` (else the release build), checked
  /// against its sources and those of every target it imports. `BASKET_BIN`, when set, names
  /// the `basket` binary to test instead, unchecked.
  static func locate(_ name: String) throws -> URL {
    if name == "basket", let override = ProcessInfo.processInfo.environment["BASKET_BIN"] {
      return URL(fileURLWithPath: override)
    }
    let sources = sourceFolders(of: name)
    let candidates = ["debug", "release"].map {
      packageRoot.appendingPathComponent(".build/\($0)/\(name)")
    }
    var problems: [String] = []
    for candidate in candidates {
      do {
        try check(candidate, against: sources)
        return candidate
      } catch {
        problems.append("\(error)")
      }
    }
    throw Unusable(description: problems.joined(separator: "; "))
  }

  /// An import, `@testable` or with an access level ("internal import CCurl").
  nonisolated(unsafe) static let importLine =
    /(?m)^\s*(?:@testable\s+)?(?:(?:internal|package|public|private|fileprivate)\s+)?import\s+(\w+)/

  /// The folder Sources/`target` and those of the targets it imports, directly or not.
  static func sourceFolders(of target: String) -> [URL] {
    let root = packageRoot.appendingPathComponent("Sources")
    var found: [String] = []
    var queue = [target]
    while let next = queue.popLast() {
      let folder = root.appendingPathComponent(next)
      guard !found.contains(next), FileManager.default.fileExists(atPath: folder.path) else {
        continue
      }
      found.append(next)
      for case let file as String in FileManager.default.enumerator(atPath: folder.path)!
      where file.hasSuffix(".swift") {
        let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        queue += (text ?? "").matches(of: Self.importLine).map { String($0.output.1) }
      }
    }
    return found.map { root.appendingPathComponent($0) }
  }

  /// Throws unless `binary` exists and is at least as new as every file in `sources`.
  static func check(_ binary: URL, against sources: [URL]) throws {
    let files = FileManager.default
    guard files.isExecutableFile(atPath: binary.path),
      let built = try files.attributesOfItem(atPath: binary.path)[.modificationDate] as? Date
    else {
      throw Unusable(description: "\(binary.path) is missing: run `swift build` first")
    }
    for directory in sources {
      guard let paths = files.enumerator(atPath: directory.path) else { continue }
      for case let relative as String in paths {
        let path = directory.appendingPathComponent(relative).path
        let attributes = try files.attributesOfItem(atPath: path)
        guard attributes[.type] as? FileAttributeType == .typeRegular,
          let changed = attributes[.modificationDate] as? Date
        else { continue }
        if changed > built {
          throw Unusable(
            description:
              "\(binary.path) is older than \(path): run `swift build` before the tests")
        }
      }
    }
  }
}
