import Foundation

/// The case tables in `Tests/cases/`, which the web app's tests and the core's are both held to.
enum CaseFiles {
  /// The bytes of the table `name`, or none when it can't be read: a suite then finds no cases,
  /// which its own checks report, rather than stopping the whole run.
  static func data(_ name: String) -> Data {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("cases/\(name)")
    return (try? Data(contentsOf: url)) ?? Data()
  }
}
