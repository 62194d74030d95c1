import BasketKit
import Foundation

/// Runs the `tesseract` program on one photo and reads the words it prints.
///
/// A separate process rather than libtesseract linked in: a crash, a runaway allocation or a
/// hang on a hostile image ends that process, not `basket serve`, and a hang is ended by the
/// timeout.
public struct Tesseract: Sendable {
  /// The program run; nil when none was found.
  public var program: String?
  /// How long one page may take before the program is stopped.
  public var timeout: Duration

  /// `program` (the configuration's `BASKET_TESSERACT`), else `tesseract` found on
  /// `searchPath` (the configuration's `PATH`; /usr/local/bin, /usr/bin and /bin without one).
  public init(program: String? = nil, searchPath: String? = nil, timeout: Duration = .seconds(30)) {
    self.program =
      program ?? Self.find("tesseract", in: searchPath ?? "/usr/local/bin:/usr/bin:/bin")
    self.timeout = timeout
  }

  static let missing = PhotoImportError(
    "reading photos needs Tesseract, which isn't installed: install the Debian packages "
      + "tesseract-ocr and tesseract-ocr-eng (sudo apt-get install tesseract-ocr tesseract-ocr-eng)"
  )

  /// The words on the photo at `path`:
  /// `tesseract PATH stdout --psm 3 -l eng -c thresholding_method=2 tsv`.
  public func words(photoAt path: String) throws -> [PhotoWord] {
    guard let program, FileManager.default.isExecutableFile(atPath: program) else {
      throw Self.missing
    }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("basket-ocr-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outPath = scratch.appendingPathComponent("out.tsv").path
    let errPath = scratch.appendingPathComponent("err.txt").path
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    guard let out = FileHandle(forWritingAtPath: outPath),
      let err = FileHandle(forWritingAtPath: errPath)
    else { throw PhotoImportError("cannot make a scratch file for Tesseract's output") }
    defer {
      try? out.close()
      try? err.close()
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    // NB: Sauvola's local threshold (thresholding_method=2) rather than the global Otsu:
    // on photos lit unevenly Otsu blackened half the card and Tesseract read no word at all.
    process.arguments = [
      path, "stdout", "--psm", "3", "-l", "eng", "-c", "thresholding_method=2", "tsv",
    ]
    // NB: an environment of its own: one thread a page (more only slowed it on 2 cores), and
    // nothing of Basket's (the household secret) passed on.
    process.environment = ["OMP_THREAD_LIMIT": "1", "PATH": "/usr/local/bin:/usr/bin:/bin"]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do {
      try process.run()
    } catch {
      throw Self.missing
    }
    let (seconds, attoseconds) = timeout.components
    let limit = Double(seconds) + Double(attoseconds) / 1e18
    if finished.wait(timeout: .now() + limit) == .timedOut {
      process.terminate()
      if finished.wait(timeout: .now() + 1) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        finished.wait()
      }
      throw PhotoImportError(
        "Tesseract took longer than \(Int(limit)) s on \((path as NSString).lastPathComponent) "
          + "and was stopped; try a smaller or clearer photo")
    }
    let errors = String(
      decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      if errors.contains("Failed loading language") || errors.contains("eng.traineddata") {
        throw PhotoImportError(
          "Tesseract has no English data: install the Debian package tesseract-ocr-eng")
      }
      let name = (path as NSString).lastPathComponent
      let reason =
        process.terminationReason == .uncaughtSignal
        ? "crashed (signal \(process.terminationStatus))"
        : "failed (exit status \(process.terminationStatus))"
      let detail = errors.split(separator: "\n").last.map { ": \($0.prefix(200))" } ?? ""
      throw PhotoImportError("Tesseract \(reason) reading \(name)\(detail)")
    }
    let text = String(
      decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
    return TesseractTSV.words(text)
  }

  static func find(_ name: String, in path: String) -> String? {
    for folder in path.split(separator: ":") where folder.hasPrefix("/") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

/// Photos of a recipe (one or more pages, in order) → a recipe, through Tesseract and the
/// core's `PhotoRecipeReader`.
public enum PhotoRecipeImporter {
  /// Reads the photos at `paths`; throws `PhotoImportError` for a file that can't be read
  /// (before running Tesseract on any), and when the photos hold no recipe.
  public static func recipe(photos paths: [String], tesseract: Tesseract = Tesseract()) throws
    -> PhotoRecipe
  {
    guard !paths.isEmpty else { throw PhotoImportError("give at least one photo") }
    guard paths.count <= PhotoFile.maximumPages else {
      throw PhotoImportError(
        "\(paths.count) photos given; a recipe is read from at most \(PhotoFile.maximumPages)")
    }
    for path in paths { _ = try PhotoFile.check(path) }
    let pages = try paths.map { try tesseract.words(photoAt: $0) }
    guard let recipe = PhotoRecipeReader.recipe(pages: pages) else {
      let which = paths.count == 1 ? "the photo" : "the photos"
      throw PhotoImportError(
        "no recipe could be read from \(which): no ingredients or method were found "
          + "(\(pages.map(\.count).reduce(0, +)) words read). A sharper, straighter, well-lit "
          + "photo of the card helps.")
    }
    return recipe
  }
}
