import BasketKit
import Glibc

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
  /// The most memory (address space, bytes) one run may take: 1.5 GiB, above what Tesseract
  /// needs for a photo at `PhotoFile.maximumPixels`.
  public var memory: Int = 3 << 29

  var limits: ProgramRun.Limits { ProgramRun.Limits(time: timeout, memory: memory) }

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
    guard let program, access(program, X_OK) == 0 else { throw Self.missing }
    let name = PhotoFile.name(path)
    // NB: Sauvola's local threshold (thresholding_method=2) rather than the global Otsu:
    // on photos lit unevenly Otsu blackened half the card and Tesseract read no word at all.
    let arguments = [
      path, "stdout", "--psm", "3", "-l", "eng", "-c", "thresholding_method=2", "tsv",
    ]
    let run: ProgramRun
    do {
      run = try ProgramRun.run(program, arguments, limits: limits)
    } catch .timedOut {
      throw PhotoImportError(
        "Tesseract took longer than \(timeout.components.seconds) s on \(name) "
          + "and was stopped; try a smaller or clearer photo")
    } catch {
      throw ProgramRun.error(error, program: "Tesseract", name: name, missing: Self.missing)
    }
    guard !run.crashed, run.status == 0 else {
      if run.errors.contains("Failed loading language") || run.errors.contains("eng.traineddata") {
        throw PhotoImportError(
          "Tesseract has no English data: install the Debian package tesseract-ocr-eng")
      }
      let reason =
        run.crashed ? "crashed (signal \(run.status))" : "failed (exit status \(run.status))"
      let detail = run.errors.split(separator: "\n").last.map { ": \($0.prefix(200))" } ?? ""
      throw PhotoImportError("Tesseract \(reason) reading \(name)\(detail)")
    }
    return TesseractTSV.words(run.output)
  }

  static func find(_ name: String, in path: String) -> String? {
    for folder in path.split(separator: ":") where folder.hasPrefix("/") {
      let candidate = "\(folder)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
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
